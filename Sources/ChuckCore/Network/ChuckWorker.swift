import FoundationEssentials

/// Performs exactly one network call: builds the request, sends it with the retry policy, checks
/// the answer and decodes it. ``ServiceClient`` makes a new worker for each call and lets it go
/// when the call returns, as ``IconStore`` does for each icon.
public final class ChuckWorker: Sendable {
  /// The request as it is sent.
  public let request: HTTPRequest
  private let transport: HTTPTransport
  private let policy: RetryPolicy
  private let limits: TransferLimits
  private let notFound: ChuckError
  private let noJokeStatuses: Set<Int>
  private let noJoke: ChuckError?

  /// Makes a worker for one call.
  /// - Parameters:
  ///   - url: the full URL to GET.
  ///   - userAgent: the `User-Agent` header.
  ///   - transport: how to send one attempt.
  ///   - policy: retries and their spacing.
  ///   - limits: the per-attempt deadline and the body size limit.
  ///   - notFound: what a 404 answer means for this call.
  ///   - headers: further header fields (Switter's `x-device-uuid`), sent after those two.
  ///   - noJokeStatuses: other statuses by which the service says it has no such joke (JokeAPI's
  ///     400); a 404 is `notFound` whatever this says.
  ///   - noJoke: what those statuses mean for this call; `notFound` when `nil`.
  public init(
    url: URL, userAgent: String,
    transport: HTTPTransport, policy: RetryPolicy, limits: TransferLimits,
    notFound: ChuckError, headers: [(name: String, value: String)] = [],
    noJokeStatuses: Set<Int> = [], noJoke: ChuckError? = nil
  ) {
    var request = HTTPRequest(url: url)
    // The spec: every request sends it, icons included (the API picks JSON, text or HTML by it).
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
    for header in headers { request.setValue(header.value, forHTTPHeaderField: header.name) }
    self.request = request
    self.transport = transport
    self.policy = policy
    self.limits = limits
    self.notFound = notFound
    self.noJokeStatuses = noJokeStatuses
    self.noJoke = noJoke
  }

  /// Sends the request, trying again after transient failures, and returns the 2xx answer.
  /// - Returns: the successful answer.
  /// - Throws: the last attempt's error when every attempt failed, or at once for an answer that
  ///   another attempt would not change (4xx, a redirect, a body over the limit).
  public func fetch() async throws(ChuckError) -> HTTPResponse {
    var attempt = 0
    while true {
      do throws(ChuckError) {
        return try check(try await transport.send(request, limits))
      } catch {
        guard error.isTransient, attempt < policy.retries else { throw error }
        attempt += 1
        try await policy.sleep(policy.delay)
      }
    }
  }

  /// Sends the request and decodes its JSON answer.
  /// - Parameter type: what the body holds.
  /// - Returns: the decoded value.
  /// - Throws: ``ChuckError/badResponse(_:)`` when the answer is not JSON of that shape, or any
  ///   error of ``fetch()``.
  public func decode<T: Decodable>(_ type: T.Type) async throws(ChuckError) -> T {
    let response = try await fetch()
    if let contentType = response.headers["content-type"], !Self.isJSON(contentType) {
      throw .badResponse("expected JSON, got \(TerminalSafeText.render(contentType))")
    }
    guard !response.body.isEmpty else { throw .badResponse("the body is empty") }
    // The list reader's strict check first: an answer it would not read back is refused, and
    // JSONDecoder never sees nesting deeper than 256 (513 levels crash it).
    if let problem = Self.jsonProblem(Array(response.body)) { throw .badResponse(problem) }
    do {
      return try JSONDecoder().decode(T.self, from: response.body)
    } catch {
      throw .badResponse(DecodingProblem.describe(error))
    }
  }

  /// Maps a status to success or to the error it means.
  private func check(_ response: HTTPResponse) throws(ChuckError) -> HTTPResponse {
    if noJokeStatuses.contains(response.status) { throw noJoke ?? notFound }
    switch response.status {
    case 200..<300: return response
    case 300..<400:
      let location = response.headers["location"].map { TerminalSafeText.render($0) } ?? "?"
      throw .redirected(location: location)
    case 404: throw notFound
    case 429: throw .rateLimited
    case 500..<600: throw .serverError(status: response.status)
    default: throw .unexpectedStatus(response.status)
    }
  }

  /// Why `body` is not one strict JSON text (RFC 8259, at most 256 levels deep), or `nil`.
  private static func jsonProblem(_ body: [UInt8]) -> String? {
    body.withUnsafeBufferPointer { buffer in
      var scanner = JSONScanner(buffer)
      do throws(JSONScanner.Failure) {
        _ = try scanner.value()
        scanner.skipWhitespace()
        return scanner.isAtEnd ? nil : "not valid JSON"
      } catch {
        return error.reason == "nested too deeply"
          ? "nested more than \(JSONScanner.maximumDepth) levels deep" : "not valid JSON"
      }
    }
  }

  private static func isJSON(_ contentType: String) -> Bool {
    let media =
      contentType.split(separator: ";").first?.trimmingWhitespace
      .lowercased() ?? ""
    return media == "application/json" || media.hasSuffix("+json")
  }
}
