import Foundation
import Testing

@testable import ChuckCore

/// A declared source's kind (``DeclaredShape``): every answer read from its declaration, each
/// field where its pointer says, and every item that does not fit refused in words naming the
/// source, the key and the pointer.
@Suite struct DeclaredShapeTests {
  /// When the jokes are saved.
  static let savedAt = PostgresTimestamp("2026-11-23 10:51:41")!

  /// Why `body` found no text, or `nil` when it found one.
  private func problem(
    _ body: () throws(ServiceJokeProblem) -> (text: String, punchline: String?)
  ) -> String? {
    do throws(ServiceJokeProblem) {
      _ = try body()
      return nil
    } catch {
      return error.reason
    }
  }

  /// The rows as `label: value` lines.
  private func lines(_ rows: [(label: String, value: String)]?) -> [String]? {
    rows?.map { "\($0.label): \($0.value)" }
  }

  /// The name, title, label, base URL, origin and date format are the declaration's; a title
  /// and a label not declared are the name with a capital; nothing names a variable, languages,
  /// or fields by name.
  @Test func describedByItsDeclaration() throws {
    #expect(TestArticles.name == "test-articles")
    #expect(TestArticles.title == "Test articles")
    #expect(TestArticles.label == "Articles")
    #expect(TestBare.title == "Test-bare")
    #expect(TestBare.label == "Test-bare")
    #expect(TestArticles.listFileName == "test-articles-jokes.json")
    #expect(TestArticles.baseURLVariable == nil)
    #expect(TestArticles.hasService && TestBare.hasService)
    #expect(TestArticles.defaultBaseURL == "http://127.0.0.1:9/articles")
    #expect(TestGeek.defaultBaseURL == "http://127.0.0.1:9/geek/")
    #expect(TestArticles.origin == .file(path: DeclaredTestKinds.path, line: 3))
    #expect(TestBare.origin == .file(path: DeclaredTestKinds.path, line: 1))
    #expect(TestArticles.dateFormat == (try DateFormat("%a, %b %-d, '%y")))
    #expect(TestGeek.dateFormat == nil)
    #expect(TestArticles.languages.isEmpty)
    #expect(TestArticles.textField == "text")
    #expect(TestArticles.punchlineField == nil)
    #expect(TestArticles.idForm == JokeID.anyForm)
  }

