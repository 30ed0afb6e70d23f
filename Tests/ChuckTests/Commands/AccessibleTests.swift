import ChuckCore
import ChuckTestSupport
import Foundation
import Testing

/// The accessible mode as a user meets it in the commands, on pseudo-terminals: progress said
/// once in words, never redrawn; no dim text; the icon as text; and `--no-color`.
@Suite struct AccessibleTests {
  static let joke = MadeUpJoke(1, "Chuck Norris can divide by zero.")

  /// What each way of turning the mode on adds to `chuck random`'s command line and environment;
  /// the config file's text, when it is the file's.
  struct Way: Sendable, CustomTestStringConvertible {
    var arguments: [String] = []
    var environment: [String: String] = [:]
    var file: String?

    var testDescription: String {
      file.map { "config: \($0)" }
        ?? (arguments + environment.map { "\($0)=\($1)" }).joined(
          separator: " ")
    }
  }

  static let ways = [
    Way(arguments: ["--accessible"]), Way(environment: ["CHUCK_ACCESSIBLE": "1"]),
    Way(environment: ["ACCESSIBLE": "1"]), Way(file: "accessible = true\n"),
  ]

  /// Whether `text` holds a braille-pattern character (the spinner's).
  static func hasBraille(_ text: String) -> Bool {
    text.unicodeScalars.contains { (0x2800...0x28FF).contains($0.value) }
  }

