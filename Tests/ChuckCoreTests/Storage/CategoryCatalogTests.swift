import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

#if canImport(Glibc)
  import Glibc
#endif

/// A service's category names from a script, one answer per call, counting the calls.
private final class ScriptedService: Sendable {
  let categoryAnswers: Locked<[Result<[String], ChuckError>]>
  /// How many times the categories were asked for.
  let categoryCalls = Locked(0)

  init(categories: [Result<[String], ChuckError>] = []) {
    categoryAnswers = Locked(categories)
  }

  func categories() async throws(ChuckError) -> [String] {
    categoryCalls.withLock { $0 += 1 }
    let next = categoryAnswers.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    guard let next else { throw .internalError("the script has no more category lists") }
    return try next.get()
  }
}

@Suite struct CategoryCatalogTests {
  /// When the cache file was written in these tests: 2023-11-14 22:13:20 UTC.
  private static let written = Date(timeIntervalSince1970: 1_700_000_000)
  private static let day = 86_400.0

  private let cacheDirectory: URL
  private var cacheFile: URL { cacheDirectory.appendingPathComponent("categories.json") }

  init() throws {
    cacheDirectory = try TemporaryDirectory.make(prefix: "category-catalog")
      .appendingPathComponent("cache/chuck")
  }

  private func catalog(_ service: ScriptedService, now: Date, maxAge: Double = day)
    -> CategoryCatalog
  {
    CategoryCatalog(
      file: cacheFile, maxAge: maxAge, now: { now },
      fetch: { () async throws(ChuckError) -> [String] in try await service.categories() })
  }

  /// Writes the cache file with `names` and dates it `written`.
  private func writeCache(_ names: [String], at date: Date = written) throws {
    try NetworkCache<String>(fileURL: cacheFile).replace(with: names)
    try setModified(date)
  }

  private func writeCacheText(_ text: String) throws {
    try FileManager.default.createDirectory(at: cacheDirectory, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: cacheFile)
    try setModified(Self.written)
  }

