import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

/// The one client (``ServiceClient``) asking a declared source: the declared paths under the
/// base URL, the declared headers (and no other source's, nor the device id), the answers read
/// by the declared pointers; a feed's whole list.
@Suite struct DeclaredServiceClientTests {
  /// When the jokes are saved.
  static let savedAt = PostgresTimestamp("2026-11-23 10:51:41")!

  /// A client of a declared kind at its declared URL, over a script, never asked for a
  /// device id.
  private func client<Kind: DeclaredShape>(
    _ kind: Kind.Type, _ script: ScriptedTransport, policy: RetryPolicy = RetryPolicy(retries: 0)
  ) throws -> ServiceClient<Kind> {
    ServiceClient<Kind>(
      baseURL: try #require(URL(string: Kind.defaultBaseURL)), transport: script.transport,
      policy: policy,
      deviceID: { () throws(ChuckError) -> String in
        throw .internalError("a declared source asked for the device id")
      }, now: { Self.savedAt },
      catalogFile: try TemporaryDirectory.make(prefix: "declared-client")
        .appendingPathComponent("\(Kind.name)-categories.json"))
  }

  /// The URLs requested.
  private func urls(_ script: ScriptedTransport) -> [String] {
    script.requests.current.map(\.url.absoluteString)
  }