  /// With a slow service, stderr on a terminal says "Fetching a joke…" once and then "Done.",
  /// each on a line of its own: no braille, no carriage return, no dim; stdout is the joke.
  @Test(arguments: ways)
  func randomSaysProgressOnce(way: Way) async throws {
    let (_, sandbox) = try await startSandbox(
      rules: [#"{"path":"/jokes/random","delay":0.5}"#], pool: [Self.joke])
    var environment: [String: String?] = way.environment
    if let file = way.file { environment["CHUCK_CONFIG"] = try sandbox.writeConfigFile(file) }
    // The fast path and the parser, each.
    for tail in [[], ["--"]] {
      let result = try await sandbox.chuck(
        ["random"] + way.arguments + tail, environment, stdout: .pipe, stderr: .terminal)
      #expect(result.status == 0, "\(result.stderr)")
      #expect(result.stdout == Self.joke.value + "\n")
      let stderr = result.stderr
      #expect(!Self.hasBraille(stderr), "\(stderr.debugDescription)")
      #expect(!stderr.contains("\r"), "\(stderr.debugDescription)")
      #expect(!stderr.contains("\u{1B}[2m") && !stderr.contains("\u{1B}[K"))
      #expect(stderr.components(separatedBy: "Fetching a joke\u{2026}").count == 2)
      #expect(stderr.hasPrefix("Fetching a joke\u{2026}\nDone.\n"), "\(stderr.debugDescription)")
      #expect(stderr.withoutSGR.contains("Saved \(Self.joke.id)"))
      try sandbox.writeList([])
    }
  }

  /// Without the mode the spinner turns as before; `CHUCK_ACCESSIBLE=0` beats `ACCESSIBLE`, and
  /// `accessible = false` in the file does too.
  @Test func offKeepsTheSpinner() async throws {
    let (_, sandbox) = try await startSandbox(
      rules: [#"{"path":"/jokes/random","delay":0.5}"#], pool: [Self.joke])
    let file = try sandbox.writeConfigFile("accessible = false\n")
    for environment in [
      [:], ["ACCESSIBLE": "1", "CHUCK_ACCESSIBLE": "0"],
      ["ACCESSIBLE": "1", "CHUCK_CONFIG": file],
    ] as [[String: String?]] {
      let result = try await sandbox.chuck(
        ["random"], environment, stdout: .pipe, stderr: .terminal)
      #expect(result.status == 0)
      #expect(Self.hasBraille(result.stderr), "\(environment)")
      #expect(result.stderr.contains("\r"))
      #expect(!result.stderr.contains("Fetching a joke\u{2026}\n"))
      try sandbox.writeList([])
    }
  }

  /// A failure is said in words after the progress line: no "Done.", the `error:` line.
  @Test func failureEndsWithTheError() async throws {
    let sandbox = try ChuckSandbox()
    let result = try await sandbox.chuck(
      ["random", "--accessible"], ["CHUCK_RETRIES": "0"], stdout: .pipe, stderr: .terminal)
    #expect(result.status != 0)
    #expect(result.stderr.withoutSGR.hasPrefix("Fetching a joke\u{2026}\nerror: "))
    #expect(!result.stderr.contains("Done."))
  }

  /// In a pipe the mode adds nothing to stderr: scripts see the same output either way.
  @Test func pipeIsUnchanged() async throws {
    let (_, sandbox) = try await startSandbox(pool: [Self.joke])
    let plain = try await sandbox.chuck(["random"])
    try sandbox.writeList([])
    let accessible = try await sandbox.chuck(["random", "--accessible"])
    #expect(accessible.status == 0)
    #expect(accessible.stdout == plain.stdout)
    #expect(accessible.stderr == plain.stderr)
  }

  /// `list`, `show` and `favorite list` on a terminal: coloured, but never dim, in the mode and
  /// out of it; `show`'s icon is its text alternative and where it is cached, even where the
  /// terminal shows images.
  @Test func listAndShowAreNeverDim() async throws {
    let (api, sandbox) = try await startSandbox()
    let joke = MadeUpJoke(
      1, "Chuck Norris can show every field at once.",
      iconURL: api.baseURL.absoluteString + "/img/avatar/chuck-norris.png")
    try sandbox.writeList([joke.object])
    let list = try await sandbox.chuck(
      ["list", "--accessible"], stdout: .terminal, stderr: .pipe)
    #expect(list.status == 0)
    #expect(list.stdout.contains("\u{1B}[1m"))
    #expect(!list.stdout.contains("\u{1B}[2m"))
    let ordinary = try await sandbox.chuck(["list"], stdout: .terminal, stderr: .pipe)
    #expect(ordinary.stdout.contains("\u{1B}[1m") && !ordinary.stdout.contains("\u{1B}[2m"))
    #expect(try await sandbox.chuck(["favorite", "add", joke.id, "pie"]).status == 0)
    let favorites = try await sandbox.chuck(
      ["favorite", "list"], stdout: .terminal, stderr: .pipe)
    #expect(favorites.stdout.contains("pie") && !favorites.stdout.contains("\u{1B}[2m"))
    let shown = try await sandbox.chuck(["show", joke.id], stdout: .terminal, stderr: .pipe)
    #expect(shown.stdout.contains("\u{1B}[1m") && !shown.stdout.contains("\u{1B}[2m"))

    let show = try await sandbox.chuck(
      ["show", joke.id, "--accessible"], ["TERM": "xterm-kitty", "COLUMNS": "400"],
      stdout: .terminal, stderr: .pipe)
    #expect(show.status == 0)
    #expect(!show.stdout.contains("\u{1B}_G") && !show.stdout.contains("\u{1B}[2m"))
    let icon = try #require(
      show.stdout.withoutSGR.lines.first { $0.hasPrefix("  icon ") }, "\(show.stdout)")
    #expect(icon.contains("Chuck Norris's avatar, cached at " + sandbox.cacheDirectory.path))
  }

  /// `--no-color` is `--color never`, in the fast path and the parser, and says so in help; with
  /// a `--color` that says otherwise it is a usage error.
  @Test func noColorIsColorNever() async throws {
    let sandbox = try ChuckSandbox()
    try sandbox.writeList([Self.joke.object])
    for arguments in [["list"], ["pick"], ["show", Self.joke.id], ["sources"]] {
      for tail in [[], ["--"]] where tail.isEmpty || arguments[0] != "sources" {
        let never = try await sandbox.chuck(
          arguments + ["--color", "never"] + tail, ["CLICOLOR_FORCE": "1"], stdout: .terminal,
          stderr: .pipe)
        let noColor = try await sandbox.chuck(
          arguments + ["--no-color"] + tail, ["CLICOLOR_FORCE": "1"], stdout: .terminal,
          stderr: .pipe)
        #expect(noColor.status == 0, "\(arguments): \(noColor.stderr)")
        #expect(noColor.stdout == never.stdout, "\(arguments)")
        #expect(!noColor.stdout.contains("\u{1B}["), "\(arguments)")
      }
    }
    let both = try await sandbox.chuck(["list", "--no-color", "--color", "never"])
    #expect(both.status == 0)
    let opposite = try await sandbox.chuck(["list", "--no-color", "--color", "always"])
    #expect(opposite.status == 64)
    #expect(opposite.stderr.contains("--no-color"))
    let help = try await sandbox.chuck(["list", "--help"])
    #expect(help.stdout.contains("--no-color"))
    #expect(help.stdout.contains("--accessible"))
  }

  /// `chuck help accessibility` (and `chuck accessibility`) say how to turn the mode on and keep
  /// it, what it does, `--json`, the sizes, the recipes and where the rest is.
  @Test(arguments: [["help", "accessibility"], ["accessibility"], ["accessibility", "--help"]])
  func helpTopic(arguments: [String]) async throws {
    let result = try await ChuckSandbox().chuck(arguments, ["COLUMNS": "80"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    let text = result.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    for words in [
      "--accessible", "CHUCK_ACCESSIBLE=1", "ACCESSIBLE", "chuck config set accessible true",
      "Fetching a joke\u{2026}", "cursor", "3 of 12: Chuck Norris can divide by zero, 2020-01-05,",
      "--json", "--no-color", "40x12", "20x6", "chuck pick | espeak-ng", "spd-say",
      "man chuck (ACCESSIBILITY)",
    ] {
      #expect(text.contains(words), "\(arguments) does not say \(words)")
    }
    // The topic fits the width (the parser's own USAGE line is the parser's).
    for line in result.stdout.lines where !line.hasPrefix("USAGE:") {
      #expect(line.count <= 80, "\(line)")
    }
  }

  /// Errors wrap at words to `COLUMNS`, as `list` and `show` do (a zoomed terminal reads them
  /// whole); into a pipe with no `COLUMNS` an error is one line, for logs. Usage errors start
  /// `error:` as every other error does, not the parser's `Error:`.
  @Test func errorsWrapAndSayErrorAlike() async throws {
    let (_, sandbox) = try await startSandbox()
    let message = "error: no saved joke matches 'zzzz' (see chuck list)"
    let piped = try await sandbox.chuck(["show", "zzzz"])
    #expect(piped.status != 0)
    #expect(piped.stderr == message + "\n")
    for width in [40, 20] {
      let narrow = try await sandbox.chuck(["show", "zzzz"], ["COLUMNS": String(width)])
      let lines = narrow.stderr.split(separator: "\n").map(String.init)
      #expect(lines.count > 1, "\(width): \(narrow.stderr)")
      for line in lines { #expect(line.count <= width, "\(width): \(line)") }
      #expect(lines.joined(separator: " ") == message, "no word cut or lost at \(width)")
    }
    let usage = try await sandbox.chuck(["lsit"])
    #expect(usage.status == 64)
    #expect(usage.stderr.hasPrefix("error: "), "\(usage.stderr)")
    #expect(!usage.stderr.contains("Error:"))
  }
}
