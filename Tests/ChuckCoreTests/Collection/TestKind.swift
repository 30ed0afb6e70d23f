import ChuckTestSupport
import Foundation

@testable import ChuckCore

/// A kind of joke the tests can make jokes of: every suite parameterised over the sources runs
/// its generic checks on each kind through ``JokeSource/testKind``.
protocol TestKind: JokeKind {
  /// A joke of this kind.
  /// - Parameters:
  ///   - id: its id; digits only, so that it is an id of every kind.
  ///   - text: its text (a two-part joke's setup).
  ///   - date: the date the list shows and sorts by (`created_at`, else `saved_at`).
  static func joke(id: String, text: String, date: String) throws -> Joke
}

extension ChuckNorris: TestKind {
  static func joke(id: String, text: String, date: String) throws -> ChuckJoke {
    try makeJoke(id: id, value: text, categories: ["dev"], createdAt: date)
  }
}

extension ICanHazDadJoke: TestKind {
  static func joke(id: String, text: String, date: String) throws -> DadJoke {
    try DadJoke(
      received: ["id": .string(id), "joke": .string(text), "status": .number(200)],
      savedAt: PostgresTimestamp(date)!)
  }
}

extension OfficialJokeAPI: TestKind {
  static func joke(id: String, text: String, date: String) throws -> OfficialJoke {
    try OfficialJoke(
      received: [
        "id": .number(Double(id)!), "type": .string("general"), "setup": .string(text),
        "punchline": .string("The punchline of \(id)."),
      ], savedAt: PostgresTimestamp(date)!)
  }
}

extension Switter: TestKind {
  static func joke(id: String, text: String, date: String) throws -> SwitterJoke {
    // Switter sends no id; one already stored (as a saved item has) is kept.
    try SwitterJoke(
      received: ["id": .string(id), "content": .string(text)], savedAt: PostgresTimestamp(date)!)
  }
}

extension JokeAPI: TestKind {
  static func joke(id: String, text: String, date: String) throws -> ServiceJoke<JokeAPI> {
    try ServiceJoke(
      received: [
        "error": .bool(false), "category": .string("Programming"), "type": .string("twopart"),
        "setup": .string(text), "delivery": .string("The delivery of \(id)."),
        "id": .number(Double(id)!), "safe": .bool(true), "lang": .string("en"),
      ], savedAt: PostgresTimestamp(date)!)
  }
}

extension Mine: TestKind {
  static func joke(id: String, text: String, date: String) throws -> MyJoke {
    // An id already stored (as a saved item has) is kept, as for Switter.
    try MyJoke(
      received: ["id": .string(id), "joke": .string(text)], savedAt: PostgresTimestamp(date)!)
  }
}

extension JokeSource {
  /// The source's kind, as the tests make jokes of it.
  var testKind: any TestKind.Type {
    get throws {
      // Every kind is a test kind: a new source fails here until the tests can make its jokes.
      try kind as! any TestKind.Type
    }
  }
}

/// A saved list of one kind in a temporary folder, with its file.
struct TestList<Kind: TestKind> {
  let file: URL
  let list: SavedList<Kind>

  init(_ kind: Kind.Type) throws {
    file = try TemporaryDirectory.make(prefix: "saved-list-\(Kind.source.name)")
      .appendingPathComponent(Kind.source.listFileName)
    list = SavedList(store: NetworkCache(fileURL: file))
  }

  /// Saves jokes with these ids, each with the text `joke <id>` and the same date.
  @discardableResult
  func save(_ ids: [String], date: String = "2020-01-05 13:42:19") throws -> [Kind.Joke] {
    try ids.map { id in
      let joke = try Kind.joke(id: id, text: "joke \(id)", date: date)
      _ = try list.add(joke)
      return joke
    }
  }

  /// The saved ids, in saved order.
  var ids: [String] { get throws { try list.saved().ids } }
}
