import FoundationEssentials

/// A source's category names, kept in the cache directory for a day: a second type stored
/// through ``NetworkCache``. When the service cannot be reached, the cached names are served,
/// marked stale.
public struct CategoryCatalog: Sendable {
  /// Where the names are cached.
  public let store: NetworkCache<String>
  /// Fetches the names.
  public let fetch: @Sendable () async throws(ChuckError) -> [String]
  /// How long cached names are used without asking the API, in seconds.
  public let maxAge: Double
  /// The current time; tests replace it.
  public let now: @Sendable () -> Date

  /// Where the names come from.
  public enum Source: Equatable, Sendable {
    /// The cache, younger than ``maxAge``.
    case cache
    /// The API, just now (and the cache was refreshed).
    case api
    /// The cache, older than ``maxAge``, because the API failed with this error.
    case staleCache(ChuckError)
  }

  /// The name of a source's cache file in the cache directory: `categories.json` for chuck (as it
  /// always was), `<name>-categories.json` for the others.
  /// - Parameter source: the source.
  /// - Returns: the file's name.
  public static func fileName(of source: JokeSource) -> String {
    source == .chuck ? "categories.json" : "\(source.name)-categories.json"
  }

  /// Makes a catalog of any source (``ServiceClient/catalog`` makes each kind's).
  /// - Parameters:
  ///   - file: the cache file.
  ///   - maxAge: seconds the cache is used without asking (a day by default).
  ///   - now: the current time.
  ///   - fetch: asks the service for the names.
  public init(
    file: URL, maxAge: Double = 86_400, now: @escaping @Sendable () -> Date = { Date() },
    fetch: @escaping @Sendable () async throws(ChuckError) -> [String]
  ) {
    self.store = NetworkCache(fileURL: file, contents: .cache)
    self.fetch = fetch
    self.maxAge = maxAge
    self.now = now
  }

  /// The cached names, without the network, however old; `nil` when there are none.
  public var cached: [String]? {
    guard let names = try? store.load(), !names.isEmpty else { return nil }
    return names
  }

  /// The category names: from a fresh cache, else from the API (refreshing the cache), else from
  /// a stale cache.
  /// - Returns: the names, sorted, and where they came from.
  /// - Throws: the API's error when it fails and nothing is cached.
  public func categories() async throws(ChuckError) -> (names: [String], source: Source) {
    let cached = self.cached
    if let cached, let written = store.lastWritten, now().timeIntervalSince(written) < maxAge,
      now() >= written
    {
      return (cached, .cache)
    }
    do throws(ChuckError) {
      let names = try await fetch().sorted()
      // A cache that cannot be written costs a request next time, nothing more.
      try? store.replace(with: names)
      return (names, .api)
    } catch {
      guard error != .cancelled, let cached else { throw error }
      return (cached, .staleCache(error))
    }
  }
}
