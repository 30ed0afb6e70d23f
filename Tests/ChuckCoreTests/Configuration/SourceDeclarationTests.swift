import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

/// The config file's `[sources.NAME]` tables, read into declarations: every problem at once,
/// each naming its line, its key and what is allowed.
@Suite struct SourceDeclarationTests {
  static let path = "/home/me/.config/chuck/config"

  /// The Articles seed's item, as its assignment documents it (`../shared/api/samples`).
  private static let seedAnswer = """
    [{
      "id": 1,
      "title": "Realigned multimedia framework",
      "description": "nisl aenean lectus pellentesque eget nunc donec quis orci eget orci vitae mattis nibh ligula",
      "author": "sfolley0@nhs.uk",
      "release_date": "6/25/2018",
      "image": "http://dummyimage.com/366x582.png/5fa2dd/ffffff"
    }]
    """

  /// The worked Articles declaration for the seed's API (`Fixtures/articles.toml`).
  private static let articles = ArticlesDeclaration.text

  /// The keys of the messages that list them.
  static let keyList =
    "url, random, list, items, by-id, search, search-items, id, text, setup, punchline, date, "
    + "date-parse, date-format, categories, image, summary, title, label"

  func read(_ text: String, environment: [String: String] = [:]) -> (
    declarations: [SourceDeclaration], problems: [ConfigProblem]
  ) {
    let (file, problems) = ConfigFile.parse(Array(text.utf8))
    #expect(problems == [], "the file parses")
    return SourceDeclaration.declarations(in: file, path: Self.path, environment: environment)
  }

  func problems(_ text: String, environment: [String: String] = [:]) -> [ConfigProblem] {
    let (declarations, problems) = read(text, environment: environment)
    #expect(declarations == [], "a source with a problem makes no declaration")
    return problems
  }

  func pointer(_ text: String) throws -> JSONPointer { try JSONPointer(parsing: text) }

  /// A source `demo` with url (line 2), id (3) and text (4), then `random = "/random"` (5)
  /// unless `key` is random or list, then `key = value` (5 or 6).
  func demo(_ key: String, _ value: String) -> String {
    var lines = [
      "[sources.demo]", "url = \"https://example.com\"", "id = \"/id\"", "text = \"/joke\"",
    ]
    if key != "random", key != "list" { lines.append("random = \"/random\"") }
    lines.append("\(key) = \(ConfigValue.string(value).toml)")
    return lines.joined(separator: "\n") + "\n"
  }

