import ChuckTestSupport
import Foundation
import Testing

/// Completion in the real bash, zsh and fish, through the scripts `chuck` generates, with hostile
/// names in the category cache and the favourites: only inert words are offered, and nothing that
/// a name says ever runs.
@Suite struct ShellCompletionTests {
  /// Category names that are offered as they are.
  static let inertCategories = [
    "dev", "movie", "science-fiction", "\u{E9}t\u{E9}", "日本語", "v1.2", "_a+b@c,d/e",
  ]

  /// Category names a hostile server might send. Each `>pwnedN` creates the file `pwnedN` in the
  /// shell's directory if anything evaluates it.
  static let hostileCategories = [
    "$(>pwned1)", "`>pwned2`", "<(>pwned3)", ">(>pwned4)", "$(touch pwned5)", "x;>pwned6",
    "${IFS}", "*", "?", "[ab]", "a b", "two\nlines", "tab\there", "it's", "say\"hi\"",
    "back\\slash", "bell\u{7}", "esc\u{1B}[31m", "{x,y}", "~root", "a:b", "!!", "#c", "a|b",
    "%self", "=ls", "\u{202E}ved",
  ]

  /// Favourite names that are offered as they are.
  static let inertFavorites = ["best", "Bike", "\u{E9}lan"]

  /// Favourite names that `chuck favorite add` accepts but no completion may offer.
  static let hostileFavorites = [
    "<(>pwned7)", ">(>pwned8)", "$(>pwned9)", "`>pwned10`", "x;>pwned11", "*", "my best", "it's",
    "back\\slash", "{x,y}", "~root", "a:b", "!!",
  ]

  /// The file in the shells' directory that a glob would offer.
  static let decoy = "decoy-file"

  /// A sandbox whose category cache and favourites hold the names above, and the folder the
  /// shells run in (holding only ``decoy``).
  struct Setup {
    let api: FakeAPI
    let sandbox: ChuckSandbox
    let directory: URL
    let ids: [String]

    /// The names of the entries of the shells' directory, sorted: only ``decoy`` unless a name ran.
    var directoryEntries: [String] {
      ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    /// The shells' environment: the sandbox's, with the built `chuck` first on `PATH` (the
    /// completion scripts run it by name and pass it `SAP_SHELL`), and fish's runtime files in
    /// the sandbox rather than `/tmp/fish.$USER`.
    var environment: [String: String] {
      var variables = sandbox.baseEnvironment
      variables["PATH"] = sandbox.root.appendingPathComponent("bin").path + ":/usr/bin:/bin"
      variables["XDG_RUNTIME_DIR"] = sandbox.root.appendingPathComponent("runtime").path
      return variables
    }

    /// A folder of the sandbox for a shell's own files (never the shells' directory).
    func folder(_ name: String) throws -> URL {
      let url = sandbox.root.appendingPathComponent(name, isDirectory: true)
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
      return url
    }
  }

