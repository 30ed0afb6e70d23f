import ChuckTestSupport
import Foundation
import Testing

/// Sources declared in the config file (`[sources.NAME]`), as a user meets them through the CLI
/// against the fake: the Articles seed's feed (`+Feed`), the errors of a declaration and of its
/// answers (`+Errors`), its headers kept to itself (`+Headers`), and here how `chuck sources`,
/// `config check` and the `source` setting know them. The same commands over a declared source
/// of single jokes are the source matrix's (`MatrixSource`, `geek`).
@Suite struct DeclaredSourceTests {
  /// The Articles seed's list, under the fake's `/articles` as on run.mocky.io.
  static let listPath = "/v3/de42e6d9-2d03-40e2-a426-8953c7c94fb8"

  /// The Articles seed's declaration, the worked example of `Documentation/sources.md`
  /// (`Fixtures/articles.toml`), on the fake.
  /// - Parameters:
  ///   - url: the base URL (the fake's `/articles`).
  ///   - text: where the title is.
  ///   - items: where the array is in the answer (none: the answer is the array).
  /// - Returns: the `[sources.articles]` table and its `fields`.
  static func articles(url: String, text: String = "/title", items: String? = nil) -> String {
    ArticlesDeclaration.text(
      setting: [("url", url), ("text", text)] + (items.map { [("items", $0)] } ?? []))
  }

  /// A source of single jokes declared over the fake's icanhazdadjoke.
  /// - Parameters:
  ///   - url: the base URL (the fake's `/dad`).
  ///   - id: where the id is.
  ///   - text: where the text is.
  ///   - search: the path of a search (none: the source cannot search).
  /// - Returns: the `[sources.geek]` table.
  static func geek(
    url: String, id: String = "/id", text: String = "/joke", search: String? = nil
  ) -> String {
    """
    [sources.geek]
    url = "\(url)"
    random = "/"
    by-id = "/j/{id}"\(search.map { "\nsearch = \"\($0)\"" } ?? "")
    id = "\(id)"
    text = "\(text)"

    """
  }

  /// Starts a fake and a sandbox whose config file declares `articles` and `geek` on it.
  /// - Parameters:
  ///   - rules: the fake's fault rules, each the JSON text of one rule object.
  ///   - settings: lines before the tables (settings).
  /// - Returns: the fake and the sandbox.
  static func start(rules: [String] = [], settings: String = "") async throws -> (
    FakeAPI, ChuckSandbox
  ) {
    let api = try await startFake(rules: rules)
    let config =
      settings + articles(url: api.origin + "/articles") + "\n" + geek(url: api.origin + "/dad")
    return (api, try ChuckSandbox(api: api, config: config))
  }

  /// The articles the fake serves by default (`Fixtures/pools/articles.json`), as it serves them:
  /// their `dummyimage.com` images on the fake.
  static func pool(on api: FakeAPI) throws -> [JSON] {
    let file = FakeAPI.fixtures.appendingPathComponent("pools/articles.json")
    return try JSON.parse(Data(contentsOf: file)).elements.map { article in
      guard let image = article["image"]?.string else { return article }
      let served = image.replacing(
        /^https?:\/\/dummyimage\.com/, with: api.origin + "/articles/images")
      return article.adding("image", .string(served))
    }
  }

  /// The list file of `articles` in `sandbox`.
  static func listFile(_ sandbox: ChuckSandbox) -> URL {
    sandbox.dataDirectory.appendingPathComponent("articles-jokes.json")
  }

  /// A date as the Articles declaration shows it (`%a, %b %-d, '%y`, English, UTC).
  /// - Parameters:
  ///   - text: the date as written.
  ///   - format: how it is written, in `DateFormatter`'s words (`M/d/yyyy`, the service's).
  static func shown(_ text: String, from format: String = "M/d/yyyy") -> String {
    let reader = DateFormatter()
    reader.locale = Locale(identifier: "en_US_POSIX")
    reader.timeZone = TimeZone(identifier: "UTC")
    reader.dateFormat = format
    let writer = DateFormatter()
    writer.locale = reader.locale
    writer.timeZone = reader.timeZone
    writer.dateFormat = "EEE, MMM d, ''yy"
    return reader.date(from: text).map { writer.string(from: $0) } ?? "(no date: \(text))"
  }

