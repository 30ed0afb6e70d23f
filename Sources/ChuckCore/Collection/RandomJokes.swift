/// `chuck random`'s fetch for a source with categories: a random joke, optionally of one
/// category and of none of the excluded ones, with category names checked against the source's
/// list so that a typo is an error that lists the real names.
public struct RandomJokes<Joke: SavedJoke>: Sendable {
  /// Asks the service for a random joke, of a category when one is given.
  public let fetch: @Sendable (String?) async throws(ChuckError) -> Joke
  /// Knows the category names.
  public let catalog: CategoryCatalog
  /// How many jokes to ask for at most while the service sends excluded ones.
  public let attempts: Int
  /// The service's flags (``JokeKind/flagNames``), which may be excluded as categories are.
  public let flagNames: [String]

  /// Makes a fetcher.
  /// - Parameters:
  ///   - catalog: knows the category names.
  ///   - attempts: how many jokes to ask for at most while the service sends excluded ones.
  ///   - flagNames: the service's flags.
  ///   - fetch: asks the service for a random joke.
  public init(
    catalog: CategoryCatalog, attempts: Int = 10, flagNames: [String] = [],
    fetch: @escaping @Sendable (String?) async throws(ChuckError) -> Joke
  ) {
    self.fetch = fetch
    self.catalog = catalog
    self.attempts = max(1, attempts)
    self.flagNames = flagNames
  }

  /// A random joke of `category` (if given) and of none of the `excluded` categories or flags.
  /// - Parameters:
  ///   - category: only jokes of this category (the API also takes `a,b` for any of them).
  ///   - excluded: categories the joke may not have.
  /// - Returns: the first joke that fits.
  /// - Throws: ``ChuckError/unknownCategory(_:known:)`` for a category the API does not have
  ///   (excluded names are checked before any joke is asked for),
  ///   ``ChuckError/onlyExcludedJokes(excluded:attempts:)``, or the API's error.
  public func fetch(category: String?, excluding excluded: [String]) async throws(ChuckError)
    -> Joke
  {
    try await checkKnown(excluded)
    do throws(ChuckError) {
      for _ in 0..<attempts {
        let joke = try await fetch(category)
        if !joke.exclusionNames.contains(where: excluded.contains) { return joke }
      }
      throw .onlyExcludedJokes(excluded: excluded, attempts: attempts)
    } catch {
      guard case .categoryNotFound(let name) = error,
        let known = try? await catalog.categories().names, !known.isEmpty,
        // A known category may still have no joke to send (JokeAPI's safe mode).
        !known.contains(where: { $0.lowercased() == name.lowercased() })
      else { throw error }
      throw .unknownCategory(name, known: known)
    }
  }

  /// Checks names against the cached categories, and against the API's current list when the
  /// cache lacks one (it may be out of date, or there may be no cache yet).
  /// A flag's name is known without asking.
  private func checkKnown(_ names: [String]) async throws(ChuckError) {
    let names = names.filter { !flagNames.contains($0) }
    guard !names.isEmpty else { return }
    if let cached = catalog.cached, names.allSatisfy(cached.contains) { return }
    let known = try await catalog.categories().names
    if let unknown = names.first(where: { !known.contains($0) }) {
      throw .unknownCategory(unknown, known: known + flagNames)
    }
  }
}
