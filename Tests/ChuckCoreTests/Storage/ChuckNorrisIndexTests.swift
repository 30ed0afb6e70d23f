import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

@Suite struct ChuckNorrisIndexTests {
  let file: URL

  init() throws {
    file = try TemporaryDirectory.make(prefix: "saved-jokes").appendingPathComponent("jokes.json")
  }

  var store: NetworkCache<ChuckJoke> { NetworkCache(fileURL: file) }

  func write(_ text: String) throws {
    try Data(text.utf8).write(to: file)
  }

  /// Writes a list of these items, each a JSON text, and reads it back as saved jokes.
  func saved(items: [String]) throws -> ChuckNorrisIndex {
    try write(#"{"version":1,"items":["# + items.joined(separator: ",") + "]}")
    return try ChuckNorrisIndex(try store.loadRaw(), path: file.path)
  }

  /// A joke object with the seven fields, as a dictionary to take apart.
  func fields(id: String = "abcd1234", created: String = "2020-01-05 13:42:19.104863")
    -> [String: Any]
  {
    [
      "categories": ["dev"], "created_at": created,
      "icon_url": "https://api.chucknorris.io/img/avatar/chuck-norris.png", "id": id,
      "updated_at": created, "url": "https://api.chucknorris.io/jokes/\(id)",
      "value": "Chuck Norris counts to infinity. Twice.",
    ]
  }

  func json(_ object: Any) throws -> String {
    String(
      decoding: try JSONSerialization.data(
        withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed]),
      as: UTF8.self)
  }

