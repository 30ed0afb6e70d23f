import ChuckTestSupport
import Foundation
import Testing

/// The real transport (libcurl) as a user meets it: the built `chuck` against
/// `https://127.0.0.1:PORT`, where nginx with throwaway certificates fronts the fake API; through
/// tinyproxy; and to hosts that cannot be reached. Only loopback addresses are used.
@Suite struct TransportTests {
  static let joke = MadeUpJoke(7, "Chuck Norris's certificates verify themselves.")

  /// Which certificate a site serves.
  enum Served: Sendable {
    case trusted, expired, selfSigned, mismatched

    func pair(in certificates: TestCertificates) -> TestCertificates.Pair {
      switch self {
      case .trusted: return certificates.trusted
      case .expired: return certificates.expired
      case .selfSigned: return certificates.selfSigned
      case .mismatched: return certificates.mismatched
      }
    }
  }

  /// The fake API behind nginx (one HTTPS site per certificate), and a sandbox to run `chuck`.
  struct Stack: Sendable {
    let certificates: TestCertificates
    let api: FakeAPI
    let nginx: NginxServer
    let sandbox: ChuckSandbox

    /// The HTTPS URL of a site.
    func url(_ site: Int = 0) -> String { "https://127.0.0.1:\(nginx.ports[site])" }

    /// The environment that sends `chuck` to a site and trusts the test CA.
    func trusting(_ site: Int = 0) -> [String: String?] {
      ["CHUCK_API_URL": url(site), "CURL_CA_BUNDLE": certificates.authority.path]
    }

    /// nginx's access log once it holds `count` requests (it writes each after answering).
    func accesses(count: Int) async throws -> [NginxServer.Access] {
      try await waitUntil(seconds: 5) { try nginx.accesses().count >= count }
      return try nginx.accesses()
    }
  }

  /// Starts the fake API and nginx in front of it.
  /// - Parameters:
  ///   - served: one site per certificate.
  ///   - rules: fault rules of the fake.
  ///   - pool: the jokes it serves.
  static func start(
    _ served: [Served] = [.trusted], rules: [String] = [], pool: [MadeUpJoke] = [joke]
  ) async throws -> Stack {
    let certificates = try await onThread { try TestCertificates.shared() }
    let api = try await startFake(rules: rules, pool: pool)
    let nginx = try await onThread {
      try NginxServer(
        certificates: served.map { $0.pair(in: certificates) }, upstream: api.baseURL)
    }
    return Stack(
      certificates: certificates, api: api, nginx: nginx, sandbox: try ChuckSandbox(api: api))
  }

  /// A CA named by `CURL_CA_BUNDLE`, `SSL_CERT_FILE` or `SSL_CERT_DIR` (a rehashed folder) is
  /// trusted: the joke comes over TLS and is saved.
  @Test(arguments: ["CURL_CA_BUNDLE", "SSL_CERT_FILE", "SSL_CERT_DIR"])
  func trustedAuthority(variable: String) async throws {
    let stack = try await Self.start()
    let authority =
      variable == "SSL_CERT_DIR"
      ? stack.certificates.authorityDirectory : stack.certificates.authority
    let result = try await stack.sandbox.chuck(
      ["random"], ["CHUCK_API_URL": stack.url(), variable: authority.path])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == Self.joke.value + "\n")
    #expect(try stack.sandbox.savedIDs() == [Self.joke.id])
    #expect(try stack.api.requests().map(\.path) == ["/jokes/random"])
  }

  /// A certificate that cannot be trusted.
  struct Rejection: Sendable, CustomTestStringConvertible {
    var testDescription: String
    var served: Served
    /// Whether `CURL_CA_BUNDLE` names the test CA.
    var trustsAuthority: Bool
    /// libcurl's words for it (one of them, as OpenSSL versions word it).
    var words: [String]
  }

  static let rejections = [
    Rejection(
      testDescription: "unknown CA", served: .trusted, trustsAuthority: false,
      words: ["unable to get local issuer certificate"]),
    Rejection(
      testDescription: "self-signed", served: .selfSigned, trustsAuthority: true,
      words: ["self-signed certificate", "self signed certificate"]),
    Rejection(
      testDescription: "expired", served: .expired, trustsAuthority: true,
      words: ["certificate has expired"]),
    Rejection(
      testDescription: "another host's", served: .mismatched, trustsAuthority: true,
      words: ["no alternative certificate subject name matches target host name '127.0.0.1'"]),
  ]

  /// An untrusted certificate (unknown CA, self-signed, expired, another host's) fails with exit
  /// 69 and one line saying `certificate`, the host and why; it is tried once, not retried
  /// (one connection in nginx's log, and faster than the 4 s retry delay), and nothing
  /// reaches the API.
  @Test(arguments: rejections)
  func untrustedCertificate(rejection: Rejection) async throws {
    let stack = try await Self.start([rejection.served])
    var environment = stack.trusting()
    if !rejection.trustsAuthority { environment["CURL_CA_BUNDLE"] = .some(nil) }
    environment["CHUCK_RETRIES"] = "3"
    environment["CHUCK_RETRY_DELAY"] = "4"
    let result = try await stack.sandbox.chuck(["random"], environment)
    NetworkTests.expectFailure(result, 69, stack.sandbox)
    #expect(result.stderr.lines.count == 1, "\(result.stderr)")
    #expect(
      result.stderr.hasPrefix("error: the certificate of 127.0.0.1 is not trusted: "),
      "\(result.stderr)")
    #expect(rejection.words.contains { result.stderr.contains($0) }, "\(result.stderr)")
    #expect(result.seconds < 4, "took \(result.seconds) s: retried?")
    #expect(stack.nginx.connections() == 1)
    #expect(try stack.api.requests().isEmpty)
  }
}