  /// An id is a string as it is, or a whole number's digits, where `id` points; anything else,
  /// or nothing, is no id, and the item is refused naming the source, the key and the pointer.
  @Test func ids() throws {
    #expect(TestArticles.id(in: ["id": .string("abc-1")], text: "") == "abc-1")
    #expect(TestArticles.id(in: ["id": .number(42)], text: "") == "42")
    #expect(TestArticles.id(in: ["id": .number(4.5)], text: "") == nil)
    #expect(TestArticles.id(in: ["id": .bool(true)], text: "") == nil)
    #expect(TestArticles.id(in: ["title": .string("t")], text: "t") == nil)
    #expect(TestNested.id(in: ["ref": .object(["code": .string("x-1")])], text: "") == "x-1")

    #expect(
      TestArticles.missingIDReason
        == "test-articles: id (\"/id\") matches nothing in the item, or not an id "
        + "(1 to 64 characters of A-Z, a-z, 0-9, _ and -, or a whole number)")
    #expect(TestNested.missingIDReason.hasPrefix("test-nested: id (\"/ref/code\") matches nothing"))
    var item = articleItem()
    item["id"] = nil
    #expect(throws: ChuckError.badResponse(TestArticles.missingIDReason)) {
      try ServiceJoke<TestArticles>(received: item, savedAt: Self.savedAt)
    }
    item["id"] = .string("not an id")
    #expect(throws: ChuckError.badResponse(TestArticles.missingIDReason)) {
      try ServiceJoke<TestArticles>(received: item, savedAt: Self.savedAt)
    }

    // An id found deeper is kept at the top level too, as `id`; one there already is kept.
    let nested = try ServiceJoke<TestNested>(
      received: [
        "ref": .object(["code": .string("x-1")]), "parts": .array([.string("Q"), .string("A")]),
      ], savedAt: Self.savedAt)
    #expect(nested.id == "x-1")
    #expect(nested.object["id"] == .string("x-1"))
    let article = try ServiceJoke<TestArticles>(received: articleItem(id: 7), savedAt: Self.savedAt)
    #expect(article.id == "7")
    #expect(article.object["id"] == .number(7))
  }

  /// Whole ids: any acceptable id of at least the prefix's length, and whole numbers of any
  /// length; not a shorter id that is not a number, nor a number with a leading zero.
  @Test func fullIDs() {
    #expect(TestArticles.isFullID("abcd"))
    #expect(TestArticles.isFullID("7"))
    #expect(TestArticles.isFullID("42"))
    #expect(!TestArticles.isFullID("abc"))
    #expect(!TestArticles.isFullID("007"))
    #expect(!TestArticles.isFullID("a b c d"))
    #expect(!TestArticles.isFullID(""))
  }

  /// The text is where `text` points; a setup and a punchline where theirs do; a pointer that
  /// matches nothing, or a value that is not text, names the source, the key and the pointer.
  @Test func textParts() {
    let single = try? TestArticles.textParts(in: articleItem())
    #expect(single?.text == "Realigned multimedia framework")
    #expect(single?.punchline == nil)
    let twoPart = try? TestGeek.textParts(in: ["question": .string("Q?"), "answer": .string("A.")])
    #expect(twoPart?.text == "Q?")
    #expect(twoPart?.punchline == "A.")
    let nested = try? TestNested.textParts(in: ["parts": .array([.string("Q"), .string("A")])])
    #expect(nested?.text == "Q" && nested?.punchline == "A")

    #expect(
      problem { () throws(ServiceJokeProblem) in try TestArticles.textParts(in: ["id": .number(1)])
      }
        == "test-articles: text (\"/title\") matches nothing in the item")
    #expect(
      problem { () throws(ServiceJokeProblem) in
        try TestArticles.textParts(in: ["title": .number(1)])
      } == "test-articles: text (\"/title\") is not text in the item")
    #expect(
      problem { () throws(ServiceJokeProblem) in
        try TestGeek.textParts(in: ["answer": .string("A.")])
      } == "test-geek: setup (\"/question\") matches nothing in the item")
    #expect(
      problem { () throws(ServiceJokeProblem) in
        try TestGeek.textParts(in: ["question": .string("Q?"), "answer": .null])
      } == "test-geek: punchline (\"/answer\") is not text in the item")
    #expect(
      problem { () throws(ServiceJokeProblem) in
        try TestNested.textParts(in: ["parts": .array([.string("Q")])])
      } == "test-nested: punchline (\"/parts/1\") matches nothing in the item")

    // A joke made of such an item is refused with the same words.
    var item = articleItem()
    item["title"] = .array([])
    #expect(
      throws: ChuckError.badResponse("test-articles: text (\"/title\") is not text in the item")
    ) {
      try ServiceJoke<TestArticles>(received: item, savedAt: Self.savedAt)
    }
  }

  /// Categories are one string, or the strings of an array, where `categories` points; none
  /// without the key, or when it matches nothing or something else.
  @Test func categories() throws {
    #expect(TestArticles.categories(in: articleItem()) == ["tech", "news"])
    #expect(TestGeek.categories(in: ["category": .string("Programming")]) == ["Programming"])
    #expect(TestGeek.categories(in: ["category": .number(3)]).isEmpty)
    #expect(TestGeek.categories(in: [:]).isEmpty)
    #expect(TestBare.categories(in: ["categories": .string("x")]).isEmpty)
    let joke = try ServiceJoke<TestArticles>(received: articleItem(), savedAt: Self.savedAt)
    #expect(joke.categories == ["tech", "news"])
    #expect(joke.exclusionNames == ["tech", "news"])
  }

  /// The date is where `date` points, read by `date-parse`; none when it matches nothing, is
  /// not text, or is not written so; its label is the pointer's last token, else `date`.
  @Test func sentDates() {
    #expect(
      TestArticles.sentDate(in: articleItem()) == PostgresTimestamp("2018-06-25 00:00:00"))
    #expect(TestArticles.sentDate(in: articleItem(date: "2018-06-25")) == nil)
    #expect(TestArticles.sentDate(in: ["release_date": .number(20_180_625)]) == nil)
    #expect(TestArticles.sentDate(in: [:]) == nil)
    #expect(
      TestGeek.sentDate(in: ["when": .string("2020-02-29")])
        == PostgresTimestamp("2020-02-29 00:00:00"))
    #expect(TestBare.sentDate(in: ["date": .string("2020-02-29")]) == nil)
    #expect(TestArticles.sentDateLabel == "release_date")
    #expect(TestGeek.sentDateLabel == "when")
    #expect(TestBare.sentDateLabel == "date")
  }

  /// The image and the summary are the text where `image` and `summary` point; none without
  /// the keys, or when they match nothing or something that is not text.
  @Test func imageAndSummary() {
    #expect(TestArticles.image(in: articleItem()) == "http://127.0.0.1:9/articles/images/1.png")
    #expect(TestArticles.image(in: ["image": .number(1)]) == nil)
    #expect(TestArticles.image(in: [:]) == nil)
    #expect(TestBare.image(in: ["image": .string("https://x.example/a.png")]) == nil)
    #expect(TestArticles.summary(in: articleItem()) == "nisl aenean lectus pellentesque")
    #expect(TestArticles.summary(in: ["description": .null]) == nil)
    #expect(TestBare.summary(in: ["description": .string("d")]) == nil)
  }

  /// The detail's rows: the text labelled by its pointer's last token (else `text`, `setup`,
  /// `punchline`), the declared categories (their text names), then each field in file order,
  /// those that match nothing left out, any value as one line.
  @Test func detailRows() throws {
    #expect(
      lines(TestArticles.detailRows(in: articleItem(), text: "T", punchline: nil)) == [
        "title: T", "categories: tech, news", "Description: nisl aenean lectus pellentesque",
        "Author: sfolley0@nhs.uk", #"Meta: {"draft":false,"words":812}"#,
      ])
    #expect(
      lines(TestGeek.detailRows(in: [:], text: "Q?", punchline: "A.")) == [
        "question: Q?", "answer: A.",
      ])
    #expect(lines(TestGeek.detailRows(in: [:], text: "Q?", punchline: nil)) == ["question: Q?"])
    #expect(
      lines(TestNested.detailRows(in: [:], text: "Q", punchline: "A")) == [
        "setup: Q", "punchline: A",
      ])
    #expect(lines(TestBare.detailRows(in: [:], text: "L", punchline: nil)) == ["text: L"])
    #expect(TestBare.label(of: try JSONPointer(parsing: ""), else: "whole") == "whole")
    #expect(TestBare.label(of: try JSONPointer(parsing: "/a/"), else: "empty") == "empty")
    #expect(TestBare.label(of: try JSONPointer(parsing: "/a/b~1c"), else: "x") == "b/c")
  }

  /// A search's items: where `search-items` points when the source declares it, else the answer
  /// when it is an array (of objects only), else the answer itself as one item; anything else is
  /// refused, naming the source and the key.
  @Test func searchResults() throws {
    let one = JSONValue.object(articleItem())
    #expect(try TestArticles.searchResults(in: .array([one, one])).count == 2)
    #expect(try TestArticles.searchResults(in: one) == [articleItem()])
    #expect(try TestBare.searchResults(in: .array([])).isEmpty)
    #expect(
      throws: ChuckError.badResponse(
        "test-articles: the search's answer is not an array of items: declare search-items, "
          + "the pointer to the array, such as search-items = \"/items\"")
    ) { try TestArticles.searchResults(in: .string("nothing")) }
    #expect(throws: ChuckError.badResponse("test-articles: item 2 of the search is not an object"))
    {
      try TestArticles.searchResults(in: .array([one, .string("x")]))
    }
    let wrapped = JSONValue.object(["data": .object(["items": .array([one])]), "total": .number(1)])
    #expect(try TestNested.searchResults(in: wrapped) == [articleItem()])
    #expect(
      throws: ChuckError.badResponse(
        "test-nested: search-items (\"/data/items\") matches nothing in the search's answer")
    ) { try TestNested.searchResults(in: .array([one])) }
    // A search may find one item: an object where `search-items` points is that item.
    #expect(
      try TestNested.searchResults(in: .object(["data": .object(["items": one])]))
        == [articleItem()])
    #expect(
      throws: ChuckError.badResponse(
        "test-nested: the search's answer is not an array of items: declare search-items, "
          + "the pointer to the array, such as search-items = \"/items\"")
    ) { try TestNested.searchResults(in: .object(["data": .object(["items": .number(1)])])) }
  }

  /// The requests are the declared paths as a URL holds them: random (or a feed's list) as it
  /// is; by id and search with the value percent-encoded for where it goes, so that it never
  /// adds a segment or a parameter; none for what the source does not declare.
  @Test func requests() throws {
    let settings = ServiceSettings()
    let list = try TestArticles.randomRequest(category: nil, settings: settings)
    #expect(list.encoded == "/v3/latest")
    #expect(list.pathText == "/v3/latest")
    #expect(TestArticles.feedRequest?.encoded == "/v3/latest")
    let random = try TestGeek.randomRequest(category: "ignored", settings: settings)
    #expect(random.encoded == "/random?lang=en")
    #expect(random.pathText == "/random")
    #expect(TestGeek.feedRequest == nil)

    let byID = try #require(TestGeek.jokeRequest)
    #expect(byID("R7Uf-a_1").encoded == "/j/R7Uf-a_1")
    #expect(byID("a&b/c ?#").encoded == "/j/a&b%2Fc%20%3F%23")
    #expect(byID("a&b/c ?#").pathText == "/j/a&b%2Fc%20%3F%23")
    let search = try #require(TestGeek.searchRequest)
    #expect(try search("a&b/c ?#", settings).encoded == "/search?term=a%26b/c%20%3F%23")
    #expect(try search("a=b+c", settings).encoded == "/search?term=a%3Db%2Bc")
    #expect(try search("bike", settings).pathText == "/search")
    let articles = try #require(TestArticles.searchRequest)
    #expect(try articles("x&limit=99", settings).encoded == "/v3/search?q=x%26limit%3D99&limit=5")
    #expect(TestArticles.jokeRequest?("é 1").encoded == "/v3/items/%C3%A9%201")
    #expect(TestBare.jokeRequest == nil)
    #expect(TestBare.searchRequest == nil)
    #expect(TestBare.feedRequest == nil)
    #expect(ServiceRequest.filling("{id}", with: "x", in: "/no/placeholder") == "/no/placeholder")

    #expect(TestArticles.abilities == [.search, .fetchByID, .feed])
    #expect(TestGeek.abilities == [.search, .fetchByID])
    #expect(TestNested.abilities == [.search, .feed])
    #expect(TestBare.abilities == [])
  }

  /// Every declared header is sent, its variables filled in, but the User-Agent, which is sent
  /// as the User-Agent; no device id is ever asked for; without one, chuck's User-Agent.
  @Test func headers() throws {
    let asked = Locked(0)
    let deviceID = { () throws(ChuckError) -> String in
      asked.withLock { $0 += 1 }
      return "0f0e0d0c-0b0a-4908-8706-050403020100"
    }
    #expect(
      try TestArticles.headers(deviceID: deviceID).map { "\($0.name): \($0.value)" } == [
        "Authorization: Bearer s3cret", "X-Extra: plain",
      ])
    #expect(TestArticles.userAgent == "articles-reader/1.0")
    #expect(try TestGeek.headers(deviceID: deviceID).isEmpty)
    #expect(TestGeek.userAgent == ChuckVersion.userAgent)
    #expect(asked.current == 0)
  }

  /// A feed's items are jokes saved now, in the service's order; an item that is not one names
  /// its number in the list; an answer of another shape names the source and what to declare.
  @Test func feedItems() throws {
    let answer = JSONValue.array([
      .object(articleItem(id: 2, title: "Second")), .object(articleItem(id: 1, title: "First")),
    ])
    let jokes = try TestArticles.jokes(inFeed: answer, savedAt: Self.savedAt)
    #expect(jokes.map(\.id) == ["2", "1"])
    #expect(jokes.map(\.text) == ["Second", "First"])
    #expect(jokes.allSatisfy { $0.savedAt == Self.savedAt })

    var untitled = articleItem(id: 3)
    untitled["title"] = nil
    #expect(
      throws: ChuckError.badResponse(
        "item 2 of the list: test-articles: text (\"/title\") matches nothing in the item")
    ) {
      try TestArticles.jokes(
        inFeed: .array([.object(articleItem()), .object(untitled)]), savedAt: Self.savedAt)
    }
    var noID = articleItem()
    noID["id"] = .number(-1)
    #expect(
      throws: ChuckError.badResponse("item 1 of the list: \(TestArticles.missingIDReason)")
    ) { try TestArticles.jokes(inFeed: .array([.object(noID)]), savedAt: Self.savedAt) }
    #expect(throws: ChuckError.badResponse("test-articles: item 2 of the list is not an object")) {
      try TestArticles.jokes(
        inFeed: .array([.object(articleItem()), .null]), savedAt: Self.savedAt)
    }
    #expect(
      throws: ChuckError.badResponse(
        "test-articles: the list's answer is not an array of items: declare items, the pointer "
          + "to the array, such as items = \"/items\"")
    ) { try TestArticles.jokes(inFeed: .object(articleItem()), savedAt: Self.savedAt) }
    #expect(try TestArticles.jokes(inFeed: .array([]), savedAt: Self.savedAt).isEmpty)

    let item = JSONValue.object([
      "ref": .object(["code": .string("n-1")]), "parts": .array([.string("Q"), .string("A")]),
    ])
    let nested = try TestNested.jokes(
      inFeed: .object(["data": .object(["items": .array([item])])]), savedAt: Self.savedAt)
    #expect(nested.map(\.id) == ["n-1"])
    #expect(nested.first?.punchline == "A")
    #expect(
      throws: ChuckError.badResponse(
        "test-nested: items (\"/data/items\") matches nothing in the list's answer")
    ) { try TestNested.jokes(inFeed: .object(["data": .array([item])]), savedAt: Self.savedAt) }

    // A service of single jokes has no feed: no request, no items.
    #expect(ICanHazDadJoke.feedRequest == nil)
    #expect(try ICanHazDadJoke.jokes(inFeed: .array([item]), savedAt: Self.savedAt).isEmpty)
  }

  /// A declared kind's source: declared at the file and line of its table, a feed when it has
  /// `list`; built-in sources are neither. The built-in sources are every source while no
  /// declaration is installed, and installing none leaves it so.
  @Test func sources() {
    let articles = JokeSource(TestArticles.self)
    #expect(articles.name == "test-articles")
    #expect(articles.declaredAt == "\(DeclaredTestKinds.path):3")
    #expect(articles.origin == .file(path: DeclaredTestKinds.path, line: 3))
    #expect(articles.isDeclared)
    #expect(articles.isFeed)
    #expect(articles.hasService)
    #expect(articles.canSearch && articles.canFetchByID && !articles.hasCategories)
    let geek = JokeSource(TestGeek.self)
    #expect(geek.isDeclared && !geek.isFeed)
    #expect(geek.declaredAt == "\(DeclaredTestKinds.path):1")
    for source in JokeSource.builtIn {
      #expect(!source.isDeclared && source.declaredAt == nil && source.origin == nil)
      #expect(!source.isFeed)
    }
    #expect(!JokeSource.mine.hasService && JokeSource.dad.hasService)
    #expect(
      JokeSource.builtIn.map(\.name) == ["chuck", "dad", "official", "switter", "jokeapi", "mine"])

    DeclaredSources.install([])
    #expect(DeclaredSources.declarations.isEmpty)
    #expect(DeclaredSources.sources.isEmpty)
    #expect(JokeSource.allCases == JokeSource.builtIn)
    #expect(JokeSource(rawValue: "test-articles") == nil)
    #expect(DeclaredSources.limit == 8)
    #expect(DeclaredSources.slots.map { $0.slot } == Array(0..<8))
    #expect(DeclaredSources.slots.count == DeclaredSources.limit)
  }
}

