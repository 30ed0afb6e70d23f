/// A kind's service, as `random`, `save`, `show`, `search` and the screen's Joke! ask it: every
/// method fails with ``ChuckError`` and nothing else. ``ChuckClient`` serves Chuck Norris jokes
/// (through ``ChuckService``), ``ServiceAPI`` the others.
public protocol JokeClient<Kind>: Sendable {
  /// The kind of joke.
  associatedtype Kind: JokeKind

  /// A random joke, to save.
  /// - Parameters:
  ///   - category: only a joke of this category.
  ///   - excluded: categories the joke may not have.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for categories of a kind without any, or the
  ///   service's error.
  func random(category: String?, excluding excluded: [String]) async throws(ChuckError)
    -> Kind.Joke

  /// The joke with this id.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for a kind without fetch by id,
  ///   ``ChuckError/jokeNotFound(id:)``, or the service's error.
  func joke(id: String) async throws(ChuckError) -> Kind.Joke

  /// The category names (a kind with categories), cached for a day.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for a kind without categories, or the
  ///   service's error when nothing is cached.
  func categories() async throws(ChuckError) -> (names: [String], source: CategoryCatalog.Source)

  /// The jokes whose text contains `query`, in the order to show.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for a kind that cannot search, or the
  ///   service's error.
  func search(_ query: String) async throws(ChuckError) -> [Kind.Joke]
}

/// Chuck Norris jokes' client: `chuck random`'s category checks (``RandomJokes``) over the
/// components' ``ChuckService``, which the tests replace.
public struct ChuckClient: JokeClient {
  /// Chuck Norris jokes.
  public typealias Kind = ChuckNorris
  /// The service.
  public let service: any ChuckService
  /// Fetches random jokes with the category checks.
  public let randomJokes: RandomJokes<ChuckJoke>

  /// A random joke of `category` (if given) and of none of the `excluded` categories.
  public func random(category: String?, excluding excluded: [String]) async throws(ChuckError)
    -> ChuckJoke
  {
    try await randomJokes.fetch(category: category, excluding: excluded)
  }

  /// `GET /jokes/categories`, cached for a day.
  public func categories() async throws(ChuckError) -> (
    names: [String], source: CategoryCatalog.Source
  ) {
    try await randomJokes.catalog.categories()
  }

  /// `GET /jokes/{id}`.
  public func joke(id: String) async throws(ChuckError) -> ChuckJoke {
    try await service.joke(id: id)
  }

  /// `GET /jokes/search`, oldest first.
  public func search(_ query: String) async throws(ChuckError) -> [ChuckJoke] {
    JokeOrder.oldestFirst(try await service.search(query: query))
  }
}

extension ServiceAPI: JokeClient {
  /// The shape is the kind.
  public typealias Kind = Shape

  /// A random joke: with categories checked as for Chuck Norris jokes (``RandomJokes``) for a
  /// service that has them; refused for one that has none.
  public func random(category: String?, excluding excluded: [String]) async throws(ChuckError)
    -> ServiceJoke<Shape>
  {
    guard Shape.abilities.contains(.categories) else {
      guard category == nil, excluded.isEmpty else {
        throw .invalidArgument(Shape.source.noCategoriesMessage)
      }
      return try await randomJoke()
    }
    let api = self
    return try await RandomJokes(catalog: catalog, flagNames: Shape.flagNames) {
      (category: String?) async throws(ChuckError) -> ServiceJoke<Shape> in
      try await api.randomJoke(category: category)
    }.fetch(category: category, excluding: excluded)
  }

  /// The category names, cached for a day.
  public func categories() async throws(ChuckError) -> (
    names: [String], source: CategoryCatalog.Source
  ) {
    guard Shape.abilities.contains(.categories) else {
      throw .invalidArgument(Shape.source.noCategoriesMessage)
    }
    return try await catalog.categories()
  }

  /// The service's search, in its order.
  public func search(_ query: String) async throws(ChuckError) -> [ServiceJoke<Shape>] {
    try await search(term: query)
  }
}
