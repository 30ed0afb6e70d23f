import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

@Suite struct ServiceJokeTests {
  let savedAt = PostgresTimestamp("2026-11-23 10:51:41.123456")!

  private func object(_ relativePath: String) throws -> [String: JSONValue] {
    try JSONDecoder().decode([String: JSONValue].self, from: Samples.data(relativePath))
  }

  private func object(json: String) throws -> [String: JSONValue] {
    try JSONDecoder().decode([String: JSONValue].self, from: Data(json.utf8))
  }

  /// The real samples of each service are read, every field kept, `saved_at` added to the
  /// second; Switter's joke gets the id made from its text.
  @Test func realSamples() throws {
    let dad = try DadJoke(received: object("samples/icanhazdadjoke-random.json"), savedAt: savedAt)
    #expect(dad.id == "R7UfaahVfFd")
    #expect(dad.text.hasPrefix("My dog used to chase people on a bike"))
    #expect(dad.punchline == nil)
    #expect(dad.object["status"] == .number(200))
    #expect(dad.object["saved_at"] == .string("2026-11-23 10:51:41"))
    #expect(dad.savedAt == PostgresTimestamp("2026-11-23 10:51:41"))

    let official = try OfficialJoke(
      received: object("samples/official-joke-api-random_joke.json"), savedAt: savedAt)
    #expect(official.id == "1")
    #expect(official.text == "What did the fish say when it hit the wall?")
    #expect(official.punchline == "Dam.")
    #expect(official.object["type"] == .string("general"))
    #expect(official.object["id"] == .number(1))

    let switter = try SwitterJoke(received: object("samples/switter-joke.json"), savedAt: savedAt)
    #expect(switter.text == "This is a joke")
    #expect(switter.id == TextID.make("This is a joke"))
    #expect(switter.object["id"] == .string(switter.id))
  }

  /// Saved through `NetworkCache`, each kind reads back equal, as the service sent it plus
  /// `saved_at` (and Switter's `id`), keys sorted.
  @Test func roundTripThroughNetworkCache() throws {
    let root = try TemporaryDirectory.make(prefix: "service-jokes")
    let dad = try DadJoke(received: object("samples/icanhazdadjoke-random.json"), savedAt: savedAt)
    let dadStore = NetworkCache<DadJoke>(fileURL: root.appendingPathComponent("dad-jokes.json"))
    #expect(try dadStore.append(dad) == 1)
    #expect(try dadStore.load() == [dad])
    let file = try JSONSerialization.jsonObject(with: Data(contentsOf: dadStore.fileURL))
    let item = ((file as? [String: Any])?["items"] as? [[String: Any]])?.first
    #expect(item?.keys.sorted() == ["id", "joke", "saved_at", "status"])
    #expect(item?["saved_at"] as? String == "2026-11-23 10:51:41")
    #expect(item?["status"] as? Int == 200)

    let official = try OfficialJoke(
      received: object("samples/official-joke-api-random_joke.json"), savedAt: savedAt)
    let officialStore = NetworkCache<OfficialJoke>(
      fileURL: root.appendingPathComponent("official-jokes.json"))
    _ = try officialStore.append(official)
    #expect(try officialStore.load() == [official])
    #expect(try String(contentsOf: officialStore.fileURL, encoding: .utf8).contains(#""id":1,"#))

    let switter = try SwitterJoke(
      received: object(json: #"{"content":"Caf\u00e9"}"#), savedAt: savedAt)
    let switterStore = NetworkCache<SwitterJoke>(
      fileURL: root.appendingPathComponent("switter-jokes.json"))
    _ = try switterStore.append(switter)
    let loaded = try switterStore.load()
    #expect(loaded == [switter])
    #expect(loaded.first?.id == TextID.make("Cafe\u{301}"))
  }

  /// An answer without the text, the punchline or an id that `chuck` accepts is a bad response,
  /// naming the field; a list item without `saved_at` is a corrupt list.
  @Test func missingFieldsAreRefused() throws {
    let cases: [(String, (([String: JSONValue]) throws(ChuckError) -> Void))] = [
      (
        #"{"id":"abc","status":200}"#,
        { o throws(ChuckError) in _ = try DadJoke(received: o, savedAt: savedAt) }
      ),
      (
        #"{"id":"a b","joke":"x"}"#,
        { o throws(ChuckError) in _ = try DadJoke(received: o, savedAt: savedAt) }
      ),
      (
        #"{"id":1,"setup":"x"}"#,
        { o throws(ChuckError) in _ = try OfficialJoke(received: o, savedAt: savedAt) }
      ),
      (
        #"{"id":1.5,"setup":"x","punchline":"y"}"#,
        { o throws(ChuckError) in _ = try OfficialJoke(received: o, savedAt: savedAt) }
      ),
      (
        #"{"id":"1","setup":"x","punchline":"y"}"#,
        { o throws(ChuckError) in _ = try OfficialJoke(received: o, savedAt: savedAt) }
      ),
      (
        #"{"content":5}"#,
        { o throws(ChuckError) in _ = try SwitterJoke(received: o, savedAt: savedAt) }
      ),
    ]
    for (json, make) in cases {
      let object = try object(json: json)
      #expect(throws: ChuckError.self, "\(json)") { try make(object) }
      do throws(ChuckError) {
        try make(object)
      } catch {
        guard case .badResponse = error else {
          Issue.record("\(json): \(error)")
          continue
        }
      }
    }
    let noSavedAt = Data(#"[{"id":"R7UfaahVfFd","joke":"x"}]"#.utf8)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([DadJoke].self, from: noSavedAt)
    }
  }

  /// Each source's names, files, variables and abilities.
  @Test func sources() throws {
    #expect(
      JokeSource.allCases.map(\.name) == ["chuck", "dad", "official", "switter", "jokeapi", "mine"])
    #expect(
      JokeSource.allCases.map(\.listFileName)
        == [
          "jokes.json", "dad-jokes.json", "official-jokes.json", "switter-jokes.json",
          "jokeapi-jokes.json", "my-jokes.json",
        ])
    #expect(
      JokeSource.allCases.map(\.baseURLVariable?.name)
        == [
          "CHUCK_API_URL", "CHUCK_DAD_API_URL", "CHUCK_OFFICIAL_API_URL", "CHUCK_SWITTER_API_URL",
          "CHUCK_JOKEAPI_URL", nil,
        ])
    #expect(JokeSource.allCases.filter { !$0.hasService } == [.mine])
    #expect(JokeSource.allCases.filter(\.canSearch) == [.chuck, .dad, .jokeapi])
    #expect(JokeSource.allCases.filter(\.canFetchByID) == [.chuck, .dad, .official, .jokeapi])
    #expect(JokeSource.allCases.filter(\.hasCategories) == [.chuck, .jokeapi])
    #expect(JokeSource.names == "chuck, dad, official, switter, jokeapi, mine")
    #expect(ICanHazDadJoke.source == .dad && OfficialJokeAPI.source == .official)
    #expect(Switter.source == .switter)
  }
}
