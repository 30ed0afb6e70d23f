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

  /// A random joke: dad `GET /`, official `GET /random_joke`, Switter `GET /api/joke`.
  public func randomJoke() async throws(ChuckError) -> ServiceJoke<Shape> {
    let path: [String] =
      switch Shape.source {
      case .official: ["random_joke"]
      case .switter: ["api", "joke"]
      case .dad, .chuck: []
      }
    let object = try await worker(
      path: path, notFound: .notFound(path: "/" + path.joined(separator: "/"))
    )
    .decode([String: JSONValue].self)
    return try ServiceJoke(received: object, savedAt: now())
  }

  /// The joke with this id: dad `GET /j/<id>`, official `GET /jokes/<id>`.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for Switter, which has no ids;
  ///   ``ChuckError/jokeNotFound(id:)`` for an id the service does not know.
  public func joke(id: String) async throws(ChuckError) -> ServiceJoke<Shape> {
    let path: [String]
    switch Shape.source {
    case .dad: path = ["j", id]
    case .official: path = ["jokes", id]
    case .switter, .chuck:
      throw .invalidArgument("\(Shape.source.name) jokes cannot be fetched by id")
    }
    let object = try await worker(path: path, notFound: .jokeNotFound(id: id))
      .decode([String: JSONValue].self)
    let joke = try ServiceJoke<Shape>(received: object, savedAt: now())
    guard joke.id == id else {
      throw .badResponse("asked for joke \(id), got \(joke.id)")
    }
    return joke
  }

  /// The jokes whose text contains `term`: dad `GET /search?term=&limit=30` (its first page).
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for a service that cannot search.
  public func search(term: String) async throws(ChuckError) -> [ServiceJoke<Shape>] {
    guard Shape.source == .dad else {
      throw .invalidArgument("\(Shape.source.name) jokes cannot be searched")
    }
    let query = [URLQueryItem(name: "term", value: term), URLQueryItem(name: "limit", value: "30")]
    let page = try await worker(
      path: ["search"], query: query, notFound: .notFound(path: "/search")
    )
    .decode(DadSearchPage.self)
    let savedAt = now()
    var jokes: [ServiceJoke<Shape>] = []
    for object in page.results { jokes.append(try ServiceJoke(received: object, savedAt: savedAt)) }
    return jokes
  }

  private func worker(path: [String], query: [URLQueryItem] = [], notFound: ChuckError)
    throws(ChuckError) -> ChuckWorker
  {
    var headers: [(name: String, value: String)] = []
    if Shape.source == .switter { headers.append(("x-device-uuid", try deviceID())) }
    return ChuckWorker(
      url: BaseURL(baseURL).appending(path, query: query),
      userAgent: Shape.source == .dad ? ChuckVersion.userAgentWithHomePage : ChuckVersion.userAgent,
      transport: transport, policy: policy,
      limits: TransferLimits(deadline: timeout, maxBytes: ChuckAPI.maxResponseBytes),
      notFound: notFound, headers: headers)
  }
}

/// One page of icanhazdadjoke's search: `{"results": [{"id", "joke"}, …], "total_jokes", …}`.
struct DadSearchPage: Decodable {
  var results: [[String: JSONValue]]
}