  /// Expects the list with `bad` as its second item to be refused with `reason`.
  func expectCorrupt(
    _ bad: String, _ reason: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let good = try json(fields(id: "good1"))
    #expect(
      throws: ChuckError.storageCorrupt(path: file.path, reason: "item 2: \(reason)"),
      sourceLocation: sourceLocation
    ) {
      try saved(items: [good, bad, good])
    }
  }

  /// An item without one of the seven joke fields is corrupt, its number named.
  @Test(arguments: ["categories", "created_at", "icon_url", "id", "updated_at", "url", "value"])
  func missingField(name: String) throws {
    var object = fields()
    object[name] = nil
    object["saved_at"] = "2024-01-01 00:00:00"
    try expectCorrupt(try json(object), "missing \(name)")
  }

  /// A field of the wrong type is corrupt, and the reason names the field.
  @Test(arguments: [
    ("created_at", "1", "'created_at' is not a timestamp"),
    ("updated_at", "null", "'updated_at' is not a timestamp"),
    ("id", "5", "'id' is not a string"),
    ("id", "[\"abcd\"]", "'id' is not a string"),
    ("value", "[]", "'value' is not a string"),
    ("value", "null", "'value' is not a string"),
    ("icon_url", "{}", "'icon_url' is not a string"),
    ("url", "true", "'url' is not a string"),
    ("categories", "\"dev\"", "'categories' is not an array"),
    ("categories", "{\"0\":\"dev\"}", "'categories' is not an array"),
    ("categories", "[\"dev\",1]", "a category is not a string"),
    ("categories", "[null]", "a category is not a string"),
  ])
  func wrongType(name: String, value: String, reason: String) throws {
    let object = try json(fields())
    let replaced = object.replacingOccurrences(
      of: #"(?<="\#(name)":)(\[[^\]]*\]|"[^"]*")"#, with: value, options: .regularExpression)
    #expect(replaced != object)
    try expectCorrupt(replaced, reason)
  }

  /// Timestamps not of the API's form, or naming impossible instants, are corrupt.
  @Test(arguments: [
    ("created_at", "2020-02-30 00:00:00"), ("created_at", "2020-01-05"),
    ("created_at", "2020-01-05 13:42:19Z"), ("created_at", ""), ("created_at", "yesterday"),
    ("created_at", "2020-01-05 24:00:00"), ("created_at", "2020-01-05 13:42:19.1234567"),
    ("updated_at", "2019-02-29 10:00:00"), ("updated_at", "2020-13-01 00:00:00"),
  ])
  func badTimestamp(name: String, value: String) throws {
    var object = fields()
    object[name] = value
    try expectCorrupt(try json(object), "'\(name)' is not a timestamp")
  }

  /// Ids that are not 1 to 64 characters of `[A-Za-z0-9_-]` are corrupt.
  @Test(arguments: ["", "has space", "a/b", "../x", "é1234", String(repeating: "a", count: 65)])
  func badID(id: String) throws {
    var object = fields()
    object["id"] = id
    try expectCorrupt(try json(object), "'id' is not a joke id")
  }

  /// An item that is not an object is corrupt; the first bad item is the one named.
  @Test func notAnObjectAndNumbering() throws {
    try expectCorrupt("\"a joke\"", "not an object")
    try expectCorrupt("[]", "not an object")
    try expectCorrupt("null", "not an object")
    let good = try json(fields())
    var late = fields()
    late["id"] = 7
    #expect(
      throws: ChuckError.storageCorrupt(path: file.path, reason: "item 5: 'id' is not a string")
    ) {
      try saved(items: [good, good, good, good, try json(late), "1"])
    }
  }

  /// Fields beyond the seven are tolerated whatever they hold, nested joke-like keys included.
  @Test func extraFieldsTolerated() throws {
    var object = fields()
    object["saved_at"] = "2024-01-01 00:00:00"
    object["meta"] = ["id": 5, "value": ["x"], "created_at": NSNull()]
    object["rating"] = 4.5
    object["ünïcode key"] = [[[], [:]]]
    let saved = try saved(items: [try json(object)])
    #expect(saved.count == 1)
    #expect(saved.id(at: 0) == "abcd1234")
    #expect(try saved.joke(at: 0).extraFields["rating"] == .number(4.5))
  }

  /// No file, or an empty list, is no jokes.
  @Test func emptyList() throws {
    let none = try ChuckNorrisIndex(try store.loadRaw(), path: file.path)
    #expect(none.count == 0)
    #expect(none.oldestFirst().isEmpty)
    #expect(none.jsonArray([]) == Array("[]\n".utf8))
    #expect(none.position(of: "abcd") == nil)
    let empty = try saved(items: [])
    #expect(empty.count == 0)
    #expect(empty.positions(withPrefix: "").isEmpty)
  }

  /// Random jokes with many equal timestamps.
  func randomJokes(_ generator: inout SeededGenerator, count: Int) throws -> [ChuckJoke] {
    let stamps = [
      "2020-01-05 13:42:19.104863", "2020-01-05 13:42:19.10486", "2020-01-05 13:42:19",
      "2016-05-01 10:51:41", "2021-12-31 23:59:59.999999", "1969-12-31 23:59:59.5",
      "2020-01-05 13:42:19.104864",
    ]
    return try (0..<count).map { index in
      try makeJoke(
        id: "id\(index)_\(UInt32.random(in: 0...UInt32.max, using: &generator))",
        value: "joke \(index) \u{e9}\n\"\\",
        categories: index % 3 == 0 ? [] : ["dev", "c\(index % 4)"],
        createdAt: stamps.randomElement(using: &generator)!)
    }
  }

  /// `oldestFirst` orders as `SavedList`'s order does, ties in saved order.
  @Test func oldestFirstMatchesArraySort() throws {
    var generator = SeededGenerator(seed: 2024)
    for round in 0..<25 {
      let jokes = try randomJokes(&generator, count: Int.random(in: 0...60, using: &generator))
      try store.modify { (items: inout [ChuckJoke]) throws(ChuckError) in items = jokes }
      let saved = try SavedList<ChuckNorris>(store: store).saved()
      #expect(saved.count == jokes.count)
      let order = saved.oldestFirst()
      #expect(
        order.map { saved.id(at: $0) } == JokeOrder.oldestFirst(jokes).map(\.id),
        "round \(round)")
      #expect(order.map { saved.created(at: $0) } == order.map { jokes[$0].created })
    }
  }
}
