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

  /// A joke in another language than English has its language in its id; an English one
  /// keeps its bare number.
  @Test func idsByLanguage() {
    #expect(JokeAPI.id(in: ["id": .number(2), "lang": .string("fr")], text: "") == "fr-2")
    #expect(JokeAPI.id(in: ["id": .number(2), "lang": .string("en")], text: "") == "2")
    #expect(JokeAPI.id(in: ["id": .number(2)], text: "") == "2")
    #expect(JokeAPI.id(in: ["id": .number(2), "lang": .string("f/")], text: "") == nil)
    #expect(JokeAPI.isFullID("fr-2") && JokeAPI.isFullID("2"))
    #expect(!JokeAPI.isFullID("fr-") && !JokeAPI.isFullID("fr-02") && !JokeAPI.isFullID("x-2"))
  }

  /// Random jokes and searches ask with a bare `safe-mode` unless the settings turn it off; a
  /// joke by id never does.
  @Test func requests() throws {
    let base = BaseURL(URL(string: "https://v2.jokeapi.dev")!)
    let random = try JokeAPI.randomRequest(category: nil, settings: ServiceSettings())
    #expect(
      base.appending(random.path, query: random.query).absoluteString
        == "https://v2.jokeapi.dev/joke/Any?safe-mode")
    let pun = try JokeAPI.randomRequest(
      category: "Pun", settings: ServiceSettings(jokeAPISafe: true))
    #expect(
      base.appending(pun.path, query: pun.query).absoluteString.hasSuffix("/joke/Pun?safe-mode"))
    let off = try JokeAPI.randomRequest(
      category: nil, settings: ServiceSettings(jokeAPISafe: false))
    #expect(off.query.isEmpty)
    let jokeRequest = try #require(JokeAPI.jokeRequest)
    let byID = jokeRequest("55")
    #expect(
      base.appending(byID.path, query: byID.query).absoluteString
        == "https://v2.jokeapi.dev/joke/Any?idRange=55")
    let french = jokeRequest("fr-2")
    #expect(
      base.appending(french.path, query: french.query).absoluteString
        == "https://v2.jokeapi.dev/joke/Any?idRange=2&lang=fr")
    let searchRequest = try #require(JokeAPI.searchRequest)
    let search = try searchRequest("a b&c", ServiceSettings())
    #expect(
      base.appending(search.path, query: search.query).absoluteString
        == "https://v2.jokeapi.dev/joke/Any?contains=a%20b%26c&amount=10&safe-mode")
    #expect(Setting.named("jokeapi-safe")?.variable == JokeAPI.safeModeVariable)
    #expect(EnvironmentVariable.all.map(\.name).contains("CHUCK_JOKEAPI_SAFE"))
  }

  /// `lang=` goes to JokeAPI alone, for one of its languages (lower-cased), after `safe-mode`;
  /// a language it lacks, or none, sends nothing (English). The other kinds have English; your
  /// own jokes have none.
  @Test func languages() throws {
    let base = BaseURL(URL(string: "https://v2.jokeapi.dev")!)
    func url(_ category: String?, _ settings: ServiceSettings) throws -> String {
      let request = try JokeAPI.randomRequest(category: category, settings: settings)
      return base.appending(request.path, query: request.query).absoluteString
    }
    #expect(JokeAPI.languages == ["cs", "de", "en", "es", "fr", "pt"])
    #expect(
      try url(nil, ServiceSettings(language: "fr"))
        == "https://v2.jokeapi.dev/joke/Any?safe-mode&lang=fr")
    #expect(
      try url("Pun", ServiceSettings(jokeAPISafe: false, language: "DE"))
        == "https://v2.jokeapi.dev/joke/Pun?lang=de")
    #expect(try url(nil, ServiceSettings(language: "en")).hasSuffix("?safe-mode&lang=en"))
    for absent in ["sv", "c", "", "french", nil] as [String?] {
      #expect(try url(nil, ServiceSettings(language: absent)).hasSuffix("/joke/Any?safe-mode"))
      #expect(JokeAPI.requestLanguage(ServiceSettings(language: absent)) == nil)
    }
    let searchRequest = try #require(JokeAPI.searchRequest)
    let search = try searchRequest("chat", ServiceSettings(language: "fr"))
    #expect(search.query.map(\.name) == ["contains", "amount", "safe-mode", "lang"])
    #expect(ServiceSettings(jokeAPISafe: false, language: "fr").inEnglish.language == nil)
    #expect(!ServiceSettings(jokeAPISafe: false, language: "fr").inEnglish.jokeAPISafe)

    let french = ServiceSettings(language: "fr")
    for kind in [ChuckNorris.self, ICanHazDadJoke.self, OfficialJokeAPI.self, Switter.self]
      as [any JokeKind.Type]
    {
      #expect(kind.languages == ["en"])
      #expect(kind.requestLanguage(french) == nil)
      let request = try kind.randomRequest(category: nil, settings: french)
      #expect(!request.query.contains { $0.name == "lang" })
    }
    let dad = try #require(ICanHazDadJoke.searchRequest)
    #expect(try !dad("bike", french).query.contains { $0.name == "lang" })
    #expect(Mine.languages.isEmpty && JokeSource.mine.languages.isEmpty)
    #expect(JokeSource.jokeapi.languages == JokeAPI.languages)
    #expect(
      LanguageFallback(source: .jokeapi, language: "fr").note
        == "JokeAPI has no joke in fr that fits; here is one in English")
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
