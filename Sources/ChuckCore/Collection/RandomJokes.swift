/// `chuck random`'s fetch: a random joke, optionally of one category and of none of the excluded
/// ones, with category names checked against the API's list so that a typo is an error that
/// lists the real names.
public struct RandomJokes: Sendable {
  /// Fetches jokes.
  public let service: any ChuckService
  /// Knows the category names.
  public let catalog: CategoryCatalog
  /// How many jokes to ask for at most while the API sends excluded ones.
  public let attempts: Int

  /// Makes a fetcher.
  /// - Parameters:
  ///   - service: fetches jokes.
  ///   - catalog: knows the category names.
  ///   - attempts: how many jokes to ask for at most while the API sends excluded ones.
  public init(service: any ChuckService, catalog: CategoryCatalog, attempts: Int = 10) {
    self.service = service
    self.catalog = catalog
    self.attempts = max(1, attempts)
  }

  /// A random joke of `category` (if given) and of none of the `excluded` categories.
  /// - Parameters:
  ///   - category: only jokes of this category (the API also takes `a,b` for any of them).
  ///   - excluded: categories the joke may not have.
  /// - Returns: the first joke that fits.
  /// - Throws: ``ChuckError/unknownCategory(_:known:)`` for a category the API does not have
  ///   (excluded names are checked before any joke is asked for),
  ///   ``ChuckError/onlyExcludedJokes(excluded:attempts:)``, or the API's error.
  public func fetch(category: String?, excluding excluded: [String]) async throws(ChuckError)
    -> ChuckJoke
  {
    try await checkKnown(excluded)
    do throws(ChuckError) {
      for _ in 0..<attempts {
        let joke = try await service.randomJoke(category: category)
        if !joke.categories.contains(where: excluded.contains) { return joke }
      }
      throw .onlyExcludedJokes(excluded: excluded, attempts: attempts)
    } catch {
      guard case .categoryNotFound(let name) = error,
        let known = try? await catalog.categories().names, !known.isEmpty
      else { throw error }
      throw .unknownCategory(name, known: known)
    }
  }

  /// Checks names against the cached categories, and against the API's current list when the
  /// cache lacks one (it may be out of date, or there may be no cache yet).
  private func checkKnown(_ names: [String]) async throws(ChuckError) {
    guard !names.isEmpty else { return }
    if let cached = catalog.cached, names.allSatisfy(cached.contains) { return }
    let known = try await catalog.categories().names
    if let unknown = names.first(where: { !known.contains($0) }) {
      throw .unknownCategory(unknown, known: known)
    }
  }
}
