import ChuckTestSupport
import Foundation
import Testing

/// A declared source's errors, each with its exit status and words: an answer its pointers do
/// not fit (76, naming the source and the key), and a declaration with problems (78 for every
/// command, each problem listed by `config check` with its file, line and key).
extension DeclaredSourceTests {
  /// A pointer that matches nothing in the answer (`text`, `id`, a feed's `items`): 76, the
  /// message naming the source, the key and the pointer; nothing saved. For a feed the stored
  /// list is shown with it, as with any failure of its service.
  @Test(arguments: [
    (
      "geek", "text", #"geek: text ("/nope") matches nothing in the item"#
    ),
    (
      "geek", "id",
      #"geek: id ("/nope") matches nothing in the item, or not an id (1 to 64 characters of "#
        + "A-Z, a-z, 0-9, _ and -, or a whole number)"
    ),
    (
      "articles", "text",
      #"item 1 of the list: articles: text ("/nope") matches nothing in the item"#
    ),
    (
      "articles", "items", #"articles: items ("/nope") matches nothing in the list's answer"#
    ),
  ])
  func pointerThatMatchesNothing(source: String, key: String, reason: String) async throws {
    let api = try await startFake()
    let (articles, geek) = (api.origin + "/articles", api.origin + "/dad")
    let config =
      switch (source, key) {
      case ("geek", "id"): Self.geek(url: geek, id: "/nope")
      case ("geek", _): Self.geek(url: geek, text: "/nope")
      case (_, "items"): Self.articles(url: articles, items: "/nope")
      default: Self.articles(url: articles, text: "/nope")
      }
    let sandbox = try ChuckSandbox(api: api, config: config)
    let check = try await sandbox.chuck(["config", "check"])
    #expect(check.status == 0, "a pointer is checked against an answer only: \(check.stderr)")
    let random = try await sandbox.chuck(["random", "--source", source], ["COLUMNS": "200"])
    #expect(random.status == 76)
    #expect(random.stderr == "error: the joke API sent a bad response: \(reason)\n")
    // An answer that does not fit the declaration is no outage: no stored list is shown with it.
    #expect(random.stdout == "")
    if source != "articles" {
      // Fetched by id, the same answer is as unfit.
      let show = try await sandbox.chuck(["show", "--source", source, "HtcNuHJBQCd"])
      #expect(show.status == 76)
      #expect(show.stdout == "")
      #expect(show.stderr == "error: the joke API sent a bad response: \(reason)\n")
    }
    #expect(!sandbox.dataDirectoryEntries.contains("\(source)-jokes.json"))
    #expect(try api.requestCount() == (source == "geek" ? 2 : 1))
  }

  /// A declaration with problems: `config check` lists every one as `error: FILE:LINE:
  /// sources.NAME.KEY: …` and exits 78; every other command exits 78 with the first, saying
  /// how many more there are, also one naming a source the file declares wrongly (which is
  /// then no source). No request is made.
  @Test func badDeclarationStopsEveryCommand() async throws {
    let api = try await startFake()
    let config = """
      retries = 2

      [sources.geek]
      url = "ftp://127.0.0.1/dad"
      random = "/"
      id = "id"
      text = "/joke"
      colour = "red"

      [sources.dad]
      url = "\(api.origin)/dad"
      random = "/"
      id = "/id"
      text = "/joke"

      [sources.feed]
      url = "\(api.origin)/articles"
      random = "/"
      list = "\(Self.listPath)"
      id = "/id"
      text = "/title"
      date-parse = "%m/%d/%Y"

      """
    let sandbox = try ChuckSandbox(api: api, config: config)
    let path = try #require(sandbox.configFile).path
    let problems = [
      "\(path):4: sources.geek.url: \"ftp://127.0.0.1/dad\" is a URL of ftp, not of http or "
        + "https: expected an http or https URL with a host, and no query or fragment",
      "\(path):6: sources.geek.id: \"id\" is not a JSON pointer: a pointer starts with /, as in "
        + "/joke or /items/0/title (\"\" is the whole answer)",
      "\(path):8: sources.geek.colour: \"colour\" is not a key of a source: the keys are url, "
        + "random, list, items, by-id, search, search-items, id, text, setup, punchline, date, "
        + "date-parse, date-format, categories, image, summary, title, label (and the tables "
        + "[sources.geek.fields] and [sources.geek.headers])",
      "\(path):10: sources.dad: \"dad\" is a built-in source's name: a declared source needs a "
        + "name of its own, not chuck, dad, official, switter, jokeapi, mine or all",
      "\(path):19: sources.feed.list: a source has random or list, not both: random asks for one "
        + "item, list for the whole list (a feed)",
      "\(path):22: sources.feed.date-parse: date-parse says how dates are written, and this "
        + "source has no date: add date, where an item's date is (such as date = "
        + "\"/release_date\"), or remove date-parse",
    ]
    let check = try await sandbox.chuck(["config", "check"])
    #expect(check.status == 78)
    #expect(check.stdout == "")
    #expect(check.stderr.lines == problems.map { "error: " + $0 })
    let first = "error: \(problems[0]) (and 5 more: chuck config check lists them)"
    let commands = [
      ["list"], ["pick"], ["random"], ["sources"], ["sources", "--json"], ["export"],
      ["config", "list"], ["list", "--source", "dad"], ["random", "--source", "feed"],
      ["list", "--source", "geek"], ["pick", "--source", "geek"],
      ["random", "--source", "geek"], ["show", "--source", "geek", "HtcNuHJBQCd"],
    ]
    for command in commands {
      let result = try await sandbox.chuck(command)
      #expect(result.status == 78, "\(command): \(result.stderr)")
      #expect(result.stdout == "", "\(command)")
      #expect(result.stderr.lines.last == first, "\(command): \(result.stderr)")
    }
    // The file is still the user's to mend, and help is still help.
    #expect(try await sandbox.chuck(["config", "path"]).stdout == path + "\n")
    #expect(try await sandbox.chuck(["--version"]).status == 0)
    #expect(try await sandbox.chuck(["list", "--help"]).status == 0)
    #expect(try api.requestCount() == 0)
  }
}
