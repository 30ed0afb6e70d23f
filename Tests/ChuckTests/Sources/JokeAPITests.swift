import ChuckTestSupport
import Foundation
import Testing

/// `--source jokeapi`, the fifth source, against the fake's JokeAPI (`Fixtures/fake_jokeapi.py`):
/// what it has that the matrix (`SourceMatrixTests`) does not check, safe mode, its categories,
/// its two answer shapes and its error answers.
@Suite struct JokeAPITests {
  /// The id in `Saved <id>; …`.
  private static func savedID(_ stderr: String) -> String? {
    stderr.split(separator: ";").first.map { String($0.dropFirst("Saved ".count)) }
  }

  /// Safe mode is on by default: random jokes are asked for with a bare `safe-mode` and only the
  /// pool's safe jokes come; `CHUCK_JOKEAPI_SAFE=0` asks without it; another value is refused
  /// (64) before any request.
  @Test func safeModeByDefault() async throws {
    let (api, sandbox) = try await startSandbox()
    var ids: Set<String> = []
    for _ in 0..<7 {
      let random = try await sandbox.chuck(["random", "--source", "jokeapi"])
      #expect(random.status == 0, "\(random.stderr)")
      ids.insert(Self.savedID(random.stderr) ?? "?")
    }
    #expect(ids == ["41", "55", "0", "103", "160", "212", "299"])
    let asked = try api.requests().filter { $0.path.hasPrefix("/jokeapi/joke/") }
    #expect(asked.count == 7)
    #expect(asked.allSatisfy { $0.query.split(separator: "&").contains("safe-mode") })

    let unsafe = try await sandbox.chuck(
      ["random", "--source", "jokeapi", "--category", "Dark"], ["CHUCK_JOKEAPI_SAFE": "0"])
    #expect(unsafe.status == 0, "\(unsafe.stderr)")
    #expect(Self.savedID(unsafe.stderr) == "77")
    #expect(try api.requests().last?.query.contains("safe-mode") == false)
    let count = try api.requestCount()
    let bad = try await sandbox.chuck(
      ["random", "--source", "jokeapi"], ["CHUCK_JOKEAPI_SAFE": "yes"])
    #expect(bad.status == 64)
    #expect(
      bad.stderr
        == "error: CHUCK_JOKEAPI_SAFE=\"yes\" is not usable: "
        + "expected true or false (in a variable, 1 or 0)\n")
    #expect(try api.requestCount() == count)
  }

  /// Its categories: listed (without `Any`) and cached; `--category` asks for one in the path and
  /// saves a two-part joke whose setup and delivery print on two lines; an unknown name lists
  /// the real ones (66); a known one with no safe joke says so without calling it unknown;
  /// `pick --category` picks among saved jokes of it.
  @Test func categories() async throws {
    let (api, sandbox) = try await startSandbox()
    let names = try await sandbox.chuck(["categories", "--source", "jokeapi"])
    #expect(names.status == 0, "\(names.stderr)")
    #expect(names.stdout.lines == ["Christmas", "Dark", "Misc", "Programming", "Pun", "Spooky"])
    let count = try api.requestCount()
    #expect(try await sandbox.chuck(["categories", "--source", "jokeapi"]).stdout == names.stdout)
    #expect(try api.requestCount() == count, "the second list comes from the cache")

    let christmas = try await sandbox.chuck(
      ["random", "--source", "jokeapi", "--category", "Christmas"])
    #expect(christmas.status == 0, "\(christmas.stderr)")
    #expect(try api.requests().last?.path == "/jokeapi/joke/Christmas")
    #expect(Self.savedID(christmas.stderr) == "212")
    #expect(christmas.stdout.lines.count == 2, "setup, then the delivery")

    let unknown = try await sandbox.chuck(["random", "--source", "jokeapi", "--category", "Nope"])
    #expect(unknown.status == 66)
    #expect(unknown.stderr.contains("Christmas, Dark, Misc, Programming, Pun, Spooky"))
    let dark = try await sandbox.chuck(["random", "--source", "jokeapi", "--category", "Dark"])
    #expect(dark.status == 66)
    #expect(dark.stderr.hasPrefix("error: no jokes in category 'Dark'"), "\(dark.stderr)")
    #expect(!dark.stderr.contains("the categories are"))

    let pick = try await sandbox.chuck(["pick", "--source", "jokeapi", "--category", "Christmas"])
    #expect(pick.status == 0)
    #expect(pick.stdout == christmas.stdout)
    let none = try await sandbox.chuck(["categories", "--source", "dad"])
    #expect(none.status == 64)
    #expect(
      none.stderr
        == "error: dad jokes have no categories; the sources that have them: chuck, jokeapi\n")
  }

  /// Search takes both answers: several matches (`{"jokes": […]}`) and one (a bare joke); no
  /// match (JokeAPI's error 106) is an empty result, not a failure.
  @Test func searchAnswers() async throws {
    let (api, sandbox) = try await startSandbox()
    let several = try await sandbox.chuck(
      ["search", "--source", "jokeapi", "the"], ["COLUMNS": "100"])
    #expect(several.status == 0, "\(several.stderr)")
    #expect(several.stdout.hasPrefix("  Search results for \u{201C}the\u{201D}: 5 jokes\n"))
    let query = try #require(try api.requests().last?.query)
    #expect(query.contains("contains=the") && query.contains("amount=10"))
    #expect(query.split(separator: "&").contains("safe-mode"))
    let one = try await sandbox.chuck(["search", "--source", "jokeapi", "hex", "--json"])
    #expect(one.status == 0, "\(one.stderr)")
    let objects = try JSON.parse(one.stdout).elements
    #expect(objects.count == 1)
    #expect(objects.first?["saved_at"] == nil, "as the service sent it")
    let none = try await sandbox.chuck(["search", "--source", "jokeapi", "zebra"])
    #expect(none.status == 0, "\(none.stderr)")
    #expect(none.stdout.contains("No joke contains \u{201C}zebra\u{201D}."))
  }

  /// JokeAPI's flags are excluded as categories are: with safe mode off, `CHUCK_EXCLUDE=explicit`
  /// (or `--exclude explicit`) never lets a joke marked explicit be saved or picked, without
  /// asking for the categories; `chuck save` of its id still saves it (the user named it), and
  /// `pick` leaves it out until `--exclude ''` lifts the exclusion.
  @Test func flagsAreExcludedAsCategories() async throws {
    let (api, sandbox) = try await startSandbox()
    let unsafe = ["CHUCK_JOKEAPI_SAFE": "0", "CHUCK_EXCLUDE": "EXPLICIT,religious"]
    var ids: Set<String> = []
    for _ in 0..<8 {
      let random = try await sandbox.chuck(["random", "--source", "jokeapi"], unsafe)
      #expect(random.status == 0, "\(random.stderr)")
      ids.insert(Self.savedID(random.stderr) ?? "?")
    }
    #expect(ids == ["41", "55", "77", "0", "103", "160", "212", "299"], "not 230 nor 281")
    #expect(try !api.requests().contains { $0.path.hasSuffix("/categories") })
    let explicit = try await sandbox.chuck(
      ["random", "--source", "jokeapi", "--category", "Misc", "--exclude", "explicit"],
      ["CHUCK_JOKEAPI_SAFE": "0"])
    #expect(explicit.status == 1, "only 0 is left, already saved: \(explicit.stderr)")
    #expect(try await sandbox.chuck(["save", "--source", "jokeapi", "230"]).status == 0)
    let pick = ["pick", "--source", "jokeapi", "--category", "Misc", "--no-rotate"]
    for _ in 0..<5 {
      let picked = try await sandbox.chuck(pick, ["CHUCK_EXCLUDE": "nsfw"])
      #expect(picked.status == 0)
      #expect(!picked.stdout.isEmpty && !picked.stdout.contains("230"))
      let json = try await sandbox.chuck(pick + ["--json", "--exclude", "explicit"])
      #expect(
        json.stdout.contains("\"id\":0") || json.stdout.contains("\"id\": 0"), "\(json.stdout)")
    }
    var lifted: Set<String> = []
    for _ in 0..<12 {
      let json = try await sandbox.chuck(
        pick + ["--format", "{id}", "--exclude", ""], ["CHUCK_EXCLUDE": "explicit"])
      lifted.insert(json.stdout)
    }
    #expect(lifted == ["0\n", "230\n"], "--exclude '' lifts CHUCK_EXCLUDE's flags too")
  }

  /// An error answer is "no such joke" whether it comes with a 400 or (as some JokeAPI versions
  /// send it) a 200: `show` and `save` of an unknown id exit 66, nothing is saved.
  @Test(arguments: [false, true])
  func errorAnswers(with200: Bool) async throws {
    let rules = with200 ? [#"{"path_prefix":"/jokeapi/joke/","status":200,"times":-1}"#] : []
    let (_, sandbox) = try await startSandbox(rules: rules)
    let show = try await sandbox.chuck(["show", "--source", "jokeapi", "9999"])
    #expect(show.status == 66, "\(show.stderr)")
    #expect(show.stderr == "error: no joke with id '9999' in your list or on the API\n")
    let save = try await sandbox.chuck(["save", "--source", "jokeapi", "9999"])
    #expect(save.status == 66, "\(save.stderr)")
    #expect(
      !FileManager.default.fileExists(
        atPath: sandbox.dataDirectory.appendingPathComponent("jokeapi-jokes.json").path))
  }
}
