import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

extension ChuckNorrisIndexTests {
  /// Each accessor gives what JSONDecoder decodes from the same item.
  @Test func accessorsMatchDecoder() throws {
    let jokes = try Samples.realJokes() + Samples.madeUpJokes()
    try store.modify { (items: inout [ChuckJoke]) throws(ChuckError) in items = jokes }
    let saved = try SavedList<ChuckNorris>(store: store).saved()
    let decoded = try store.load()
    #expect(decoded == jokes)
    #expect(saved.count == decoded.count)
    for (position, joke) in decoded.enumerated() {
      #expect(try saved.joke(at: position) == joke)
      #expect(saved.id(at: position) == joke.id)
      #expect(Array(saved.text(at: position).unicodeScalars) == Array(joke.value.unicodeScalars))
      #expect(saved.created(at: position) == joke.created)
      #expect(saved.categories(at: position) == joke.categories)
    }
  }

  /// Values and categories written with every JSON escape decode to exactly their scalars.
  @Test func escapesDecodeExactly() throws {
    var object = fields()
    object["value"] = "VALUE"
    object["categories"] = ["CATEGORY", "plain"]
    let text = try json(object)
      .replacingOccurrences(
        of: "\"VALUE\"",
        with: #""a\nb\tc\"d\\e\/f\b\f\r \u00e9 \u00E9 \ud83d\ude00 \u001b[31m \u0000 é 😀 e\u0301""#
      )
      .replacingOccurrences(of: "\"CATEGORY\"", with: #""caf\u00e9\/\"x\"""#)
    let saved = try saved(items: [text])
    let expected = "a\nb\tc\"d\\e/f\u{08}\u{0C}\r é é 😀 \u{1B}[31m \u{0} é 😀 e\u{301}"
    #expect(Array(saved.text(at: 0).unicodeScalars) == Array(expected.unicodeScalars))
    #expect(saved.categories(at: 0) == ["café/\"x\"", "plain"])
    let joke = try saved.joke(at: 0)
    #expect(Array(joke.value.unicodeScalars) == Array(expected.unicodeScalars))
    #expect(joke.categories == ["café/\"x\"", "plain"])
  }

  /// `jsonArray` holds the items in the order asked, each parsing to the same object as in the file.
  @Test func jsonArrayRepeatsItems() throws {
    var generator = SeededGenerator(seed: 77)
    var objects: [[String: Any]] = []
    for index in 0..<12 {
      var object = fields(id: "item\(index)")
      object["value"] = "text \(index) \u{1B}]8;;x\u{07} é\n"
      if index % 2 == 0 { object["saved_at"] = ["nested": [1, 2.5, NSNull()]] }
      objects.append(object)
    }
    let items = try objects.map { try json($0) }
    let saved = try saved(items: items)
    for _ in 0..<10 {
      let positions = Array(
        saved.oldestFirst().shuffled(using: &generator).prefix(
          Int.random(in: 1...12, using: &generator)))
      let output = saved.jsonArray(positions)
      let text = String(decoding: output, as: UTF8.self)
      #expect(text.hasPrefix("[\n"))
      #expect(text.hasSuffix("\n]\n"))
      #expect(text.split(separator: "\n").count == positions.count + 2)
      let parsed = try #require(try JSONSerialization.jsonObject(with: Data(output)) as? NSArray)
      #expect(parsed.isEqual(to: positions.map { objects[$0] }))
      #expect(text == "[\n" + positions.map { items[$0] }.joined(separator: ",\n") + "\n]\n")
    }
    #expect(saved.jsonArray([]) == Array("[]\n".utf8))
  }

  /// `position(of:)` finds a whole id only; `positions(withPrefix:)` every id starting so.
  @Test func positionsByIDAndPrefix() throws {
    let ids = ["abcd", "abcdef", "abcdXY", "Abcd12", "zz-_9", "abc"]
    let saved = try saved(items: try ids.map { try json(fields(id: $0)) })
    #expect(saved.position(of: "abcd") == 0)
    #expect(saved.position(of: "abcdef") == 1)
    #expect(saved.position(of: "zz-_9") == 4)
    #expect(saved.position(of: "abcde") == nil)
    #expect(saved.position(of: "ABCD") == nil)
    #expect(saved.position(of: "") == nil)
    #expect(saved.position(of: "abcd\"") == nil)
    #expect(saved.positions(withPrefix: "abcd") == [0, 1, 2])
    #expect(saved.positions(withPrefix: "abc") == [0, 1, 2, 5])
    #expect(saved.positions(withPrefix: "abcde") == [1])
    #expect(saved.positions(withPrefix: "A") == [3])
    #expect(saved.positions(withPrefix: "zz-_9X").isEmpty)
    #expect(saved.positions(withPrefix: "") == Array(0..<ids.count))
    #expect(saved.positions(withPrefix: "é").isEmpty)
  }

  /// An item that `joke(at:)` cannot decode (lone surrogate, 1e400) is refused when read.
  @Test(arguments: [
    #""value":"\uD800 lone""#, #""value":"x","note":"\udc00""#, #""value":"x","n":1e400"#,
    #""value":"x","n":[-1e999]"#,
  ])
  func checkedItemsDecode(fragment: String) throws {
    var object = fields()
    object["value"] = nil
    let text = try json(object).dropLast() + "," + fragment + "}"
    try write(#"{"version":1,"items":["# + text + "]}")
    let raw = try store.loadRaw()
    let path = file.path
    do throws(ChuckError) {
      _ = try ChuckNorrisIndex(raw, path: path).joke(at: 0)
    } catch {
      guard case .storageCorrupt = error else {
        Issue.record("\(error)")
        return
      }
    }
  }

  /// An id or timestamp written with JSON escapes is read as the text it stands for.
  @Test func escapedIDAndTimestamp() throws {
    var object = fields(id: "IDX", created: "CREATED")
    object["updated_at"] = "2020-01-05 13:42:19"
    let text = try json(object)
      .replacingOccurrences(of: "\"IDX\"", with: #""abc\u0064""#)
      .replacingOccurrences(of: "\"CREATED\"", with: #""2020-01-05\u002013:42:19""#)
    let saved = try saved(items: [text])
    #expect(saved.id(at: 0) == "abcd")
    #expect(saved.position(of: "abcd") == 0)
    #expect(saved.created(at: 0) == PostgresTimestamp("2020-01-05 13:42:19"))
    #expect(try saved.joke(at: 0).id == "abcd")
  }

  /// A key given twice is refused, or read as `joke(at:)` reads it (list and show agree).
  @Test(arguments: ["id", "value", "created_at"])
  func repeatedKeyReadLikeDecoder(name: String) throws {
    let object = try json(fields(id: "first1"))
    let second = try json(
      name == "id" ? "second2" : name == "value" ? "other text" : "2001-01-01 00:00:00")
    try write(#"{"version":1,"items":["# + object.dropLast() + ",\"\(name)\":" + second + "}]}")
    let raw = try store.loadRaw()
    let saved: ChuckNorrisIndex
    do throws(ChuckError) {
      saved = try ChuckNorrisIndex(raw, path: file.path)
    } catch {
      guard case .storageCorrupt = error else { throw error }
      return
    }
    let joke = try saved.joke(at: 0)
    #expect(saved.id(at: 0) == joke.id)
    #expect(saved.text(at: 0) == joke.value)
    #expect(saved.created(at: 0) == joke.created)
    #expect(saved.position(of: joke.id) == 0)
  }

  /// `add` checks the saved items first: a corrupt item refuses it and the file stays as it was.
  @Test func addRefusesOverCorruptItem() throws {
    var bad = fields(id: "bad1")
    bad["updated_at"] = "not a time"
    let text = #"{"version":1,"items":["# + (try json(fields())) + "," + (try json(bad)) + "]}"
    try write(text)
    let collection = SavedList<ChuckNorris>(store: store)
    #expect(
      throws: ChuckError.storageCorrupt(
        path: file.path, reason: "item 2: 'updated_at' is not a timestamp")
    ) {
      try collection.add(try makeJoke(id: "new1"))
    }
    #expect(try Data(contentsOf: file) == Data(text.utf8))
  }

  /// `add` writes the items already saved back byte for byte, whatever their spelling.
  @Test func addKeepsSavedBytes() throws {
    var first = fields(id: "old1")
    first["saved_at"] = "2024-01-01"
    let original =
      "{ \"items\": [\n  " + (try json(first)).replacingOccurrences(of: ",", with: ", ")
      + "\n ], \"version\": 1 }\n"
    try write(original)
    let collection = SavedList<ChuckNorris>(store: store)
    #expect(try collection.add(try makeJoke(id: "new1", value: "é \u{1B}")) == 2)
    #expect(try collection.add(try makeJoke(id: "new2")) == 3)
    let raw = try store.loadRaw()
    let before = Array(original.utf8)
    let firstRange = try #require(raw.items.first)
    #expect(raw.bytes[firstRange].elementsEqual(before[firstRange]))
    #expect(raw.bytes.starts(with: before[..<firstRange.upperBound]))
    let saved = try collection.saved()
    #expect((0..<saved.count).map { saved.id(at: $0) } == ["old1", "new1", "new2"])
    #expect(saved.text(at: 1) == "é \u{1B}")
    #expect(throws: ChuckError.duplicate(id: "old1", preview: "Chuck Norris counts to infinit..."))
    {
      try collection.add(try makeJoke(id: "old1"))
    }
  }
}
