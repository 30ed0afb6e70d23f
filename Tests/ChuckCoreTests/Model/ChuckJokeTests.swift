import Foundation
import Testing

@testable import ChuckCore

@Suite struct ChuckJokeTests {
  private static let sevenKeys: Set<String> = [
    "categories", "created_at", "icon_url", "id", "updated_at", "url", "value",
  ]

  private func objects(_ data: Data) throws -> [[String: Any]] {
    try #require(JSONSerialization.jsonObject(with: data) as? [[String: Any]])
  }

  /// All 60 real sample jokes decode, each field equal to the text in the file.
  @Test func decodesRealSamples() throws {
    let data = try Samples.data("samples/jokes-sample.json")
    let jokes = try JSONDecoder().decode([ChuckJoke].self, from: data)
    let raw = try objects(data)
    #expect(jokes.count == 60)
    for (joke, object) in zip(jokes, raw) {
      #expect(joke.id == object["id"] as? String)
      #expect(joke.value == object["value"] as? String)
      #expect(joke.createdAt == object["created_at"] as? String)
      #expect(joke.updatedAt == object["updated_at"] as? String)
      #expect(joke.iconURL == object["icon_url"] as? String)
      #expect(joke.url == object["url"] as? String)
      #expect(joke.categories == object["categories"] as? [String])
      #expect(joke.extraFields.isEmpty)
      #expect(JokeID.isWellFormed(joke.id))
      #expect(joke.created == PostgresTimestamp(joke.createdAt))
    }
    #expect(jokes.contains { $0.value.count == 505 })
  }

  /// The made-up jokes (non-ASCII, several categories, odd whitespace) decode unchanged.
  @Test func decodesMadeUpJokes() throws {
    let data = try Samples.data("jokes-made-up.json")
    let jokes = try JSONDecoder().decode([ChuckJoke].self, from: data)
    let raw = try objects(data)
    #expect(jokes.count == 10)
    for (joke, object) in zip(jokes, raw) {
      #expect(joke.value == object["value"] as? String)
      #expect(joke.categories == object["categories"] as? [String])
    }
    let multi = try #require(jokes.first { $0.id == "mu1tiCat3gor1es_x-Y8zQ" })
    #expect(multi.categories == ["animal", "food", "science"])
    #expect(multi.created.microseconds % 1_000_000 == 1)
    #expect(jokes.contains { $0.id.hasPrefix("-") } && jokes.contains { $0.id.hasPrefix("_") })
  }

  /// Encoding then decoding keeps every string exactly, for every sample.
  @Test func roundTripKeepsStrings() throws {
    let jokes = try Samples.realJokes() + Samples.madeUpJokes()
    let encoded = try JSONEncoder().encode(jokes)
    let decoded = try JSONDecoder().decode([ChuckJoke].self, from: encoded)
    #expect(decoded == jokes)
    for (before, after) in zip(jokes, decoded) {
      #expect(Array(before.value.unicodeScalars) == Array(after.value.unicodeScalars))
      #expect(before.createdAt == after.createdAt && before.updatedAt == after.updatedAt)
    }
  }

