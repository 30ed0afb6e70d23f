import ChuckTestSupport
import Foundation
import Testing

@Suite struct CompletionTests {
  static let saved = [
    MadeUpJoke(id: "abcdEFGH1234567890abcd", value: "First."),
    MadeUpJoke(id: "abcdXYZ_-0987654321xyz", value: "Second."),
    MadeUpJoke(id: "Zq9-completionTest0000", value: "Third."),
  ]

  /// The arguments argument-parser's scripts pass to ask `chuck` for the completions of the
  /// `argument` of `subcommand`, with the command line so far `words`, cursor at the end.
  static func request(_ subcommand: String, _ argument: String, _ words: [String]) -> [String] {
    let last = words.last ?? ""
    return [
      "---completion", subcommand, "--", argument, String(words.count - 1), String(last.count),
    ]
      + words
  }

  /// The completions printed, one per line (zsh's trailing `" "` pseudo-completion dropped).
  static func completions(_ result: ChuckResult) -> [String] {
    result.stdout.lines.filter { $0 != " " }
  }

  /// A sandbox on a running fake with the three jokes saved and, if asked, the categories cached.
  static func sandbox(cacheCategories: Bool) async throws -> (FakeAPI, ChuckSandbox) {
    let (api, sandbox) = try await startSandbox()
    try sandbox.writeList(saved.map(\.object))
    if cacheCategories {
      #expect(try await sandbox.chuck(["categories"]).status == 0)
    }
    return (api, sandbox)
  }

  /// `show` and `remove` complete saved ids starting with the word typed, without any request.
  @Test(arguments: ["show", "remove"])
  func savedIdsAreCompleted(subcommand: String) async throws {
    let (api, sandbox) = try await Self.sandbox(cacheCategories: false)
    let cases: [(String, [String])] = [
      ("abcd", [Self.saved[0].id, Self.saved[1].id]), ("abcdX", [Self.saved[1].id]),
      ("Zq9-", [Self.saved[2].id]), ("", Self.saved.map(\.id)), ("nomatch", []),
      ("ABCD", []),
    ]
    for (prefix, expected) in cases {
      let result = try await sandbox.chuck(
        Self.request(subcommand, "positional@0", ["chuck", subcommand, prefix]))
      #expect(result.status == 0)
      #expect(result.stderr == "")
      #expect(Set(Self.completions(result)) == Set(expected), "\(prefix)")
    }
    #expect(try api.requests().isEmpty)
  }

  /// `--source` completes the sources' names when the shell asks, the config file's declared
  /// sources too (and `all` where every list is taken), so that a source declared after the
  /// completion script was made completes.
  @Test func sourceNamesAreCompletedWithTheDeclaredOnes() async throws {
    let sandbox = try ChuckSandbox()
    let config = try sandbox.writeConfigFile(
      """
      [sources.articles]
      url = "http://127.0.0.1:9/articles"
      list = "/v3/list"
      id = "/id"
      text = "/title"
      """)
    let cases: [(String, String, [String])] = [
      ("list", "a", ["articles", "all"]), ("show", "a", ["articles"]),
      ("random", "", ["chuck", "dad", "official", "switter", "jokeapi", "mine", "articles"]),
      ("export", "ar", ["articles"]), ("pick", "d", ["dad"]),
    ]
    for (subcommand, prefix, expected) in cases {
      let result = try await sandbox.chuck(
        Self.request(subcommand, "--source", ["chuck", subcommand, "--source", prefix]),
        ["CHUCK_CONFIG": config])
      #expect(result.status == 0, "\(result.stderr)")
      #expect(Self.completions(result) == expected, "\(subcommand) \(prefix)")
    }
    let without = try await sandbox.chuck(
      Self.request("list", "--source", ["chuck", "list", "--source", "a"]))
    #expect(Self.completions(without) == ["all"])
  }

  /// `remove` completes further ids after the first.
  @Test func removeCompletesLaterIds() async throws {
    let (_, sandbox) = try await Self.sandbox(cacheCategories: false)
    let result = try await sandbox.chuck(
      Self.request("remove", "positional@0", ["chuck", "remove", Self.saved[2].id, "abcdE"]))
    #expect(result.status == 0)
    #expect(Self.completions(result) == [Self.saved[0].id])
  }

  /// Without a list (or with a corrupt one) id completion prints nothing, exits 0, and creates
  /// nothing.
  @Test(arguments: [false, true])
  func noListCompletesNothing(corrupt: Bool) async throws {
    let (api, sandbox) = try await startSandbox()
    if corrupt { try sandbox.writeListText("{") }
    let result = try await sandbox.chuck(
      Self.request("show", "positional@0", ["chuck", "show", ""]))
    #expect(result.status == 0)
    #expect(result.stdout == "")
    #expect(result.stderr == "")
    #expect(FileManager.default.fileExists(atPath: sandbox.dataDirectory.path) == corrupt)
    #expect(try api.requests().isEmpty)
  }

  /// `--category` (random, pick) and `--exclude` complete the cached categories, without any
  /// request, however old the cache.
  @Test(arguments: [("random", "--category"), ("random", "--exclude"), ("pick", "--category")])
  func categoriesComeFromTheCache(subcommand: String, option: String) async throws {
    let (api, sandbox) = try await Self.sandbox(cacheCategories: true)
    try CategoriesTests.ageCache(sandbox, by: 30 * 86_400)
    let before = try api.requests().count
    let some = try await sandbox.chuck(
      Self.request(subcommand, option, ["chuck", subcommand, option, "m"]))
    #expect(some.status == 0)
    #expect(Self.completions(some) == ["money", "movie", "music"])
    let all = try await sandbox.chuck(
      Self.request(subcommand, option, ["chuck", subcommand, option, ""]))
    #expect(Self.completions(all) == CategoriesTests.names)
    #expect(try api.requests().count == before)
  }

