import FoundationEssentials

/// The live ``ChuckService``: api.chucknorris.io (or whatever `CHUCK_API_URL` names) over HTTP.
public struct ChuckAPI: ChuckService {
  /// The API's base URL, for example `https://api.chucknorris.io`.
  public let baseURL: URL
  /// Sends each attempt.
  public let transport: HTTPTransport
  /// Retries and their spacing.
  public let policy: RetryPolicy
  /// Seconds each attempt may take as a whole.
  public let timeout: Double
  /// Told about each worker when it is made; tests use it to see that workers are released.
  public let workerCreated: (@Sendable (ChuckWorker) -> Void)?

  /// The most bytes accepted in any answer: 1 MiB.
  public static let maxResponseBytes = 1 << 20

  /// Makes a client.
  /// - Parameters:
  ///   - baseURL: the API's base URL.
  ///   - transport: how each attempt is sent.
  ///   - policy: retries and their spacing.
  ///   - timeout: seconds each attempt may take as a whole.
  ///   - workerCreated: told about each worker when it is made.
  public init(
    baseURL: URL, transport: HTTPTransport = .live, policy: RetryPolicy = RetryPolicy(),
    timeout: Double = NetworkDefaults.timeout,
    workerCreated: (@Sendable (ChuckWorker) -> Void)? = nil
  ) {
    self.baseURL = baseURL
    self.transport = transport
    self.policy = policy
    self.timeout = timeout
    self.workerCreated = workerCreated
  }

  /// Makes a client from a configuration.
  /// - Parameters:
  ///   - configuration: the API URL, timeout and retry settings, the CAs to trust and the proxies.
  ///   - transport: how each attempt is sent; libcurl trusting the configuration's CAs, through
  ///     its proxies, when `nil`.
  public init(configuration: ChuckConfiguration, transport: HTTPTransport? = nil) {
    self.init(
      baseURL: configuration.apiBaseURL,
      transport: transport ?? configuration.liveTransport, policy: configuration.retryPolicy,
      timeout: configuration.timeout)
  }

  /// `GET /jokes/random`, optionally with `?category=`.
  public func randomJoke(category: String?) async throws(ChuckError) -> ChuckJoke {
    var query: [URLQueryItem] = []
    if let category { query.append(URLQueryItem(name: "category", value: category)) }
    return try await worker(
      path: ["jokes", "random"], query: query,
      notFound: category.map { .categoryNotFound($0) } ?? .notFound(path: "/jokes/random")
    ).decode(ChuckJoke.self)
  }

  /// `GET /jokes/{id}`.
  public func joke(id: String) async throws(ChuckError) -> ChuckJoke {
    try await worker(path: ["jokes", id], notFound: .jokeNotFound(id: id)).decode(ChuckJoke.self)
  }

  /// `GET /jokes/categories`.
  public func categories() async throws(ChuckError) -> [String] {
    try await worker(
      path: ["jokes", "categories"],
      notFound: .notFound(path: "/jokes/categories")
    ).decode([String].self)
  }

  /// `GET /jokes/search?query=`; the query's length is checked first, as the server counts it.
  public func search(query: String) async throws(ChuckError) -> [ChuckJoke] {
    if let problem = SearchQuery.problem(query) { throw .invalidArgument(problem) }
    struct Page: Decodable {
      var total: Int
      var result: [ChuckJoke]
    }
    return try await worker(
      path: ["jokes", "search"], query: [URLQueryItem(name: "query", value: query)],
      notFound: .notFound(path: "/jokes/search")
    ).decode(Page.self).result
  }

  /// Downloads an image, with the per-attempt deadline and one attempt only: an icon is never
  /// worth waiting for.
  public func image(at url: URL) async throws(ChuckError) -> Data {
    let worker = ChuckWorker(
      url: url, userAgent: ChuckVersion.userAgent, transport: transport,
      policy: RetryPolicy(retries: 0), limits: limits, notFound: .notFound(path: url.path))
    workerCreated?(worker)
    let body = try await worker.fetch().body
    guard ImageKind(of: body) != nil else { throw .badResponse("the icon is not an image") }
    return body
  }

  private var limits: TransferLimits {
    TransferLimits(deadline: timeout, maxBytes: Self.maxResponseBytes)
  }

  private func worker(path: [String], query: [URLQueryItem] = [], notFound: ChuckError)
    -> ChuckWorker
  {
    let worker = ChuckWorker(
      url: endpoint(path: path, query: query), userAgent: ChuckVersion.userAgent,
      transport: transport, policy: policy, limits: limits, notFound: notFound)
    workerCreated?(worker)
    return worker
  }

  /// The base URL with `path` appended segment by segment (each percent-encoded) and `query`.
  func endpoint(path: [String], query: [URLQueryItem]) -> URL {
    BaseURL(baseURL).appending(path, query: query)
  }
}
