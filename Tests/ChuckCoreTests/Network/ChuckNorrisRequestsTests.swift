import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Chuck Norris jokes' requests (``ChuckNorris``'s ``JokeRequests``) over the one client,
/// ``ServiceClient``: the paths, the query checks, the answers, the errors.
@Suite struct ChuckNorrisRequestsTests {
  private func api(_ base: String, _ script: ScriptedTransport) throws
    -> ServiceClient<ChuckNorris>
  {
    try chuckClient(
      URL(string: base)!, transport: script.transport, policy: RetryPolicy(retries: 0, delay: 0),
      timeout: 7)
  }

  private func sentURL(_ script: ScriptedTransport) -> String? {
    script.requests.current.first?.url.absoluteString
  }

  /// The query value the server sees, decoded as a form field (`+` is a space, `%XX` a byte).
  private func serverValue(_ url: String?, name: String) -> String? {
    guard let query = url.flatMap({ URLComponents(string: $0)?.percentEncodedQuery }) else {
      return nil
    }
    for pair in query.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
      guard parts.first == name else { continue }
      return parts.count > 1
        ? parts[1].replacingOccurrences(of: "+", with: " ").removingPercentEncoding : ""
    }
    return nil
  }

  /// `randomJoke` asks `/jokes/random`, with `?category=` only when a category is given.
  @Test func randomEndpoints() async throws {
    let script = ScriptedTransport(Array(repeating: .success(jsonResponse(jokeJSON())), count: 3))
    let client = try api("https://api.chucknorris.io", script)
    _ = try await client.randomJoke(category: nil)
    _ = try await client.randomJoke(category: "dev")
    _ = try await client.randomJoke(category: "dev,movie")
    let urls = script.requests.current.map { $0.url.absoluteString }
    #expect(urls[0] == "https://api.chucknorris.io/jokes/random")
    #expect(urls[1] == "https://api.chucknorris.io/jokes/random?category=dev")
    #expect(serverValue(urls[2], name: "category") == "dev,movie")
  }

  /// `joke(id:)` asks `/jokes/{id}`, the id percent-encoded as one path segment.
  @Test(arguments: [
    ("7ver3y48qqsfktpelir7ua", "/jokes/7ver3y48qqsfktpelir7ua"),
    ("a b/c?d#e%", "/jokes/a%20b%2Fc%3Fd%23e%25"),
    ("caf\u{E9}", "/jokes/caf%C3%A9"),
  ])
  func jokeEndpoint(id: String, path: String) async throws {
    let script = ScriptedTransport([.success(jsonResponse(jokeJSON()))])
    _ = try await api("https://api.chucknorris.io", script).joke(id: id)
    #expect(sentURL(script) == "https://api.chucknorris.io" + path)
  }

  /// A base URL with a path prefix, with or without trailing slashes, keeps the prefix once.
  @Test(arguments: [
    "http://127.0.0.1:8080/api/v1", "http://127.0.0.1:8080/api/v1/",
    "http://127.0.0.1:8080/api/v1//",
  ])
  func basePathPrefix(base: String) async throws {
    let script = ScriptedTransport([
      .success(jsonResponse(jokeJSON())), .success(jsonResponse("[\"dev\"]")),
    ])
    let client = try api(base, script)
    _ = try await client.randomJoke(category: "dev")
    _ = try await client.categoryNames()
    let urls = script.requests.current.map { $0.url.absoluteString }
    #expect(
      urls == [
        "http://127.0.0.1:8080/api/v1/jokes/random?category=dev",
        "http://127.0.0.1:8080/api/v1/jokes/categories",
      ])
  }

  /// A bare host with a trailing slash gives no double slash.
  @Test func bareHostTrailingSlash() async throws {
    let script = ScriptedTransport([.success(jsonResponse("[]"))])
    _ = try await api("https://api.chucknorris.io/", script).categoryNames()
    #expect(sentURL(script) == "https://api.chucknorris.io/jokes/categories")
  }

  /// `categoryNames` decodes the list of names.
  @Test func categories() async throws {
    let body = String(decoding: try Samples.data("samples/categories-live.json"), as: UTF8.self)
    let script = ScriptedTransport([.success(jsonResponse(body))])
    let names = try await api("https://api.chucknorris.io", script).categoryNames()
    #expect(names.count == 16)
    #expect(names.first == "animal" && names.last == "travel")
  }

  /// `search` asks `/jokes/search?query=` and returns the result jokes of the real sample answer,
  /// oldest first.
  @Test func search() async throws {
    let body = String(decoding: try Samples.data("samples/search-cigars.json"), as: UTF8.self)
    let script = ScriptedTransport([.success(jsonResponse(body))])
    let jokes = try await api("https://api.chucknorris.io", script).search("cigars")
    #expect(jokes.count == 12)
    #expect(jokes.map(\.created.microseconds) == jokes.map(\.created.microseconds).sorted())
    #expect(sentURL(script) == "https://api.chucknorris.io/jokes/search?query=cigars")
  }

  /// The search query reaches the server as typed, `+`, `&`, `=`, `#` and spaces included.
  @Test(arguments: ["c++ rules", "a&b=c", "#1 fan", "100% sure", "ça va?"])
  func searchQueryEncoded(query: String) async throws {
    let script = ScriptedTransport([.success(jsonResponse("{\"total\":0,\"result\":[]}"))])
    #expect(try await api("https://api.chucknorris.io", script).search(query).isEmpty)
    #expect(serverValue(sentURL(script), name: "query") == query)
  }

  /// Search queries are checked by UTF-16 length before any request: 3 to 120 units.
  @Test(arguments: [
    ("ab", false), ("abc", true), (String(repeating: "x", count: 120), true),
    (String(repeating: "x", count: 121), false), ("😀", false), ("😀a", true),
    (String(repeating: "😀", count: 60), true), (String(repeating: "😀", count: 60) + "a", false),
    ("", false), ("é", false), ("e\u{301}e", true),
  ])
  func searchLength(query: String, accepted: Bool) async throws {
    let script = ScriptedTransport([.success(jsonResponse("{\"total\":0,\"result\":[]}"))])
    let client = try api("https://api.chucknorris.io", script)
    if accepted {
      _ = try await client.search(query)
      #expect(script.attempts == 1)
    } else {
      await #expect(
        throws: ChuckError.invalidArgument(
          "a search query must be 3 to 120 characters long (UTF-16 code units); this one is "
            + "\(query.utf16.count)")
      ) {
        try await client.search(query)
      }
      #expect(script.attempts == 0)
    }
  }

  /// As `chuck categories` and `random --category` ask them: the names are cached for a day in the
  /// client's catalog file, so a second call makes no request; an unknown category is an error
  /// listing the names, as `chuck random` checks it.
  @Test func categoriesCachedAndChecked() async throws {
    let script = ScriptedTransport([
      .success(jsonResponse("[\"dev\",\"animal\"]")),
      .success(jsonResponse("{}", status: 404)),
    ])
    let client = try api("https://api.chucknorris.io", script)
    let first = try await client.categories()
    #expect(first.names == ["animal", "dev"] && first.source == .api)
    #expect(try await client.categories().source == .cache)
    #expect(client.catalogFile.lastPathComponent == "categories.json")
    await #expect(throws: ChuckError.unknownCategory("nope", known: ["animal", "dev"])) {
      try await client.random(category: "nope", excluding: [])
    }
    #expect(
      script.requests.current.map(\.url.path) == ["/jokes/categories", "/jokes/random"])
  }

  /// A 404 is the category's or id's not-found error, and unexpected for the other calls.
  @Test func notFoundMeanings() async throws {
    let notFound = Result<HTTPResponse, ChuckError>.success(jsonResponse("{}", status: 404))
    let script = ScriptedTransport(Array(repeating: notFound, count: 5))
    let client = try api("https://api.chucknorris.io", script)
    await #expect(throws: ChuckError.categoryNotFound("nope")) {
      try await client.randomJoke(category: "nope")
    }
    await #expect(throws: ChuckError.notFound(path: "/jokes/random")) {
      try await client.randomJoke(category: nil)
    }
    await #expect(throws: ChuckError.jokeNotFound(id: "abcd")) { try await client.joke(id: "abcd") }
    await #expect(throws: ChuckError.notFound(path: "/jokes/categories")) {
      try await client.categoryNames()
    }
    await #expect(throws: ChuckError.notFound(path: "/jokes/search")) {
      try await client.search("abc")
    }
  }

  /// Every call sends the per-attempt deadline and the 1 MiB limit.
  @Test func limits() async throws {
    let script = ScriptedTransport([.success(jsonResponse(jokeJSON()))])
    _ = try await api("https://api.chucknorris.io", script).randomJoke(category: nil)
    #expect(script.limits.current == [TransferLimits(deadline: 7, maxBytes: 1_048_576)])
    #expect(NetworkDefaults.maxResponseBytes == 1_048_576)
  }

  /// Against the fake: requests carry Accept and User-Agent, and the first pool joke returns.
  @Test func liveHeadersAgainstFake() async throws {
    let fake = try await startFake()
    let client = try chuckClient(fake.baseURL, timeout: 5)
    let joke = try await client.randomJoke(category: nil)
    #expect(joke.id == "CfW0ccNFTpeq_v1r13IjTQ")
    let log = try fake.requests()
    #expect(log.count == 1)
    #expect(log.first?.path == "/jokes/random")
    #expect(log.first?.headers["accept"] == "application/json")
    #expect(log.first?.headers["user-agent"] == "chuck/\(ChuckVersion.current)")
    #expect(log.first?.headers["x-device-uuid"] == nil)
    await stop(fake)
  }

  /// Against the local fake: 404s map to the right errors and a 503 is retried until it succeeds.
  @Test func liveErrorsAgainstFake() async throws {
    let fake = try await startFake(
      script: #"{"rules":[{"path":"/jokes/categories","fault":"html_503","times":2}]}"#)
    let client = try chuckClient(
      fake.baseURL, policy: RetryPolicy(retries: 3, delay: 0), timeout: 5)
    await #expect(throws: ChuckError.categoryNotFound("nope")) {
      try await client.randomJoke(category: "nope")
    }
    await #expect(throws: ChuckError.jokeNotFound(id: "doesNotExist0000000000")) {
      try await client.joke(id: "doesNotExist0000000000")
    }
    #expect(try await client.categoryNames().count == 16)
    let statuses = try fake.requests().map(\.status)
    #expect(statuses == [404, 404, 503, 503, 200])
    await stop(fake)
  }
}
