import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One attempt over `URLSession`, enforcing what `URLSession` on Linux does not: a deadline for the
/// whole attempt (its own timeout is a whole-second idle timer), a body size limit and no
/// redirects. The session is invalidated when the attempt ends, which releases this delegate.
final class URLSessionAttempt: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  private let request: URLRequest
  private let limits: TransferLimits
  private let lock = NSLock()
  // Guarded by `lock`.
  private var body = Data()
  private var continuation: CheckedContinuation<Result<HTTPResponse, ChuckError>, Never>?
  private var outcome: Result<HTTPResponse, ChuckError>?

  init(request: URLRequest, limits: TransferLimits) {
    self.request = request
    self.limits = limits
  }

  func run() async throws(ChuckError) -> HTTPResponse {
    let configuration = URLSessionConfiguration.ephemeral
    // URLSession's own timers stay out of the way; the deadline below is the real one.
    configuration.timeoutIntervalForRequest = limits.deadline.rounded(.up) + 30
    configuration.timeoutIntervalForResource = limits.deadline.rounded(.up) + 30
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    configuration.httpCookieStorage = nil
    let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    defer { session.invalidateAndCancel() }
    var request = request
    request.timeoutInterval = configuration.timeoutIntervalForRequest
    let task = session.dataTask(with: request)
    let result = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        // An outcome may already be settled (cancelled before this point): resume at once.
        let settled: Result<HTTPResponse, ChuckError>? = lock.withLock {
          if outcome == nil { self.continuation = continuation }
          return outcome
        }
        if let settled {
          continuation.resume(returning: settled)
          return
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + limits.deadline) { [weak self] in
          guard let self else { return }
          finish(.failure(.timedOut(seconds: limits.deadline)), cancelling: task)
        }
        task.resume()
      }
    } onCancel: {
      finish(.failure(.cancelled), cancelling: task)
    }
    return try result.get()
  }

  /// Settles the attempt once; later outcomes (the cancelled task's own completion) are ignored.
  /// An outcome settled before anyone waits is kept for `run` to pick up.
  private func finish(_ result: Result<HTTPResponse, ChuckError>, cancelling task: URLSessionTask?)
  {
    let (isFirst, waiting) = lock.withLock {
      () -> (Bool, CheckedContinuation<Result<HTTPResponse, ChuckError>, Never>?) in
      guard outcome == nil else { return (false, nil) }
      outcome = result
      defer { continuation = nil }
      return (true, continuation)
    }
    guard isFirst else { return }
    task?.cancel()
    waiting?.resume(returning: result)
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    if response.expectedContentLength > Int64(limits.maxBytes) {
      finish(.failure(.responseTooLarge(limit: limits.maxBytes)), cancelling: dataTask)
      completionHandler(.cancel)
      return
    }
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    let tooLarge = lock.withLock {
      body.append(data)
      return body.count > limits.maxBytes
    }
    if tooLarge {
      finish(.failure(.responseTooLarge(limit: limits.maxBytes)), cancelling: dataTask)
    }
  }

  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
    completionHandler: @escaping (URLRequest?) -> Void
  ) {
    completionHandler(nil)
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
    if let error {
      finish(.failure(Self.translate(error, deadline: limits.deadline)), cancelling: nil)
      return
    }
    guard let response = task.response as? HTTPURLResponse else {
      finish(.failure(.badResponse("the answer was not HTTP")), cancelling: nil)
      return
    }
    var headers: [String: String] = [:]
    for (name, value) in response.allHeaderFields {
      if let name = name as? String, let value = value as? String { headers[name] = value }
    }
    let body = lock.withLock { self.body }
    finish(
      .success(HTTPResponse(status: response.statusCode, headers: headers, body: body)),
      cancelling: nil)
  }

  static func translate(_ error: any Error, deadline: Double) -> ChuckError {
    guard let error = error as? URLError else {
      return .connectionFailed(error.localizedDescription)
    }
    switch error.code {
    case .timedOut: return .timedOut(seconds: deadline)
    case .cancelled: return .cancelled
    case .cannotConnectToHost: return .connectionFailed("connection refused")
    case .cannotFindHost, .dnsLookupFailed: return .connectionFailed("host not found")
    case .networkConnectionLost: return .connectionFailed("connection lost")
    case .notConnectedToInternet: return .connectionFailed("no network")
    case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
      .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
      return .connectionFailed("TLS failed (\(error.code.rawValue))")
    default:
      return .connectionFailed("URL error \(error.code.rawValue)")
    }
  }
}
