import Foundation
import Testing

@testable import ChuckCore

/// `JokeAPI`, the fifth kind: its two joke shapes, its requests and its answers.
@Suite struct JokeAPIKindTests {
  private let single: [String: JSONValue] = [
    "error": .bool(false), "category": .string("Programming"), "type": .string("single"),
    "joke": .string("A single joke."), "id": .number(41), "safe": .bool(true),
    "lang": .string("en"),
  ]
  private let twoPart: [String: JSONValue] = [
    "error": .bool(false), "category": .string("Pun"), "type": .string("twopart"),
    "setup": .string("Why?"), "delivery": .string("Because."), "id": .number(55),
    "safe": .bool(true), "lang": .string("en"),
  ]
  private let now = PostgresTimestamp("2026-11-24 10:00:00")!

  /// A single joke's text is `joke`; a two-part joke's are `setup` and `delivery`, shown in
  /// that order after `saved_at`; the category is its one category; the id its digits.
  @Test func jokeShapes() throws {
    let one = try ServiceJoke<JokeAPI>(received: single, savedAt: now)
    #expect(one.id == "41" && one.text == "A single joke." && one.punchline == nil)
    #expect(one.categories == ["Programming"])
    let two = try ServiceJoke<JokeAPI>(received: twoPart, savedAt: now)
    #expect(two.text == "Why?" && two.punchline == "Because.")
    #expect(two.detailFields.prefix(3).map(\.label) == ["saved_at", "setup", "delivery"])
    #expect(!two.detailFields.map(\.label).contains("joke"))
    var broken = twoPart
    broken["delivery"] = nil
    #expect(throws: ChuckError.badResponse("'delivery' missing or not text")) {
      try ServiceJoke<JokeAPI>(received: broken, savedAt: now)
    }
    #expect(JokeAPI.isFullID("5") && JokeAPI.isFullID("299") && !JokeAPI.isFullID("2a"))
  }

  /// `"error": true` is no joke, whatever the status it came with.
  @Test func errorObjects() {
    #expect(JokeAPI.isNoJoke(["error": .bool(true), "code": .number(106)]))
    #expect(!JokeAPI.isNoJoke(single))
    #expect(JokeAPI.noJokeStatuses == [400])
    #expect(ICanHazDadJoke.noJokeStatuses.isEmpty)
  }

  /// Random jokes and searches ask with a bare `safe-mode` unless `CHUCK_JOKEAPI_SAFE=0`; a
  /// joke by id never does; another value of the variable is refused.
  @Test func requests() throws {
    let base = BaseURL(URL(string: "https://v2.jokeapi.dev")!)
    let random = try JokeAPI.randomRequest(category: nil, environment: [:])
    #expect(
      base.appending(random.path, query: random.query).absoluteString
        == "https://v2.jokeapi.dev/joke/Any?safe-mode")
    let pun = try JokeAPI.randomRequest(category: "Pun", environment: ["CHUCK_JOKEAPI_SAFE": "1"])
    #expect(
      base.appending(pun.path, query: pun.query).absoluteString.hasSuffix("/joke/Pun?safe-mode"))
    let off = try JokeAPI.randomRequest(category: nil, environment: ["CHUCK_JOKEAPI_SAFE": "0"])
    #expect(off.query.isEmpty)
    #expect(
      throws: ChuckError.invalidEnvironment(
        variable: "CHUCK_JOKEAPI_SAFE", value: "on", expected: "0 (off) or 1 (on)")
    ) {
      try JokeAPI.randomRequest(category: nil, environment: ["CHUCK_JOKEAPI_SAFE": "on"])
    }
    let jokeRequest = try #require(JokeAPI.jokeRequest)
    let byID = jokeRequest("55")
    #expect(
      base.appending(byID.path, query: byID.query).absoluteString
        == "https://v2.jokeapi.dev/joke/Any?idRange=55")
    let searchRequest = try #require(JokeAPI.searchRequest)
    let search = try searchRequest("a b&c", [:])
    #expect(
      base.appending(search.path, query: search.query).absoluteString
        == "https://v2.jokeapi.dev/joke/Any?contains=a%20b%26c&amount=10&safe-mode")
    #expect(JokeAPI.settings.map(\.name) == ["CHUCK_JOKEAPI_SAFE"])
    #expect(EnvironmentVariable.all.map(\.name).contains("CHUCK_JOKEAPI_SAFE"))
  }

  /// A search answer holds several jokes under `jokes`, or is one bare joke.
  @Test func searchAnswers() throws {
    let page = JSONValue.object([
      "error": .bool(false), "amount": .number(2),
      "jokes": .array([.object(single), .object(twoPart)]),
    ])
    #expect(try JokeAPI.searchResults(in: page).map { $0["id"] } == [.number(41), .number(55)])
    #expect(try JokeAPI.searchResults(in: .object(single)) == [single])
    #expect(throws: ChuckError.self) { try JokeAPI.searchResults(in: .array([])) }
    #expect(throws: ChuckError.self) {
      try JokeAPI.searchResults(in: .object(["jokes": .array([.string("x")])]))
    }
  }

  /// The category names, without `Any` (every category).
  @Test func categoryNames() throws {
    let answer = JSONValue.object([
      "error": .bool(false),
      "categories": .array([.string("Any"), .string("Misc"), .string("Programming")]),
    ])
    #expect(try JokeAPI.categoryNames(in: answer) == ["Misc", "Programming"])
    #expect(throws: ChuckError.self) { try JokeAPI.categoryNames(in: .object([:])) }
  }

  /// icanhazdadjoke's search page: `results`, each an object.
  @Test func dadSearchPage() throws {
    let joke = JSONValue.object(["id": .string("R7UfaahVfFd"), "joke": .string("x")])
    #expect(
      try ICanHazDadJoke.searchResults(in: .object(["results": .array([joke])])).count == 1)
    #expect(throws: ChuckError.self) { try ICanHazDadJoke.searchResults(in: .object([:])) }
    #expect(throws: ChuckError.self) {
      try ICanHazDadJoke.searchResults(in: .object(["results": .array([.number(1)])]))
    }
  }
}
