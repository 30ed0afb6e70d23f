import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

/// `chuck random`'s fetch: exclusions, bounded attempts, and category names checked against the
/// API's list.
@Suite struct RandomJokesTests {
  private let cacheDirectory: URL

  init() throws {
    cacheDirectory = try TemporaryDirectory.make(prefix: "random-jokes")
  }

  private func joke(_ number: Int, _ categories: [String]) throws -> ChuckJoke {
    try makeJoke(id: "excludeTest\(number)", value: "joke \(number)", categories: categories)
  }

  /// A service's two answers as `RandomJokes` asks them: random jokes from a script and the
  /// category list.
  private struct Service {
    var randomJoke: @Sendable (String?) async throws(ChuckError) -> ChuckJoke
    var categories: @Sendable () async throws(ChuckError) -> [String]
  }

  /// A service that answers random jokes from a script and the category list with `categories`,
  /// counting both.
  private func service(
    jokes: [Result<ChuckJoke, ChuckError>],
    categories: Result<[String], ChuckError> = .success(["dev", "explicit", "religion"]),
    randomCalls: Locked<[String?]>, categoryCalls: Locked<Int> = Locked(0)
  ) -> Service {
    let script = Locked(jokes)
    return Service(
      randomJoke: { (category: String?) async throws(ChuckError) -> ChuckJoke in
        randomCalls.withLock { $0.append(category) }
        guard let next = script.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else {
          throw .internalError("the script has no more jokes")
        }
        return try next.get()
      },
      categories: { () async throws(ChuckError) -> [String] in
        categoryCalls.withLock { $0 += 1 }
        return try categories.get()
      })
  }

  private func randomJokes(_ service: Service, attempts: Int = 10) -> RandomJokes<ChuckJoke> {
    RandomJokes(
      catalog: CategoryCatalog(
        file: cacheDirectory.appendingPathComponent("categories.json"), fetch: service.categories),
      attempts: attempts, fetch: service.randomJoke)
  }

  /// Without exclusions the first joke is returned after one request, and the category list is
  /// never asked for.
  @Test func noExclusionsAsksOnce() async throws {
    let calls = Locked<[String?]>([])
    let categoryCalls = Locked(0)
    let stub = service(
      jokes: [.success(try joke(1, ["explicit"]))], randomCalls: calls,
      categoryCalls: categoryCalls)
    let result = try await randomJokes(stub).fetch(category: nil, excluding: [])
    #expect(result.id == "excludeTest1")
    #expect(calls.current.count == 1)
    #expect(categoryCalls.current == 0)
  }

  /// Jokes of an excluded category (even among several categories) are skipped; the first
  /// acceptable one is returned and no more are asked for.
  @Test func excludedJokesAreSkipped() async throws {
    let calls = Locked<[String?]>([])
    let stub = service(
      jokes: [
        .success(try joke(1, ["explicit"])), .success(try joke(2, ["dev", "religion"])),
        .success(try joke(3, [])), .success(try joke(4, ["dev"])),
      ], randomCalls: calls)
    let result = try await randomJokes(stub).fetch(
      category: nil, excluding: ["explicit", "religion"])
    #expect(result.id == "excludeTest3")
    #expect(calls.current.count == 3)
  }

  /// The category is sent with every attempt.
  @Test func categoryIsKeptOnEveryAttempt() async throws {
    let calls = Locked<[String?]>([])
    let stub = service(
      jokes: [.success(try joke(1, ["dev", "explicit"])), .success(try joke(2, ["dev"]))],
      randomCalls: calls)
    let result = try await randomJokes(stub).fetch(category: "dev", excluding: ["explicit"])
    #expect(result.id == "excludeTest2")
    #expect(calls.current == ["dev", "dev"])
  }