  /// A feed's whole list, in the service's order, saved now, from the list's path under the
  /// base URL, with the declared headers and User-Agent, and nothing else of chuck's.
  @Test func feed() async throws {
    let answer = JSONValue.array([
      .object(articleItem(id: 2, title: "Second")), .object(articleItem(id: 1, title: "First")),
    ])
    let script = ScriptedTransport([.success(jsonResponse(jsonText(answer)))])
    let jokes = try await client(TestArticles.self, script).feed()
    #expect(jokes.map(\.id) == ["2", "1"])
    #expect(jokes.allSatisfy { $0.savedAt == Self.savedAt })
    #expect(urls(script) == ["http://127.0.0.1:9/articles/v3/latest"])
    let sent = try #require(script.requests.current.first)
    #expect(
      sent.headerFields.map { "\($0.name): \($0.value)" } == [
        "Accept: application/json", "User-Agent: articles-reader/1.0",
        "Authorization: Bearer s3cret", "X-Extra: plain",
      ])
  }

  /// A feed's failures: a service of single jokes has no list (nothing asked); a 404 names the
  /// list's path; a 5xx is retried, then the error; an item that does not fit names its number.
  @Test func feedFailures() async throws {
    let none = ScriptedTransport([])
    await #expect(throws: ChuckError.invalidArgument("test-geek sends single jokes, not a list")) {
      try await client(TestGeek.self, none).feed()
    }
    #expect(none.attempts == 0)

    let missing = ScriptedTransport([.success(jsonResponse("{}", status: 404))])
    await #expect(throws: ChuckError.notFound(path: "/v3/latest")) {
      try await client(TestArticles.self, missing).feed()
    }

    let (policy, sleeps) = recordingPolicy(retries: 2, delay: 2)
    let failing = ScriptedTransport(
      Array(repeating: .success(jsonResponse("{}", status: 503)), count: 3))
    await #expect(throws: ChuckError.serverError(status: 503)) {
      try await client(TestArticles.self, failing, policy: policy).feed()
    }
    #expect(failing.attempts == 3)
    #expect(sleeps.current == [2, 2])

    var untitled = articleItem(id: 2)
    untitled["title"] = .number(2)
    let bad = ScriptedTransport([
      .success(jsonResponse(jsonText(.array([.object(articleItem()), .object(untitled)]))))
    ])
    await #expect(
      throws: ChuckError.badResponse(
        "item 2 of the list: test-articles: text (\"/title\") is not text in the item")
    ) { try await client(TestArticles.self, bad).feed() }

    let wrapped = ScriptedTransport([
      .success(
        jsonResponse(
          jsonText(
            .object([
              "data": .object([
                "items": .array([
                  .object([
                    "ref": .object(["code": .string("n-1")]),
                    "parts": .array([.string("Q"), .string("A")]),
                  ])
                ])
              ])
            ]))))
    ])
    #expect(try await client(TestNested.self, wrapped).feed().map(\.id) == ["n-1"])
    #expect(urls(wrapped) == ["https://example.com/feed"])
  }

  /// A random joke from the random path and its query, under the base URL's path (its trailing
  /// slash not doubled), with chuck's User-Agent and no header of another source.
  @Test func randomJoke() async throws {
    let script = ScriptedTransport([
      .success(
        jsonResponse(
          #"{"id":"R7Uf","question":"Why?","answer":"Because.","category":"Programming"}"#))
    ])
    let joke = try await client(TestGeek.self, script).randomJoke()
    #expect(joke.id == "R7Uf")
    #expect(joke.text == "Why?")
    #expect(joke.punchline == "Because.")
    #expect(joke.categories == ["Programming"])
    #expect(urls(script) == ["http://127.0.0.1:9/geek/random?lang=en"])
    let sent = try #require(script.requests.current.first)
    #expect(
      sent.headerFields.map { "\($0.name): \($0.value)" } == [
        "Accept: application/json", "User-Agent: \(ChuckVersion.userAgent)",
      ])

    let missing = ScriptedTransport([.success(jsonResponse("{}", status: 404))])
    await #expect(throws: ChuckError.notFound(path: "/random")) {
      try await client(TestGeek.self, missing).randomJoke()
    }
  }

  /// By id: the id in its path segment, percent-encoded so that it adds no segment nor query;
  /// an unknown id is "not found"; a source without by-id asks nothing.
  @Test func jokeByID() async throws {
    let script = ScriptedTransport([
      .success(jsonResponse(#"{"id":"R7Uf","question":"Why?","answer":"Because."}"#)),
      .success(jsonResponse("{}", status: 404)),
    ])
    let geek = try client(TestGeek.self, script)
    #expect(try await geek.joke(id: "R7Uf").text == "Why?")
    await #expect(throws: ChuckError.jokeNotFound(id: "a b/c?d")) {
      try await geek.joke(id: "a b/c?d")
    }
    #expect(
      urls(script) == [
        "http://127.0.0.1:9/geek/j/R7Uf", "http://127.0.0.1:9/geek/j/a%20b%2Fc%3Fd",
      ])
    let none = ScriptedTransport([])
    await #expect(throws: ChuckError.invalidArgument(JokeSource(TestBare.self).noFetchByIDMessage))
    {
      try await client(TestBare.self, none).joke(id: "R7Uf")
    }
    #expect(none.attempts == 0)
  }

  /// A search: the words in the query, percent-encoded so that they add no parameter; the
  /// items where `items` points, or the answer's array; a source without search asks nothing.
  @Test func search() async throws {
    let script = ScriptedTransport([
      .success(
        jsonResponse(
          #"[{"id":"a1","question":"Q1","answer":"A1"},{"id":"a2","question":"Q2","answer":"A2"}]"#
        ))
    ])
    let found = try await client(TestGeek.self, script).search("bike & car=1")
    #expect(found.map(\.id) == ["a1", "a2"])
    #expect(urls(script) == ["http://127.0.0.1:9/geek/search?term=bike%20%26%20car%3D1"])

    let articles = ScriptedTransport([.success(jsonResponse(jsonText(.object(articleItem()))))])
    let one = try await client(TestArticles.self, articles).search("frame/work")
    #expect(one.map(\.id) == ["1"])
    #expect(urls(articles) == ["http://127.0.0.1:9/articles/v3/search?q=frame/work&limit=5"])
    #expect(
      articles.requests.current.first?.value(forHTTPHeaderField: "Authorization")
        == "Bearer s3cret")

    let none = ScriptedTransport([])
    await #expect(throws: ChuckError.invalidArgument(JokeSource(TestBare.self).cannotSearchMessage))
    {
      try await client(TestBare.self, none).search("x")
    }
    #expect(none.attempts == 0)
  }

  /// An encoded path and query under a base URL: the base's path kept, its trailing slashes
  /// not doubled, the query as declared.
  @Test func encodedPathUnderTheBaseURL() throws {
    func joined(_ base: String, _ encoded: String) throws -> String {
      BaseURL(try #require(URL(string: base))).appending(encoded: encoded).absoluteString
    }
    #expect(try joined("https://example.com", "/find?q=x") == "https://example.com/find?q=x")
    #expect(try joined("https://example.com/", "/a/b") == "https://example.com/a/b")
    #expect(
      try joined("http://h:8080/base//", "/p%2Fq?a=1&b=2") == "http://h:8080/base/p%2Fq?a=1&b=2")
    #expect(try joined("http://h/base", "/p?x=a?b") == "http://h/base/p?x=a?b")
  }
}