/// A declared kind's jokes as `list`, `show` and the screen show them.
@Suite struct DeclaredJokeFieldsTests {
  /// When the jokes are saved.
  static let savedAt = PostgresTimestamp("2026-11-23 10:51:41")!

  /// With a summary, a row's heading is the text and its preview the summary; its date is the
  /// one sent, without `saved `; without a sent date, `saved` and the saving date.
  @Test func listRows() throws {
    let article = try ServiceJoke<TestArticles>(received: articleItem(), savedAt: Self.savedAt)
    #expect(
      article.listRow
        == JokeListView.Row(
          id: "1", date: PostgresTimestamp("2018-06-25 00:00:00"),
          value: "nisl aenean lectus pellentesque", dateLabel: "",
          heading: "Realigned multimedia framework"))
    var undated = articleItem()
    undated["release_date"] = nil
    #expect(
      try ServiceJoke<TestArticles>(received: undated, savedAt: Self.savedAt).listRow
        == JokeListView.Row(
          id: "1", date: Self.savedAt, value: "nisl aenean lectus pellentesque",
          dateLabel: "saved ", heading: "Realigned multimedia framework"))

    let geek = try ServiceJoke<TestGeek>(
      received: [
        "id": .string("g-1"), "question": .string("Q?"), "answer": .string("A."),
        "when": .string("2020-02-29"),
      ], savedAt: Self.savedAt)
    #expect(
      geek.listRow
        == JokeListView.Row(
          id: "g-1", date: PostgresTimestamp("2020-02-29 00:00:00"), value: "Q?"))
    let bare = try ServiceJoke<TestBare>(
      received: ["id": .string("b-1"), "lines": .array([.string("L")])], savedAt: Self.savedAt)
    #expect(
      bare.listRow
        == JokeListView.Row(id: "b-1", date: Self.savedAt, value: "L", dateLabel: "saved "))
  }

  /// `show`'s rows: `saved_at`, the date sent labelled by its field, then the declared rows,
  /// every instant in the format given; the icon is the image, the sent date the date.
  @Test func detailFields() throws {
    let article = try ServiceJoke<TestArticles>(received: articleItem(), savedAt: Self.savedAt)
    let format = try DateFormat("%a, %b %-d, '%y")
    #expect(
      article.detailFields(instants: format).map { "\($0.label): \($0.value)" } == [
        "saved_at: Mon, Nov 23, '26", "release_date: Mon, Jun 25, '18",
        "title: Realigned multimedia framework", "categories: tech, news",
        "Description: nisl aenean lectus pellentesque", "Author: sfolley0@nhs.uk",
        #"Meta: {"draft":false,"words":812}"#,
      ])
    #expect(
      article.detailFields.prefix(2).map { "\($0.label): \($0.value)" } == [
        "saved_at: 2026-11-23 10:51:41 UTC", "release_date: 2018-06-25 00:00:00 UTC",
      ])
    #expect(article.icon == "http://127.0.0.1:9/articles/images/1.png")
    #expect(article.sentDate == PostgresTimestamp("2018-06-25 00:00:00"))

    let geek = try ServiceJoke<TestGeek>(
      received: ["id": .string("g-1"), "question": .string("Q?"), "answer": .string("A.")],
      savedAt: Self.savedAt)
    #expect(
      geek.detailFields(instants: .swedishDateTime).map { "\($0.label): \($0.value)" } == [
        "saved_at: 2026-11-23 10:51:41 UTC", "question: Q?", "answer: A.",
      ])
    #expect(geek.icon == nil)
    #expect(geek.sentDate == nil)
  }
}
