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

  /// Makes a client.
  /// - Parameters:
  ///   - baseURL: the service's base URL (a path prefix is allowed).
  ///   - transport: how each attempt is sent.
  ///   - policy: retries and their spacing.
  ///   - timeout: seconds each attempt may take as a whole.
  ///   - deviceID: Switter's device id.
  ///   - now: the time a fetched joke is saved at.
  public init(
    baseURL: URL, transport: HTTPTransport = .live, policy: RetryPolicy = RetryPolicy(),
    timeout: Double = NetworkDefaults.timeout,
    deviceID: @escaping @Sendable () throws(ChuckError) -> String,
    now: @escaping @Sendable () -> PostgresTimestamp = { PostgresTimestamp.now }
  ) {
    self.baseURL = baseURL
    self.transport = transport
    self.policy = policy
    self.timeout = timeout
    self.deviceID = deviceID
    self.now = now
  }

  /// A random joke (``JokeShape/randomPath``).
  public func randomJoke() async throws(ChuckError) -> ServiceJoke<Shape> {
    let path = Shape.randomPath
    let object = try await worker(
      path: path, notFound: .notFound(path: "/" + path.joined(separator: "/"))
    )
    .decode([String: JSONValue].self)
    return try ServiceJoke(received: object, savedAt: now())
  }

  /// The joke with this id (``JokeShape/jokePath(id:)``).
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for a service without fetch by id;
  ///   ``ChuckError/jokeNotFound(id:)`` for an id the service does not know.
  public func joke(id: String) async throws(ChuckError) -> ServiceJoke<Shape> {
    guard Shape.abilities.contains(.fetchByID) else {
      throw .invalidArgument(Shape.source.noFetchByIDMessage)
    }
    let object = try await worker(path: Shape.jokePath(id: id), notFound: .jokeNotFound(id: id))
      .decode([String: JSONValue].self)
    let joke = try ServiceJoke<Shape>(received: object, savedAt: now())
    guard joke.id == id else {
      throw .badResponse("asked for joke \(id), got \(joke.id)")
    }
    return joke
  }

  /// The jokes whose text contains `term` (``JokeShape/searchRequest(term:)``), in the
  /// service's order.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for a service that cannot search.
  public func search(term: String) async throws(ChuckError) -> [ServiceJoke<Shape>] {
    guard Shape.abilities.contains(.search) else {
      throw .invalidArgument(Shape.source.cannotSearchMessage)
    }
    let (path, query) = Shape.searchRequest(term: term)
    let answer = try await worker(
      path: path, query: query, notFound: .notFound(path: "/" + path.joined(separator: "/"))
    )
    .decode(JSONValue.self)
    let savedAt = now()
    var jokes: [ServiceJoke<Shape>] = []
    for object in try Shape.searchResults(in: answer) {
      jokes.append(try ServiceJoke(received: object, savedAt: savedAt))
    }
    return jokes
  }

  private func worker(path: [String], query: [URLQueryItem] = [], notFound: ChuckError)
    throws(ChuckError) -> ChuckWorker
  {
    let deviceID = deviceID
    return ChuckWorker(
      url: BaseURL(baseURL).appending(path, query: query), userAgent: Shape.userAgent,
      transport: transport, policy: policy,
      limits: TransferLimits(deadline: timeout, maxBytes: ChuckAPI.maxResponseBytes),
      notFound: notFound, headers: try Shape.headers(deviceID: deviceID))
  }
}
