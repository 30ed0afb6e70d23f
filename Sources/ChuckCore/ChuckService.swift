import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// What `chuck` asks of a joke API. Every method can fail with ``ChuckError`` and nothing else.
public protocol ChuckService: Sendable {
  /// A random joke.
  /// - Parameter category: only jokes of this category (the API also takes `a,b` for any of them).
  /// - Returns: the joke as the API sent it.
  /// - Throws: ``ChuckError/categoryNotFound(_:)`` for an unknown category, or a network error.
  func randomJoke(category: String?) async throws(ChuckError) -> ChuckJoke

  /// The joke with this id.
  /// - Parameter id: a full joke id.
  /// - Returns: the joke as the API sent it.
  /// - Throws: ``ChuckError/jokeNotFound(id:)`` when the API does not know it, or a network error.
  func joke(id: String) async throws(ChuckError) -> ChuckJoke

  /// The API's category names, sorted.
  /// - Returns: the names.
  /// - Throws: a network error.
  func categories() async throws(ChuckError) -> [String]

  /// The jokes whose text contains `query`, case-insensitively.
  /// - Parameter query: 3 to 120 UTF-16 code units.
  /// - Returns: the matching jokes, in the API's order.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for a query the API refuses, or a network error.
  func search(query: String) async throws(ChuckError) -> [ChuckJoke]

  /// An image, for a joke's icon.
  /// - Parameter url: where the image is.
  /// - Returns: the image's bytes, at most 1 MiB, checked to be PNG, JPEG, GIF or WebP.
  /// - Throws: ``ChuckError/badResponse(_:)`` when it is not an image, or a network error.
  func image(at url: URL) async throws(ChuckError) -> Data
}

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
    timeout: Double = 10, workerCreated: (@Sendable (ChuckWorker) -> Void)? = nil
  ) {
    self.baseURL = baseURL
    self.transport = transport
    self.policy = policy
    self.timeout = timeout
    self.workerCreated = workerCreated
  }

  /// Makes a client from a configuration.
  /// - Parameters:
  ///   - configuration: the API URL, timeout and retry settings.
  ///   - transport: how each attempt is sent.
  public init(configuration: ChuckConfiguration, transport: HTTPTransport = .live) {
    self.init(
      baseURL: configuration.apiBaseURL, transport: transport,
      policy: RetryPolicy(retries: configuration.retries, delay: configuration.retryDelay),
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
    guard (3...120).contains(query.utf16.count) else {
      throw .invalidArgument("a search query must be 3 to 120 characters (UTF-16 code units)")
    }
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
    var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) ?? URLComponents()
    var basePath = components.percentEncodedPath
    while basePath.hasSuffix("/") { basePath.removeLast() }
    let segments = path.map {
      $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"])) ?? $0
    }
    components.percentEncodedPath = basePath + "/" + segments.joined(separator: "/")
    // `URLComponents` leaves `+` as it is in a query, and servers read it as a space.
    var allowed = CharacterSet.urlQueryAllowed
    allowed.remove(charactersIn: "+&=#?")
    components.percentEncodedQuery =
      query.isEmpty
      ? nil
      : query.map {
        $0.name + "=" + ($0.value?.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
      }.joined(separator: "&")
    return components.url ?? baseURL
  }
}

/// The kinds of image an icon may be, recognised by their first bytes.
public enum ImageKind: String, Sendable {
  /// PNG.
  case png
  /// JPEG.
  case jpeg
  /// GIF.
  case gif
  /// WebP.
  case webp

  /// Recognises an image by its signature.
  /// - Parameter data: the file's bytes.
  /// - Returns: the kind, or `nil` when the bytes are not one of these images.
  public init?(of data: Data) {
    let bytes = [UInt8](data.prefix(12))
    if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
      self = .png
    } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
      self = .jpeg
    } else if bytes.starts(with: Array("GIF8".utf8)) {
      self = .gif
    } else if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)),
      Array(bytes[8..<12]) == Array("WEBP".utf8)
    {
      self = .webp
    } else {
      return nil
    }
  }
}