  /// Caches the categories and adds the favourites through `chuck` itself, as a user would.
  static func setUp() async throws -> Setup {
    let body = JSON.array((inertCategories + hostileCategories).map { .string($0) }).text
    let (api, sandbox) = try await startSandbox(rules: [
      #"{"path":"/jokes/categories","times":-1,"json":"# + body + "}"
    ])
    let names = inertFavorites + hostileFavorites
    let jokes = names.indices.map { MadeUpJoke($0 + 1, "Joke number \($0 + 1).") }
    try sandbox.writeList(jokes.map(\.object))
    let categories = try await sandbox.chuck(["categories"])
    #expect(categories.status == 0, "\(categories.stderr)")
    for (joke, name) in zip(jokes, names) {
      let added = try await sandbox.chuck(
        ["favorite", "add", joke.id, name], ["CHUCK_FAVORITES_MAX": "100"])
      #expect(added.status == 0, "\(name): \(added.stderr)")
    }
    let directory = sandbox.root.appendingPathComponent("shell-directory", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try Data().write(to: directory.appendingPathComponent(decoy))
    let bin = sandbox.root.appendingPathComponent("bin", isDirectory: true)
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      at: bin.appendingPathComponent("chuck"), withDestinationURL: ChuckSandbox.binary)
    try FileManager.default.createDirectory(
      at: sandbox.root.appendingPathComponent("runtime"), withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
    return Setup(api: api, sandbox: sandbox, directory: directory, ids: jokes.map(\.id))
  }

  /// The command lines completed in each shell, and the words each must offer exactly.
  static func cases(_ setup: Setup) -> [(line: String, expected: [String], hostile: [String])] {
    [
      ("chuck random --category ", inertCategories, hostileCategories),
      ("chuck random --exclude ", inertCategories, hostileCategories),
      ("chuck pick --category ", inertCategories, hostileCategories),
      ("chuck favorite remove ", inertFavorites, hostileFavorites),
      ("chuck show ", setup.ids, []),
    ]
  }

  /// Checks what one shell offered for each line of ``cases(_:)``, and that no name ran.
  static func check(
    _ shell: String, _ setup: Setup, offered: [[String]], before requests: Int
  ) throws {
    let cases = Self.cases(setup)
    #expect(offered.count == cases.count, "\(shell): \(offered)")
    for (offer, (line, expected, hostile)) in zip(offered, cases) {
      #expect(Set(offer) == Set(expected), "\(shell) \(line): \(offer)")
      for word in hostile {
        #expect(!offer.contains(word), "\(shell) \(line) offered \(word.debugDescription)")
      }
      #expect(!offer.contains(decoy), "\(shell) \(line): a glob was expanded")
    }
    #expect(setup.directoryEntries == [decoy], "\(shell): a cached name ran")
    #expect(try setup.api.requests().count == requests, "\(shell): completion made a request")
  }

  /// Quotes `text` for a POSIX shell or fish (paths of the sandbox: no quote inside).
  static func quoted(_ text: String) -> String { "'\(text)'" }

  /// bash, with the generated script, asked as it asks on Tab (`COMP_WORDS`, `COMP_CWORD`,
  /// `COMP_LINE`, `COMP_POINT`), offers only the inert names and runs none of the others.
  @Test func bashOffersOnlyInertWords() async throws {
    let bash = try ExternalTool.require("bash", package: "bash")
    let setup = try await Self.setUp()
    let before = try setup.api.requests().count
    let lines = Self.cases(setup).map { "complete_line \(Self.quoted($0.line))" }
    let script = #"""
      source <(chuck --generate-completion-script bash) || exit 9
      complete_line() {
        COMP_LINE="$1"; COMP_POINT=${#COMP_LINE}
        read -ra COMP_WORDS <<< "$COMP_LINE"
        [[ "$COMP_LINE" == *" " ]] && COMP_WORDS+=("")
        COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
        COMPREPLY=()
        _chuck chuck "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
        local word
        for word in "${COMPREPLY[@]}"; do printf '%s\0' "$word"; done
        printf 'END\0'
      }
      """# + "\n" + lines.joined(separator: "\n")
    let environment: [String: String?] = setup.environment
    let result = try await throttled {
      try ChuckSandbox.run(
        executable: bash.url, arguments: ["-c", script], environment: environment, timeout: 60,
        directory: setup.directory)
    }
    #expect(result.status == 0, "\(result.stderr)")
    var offered: [[String]] = [[]]
    for word in result.stdout.split(separator: "\0", omittingEmptySubsequences: false).dropLast() {
      if word == "END" {
        offered.append([])
      } else {
        offered[offered.count - 1].append(String(word))
      }
    }
    #expect(offered.removeLast() == [], "\(result.stdout.debugDescription)")
    try Self.check("bash", setup, offered: offered, before: before)
  }

  /// An interactive shell in tmux with the setup's environment, in the setup's directory, once
  /// `setupFile` is sourced and its prompt shown. Should the test process die without stopping
  /// tmux, the shell (and so tmux) ends by itself within two minutes.
  static func interactive(
    _ command: String, _ setup: Setup, setupFile: URL, prompt: String
  ) async throws -> TmuxScreen {
    _ = try ExternalTool.require("tmux", package: "tmux")
    let screen = try TmuxScreen(
      sandbox: setup.sandbox,
      script: setup.environment.map { "export \($0.key)=\(quoted($0.value))" }.sorted()
        .joined(separator: "; ")
        + "; cd \(quoted(setup.directory.path)) && exec timeout --foreground 120 \(command)",
      columns: 200, rows: 60)
    #expect(await screen.waitFor { !$0.allSatisfy(\.isWhitespace) }, "the shell did not start")
    try screen.send("source \(quoted(setupFile.path))", "Enter")
    #expect(
      await screen.waitFor { $0.lines.contains { $0.hasPrefix(prompt) } },
      "no prompt: \(screen.screen())")
    return screen
  }

  /// Clears the shell's screen down to its prompt; Ctrl-L again while the shell is still busy
  /// with the key before (a loaded machine).
  static func clear(_ screen: TmuxScreen, prompt: String) async throws -> Bool {
    for _ in 0..<6 {
      try screen.send("C-l")
      if await screen.waitFor(seconds: 5, { $0.lines.filter { !$0.isEmpty } == [prompt] }) {
        return true
      }
    }
    return false
  }

  /// Tab on `chuck random --category mov` puts `movie` on the line (the real key, not a helper).
  static func tabCompletes(_ screen: TmuxScreen, prompt: String) async throws {
    #expect(try await clear(screen, prompt: prompt), "\(screen.screen())")
    try screen.send("chuck random --category mov", "Tab")
    #expect(
      await screen.waitFor { $0.contains(prompt + " chuck random --category movie") },
      "\(screen.screen())")
    try screen.send("C-c")
  }

  /// zsh (`compinit`, the generated `_chuck`), asked by pressing Tab on a terminal, lists only
  /// the inert names and runs none of the others.
  @Test func zshOffersOnlyInertWords() async throws {
    let zsh = try ExternalTool.require("zsh", package: "zsh")
    let setup = try await Self.setUp()
    let setupFile = try setup.folder("zsh").appendingPathComponent("setup.zsh")
    try """
    autoload -Uz compinit && compinit -u -D
    source <(chuck --generate-completion-script zsh)
    zstyle ':completion:*' list-prompt ''
    unsetopt listambiguous
    LISTMAX=10000
    PS1='zsh> '
    """.write(to: setupFile, atomically: true, encoding: .utf8)
    let before = try setup.api.requests().count
    let screen = try await Self.interactive(
      "\(zsh.url.path) -f -i", setup, setupFile: setupFile, prompt: "zsh>")
    defer { screen.stop() }
    var offered: [[String]] = []
    for (line, expected, _) in Self.cases(setup) {
      #expect(try await Self.clear(screen, prompt: "zsh>"), "\(screen.screen())")
      try screen.send(line, "Tab")
      // The listing is printed at once below the line: wait for it, then for it to settle.
      #expect(
        await screen.waitFor { text in
          expected.allSatisfy { Self.listing(text, line).contains($0) }
        },
        "\(line): \(screen.screen())")
      try await Task.sleep(nanoseconds: 500_000_000)
      offered.append(Self.listing(screen.screen(), line))
      try screen.send("C-c")
    }
    try await Self.tabCompletes(screen, prompt: "zsh>")
    try Self.check("zsh", setup, offered: offered, before: before)
  }

  /// The words zsh listed below the command line.
  static func listing(_ screen: String, _ line: String) -> [String] {
    let lines = screen.lines
    guard
      let at = lines.firstIndex(where: { $0.contains(line.trimmingCharacters(in: .whitespaces)) })
    else { return [] }
    return lines[(at + 1)...].flatMap { $0.split(whereSeparator: \.isWhitespace).map(String.init) }
  }

  /// fish, with the generated completions, asked through its completion engine (`complete -C`,
  /// which needs an interactive fish 3) and by pressing Tab, offers only the inert names and runs
  /// none of the others.
  @Test func fishOffersOnlyInertWords() async throws {
    let fish = try ExternalTool.require("fish", package: "fish")
    let setup = try await Self.setUp()
    let folder = try setup.folder("fish")
    let setupFile = folder.appendingPathComponent("setup.fish")
    try """
    chuck --generate-completion-script fish | source
    function fish_prompt; printf 'fish> '; end
    """.write(to: setupFile, atomically: true, encoding: .utf8)
    let before = try setup.api.requests().count
    let screen = try await Self.interactive(
      "\(fish.url.path) --no-config --private -i", setup, setupFile: setupFile, prompt: "fish>")
    defer { screen.stop() }
    var offered: [[String]] = []
    for (index, (line, _, _)) in Self.cases(setup).enumerated() {
      let output = folder.appendingPathComponent("offered-\(index)")
      let partial = folder.appendingPathComponent("partial")
      try screen.send(
        "complete -C \(Self.quoted(line)) > \(Self.quoted(partial.path)); "
          + "mv \(Self.quoted(partial.path)) \(Self.quoted(output.path))", "Enter")
      #expect(
        await waitUntil(seconds: 20) { FileManager.default.fileExists(atPath: output.path) },
        "\(line): \(screen.screen())")
      // Each line is a word, then a tab and its description when it has one.
      let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
      offered.append(text.lines.map { String($0.prefix { $0 != "\t" }) })
    }
    try await Self.tabCompletes(screen, prompt: "fish>")
    try Self.check("fish", setup, offered: offered, before: before)
  }
}