  /// Only excluded jokes: exactly `attempts` requests, then `onlyExcludedJokes`; zero or
  /// negative attempts still ask once.
  @Test(arguments: [(1, 1), (3, 3), (10, 10), (0, 1), (-5, 1)])
  func boundedAttempts(attempts: Int, expected: Int) async throws {
    let calls = Locked<[String?]>([])
    let jokes = try (0..<20).map {
      Result<ChuckJoke, ChuckError>.success(try joke($0, ["explicit"]))
    }
    let stub = service(jokes: jokes, randomCalls: calls)
    await #expect(
      throws: ChuckError.onlyExcludedJokes(excluded: ["explicit"], attempts: expected)
    ) {
      _ = try await randomJokes(stub, attempts: attempts).fetch(
        category: nil, excluding: ["explicit"])
    }
    #expect(calls.current.count == expected)
  }

  /// An excluded name the API does not have is refused before any joke is asked for, with the
  /// real names (the spec's rule for `--category`, applied to `--exclude`).
  @Test func unknownExcludedCategoryIsRefused() async throws {
    let calls = Locked<[String?]>([])
    let stub = service(jokes: [.success(try joke(1, []))], randomCalls: calls)
    await #expect(
      throws: ChuckError.unknownCategory("explict", known: ["dev", "explicit", "religion"])
    ) {
      _ = try await randomJokes(stub).fetch(category: nil, excluding: ["explict"])
    }
    #expect(calls.current.isEmpty)
  }

  /// Excluded names in the cache need no request for the list; a name missing from the cache is
  /// checked against the API's current list (the cache may be out of date).
  @Test func excludedNamesUseTheCacheFirst() async throws {
    try NetworkCache<String>(fileURL: cacheDirectory.appendingPathComponent("categories.json"))
      .replace(with: ["dev", "explicit"])
    let calls = Locked<[String?]>([])
    let categoryCalls = Locked(0)
    let stub = service(
      jokes: [.success(try joke(1, [])), .success(try joke(2, []))],
      categories: .success(["dev", "explicit", "newer"]), randomCalls: calls,
      categoryCalls: categoryCalls)
    _ = try await randomJokes(stub).fetch(category: nil, excluding: ["explicit"])
    #expect(categoryCalls.current == 0)
    // The cache is fresh, so the catalog answers from it: "newer" is not known yet.
    await #expect(throws: ChuckError.unknownCategory("newer", known: ["dev", "explicit"])) {
      _ = try await randomJokes(stub).fetch(category: nil, excluding: ["newer"])
    }
  }

  /// When the category list cannot be had, its error is passed on and no joke is asked for.
  @Test func categoryListFailureIsPassedOn() async throws {
    let calls = Locked<[String?]>([])
    let stub = service(
      jokes: [.success(try joke(1, []))], categories: .failure(.serverError(status: 503)),
      randomCalls: calls)
    await #expect(throws: ChuckError.serverError(status: 503)) {
      _ = try await randomJokes(stub).fetch(category: nil, excluding: ["explicit"])
    }
    #expect(calls.current.isEmpty)
  }

  /// A category the API does not know (404) becomes `unknownCategory` with the known names.
  @Test func unknownCategoryListsTheKnownOnes() async throws {
    let calls = Locked<[String?]>([])
    let stub = service(jokes: [.failure(.categoryNotFound("nosuch"))], randomCalls: calls)
    await #expect(
      throws: ChuckError.unknownCategory("nosuch", known: ["dev", "explicit", "religion"])
    ) {
      _ = try await randomJokes(stub).fetch(category: "nosuch", excluding: [])
    }
  }

  /// Any other API error ends the attempts at once and is passed on.
  @Test func apiErrorIsPassedOn() async throws {
    let calls = Locked<[String?]>([])
    let stub = service(
      jokes: [
        .success(try joke(1, ["explicit"])), .failure(.serverError(status: 500)),
        .success(try joke(3, [])),
      ], randomCalls: calls)
    await #expect(throws: ChuckError.serverError(status: 500)) {
      _ = try await randomJokes(stub).fetch(category: nil, excluding: ["explicit"])
    }
    #expect(calls.current.count == 2)
  }
}