  private func setModified(_ date: Date) throws {
    try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: cacheFile.path)
  }

  /// A cache younger than a day is served as it is, without asking the API.
  @Test(arguments: [0, 1, 3_600, 86_399])
  func freshCacheIsServedWithoutARequest(age: Double) async throws {
    try writeCache(["dev", "food"])
    let service = ScriptedService(categories: [.success(["other"])])
    let (names, source) = try await catalog(service, now: Self.written + age).categories()
    #expect(names == ["dev", "food"])
    #expect(source == .cache)
    #expect(service.categoryCalls.current == 0)
  }

  /// A cache a day old or older, or dated after `now` (a clock set back), is fetched again.
  @Test(arguments: [86_400, 86_401, 30 * 86_400, -60])
  func expiredCacheIsFetchedAgain(age: Double) async throws {
    try writeCache(["dev", "food"])
    let service = ScriptedService(categories: [.success(["music", "dev", "animal"])])
    let before = Date()
    let (names, source) = try await catalog(service, now: Self.written + age).categories()
    #expect(names == ["animal", "dev", "music"])
    #expect(source == .api)
    #expect(service.categoryCalls.current == 1)
    #expect(try NetworkCache<String>(fileURL: cacheFile).load() == ["animal", "dev", "music"])
    let rewritten = try #require(NetworkCache<String>(fileURL: cacheFile).lastWritten)
    #expect(rewritten >= before.addingTimeInterval(-1))
  }

  /// The age limit is the catalog's `maxAge`, measured with the injected clock.
  @Test func maxAgeAndClockAreInjected() async throws {
    try writeCache(["dev"])
    let service = ScriptedService(categories: [.success(["food"])])
    let young = try await catalog(service, now: Self.written + 59, maxAge: 60).categories()
    #expect(young.source == .cache)
    let old = try await catalog(service, now: Self.written + 61, maxAge: 60).categories()
    #expect(old.source == .api)
    #expect(old.names == ["food"])
    #expect(service.categoryCalls.current == 1)
  }

  /// Without a cache, the names come from the API, sorted, and are cached 0600 in the cache
  /// directory (created 0700), as the documented list format.
  @Test func firstFetchWritesThePrivateCache() async throws {
    let service = ScriptedService(categories: [.success(["travel", "animal", "dev"])])
    let (names, source) = try await catalog(service, now: Date()).categories()
    #expect(names == ["animal", "dev", "travel"])
    #expect(source == .api)
    #expect(try permissions(cacheFile) == 0o600)
    #expect(try permissions(cacheDirectory) == 0o700)
    let document = try JSONSerialization.jsonObject(with: Data(contentsOf: cacheFile))
    let object = try #require(document as? [String: Any])
    #expect(object["version"] as? Int == 1)
    #expect(object["items"] as? [String] == ["animal", "dev", "travel"])
  }

  /// A failing API with an expired cache serves the cache, marked stale with the API's error, and
  /// leaves the cache file as it was.
  @Test(arguments: [
    ChuckError.connectionFailed("refused"), .timedOut(seconds: 10), .serverError(status: 503),
    .badResponse("not JSON"), .rateLimited,
  ])
  func failingAPIServesTheStaleCache(error: ChuckError) async throws {
    try writeCache(["dev", "food"])
    let bytes = try Data(contentsOf: cacheFile)
    let service = ScriptedService(categories: [.failure(error)])
    let (names, source) = try await catalog(service, now: Self.written + 2 * Self.day)
      .categories()
    #expect(names == ["dev", "food"])
    #expect(source == .staleCache(error))
    #expect(try Data(contentsOf: cacheFile) == bytes)
    #expect(NetworkCache<String>(fileURL: cacheFile).lastWritten == Self.written)
  }

  /// A failing API without a cache is an error, and no cache file is made.
  @Test func failingAPIWithoutCacheThrows() async throws {
    let service = ScriptedService(categories: [.failure(.connectionFailed("refused"))])
    await #expect(throws: ChuckError.connectionFailed("refused")) {
      try await catalog(service, now: Date()).categories()
    }
    #expect(!FileManager.default.fileExists(atPath: cacheFile.path))
  }

  /// Cancellation is passed on, never hidden behind a stale cache.
  @Test func cancellationIsNotMasked() async throws {
    try writeCache(["dev"])
    let service = ScriptedService(categories: [.failure(.cancelled)])
    await #expect(throws: ChuckError.cancelled) {
      try await catalog(service, now: Self.written + 2 * Self.day).categories()
    }
  }

  /// A cache file that is corrupt (or of another version) is fetched again and replaced.
  @Test(arguments: [
    "not json", #"{"version":1,"items":[1,2]}"#, #"{"version":2,"items":{"x":1}}"#, "",
  ])
  func corruptCacheIsReplaced(text: String) async throws {
    try writeCacheText(text)
    let service = ScriptedService(categories: [.success(["dev", "animal"])])
    let (names, source) = try await catalog(service, now: Self.written + 60).categories()
    #expect(names == ["animal", "dev"])
    #expect(source == .api)
    #expect(try NetworkCache<String>(fileURL: cacheFile).load() == ["animal", "dev"])
  }

  /// A corrupt cache and a failing API: the API's error, not a storage error.
  @Test func corruptCacheAndFailingAPIThrowTheAPIError() async throws {
    try writeCacheText("{")
    let service = ScriptedService(categories: [.failure(.serverError(status: 503))])
    await #expect(throws: ChuckError.serverError(status: 503)) {
      try await catalog(service, now: Self.written + 60).categories()
    }
  }

  /// A cache that cannot be written does not fail the command: the names are still returned.
  @Test func unwritableCacheIsNotAnError() async throws {
    // A regular file where the cache directory should be: even root cannot create inside it.
    try FileManager.default.createDirectory(
      at: cacheDirectory.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("x".utf8).write(to: cacheDirectory)
    let service = ScriptedService(categories: [.success(["dev"]), .success(["dev"])])
    let first = try await catalog(service, now: Date()).categories()
    #expect(first.names == ["dev"])
    #expect(first.source == .api)
    _ = try await catalog(service, now: Date()).categories()
    #expect(service.categoryCalls.current == 2)
  }

  /// `cached` reads the names without the network, however old; `nil` without any.
  @Test func cachedIgnoresAge() throws {
    let service = ScriptedService()
    #expect(catalog(service, now: Date()).cached == nil)
    try writeCache([])
    #expect(catalog(service, now: Date()).cached == nil)
    try writeCache(["dev", "food"])
    #expect(catalog(service, now: Self.written + 365 * Self.day).cached == ["dev", "food"])
    try writeCacheText("garbage")
    #expect(catalog(service, now: Date()).cached == nil)
    #expect(service.categoryCalls.current == 0)
  }
}
