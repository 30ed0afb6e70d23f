import Foundation
import Testing

@testable import ChuckCore

/// Declared sources for the tests: kinds that hold their own declaration, read from a config
/// text as `chuck` reads the config file, so that no test installs any in the process-wide
/// registry (``DeclaredSources``), which the tests running beside them read.
enum DeclaredTestKinds {
  /// The config file the declarations are said to come from.
  static let path = "/home/me/.config/chuck/config"

  /// The variables the declarations' headers name.
  static let environment = ["TEST_ARTICLES_TOKEN": "s3cret"]

  /// The declaration of `[sources.NAME]` in `text`, which must have no problem.
  /// - Parameters:
  ///   - name: the source's name.
  ///   - text: the config file's text.
  static func declaration(_ name: String, in text: String) -> SourceDeclaration {
    let (file, syntax) = ConfigFile.parse(Array(text.utf8))
    let (declarations, problems) = SourceDeclaration.declarations(
      in: file, path: path, environment: environment)
    guard syntax.isEmpty, problems.isEmpty,
      let declaration = declarations.first(where: { $0.name == name })
    else {
      fatalError("the test declaration of \(name) has problems: \(syntax + problems)")
    }
    return declaration
  }

  /// A feed like the Articles seed's, with every key: a summary, a date read and shown in the
  /// source's own format, an image, categories as an array, fields (one that matches nothing,
  /// one that is an object), by id, a search with a further parameter, and headers (one of them
  /// the User-Agent).
  static let articlesText = """
    # chuck's config

    [sources.test-articles]
    url = "http://127.0.0.1:9/articles"
    list = "/v3/latest"
    by-id = "/v3/items/{id}"
    search = "/v3/search?q={query}&limit=5"
    id = "/id"
    text = "/title"
    summary = "/description"
    date = "/release_date"
    date-parse = "%m/%d/%Y"
    date-format = "%a, %b %-d, '%y"
    image = "/image"
    categories = "/tags"
    title = "Test articles"
    label = "Articles"

    [sources.test-articles.fields]
    Description = "/description"
    Missing = "/nope"
    Author = "/author/name"
    Meta = "/meta"

    [sources.test-articles.headers]
    Authorization = "Bearer ${TEST_ARTICLES_TOKEN}"
    User-Agent = "articles-reader/1.0"
    X-Extra = "plain"
    """

  /// A service of single two-part jokes under a base URL with a path and a trailing slash: a
  /// random path with a query, by id in a path segment, a search in a query, categories as one
  /// string, a date without a summary; no headers.
  static let geekText = """
    [sources.test-geek]
    url = "http://127.0.0.1:9/geek/"
    random = "/random?lang=en"
    by-id = "/j/{id}"
    search = "/search?term={query}"
    id = "/id"
    setup = "/question"
    punchline = "/answer"
    categories = "/category"
    date = "/when"
    date-parse = "%Y-%m-%d"
    """

  /// A feed whose answer holds its items deeper (`items`), with string ids deep in each item,
  /// its setup and punchline in an array (labels by their pointers' numbers fall back), and a
  /// search; no date, summary, image nor categories.
  static let nestedText = """
    [sources.test-nested]
    url = "https://example.com"
    list = "/feed"
    items = "/data/items"
    search = "/find?q={query}"
    search-items = "/data/items"
    id = "/ref/code"
    setup = "/parts/0"
    punchline = "/parts/1"
    """

  /// The least a source declares: a random path, an id and a text; nothing else.
  static let bareText = """
    [sources.test-bare]
    url = "https://bare.example.com"
    random = "/one"
    id = "/id"
    text = "/lines/0"
    """
}

/// The Articles-like feed (``DeclaredTestKinds/articlesText``).
enum TestArticles: DeclaredShape {
  /// Unused: the declaration is the kind's own.
  static var slot: Int { 0 }
  /// Its own declaration.
  static let declaration = DeclaredTestKinds.declaration(
    "test-articles", in: DeclaredTestKinds.articlesText)
}

/// The service of single two-part jokes (``DeclaredTestKinds/geekText``).
enum TestGeek: DeclaredShape {
  /// Unused: the declaration is the kind's own.
  static var slot: Int { 1 }
  /// Its own declaration.
  static let declaration = DeclaredTestKinds.declaration(
    "test-geek", in: DeclaredTestKinds.geekText)
}

/// The feed with its items deeper (``DeclaredTestKinds/nestedText``).
enum TestNested: DeclaredShape {
  /// Unused: the declaration is the kind's own.
  static var slot: Int { 2 }
  /// Its own declaration.
  static let declaration = DeclaredTestKinds.declaration(
    "test-nested", in: DeclaredTestKinds.nestedText)
}

/// The least declared source (``DeclaredTestKinds/bareText``).
enum TestBare: DeclaredShape {
  /// Unused: the declaration is the kind's own.
  static var slot: Int { 3 }
  /// Its own declaration.
  static let declaration = DeclaredTestKinds.declaration(
    "test-bare", in: DeclaredTestKinds.bareText)
}

/// An article item as the service sends it.
/// - Parameters:
///   - id: its id (a number, as the seed sends it).
///   - title: its title.
///   - date: its `release_date`, `M/D/YYYY`.
func articleItem(
  id: Double = 1, title: String = "Realigned multimedia framework", date: String = "6/25/2018"
) -> [String: JSONValue] {
  [
    "id": .number(id), "title": .string(title),
    "description": .string("nisl aenean lectus pellentesque"),
    "release_date": .string(date), "image": .string("http://127.0.0.1:9/articles/images/1.png"),
    "tags": .array([.string("tech"), .number(3), .string("news")]),
    "author": .object(["name": .string("sfolley0@nhs.uk")]),
    "meta": .object(["words": .number(812), "draft": .bool(false)]),
  ]
}

/// A JSON value's text, for a scripted answer.
func jsonText(_ value: JSONValue) -> String {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
  return String(decoding: try! encoder.encode(value), as: UTF8.self)
}
