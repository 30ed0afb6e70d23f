import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

/// The one client (``ServiceClient``) of the other services, against the fake's `/dad`,
/// `/official`, `/switter` and `/jokeapi` (Chuck Norris jokes': ``ChuckNorrisRequestsTests``).
@Suite struct ServiceClientTests {
  static let savedAt = PostgresTimestamp("2026-11-23 10:51:41")!
  static let device = "0f0e0d0c-0b0a-4908-8706-050403020100"

  private func api<Shape: JokeShape>(
    _ fake: FakeAPI, _ prefix: String, as shape: Shape.Type,
    policy: RetryPolicy = RetryPolicy(retries: 0)
  ) throws -> ServiceClient<Shape> {
    ServiceClient<Shape>(
      baseURL: fake.baseURL.appendingPathComponent(prefix), policy: policy,
      deviceID: { Self.device }, now: { Self.savedAt },
      catalogFile: try TemporaryDirectory.make(prefix: "service-api")
        .appendingPathComponent("\(Shape.name)-categories.json"))
  }

  /// icanhazdadjoke: `GET /` with `Accept: application/json` and a User-Agent naming chuck and, as
  /// this build was given no home page, describing it instead of an address; by id; search by term;
  /// an unknown id is "not found".
  @Test func dad() async throws {
    let fake = try await startFake()
    let dad = try api(fake, "dad", as: ICanHazDadJoke.self)
    let random = try await dad.randomJoke()
    #expect(random.id == "R7UfaahVfFd")
    #expect(random.savedAt == Self.savedAt)
    let byID = try await dad.joke(id: "HtcNuHJBQCd")
    #expect(byID.id == "HtcNuHJBQCd")
    let found = try await dad.search("bike")
    #expect(found.map(\.id).contains("R7UfaahVfFd"))
    await #expect(throws: ChuckError.jokeNotFound(id: "nope")) { try await dad.joke(id: "nope") }
    let log = try fake.requests()
    #expect(log.map(\.path) == ["/dad/", "/dad/j/HtcNuHJBQCd", "/dad/search", "/dad/j/nope"])
    #expect(log[2].query.contains("term=bike"))
    for request in log {
      #expect(request.headers["accept"] == "application/json")
      #expect(
        request.headers["user-agent"]
          == "chuck/\(ChuckVersion.current) (Linux command-line joke client)")
      #expect(request.headers["x-device-uuid"] == nil)
    }
    await stop(fake)
  }

  /// The Official Joke API: two-part jokes at random and by id; its 404 body means "not found";
  /// it cannot search.
  @Test func official() async throws {
    let fake = try await startFake()
    let official = try api(fake, "official", as: OfficialJokeAPI.self)
    let random = try await official.randomJoke()
    #expect(random.id == "1")
    #expect(random.punchline == "Dam.")
    let byID = try await official.joke(id: "15")
    #expect(byID.id == "15")
    await #expect(throws: ChuckError.jokeNotFound(id: "999999")) {
      try await official.joke(id: "999999")
    }
    await #expect(throws: ChuckError.invalidArgument(JokeSource.official.cannotSearchMessage)) {
      try await official.search("fish")
    }
    let log = try fake.requests()
    #expect(
      log.map(\.path) == ["/official/random_joke", "/official/jokes/15", "/official/jokes/999999"])
    #expect(log.allSatisfy { $0.headers["user-agent"] == ChuckVersion.userAgent })
    await stop(fake)
  }

  /// Switter: `GET /api/joke` with the device id; the id is made from the text; no fetch by id.
  @Test func switter() async throws {
    let fake = try await startFake()
    let switter = try api(fake, "switter", as: Switter.self)
    let joke = try await switter.randomJoke()
    #expect(joke.text == "This is a joke")
    #expect(joke.id == TextID.make("This is a joke"))
    await #expect(throws: ChuckError.invalidArgument("switter jokes have no ids to fetch by")) {
      try await switter.joke(id: joke.id)
    }
    let log = try fake.requests()
    #expect(log.map(\.path) == ["/switter/api/joke"])
    #expect(log.first?.headers["x-device-uuid"] == Self.device)
    await stop(fake)
  }

  /// `ChuckComponents(configuration:transport:)`: every kind's client, Chuck Norris's too, sends
  /// through the one transport, to its own base URL; only Switter's sends the device id.
  @Test func componentsTransportSeam() async throws {
    let folder = try TemporaryDirectory.make(prefix: "components-seam")
    let configuration = try ChuckConfiguration(environment: [
      "CHUCK_DATA_DIR": folder.path, "CHUCK_CACHE_DIR": folder.path,
      "CHUCK_API_URL": "http://127.0.0.1:9/chuck",
      "CHUCK_SWITTER_API_URL": "http://127.0.0.1:9/switter",
    ])
    let script = ScriptedTransport([
      .success(jsonResponse(jokeJSON())), .success(jsonResponse(#"{"content":"Hi there"}"#)),
    ])
    let components = ChuckComponents(configuration: configuration, transport: script.transport)
    #expect(try await components.fetchAndSave(ChuckNorris.self).count == 1)
    _ = try await Switter.client(components).random(category: nil, excluding: [])
    let sent = script.requests.current
    #expect(
      sent.map(\.url.absoluteString) == [
        "http://127.0.0.1:9/chuck/jokes/random", "http://127.0.0.1:9/switter/api/joke",
      ])
    #expect(
      sent.allSatisfy { $0.value(forHTTPHeaderField: "User-Agent") == ChuckVersion.userAgent })
    #expect(sent[0].value(forHTTPHeaderField: "x-device-uuid") == nil)
    #expect(sent[1].value(forHTTPHeaderField: "x-device-uuid") == (try components.deviceID.value()))
  }

  /// The fallback: a random joke asked in French that JokeAPI has none of (400, code 106) is
  /// asked once more without `lang=`, and said; a French joke comes with no fallback; English
  /// asked (or a language JokeAPI lacks) never asks twice; a search that finds nothing in French
  /// is made once more in English.
  @Test func languageFallback() async throws {
    let noJoke = jsonResponse(
      #"{"error":true,"internalError":false,"code":106,"message":"No matching joke found"}"#,
      status: 400)
    let french = jsonResponse(
      #"{"error":false,"category":"Pun","type":"single","joke":"Une blague.","id":2,"lang":"fr"}"#
    )
    let english = jsonResponse(
      #"{"error":false,"category":"Pun","type":"single","joke":"A joke.","id":41,"lang":"en"}"#)
    func client(_ script: ScriptedTransport, _ language: String?) throws -> ServiceClient<JokeAPI> {
      ServiceClient<JokeAPI>(
        baseURL: URL(string: "http://127.0.0.1:9/jokeapi")!, transport: script.transport,
        policy: RetryPolicy(retries: 0), deviceID: { Self.device }, now: { Self.savedAt },
        settings: ServiceSettings(language: language),
        catalogFile: try TemporaryDirectory.make(prefix: "language-fallback")
          .appendingPathComponent("jokeapi-categories.json"))
    }
    let fellBack = ScriptedTransport([.success(noJoke), .success(english)])
    let (joke, fallback) = try await client(fellBack, "fr").randomInLanguage(
      category: nil, excluding: [])
    #expect(joke.id == "41")
    #expect(fallback == LanguageFallback(source: .jokeapi, language: "fr"))
    #expect(
      fellBack.requests.current.map(\.url.absoluteString) == [
        "http://127.0.0.1:9/jokeapi/joke/Any?safe-mode&lang=fr",
        "http://127.0.0.1:9/jokeapi/joke/Any?safe-mode",
      ])

    let inFrench = ScriptedTransport([.success(french)])
    let found = try await client(inFrench, "fr").randomInLanguage(category: nil, excluding: [])
    #expect(found.joke.id == "fr-2" && found.fallback == nil)
    #expect(inFrench.requests.current.count == 1)

    for language in ["en", "sv", nil] as [String?] {
      let once = ScriptedTransport([.success(noJoke)])
      await #expect(throws: ChuckError.notFound(path: "/joke/Any")) {
        try await client(once, language).randomInLanguage(category: nil, excluding: [])
      }
      #expect(once.requests.current.count == 1, "\(language ?? "none"): asked once")
    }
    let bothFail = ScriptedTransport([.success(noJoke), .success(noJoke)])
    await #expect(throws: ChuckError.notFound(path: "/joke/Any")) {
      try await client(bothFail, "es").random(category: nil, excluding: [])
    }
    #expect(bothFail.requests.current.count == 2, "English once, not more")

    let search = ScriptedTransport([.success(noJoke), .success(english)])
    let searched = try await client(search, "de").searchInLanguage("joke")
    #expect(searched.jokes.map(\.id) == ["41"])
    #expect(searched.fallback?.language == "de")
    #expect(search.requests.current.last?.url.query?.contains("lang") == false)
  }

  /// A search that the service answers "no joke" (JokeAPI's 400, code 106) found nothing; a 404
  /// is still an error (a wrong base URL is not an empty result).
  @Test func searchNoJokeIsEmptyButNotFoundIsAnError() async throws {
    let fake = try await startFake(
      script: #"{"rules":[{"path_prefix":"/dad/search","status":404,"times":-1}]}"#)
    let jokeAPI = try api(fake, "jokeapi", as: JokeAPI.self)
    #expect(try await jokeAPI.search("zebra").isEmpty)
    #expect(try fake.requests().last?.status == 400)
    let dad = try api(fake, "dad", as: ICanHazDadJoke.self)
    await #expect(throws: ChuckError.notFound(path: "/search")) {
      try await dad.search("bike")
    }
    await stop(fake)
  }

  /// The network rules hold as for api.chucknorris.io: a 5xx is retried, then the error; a body
  /// that is not a joke of the service is a bad response and nothing is returned.
  @Test func networkRules() async throws {
    let fake = try await startFake(
      script: #"{"rules":[{"path_prefix":"/dad/","fault":"html_503","times":1},"#
        + #"{"path_prefix":"/switter/","fault":"missing_field"}]}"#)
    let (policy, sleeps) = recordingPolicy(retries: 2, delay: 2)
    let dad = try api(fake, "dad", as: ICanHazDadJoke.self, policy: policy)
    #expect(try await dad.randomJoke().id == "R7UfaahVfFd")
    #expect(sleeps.current == [2])
    let switter = try api(fake, "switter", as: Switter.self)
    await #expect(throws: ChuckError.badResponse("'content' missing or not text")) {
      try await switter.randomJoke()
    }
    await stop(fake)
  }
}

@Suite struct DeviceIDTests {
  /// Made once, 0600, the same ever after; a file that is not a UUID is an error and is kept.
  @Test func madeOnceAndKept() throws {
    let root = try TemporaryDirectory.make(prefix: "device-id")
    let store = DeviceID(dataDirectory: root.appendingPathComponent("data"))
    let first = try store.value()
    #expect(UUID(uuidString: first) != nil)
    #expect(first == first.lowercased())
    #expect(try store.value() == first)
    #expect(try DeviceID(dataDirectory: root.appendingPathComponent("data")).value() == first)
    #expect(try permissions(store.file.fileURL) == 0o600)
    try Data("not a uuid\n".utf8).write(to: store.file.fileURL)
    #expect(throws: ChuckError.storageCorrupt(path: store.file.path, reason: "not a UUID")) {
      try store.value()
    }
    #expect(try String(contentsOf: store.file.fileURL, encoding: .utf8) == "not a uuid\n")
  }
}
