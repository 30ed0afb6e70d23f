import FoundationEssentials

/// The seam between `ChuckWorker` and the network: sends one request once.
///
/// The live value calls libcurl (``CurlAttempt``); tests replace `send` to script answers without a
/// network.
public struct HTTPTransport: Sendable {
  /// Sends one request, once, and returns the answer whatever its status. Redirects are not
  /// followed: a 3xx answer is returned as it is.
  public var send:
    @Sendable (_ request: HTTPRequest, _ limits: TransferLimits) async throws(ChuckError) ->
      HTTPResponse

  /// Makes a transport from a send function.
  /// - Parameter send: sends a request once; fails with ``ChuckError/connectionFailed(_:)``,
  ///   ``ChuckError/timedOut(seconds:)``, ``ChuckError/responseTooLarge(limit:)`` or
  ///   ``ChuckError/cancelled``.
  public init(
    send:
      @escaping @Sendable (_ request: HTTPRequest, _ limits: TransferLimits)
      async throws(ChuckError)
      -> HTTPResponse
  ) {
    self.send = send
  }

  /// The real network, through libcurl (loaded on the first request), trusting libcurl's default
  /// CA certificates, without a proxy.
  public static let live = live(trusting: CertificateAuthorities())

  /// The real network, through libcurl, trusting these CA certificates.
  /// - Parameters:
  ///   - authorities: the CA certificates to trust.
  ///   - proxies: the proxy variables that choose each request's proxy (by default none).
  /// - Returns: the transport.
  public static func live(
    trusting authorities: CertificateAuthorities, through proxies: ProxySettings = ProxySettings()
  ) -> HTTPTransport {
    HTTPTransport {
      (request: HTTPRequest, limits: TransferLimits) async throws(ChuckError) -> HTTPResponse in
      try await CurlAttempt.send(
        request, limits: limits, authorities: authorities, proxy: proxies.proxy(for: request.url))
    }
  }
}