  /// The worked Articles declaration reads as the seed's source: a feed whose answer is the
  /// list, its fields in file order, the date read and shown as the seed asks.
  @Test func articlesSeed() throws {
    let (declarations, problems) = read(Self.articles)
    #expect(problems == [])
    let expected = SourceDeclaration(
      name: "articles", origin: .file(path: Self.path, line: 1), title: "Articles",
      label: "Articles", baseURL: try #require(URL(string: "https://run.mocky.io")),
      fetch: .feed(path: "/v3/de42e6d9-2d03-40e2-a426-8953c7c94fb8", items: nil),
      byIDPath: nil, searchPath: nil, searchItems: nil, id: try pointer("/id"),
      text: .single(try pointer("/title")),
      date: SourceDeclaration.DateField(
        pointer: try pointer("/release_date"), pattern: try DateParsePattern("%m/%d/%Y")),
      dateFormat: try DateFormat("%a, %b %-d, '%y"), categories: nil, image: try pointer("/image"),
      summary: try pointer("/description"),
      fields: [
        SourceDeclaration.Field(label: "Description", pointer: try pointer("/description")),
        SourceDeclaration.Field(label: "Author", pointer: try pointer("/author")),
      ],
      headers: [])
    #expect(declarations == [expected])

    let answer = try JSONDecoder().decode(JSONValue.self, from: Data(Self.seedAnswer.utf8))
    guard case .array(let items) = answer, let item = items.first else {
      Issue.record("the seed's answer is an array")
      return
    }
    #expect(expected.id.resolve(in: item) == .number(1))
    guard case .single(let text) = expected.text else {
      Issue.record("an article's text is one text")
      return
    }
    #expect(text.resolve(in: item) == .string("Realigned multimedia framework"))
    let date = try #require(expected.date)
    guard case .string(let written) = date.pointer.resolve(in: item) else {
      Issue.record("the date is a string")
      return
    }
    let instant = try #require(date.pattern.timestamp(from: written))
    #expect(expected.dateFormat?.string(instant) == "Mon, Jun 25, '18")
    #expect(
      expected.fields.map { $0.pointer.resolve(in: item) } == [
        .string(
          "nisl aenean lectus pellentesque eget nunc donec quis orci eget orci vitae mattis nibh "
            + "ligula"),
        .string("sfolley0@nhs.uk"),
      ])
    #expect(
      expected.image?.resolve(in: item)
        == .string("http://dummyimage.com/366x582.png/5fa2dd/ffffff"))
  }

  /// The pages that show the worked Articles declaration (the guide and the configuration's
  /// page) show the one the tests read, so that neither drifts from the other.
  @Test(arguments: ["sources.md", "configuration.md"])
  func documentedArticles(page: String) throws {
    let file = FakeAPI.packageRoot.appendingPathComponent("Documentation/" + page)
    let blocks = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "```")
    let shown = blocks.compactMap { block in
      block.hasPrefix("toml\n[sources.articles]\n") ? String(block.dropFirst("toml\n".count)) : nil
    }
    #expect(shown == [Self.articles], "\(page) shows the Articles declaration once, as it is")
  }

  /// Every other key: a random item, by id and search paths, a two-part text, categories, a
  /// title and label of its own, headers with variables filled in; the template is what shows.
  @Test func everyKey() throws {
    let text = """
      # Puns, from a made-up service.
      [sources.puns]
      url = "http://127.0.0.1:8080/api/"
      random = "/jokes/random?safe-mode&type=twopart"
      by-id = "/jokes/{id}"
      search = "/search?term={query}&limit=30"
      id = "/id"
      setup = "/setup"
      punchline = "/delivery"
      categories = "/category"
      title = "Pun Jokes"
      label = "Puns"

      [sources.puns.headers]
      Authorization = "Bearer ${PUNS_TOKEN}"
      User-Agent = "my-tool/1.0 (https://example.com)"
      Accept = "application/vnd.puns+json"
      X-Plain = "$HOME, ${USER}s and a\\ttab"
      """
    let (declarations, problems) = read(
      text, environment: ["PUNS_TOKEN": "s3cret", "USER": "me", "HOME": "/home/me"])
    #expect(problems == [])
    let declaration = try #require(declarations.first)
    #expect(declarations.count == 1)
    #expect(declaration.name == "puns")
    #expect(declaration.origin == .file(path: Self.path, line: 2))
    #expect(declaration.title == "Pun Jokes")
    #expect(declaration.label == "Puns")
    #expect(declaration.baseURL.absoluteString == "http://127.0.0.1:8080/api/")
    #expect(declaration.fetch == .random(path: "/jokes/random?safe-mode&type=twopart"))
    #expect(declaration.byIDPath == "/jokes/{id}")
    #expect(declaration.searchPath == "/search?term={query}&limit=30")
    #expect(
      declaration.text
        == .twoPart(setup: try pointer("/setup"), punchline: try pointer("/delivery")))
    #expect(declaration.categories == (try pointer("/category")))
    #expect(declaration.date == nil)
    #expect(declaration.dateFormat == nil)
    #expect(declaration.image == nil)
    #expect(declaration.fields == [])
    #expect(
      declaration.headers == [
        SourceDeclaration.Header(
          name: "Authorization", template: "Bearer ${PUNS_TOKEN}", value: "Bearer s3cret"),
        SourceDeclaration.Header(
          name: "User-Agent", template: "my-tool/1.0 (https://example.com)",
          value: "my-tool/1.0 (https://example.com)"),
        SourceDeclaration.Header(
          name: "Accept", template: "application/vnd.puns+json",
          value: "application/vnd.puns+json"),
        SourceDeclaration.Header(
          name: "X-Plain", template: "$HOME, ${USER}s and a\ttab", value: "$HOME, mes and a\ttab"),
      ])
    let header = declaration.headers[0]
    #expect("\(header)" == "Authorization: Bearer ${PUNS_TOKEN}")
    #expect(String(reflecting: header) == "Authorization: Bearer ${PUNS_TOKEN}")
    #expect(!String(describing: declaration).contains("s3cret"), "the secret is never shown")
    #expect(!String(reflecting: declaration).contains("s3cret"), "the secret is never shown")
  }

  /// Without a title the name is the title, its first letter in upper case; without a label
  /// the title is the label; `items` names the array in a list's answer.
  @Test func defaultsAndItems() throws {
    let (declarations, problems) = read(
      """
      [sources.dev-quotes]
      url = "https://quotes.example.com/v1"
      list = "/quotes"
      items = "/data/items"
      id = "/id"
      text = "/quote"

      [sources.0]
      url = "https://example.com"
      random = "/r"
      id = ""
      text = ""
      title = "Zero"
      """)
    #expect(problems == [])
    #expect(declarations.map(\.name) == ["dev-quotes", "0"])
    #expect(declarations.map(\.title) == ["Dev-quotes", "Zero"])
    #expect(declarations.map(\.label) == ["Dev-quotes", "Zero"])
    #expect(declarations.first?.fetch == .feed(path: "/quotes", items: try pointer("/data/items")))
    #expect(declarations.last?.id == .document)
  }

  /// A table that lacks url, random or list, id and text says so for each, on its header's line
  /// (the source's own table's, when a sub-table comes first).
  @Test func missingKeys() {
    let missing = { (line: Int, name: String) in
      [
        ConfigProblem(
          line: line, key: "sources.\(name).url",
          message: "a source needs url, its service's base URL, such as url = "
            + "\"https://example.com\""),
        ConfigProblem(
          line: line, key: "sources.\(name).random",
          message: "a source needs random (the path of one random item, such as random = "
            + "\"/jokes/random\") or list (the path of the whole list, a feed, such as list = "
            + "\"/articles\")"),
        ConfigProblem(
          line: line, key: "sources.\(name).id",
          message: "a source needs id, where an item's id is, such as id = \"/id\""),
        ConfigProblem(
          line: line, key: "sources.\(name).text",
          message: "a source needs text, where an item's text is (such as text = \"/joke\"), or "
            + "setup and punchline for two-part jokes"),
      ]
    }
    #expect(problems("[sources.empty]\n") == missing(1, "empty"))
    #expect(
      problems("[sources.a.fields]\nX = \"/x\"\n[sources.a]\n[sources.b.headers]\n")
        == missing(3, "a") + missing(4, "b"))
  }

  /// A key a source does not have, and a value that is not a string, are each refused, saying
  /// what is allowed.
  @Test func unknownKeysAndWrongTypes() {
    #expect(
      problems(
        """
        [sources.demo]
        urll = "https://example.com"
        url = 5
        random = ["/a", "/b"]
        id = true
        text = 1.5
        """) == [
          ConfigProblem(
            line: 2, key: "sources.demo.urll",
            message: "\"urll\" is not a key of a source: the keys are \(Self.keyList) (and the "
              + "tables [sources.demo.fields] and [sources.demo.headers])"),
          ConfigProblem(
            line: 3, key: "sources.demo.url",
            message: "5 is not a string: write it in quotes, such as \"https://example.com\""),
          ConfigProblem(
            line: 4, key: "sources.demo.random",
            message: "[\"/a\", \"/b\"] is not a string: write it in quotes, such as "
              + "\"/jokes/random\""),
          ConfigProblem(
            line: 5, key: "sources.demo.id",
            message: "true is not a string: write it in quotes, such as \"/id\""),
          ConfigProblem(
            line: 6, key: "sources.demo.text",
            message: "1.5 is not a string: write it in quotes, such as \"/joke\""),
        ])
  }

  /// The base URL is http or https, with a host, without a query or fragment.
  @Test(arguments: [
    (
      "run.mocky.io",
      "\"run.mocky.io\" is not a URL: expected an http or https URL with a host, and no query "
        + "or fragment, such as \"https://example.com\""
    ),
    (
      "",
      "\"\" is not a URL: expected an http or https URL with a host, and no query or fragment, "
        + "such as \"https://example.com\""
    ),
    (
      "ftp://example.com",
      "\"ftp://example.com\" is a URL of ftp, not of http or https: expected an http or https "
        + "URL with a host, and no query or fragment"
    ),
    (
      "https:///v3",
      "\"https:///v3\" has no host: expected an http or https URL with a host, and no query or "
        + "fragment, such as \"https://example.com\""
    ),
    (
      "https://example.com/?key=1",
      "\"https://example.com/?key=1\" has a query (?…), which a base URL cannot have: expected "
        + "an http or https URL with a host, and no query or fragment"
    ),
    (
      "https://example.com/#top",
      "\"https://example.com/#top\" has a fragment (#…), which a base URL cannot have: expected "
        + "an http or https URL with a host, and no query or fragment"
    ),
  ])
  func badURLs(url: String, message: String) {
    #expect(
      problems(
        demo("url", url).replacingOccurrences(of: "url = \"https://example.com\"\n", with: ""))
        == [ConfigProblem(line: 5, key: "sources.demo.url", message: message)])
  }
}
