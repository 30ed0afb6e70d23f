import FoundationEssentials

/// The live client of another joke service than api.chucknorris.io (icanhazdadjoke, the Official
/// Joke API, Switter), with the same network rules as ``ChuckAPI``: one ``ChuckWorker`` per call,
/// the deadline, retries, the size cap, the status and JSON checks.
public struct ServiceAPI<Shape: JokeShape>: Sendable {
  /// The service's base URL.
  public let baseURL: URL
  /// Sends each attempt.
  public let transport: HTTPTransport
  /// Retries and their spacing.
  public let policy: RetryPolicy
  /// Seconds each attempt may take as a whole.
  public let timeout: Double
  /// Switter's `x-device-uuid`, asked for only when a Switter request is made.
  public let deviceID: @Sendable () throws(ChuckError) -> String
  /// The time a fetched joke is saved at.
  public let now: @Sendable () -> PostgresTimestamp
  /// The process's variables, for a service's own settings.
  public let environment: [String: String]
  /// Where the category names are cached (a service with categories).
  public let catalogFile: URL

  /// Makes a client.
  /// - Parameters:
  ///   - baseURL: the service's base URL (a path prefix is allowed).
  ///   - transport: how each attempt is sent.
  ///   - policy: retries and their spacing.
  ///   - timeout: seconds each attempt may take as a whole.
  ///   - deviceID: Switter's device id.
  ///   - now: the time a fetched joke is saved at.
  ///   - environment: the process's variables, for a service's own settings.
  ///   - catalogFile: where the category names are cached.
  public init(
    baseURL: URL, transport: HTTPTransport = .live, policy: RetryPolicy = RetryPolicy(),
    timeout: Double = NetworkDefaults.timeout,
    deviceID: @escaping @Sendable () throws(ChuckError) -> String,
    now: @escaping @Sendable () -> PostgresTimestamp = { PostgresTimestamp.now },
    environment: [String: String] = [:], catalogFile: URL
  ) {
    self.environment = environment
    self.catalogFile = catalogFile
    self.baseURL = baseURL
    self.transport = transport
    self.policy = policy
    self.timeout = timeout
    self.deviceID = deviceID
    self.now = now
  }

  /// A random joke (``JokeShape/randomRequest(category:environment:)``).
  /// - Parameter category: only a joke of this category (a service with categories).
  /// - Throws: ``ChuckError/categoryNotFound(_:)`` for a category the service does not know.
  public func randomJoke(category: String? = nil) async throws(ChuckError) -> ServiceJoke<Shape> {
    let (path, query) = try Shape.randomRequest(category: category, environment: environment)
    let notFound: ChuckError =
      category.map { .categoryNotFound($0) } ?? .notFound(path: "/" + path.joined(separator: "/"))
    return try await fetchJoke(path: path, query: query, notFound: notFound)
  }

  /// The joke with this id (``JokeShape/jokeRequest(id:)``).
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for a service without fetch by id;
  ///   ``ChuckError/jokeNotFound(id:)`` for an id the service does not know.
  public func joke(id: String) async throws(ChuckError) -> ServiceJoke<Shape> {
    guard Shape.abilities.contains(.fetchByID) else {
      throw .invalidArgument(Shape.source.noFetchByIDMessage)
    }
    let (path, query) = Shape.jokeRequest(id: id)
    let joke = try await fetchJoke(path: path, query: query, notFound: .jokeNotFound(id: id))
    guard joke.id == id else {
      throw .badResponse("asked for joke \(id), got \(joke.id)")
    }
    return joke
  }

  /// The jokes whose text contains `term` (``JokeShape/searchRequest(term:environment:)``), in
  /// the service's order.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for a service that cannot search.
  public func search(term: String) async throws(ChuckError) -> [ServiceJoke<Shape>] {
    guard Shape.abilities.contains(.search) else {
      throw .invalidArgument(Shape.source.cannotSearchMessage)
    }
    let (path, query) = try Shape.searchRequest(term: term, environment: environment)
    // A service that says "no joke" to a search found none; a 404 stays an error (a wrong
    // base URL is not an empty result).
    let noMatch = ChuckError.jokeNotFound(id: term)
    let answer: JSONValue
    do throws(ChuckError) {
      answer = try await worker(
        path: path, query: query, notFound: .notFound(path: "/" + path.joined(separator: "/")),
        noJoke: noMatch
      )
      .decode(JSONValue.self)
    } catch  where error == noMatch {
      return []
    }
    if case .object(let object) = answer, Shape.isNoJoke(object) { return [] }
    let savedAt = now()
    var jokes: [ServiceJoke<Shape>] = []
    for object in try Shape.searchResults(in: answer) {
      jokes.append(try ServiceJoke(received: object, savedAt: savedAt))
    }
    return jokes
  }

  /// The service's category names, asked now (``JokeShape/categoriesPath``).
  public func categoryNames() async throws(ChuckError) -> [String] {
    let path = Shape.categoriesPath
    let answer = try await worker(
      path: path, notFound: .notFound(path: "/" + path.joined(separator: "/"))
    )
    .decode(JSONValue.self)
    return try Shape.categoryNames(in: answer)
  }

  /// The category names, cached for a day (a service with categories).
  public var catalog: CategoryCatalog {
    let api = self
    return CategoryCatalog(file: catalogFile) { () async throws(ChuckError) -> [String] in
      try await api.categoryNames()
    }
  }

  private func fetchJoke(path: [String], query: [URLQueryItem], notFound: ChuckError)
    async throws(ChuckError) -> ServiceJoke<Shape>
  {
    let object = try await worker(path: path, query: query, notFound: notFound)
      .decode([String: JSONValue].self)
    if Shape.isNoJoke(object) { throw notFound }
    return try ServiceJoke(received: object, savedAt: now())
  }

  /// A worker for one request; the kind's no-joke statuses mean `noJoke` (else `notFound`).
  private func worker(
    path: [String], query: [URLQueryItem] = [], notFound: ChuckError, noJoke: ChuckError? = nil
  ) throws(ChuckError) -> ChuckWorker {
    let deviceID = deviceID
    return ChuckWorker(
      url: BaseURL(baseURL).appending(path, query: query), userAgent: Shape.userAgent,
      transport: transport, policy: policy,
      limits: TransferLimits(deadline: timeout, maxBytes: ChuckAPI.maxResponseBytes),
      notFound: notFound, headers: try Shape.headers(deviceID: deviceID),
      noJokeStatuses: Shape.noJokeStatuses, noJoke: noJoke)
  }
}