  /// A config file with good declarations: `config check` counts them (and the settings) without
  /// a request; a declared source named by the `source` setting is the default one.
  @Test func configCheckCountsDeclaredSources() async throws {
    let (api, sandbox) = try await Self.start(settings: "retries = 2\nsource = \"geek\"\n\n")
    let path = try #require(sandbox.configFile).path
    let check = try await sandbox.chuck(["config", "check"])
    #expect(check.status == 0, "\(check.stderr)")
    #expect(check.stderr == "")
    #expect(check.stdout == "\(path): 2 settings, 2 declared sources, no problems\n")
    let one = try sandbox.writeConfigFile("timeout = 4\n" + Self.geek(url: api.origin + "/dad"))
    #expect(one == path)
    let single = try await sandbox.chuck(["config", "check"])
    #expect(single.stdout == "\(path): 1 setting, 1 declared source, no problems\n")
    _ = try sandbox.writeConfigFile(
      "retries = 2\nsource = \"geek\"\n\n" + Self.geek(url: api.origin + "/dad"))
    let list = try await sandbox.chuck(["list"], ["COLUMNS": "200"])
    #expect(list.status == 0, "\(list.stderr)")
    #expect(
      list.stdout.lines == [
        "  Geek", "", "  Your list is empty. Fetch your first joke with: chuck random",
      ])
    #expect(try api.requestCount() == 0)
  }

  /// `show` of a declared source with `categories` has a `categories` row after the text (the
  /// item's names, joined), as a Chuck Norris joke's detail has; an item without any has none.
  @Test func showHasTheDeclaredCategories() async throws {
    let api = try await startFake()
    let declaration = """
      [sources.norris]
      url = "\(api.origin)"
      random = "/jokes/random"
      by-id = "/jokes/{id}"
      id = "/id"
      text = "/value"
      categories = "/categories"

      [sources.norris.fields]
      link = "/url"

      """
    let sandbox = try ChuckSandbox(api: api, config: declaration)
    let show = try await sandbox.chuck(
      ["show", "--source", "norris", "7ver3y48qqsfktpelir7ua"], ["COLUMNS": "300"])
    #expect(show.status == 0, "\(show.stderr)")
    let labels = show.stdout.lines.map { $0.split(separator: " ").first.map(String.init) ?? "" }
    #expect(labels == ["7ver3y48qqsfktpelir7ua", "saved_at", "value", "categories", "link"])
    #expect(show.stdout.lines[3].hasSuffix("categories  dev"), "\(show.stdout)")
    let none = try await sandbox.chuck(
      ["show", "--source", "norris", "CfW0ccNFTpeq_v1r13IjTQ"], ["COLUMNS": "300"])
    #expect(none.status == 0, "\(none.stderr)")
    #expect(!none.stdout.contains("categories"), "\(none.stdout)")
  }

  /// `chuck sources` lists the declared sources after the built-in ones, marked `(declared)`,
  /// then where each was declared (FILE:LINE); `--json` gives `"declared": "FILE:LINE"`, null
  /// for a built-in source. No request.
  @Test func sourcesMarkDeclaredOnes() async throws {
    let (api, sandbox) = try await Self.start(settings: "retries = 2\n\n")
    let path = try #require(sandbox.configFile).path
    // Wide, so that a long path stays on its line.
    let environment: [String: String?] = [
      "CHUCK_OFFICIAL_API_URL": nil, "CHUCK_SWITTER_API_URL": nil, "CHUCK_JOKEAPI_URL": nil,
      "COLUMNS": "300",
    ]
    let text = try await sandbox.chuck(["sources"], environment)
    #expect(text.status == 0, "\(text.stderr)")
    #expect(text.stderr == "")
    let width = "https://official-joke-api.appspot.com".count
    func row(_ name: String, _ url: String, _ languages: String, _ mark: String = "") -> String {
      name.padding(toLength: 10, withPad: " ", startingAt: 0)
        + url.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + languages + mark
    }
    // The articles table starts on line 3, geek's after its 15 lines and a blank line.
    #expect(
      text.stdout.lines == [
        row("chuck", api.origin, "en", "  (default)"),
        row("dad", api.origin + "/dad", "en"),
        row("official", "https://official-joke-api.appspot.com", "en"),
        row("switter", "https://switter.int.daftcode.pl", "en"),
        row("jokeapi", "https://v2.jokeapi.dev", "cs de en es fr pt"),
        row("mine", "(your own: chuck add)", "-"),
        row("articles", api.origin + "/articles", "-", "  (declared)"),
        row("geek", api.origin + "/dad", "-", "  (declared)"),
        "articles (declared in \(path):3)",
        "geek (declared in \(path):18)",
      ])
    let json = try await sandbox.chuck(["sources", "--json"], environment)
    #expect(json.status == 0, "\(json.stderr)")
    let objects = try JSON.parse(json.stdout).elements
    #expect(
      objects.map { $0["name"]?.string }
        == ["chuck", "dad", "official", "switter", "jokeapi", "mine", "articles", "geek"])
    #expect(objects.allSatisfy { $0.keys == ["declared", "languages", "name", "url"] })
    #expect(objects.prefix(6).allSatisfy { $0["declared"] == .null })
    #expect(
      objects.suffix(2)
        == [
          .object([
            "declared": .string("\(path):3"), "languages": [],
            "name": "articles", "url": .string(api.origin + "/articles"),
          ]),
          .object([
            "declared": .string("\(path):18"), "languages": [], "name": "geek",
            "url": .string(api.origin + "/dad"),
          ]),
        ])
    #expect(try api.requestCount() == 0)
  }

  /// A declared `search` asks its path with the words in place of `{query}`; an answer that is
  /// an array of items is the results (`--json`: as sent). An answer that is an object is taken
  /// as one item, so icanhazdadjoke's own (`{"results": […]}`) does not fit: 76, naming the
  /// source and the key (`items`, which could point at `results`, is a list's alone).
  @Test func declaredSearch() async throws {
    let results = [
      JSON.object(["id": "R7UfaahVfFd", "joke": "A bike joke, found.", "status": .number(200)]),
      JSON.object(["id": "HtcNuHJBQCd", "joke": "Another bike joke.", "status": .number(200)]),
    ]
    let rule = #"{"path":"/dad/search","json":"# + JSON.array(results).text + "}"
    let api = try await startFake(rules: [rule])
    let sandbox = try ChuckSandbox(
      api: api, config: Self.geek(url: api.origin + "/dad", search: "/search?term={query}"))
    let found = try await sandbox.chuck(["search", "--source", "geek", "bike rides", "--json"])
    #expect(found.status == 0, "\(found.stderr)")
    #expect(try JSON.parse(found.stdout) == .array(results))
    let asked = try #require(try api.requests().last)
    #expect(asked.path == "/dad/search")
    #expect(asked.query == "term=bike%20rides")
    let object = try await sandbox.chuck(["search", "--source", "geek", "bike"])
    #expect(object.status == 76)
    #expect(object.stdout == "")
    #expect(
      object.stderr
        == "error: the joke API sent a bad response: geek: text (\"/joke\") matches nothing in "
        + "the item\n")
    #expect(!sandbox.dataDirectoryEntries.contains("geek-jokes.json"))
  }
}