  /// `--category` completes the categories of the source the line names (JokeAPI's for
  /// `--source jokeapi`; it offered Chuck Norris's), and none for a source without categories.
  @Test func categoriesAreTheNamedSources() async throws {
    let (api, sandbox) = try await Self.sandbox(cacheCategories: true)
    let jokeapi = try await sandbox.chuck(["categories", "--source", "jokeapi"])
    #expect(jokeapi.status == 0, "\(jokeapi.stderr)")
    let before = try api.requests().count
    for (source, expected) in [
      ("jokeapi", jokeapi.stdout.lines), ("dad", []), ("chuck", CategoriesTests.names),
    ] {
      let line = ["chuck", "random", "--source", source, "--category", ""]
      let result = try await sandbox.chuck(Self.request("random", "--category", line))
      #expect(result.status == 0)
      #expect(Self.completions(result) == expected, "\(source)")
    }
    #expect(!jokeapi.stdout.lines.isEmpty && jokeapi.stdout.lines != CategoriesTests.names)
    #expect(try api.requests().count == before)
  }

  /// Without cached categories the completion prints nothing and exits 0; it never fetches them.
  @Test func noCacheCompletesNoCategories() async throws {
    let (api, sandbox) = try await startSandbox()
    let result = try await sandbox.chuck(
      Self.request("random", "--category", ["chuck", "random", "--category", ""]))
    #expect(result.status == 0)
    #expect(result.stdout == "")
    #expect(try api.requests().isEmpty)
    #expect(!FileManager.default.fileExists(atPath: sandbox.cacheDirectory.path))
  }

  /// Each shell's format (`SAP_SHELL`, set by the scripts) carries the same completions.
  @Test(arguments: ["bash", "zsh", "fish"])
  func everyShellGetsTheIds(shell: String) async throws {
    let (_, sandbox) = try await Self.sandbox(cacheCategories: false)
    let result = try await sandbox.chuck(
      Self.request("show", "positional@0", ["chuck", "show", "abcd"]), ["SAP_SHELL": shell])
    #expect(result.status == 0)
    #expect(Set(Self.completions(result)) == [Self.saved[0].id, Self.saved[1].id])
  }

  /// `--generate-completion-script` writes a script for bash, zsh and fish that asks `chuck` for
  /// saved ids (show, remove) and categories (random, pick).
  @Test(arguments: ["bash", "zsh", "fish"])
  func scriptsAskForCustomCompletions(shell: String) async throws {
    let sandbox = try ChuckSandbox()
    let result = try await sandbox.chuck(["--generate-completion-script", shell])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    for call in [
      "---completion show -- positional@0", "---completion remove -- positional@0",
      "---completion random -- --category", "---completion random -- --exclude",
      "---completion pick -- --category",
    ] {
      #expect(result.stdout.contains(call), "\(shell): \(call)")
    }
    for subcommand in ["random", "list", "show", "pick", "search", "save", "remove", "categories"] {
      #expect(result.stdout.contains(subcommand), "\(shell): \(subcommand)")
    }
  }

  /// The generated bash script, loaded in bash and asked as bash asks on Tab, completes saved
  /// ids and cached categories, and makes no request.
  @Test func bashCompletesThroughTheGeneratedScript() async throws {
    let (api, sandbox) = try await Self.sandbox(cacheCategories: true)
    let before = try api.requests().count
    let script = #"""
      source <("$CHUCK" --generate-completion-script bash) || exit 9
      complete_line() {
        COMP_LINE="$1"; COMP_POINT=${#COMP_LINE}
        read -ra COMP_WORDS <<< "$COMP_LINE"
        [[ "$COMP_LINE" == *" " ]] && COMP_WORDS+=("")
        COMP_WORDS[0]="$CHUCK"
        COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
        COMPREPLY=()
        _chuck "$CHUCK" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
        printf '%s\n' "${COMPREPLY[@]}" | sort
        echo "--"
      }
      complete_line "chuck show abcd"
      complete_line "chuck remove Zq"
      complete_line "chuck random --category mo"
      complete_line "chuck pick --category tr"
      """#
    let result = try await sandbox.shell(script)
    #expect(result.status == 0, "\(result.stderr)")
    let blocks = result.stdout.components(separatedBy: "--\n").map(\.lines)
    #expect(
      blocks == [
        [Self.saved[0].id, Self.saved[1].id].sorted(), [Self.saved[2].id], ["money", "movie"],
        ["travel"], [],
      ])
    #expect(try api.requests().count == before)
  }

  /// Category names from the server that would act on a terminal (escapes, bidi overrides) or
  /// split a completion (newlines) are never offered raw.
  @Test func hostileCachedCategoriesAreNotOfferedRaw() async throws {
    let hostile = ["dev", "evil\u{1B}[31mred", "two\nlines", "\u{202E}ved"]
    let body = JSON.array(hostile.map { .string($0) }).text
    let (_, sandbox) = try await startSandbox(rules: [
      #"{"path":"/jokes/categories","times":-1,"json":"# + body + "}"
    ])
    #expect(try await sandbox.chuck(["categories"]).status == 0)
    let result = try await sandbox.chuck(
      Self.request("pick", "--category", ["chuck", "pick", "--category", ""]))
    #expect(result.status == 0)
    let unsafe = TerminalOracle.unsafeScalars(in: result.stdout)
    #expect(unsafe.isEmpty, "\(unsafe.map { String($0.value, radix: 16) })")
    #expect(!Self.completions(result).contains("lines"), "\(result.stdout.debugDescription)")
    #expect(Self.completions(result).contains("dev"))
  }
}
