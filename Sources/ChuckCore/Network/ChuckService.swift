/// What `chuck` asks of a kind's service: what `random`, `save`, `show`, `search`,
/// `categories` and the screen's Joke! ask it. Every method fails with ``ChuckError`` and nothing
/// else. ``ServiceClient`` serves every kind, Chuck Norris jokes as the others.
public protocol ChuckService<Kind>: Sendable {
  /// The kind of joke.
  associatedtype Kind: JokeKind

  /// A random joke, to save.
  /// - Parameters:
  ///   - category: only a joke of this category.
  ///   - excluded: categories the joke may not have.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for categories of a kind without any,
  ///   ``ChuckError/categoryNotFound(_:)`` or ``ChuckError/unknownCategory(_:known:)`` for a
  ///   category the service does not know, or a network error.
  func random(category: String?, excluding excluded: [String]) async throws(ChuckError)
    -> Kind.Joke

  /// The joke with this id.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for a kind without fetch by id,
  ///   ``ChuckError/jokeNotFound(id:)``, or a network error.
  func joke(id: String) async throws(ChuckError) -> Kind.Joke

  /// The category names (a kind with categories), sorted, cached for a day.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for a kind without categories, or a network
  ///   error when nothing is cached.
  func categories() async throws(ChuckError) -> (names: [String], source: CategoryCatalog.Source)

  /// The jokes whose text contains `query`, in the order to show.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for a kind that cannot search or a query the
  ///   service refuses, or a network error.
  func search(_ query: String) async throws(ChuckError) -> [Kind.Joke]
}