  /// The encoded object has exactly the API's seven keys when there are no extra fields.
  @Test func encodesSevenKeys() throws {
    let joke = try makeJoke()
    let object = try #require(
      JSONSerialization.jsonObject(with: JSONEncoder().encode(joke)) as? [String: Any])
    #expect(Set(object.keys) == Self.sevenKeys)
    #expect(object["created_at"] as? String == "2020-01-05 13:42:19.104863")
  }

  /// Fields beyond the seven are kept through a decode and encode, whatever their JSON type.
  @Test func extraFieldsPreserved() throws {
    let text = """
      {"categories":[],"created_at":"2020-01-05 13:42:19","icon_url":"i","id":"abc",
       "updated_at":"2020-01-05 13:42:19","url":"u","value":"v",
       "saved_at":"2024-01-01 00:00:00","rank":3.5,"flag":true,"nothing":null,
       "tags":["a",1],"meta":{"k":{"deep":[false]}}}
      """
    let joke = try JSONDecoder().decode(ChuckJoke.self, from: Data(text.utf8))
    #expect(joke.extraFields["saved_at"] == .string("2024-01-01 00:00:00"))
    #expect(joke.extraFields["rank"] == .number(3.5))
    #expect(joke.extraFields["flag"] == .bool(true))
    #expect(joke.extraFields["nothing"] == .null)
    #expect(joke.extraFields["tags"] == .array([.string("a"), .number(1)]))
    #expect(joke.extraFields["meta"] == .object(["k": .object(["deep": .array([.bool(false)])])]))
    #expect(joke.extraFields.count == 6)
    let again = try JSONDecoder().decode(ChuckJoke.self, from: JSONEncoder().encode(joke))
    #expect(again == joke)
    #expect(again.extraFields == joke.extraFields)
  }

  /// An extra field named like one of the seven never overrides the real field when encoding.
  @Test func extraFieldCannotShadowKnownKey() throws {
    let joke = try makeJoke(
      value: "real", extraFields: ["value": .string("fake"), "other": .string("x")])
    let object = try #require(
      JSONSerialization.jsonObject(with: JSONEncoder().encode(joke)) as? [String: Any])
    #expect(object["value"] as? String == "real")
    #expect(object["other"] as? String == "x")
  }

  /// Each of the seven fields is required.
  @Test(arguments: ["categories", "created_at", "icon_url", "id", "updated_at", "url", "value"])
  func missingFieldRejected(key: String) throws {
    var object = try #require(
      JSONSerialization.jsonObject(with: Data(jokeJSON().utf8)) as? [String: Any])
    object[key] = nil
    let data = try JSONSerialization.data(withJSONObject: object)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(ChuckJoke.self, from: data) }
  }

  /// A field of the wrong JSON type is rejected.
  @Test(arguments: [
    ("categories", "\"dev\"" as String), ("categories", "[1]"), ("created_at", "1578231739"),
    ("icon_url", "null"), ("id", "42"), ("updated_at", "[]"), ("url", "{}"), ("value", "true"),
  ])
  func wrongTypeRejected(key: String, json: String) throws {
    var object = try #require(
      JSONSerialization.jsonObject(with: Data(jokeJSON().utf8)) as? [String: Any])
    object[key] = try JSONSerialization.jsonObject(
      with: Data(json.utf8), options: .fragmentsAllowed)
    let data = try JSONSerialization.data(withJSONObject: object)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(ChuckJoke.self, from: data) }
  }

  /// Impossible or malformed timestamps are rejected when decoding.
  @Test(arguments: ["2020-02-30 25:61:00", "2020-01-05T13:42:19Z", "yesterday", ""])
  func impossibleDateRejected(text: String) throws {
    let created = jokeJSON(createdAt: text)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(ChuckJoke.self, from: Data(created.utf8))
    }
    let updated = jokeJSON().replacingOccurrences(
      of: "\"updated_at\":\"2020-01-05 13:42:19.104863\"", with: "\"updated_at\":\"\(text)\"")
    #expect(updated != jokeJSON())
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(ChuckJoke.self, from: Data(updated.utf8))
    }
  }

  /// Ids that are empty, too long or hold unsafe characters are rejected when decoding.
  @Test(arguments: [
    "", String(repeating: "a", count: 65), "has space", "semi;colon", "slash/id", "\u{1B}[31m",
    "caf\u{E9}", "dot.dot", "new\nline",
  ])
  func malformedIDRejected(id: String) {
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(ChuckJoke.self, from: Data(jokeJSON(id: id).utf8))
    }
  }

  /// Ids of 1 to 64 safe characters are accepted when decoding, for future id lengths.
  @Test(arguments: ["a", "_", "-x-", String(repeating: "Z9_-", count: 16)])
  func lenientIDAccepted(id: String) throws {
    let joke = try JSONDecoder().decode(ChuckJoke.self, from: Data(jokeJSON(id: id).utf8))
    #expect(joke.id == id)
  }

  /// A well-formed id is exactly 22 characters of `[A-Za-z0-9_-]`.
  @Test(arguments: [
    ("7ver3y48qqsfktpelir7ua", true), ("-aE7mojiZWJflags0x9Kq2", true),
    ("_combiningMarks0Xy7Tz1", true), ("ABCDEFGHIJKLMNOPQRSTUV", true),
    ("0123456789_-0123456789", true), ("7ver3y48qqsfktpelir7u", false),
    ("7ver3y48qqsfktpelir7uaa", false), ("7ver3y48qqsfktpelir7u.", false),
    ("7ver3y48qqsfktpelir7u ", false), ("7ver3y48qqsfktpelir7\u{E9}", false),
    ("", false), ("7ver3y48qqsfktpelir7u/", false), ("7ver3y48qqsfktpelir7u\u{0}", false),
  ])
  func wellFormedID(id: String, expected: Bool) {
    #expect(JokeID.isWellFormed(id) == expected)
  }

  /// The memberwise init fills updated_at, url and icon from the id and created_at.
  @Test func initDefaults() throws {
    let joke = try ChuckJoke(id: "abcd", value: "v", createdAt: "2020-01-05 13:42:19")
    #expect(joke.updatedAt == "2020-01-05 13:42:19")
    #expect(joke.updated == joke.created)
    #expect(joke.url == "https://api.chucknorris.io/jokes/abcd")
    #expect(joke.iconURL == "https://api.chucknorris.io/img/avatar/chuck-norris.png")
    #expect(joke.categories.isEmpty)
    let explicit = try ChuckJoke(
      id: "abcd", value: "v", categories: ["x"], createdAt: "2020-01-05 13:42:19",
      updatedAt: "2021-01-05 13:42:19", iconURL: "i", url: "u", extraFields: ["k": .null])
    #expect(explicit.updated > explicit.created)
    #expect(explicit.url == "u" && explicit.iconURL == "i" && explicit.extraFields == ["k": .null])
  }

  /// The memberwise init throws `badResponse` for a malformed id or timestamp.
  @Test func initThrows() {
    #expect(throws: ChuckError.badResponse("the joke id 'no way' is malformed")) {
      try ChuckJoke(id: "no way", value: "v", createdAt: "2020-01-05 13:42:19")
    }
    let badTime = ChuckError.badResponse(
      "a joke timestamp is not of the form yyyy-MM-dd HH:mm:ss")
    #expect(throws: badTime) {
      try ChuckJoke(id: "abcd", value: "v", createdAt: "2020-02-30 00:00:00")
    }
    #expect(throws: badTime) {
      try ChuckJoke(
        id: "abcd", value: "v", createdAt: "2020-01-05 13:42:19", updatedAt: "later")
    }
  }

  /// Jokes differ when any one field differs, extra fields included.
  @Test func equality() throws {
    let joke = try makeJoke()
    #expect(joke == (try makeJoke()))
    #expect(joke != (try makeJoke(id: "7ver3y48qqsfktpelir7ub")))
    #expect(joke != (try makeJoke(value: "other")))
    #expect(joke != (try makeJoke(categories: [])))
    #expect(joke != (try makeJoke(createdAt: "2020-01-05 13:42:19.10486")))
    #expect(joke != (try makeJoke(url: "https://elsewhere.example/")))
    #expect(joke != (try makeJoke(iconURL: "x")))
    #expect(joke != (try makeJoke(updatedAt: "2020-01-05 13:42:19.104864")))
    #expect(joke != (try makeJoke(extraFields: ["saved_at": .string("now")])))
  }
}
