import ChuckTestSupport
import Foundation
import Testing

extension TransportTests {
  static let credentials = (user: "user", password: "secret")

  /// The variables that name the proxy of an https request, as for curl.
  static let proxyVariables = ["https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"]

  /// Through a proxy that wants a password (`https_proxy=http://user:secret@127.0.0.1:PORT`,
  /// or another of curl's variables): the joke comes through a `CONNECT` tunnel, which the
  /// proxy logged, and TLS is still checked end to end.
  @Test(arguments: proxyVariables)
  func throughProxy(variable: String) async throws {
    let stack = try await Self.start()
    let port = stack.nginx.ports[0]
    let proxy = try await onThread {
      try TinyproxyServer(connectPorts: [port], credentials: Self.credentials)
    }
    defer { proxy.stop() }
    var environment = stack.trusting()
    environment[variable] = proxy.url(credentials: Self.credentials)
    let result = try await stack.sandbox.chuck(["random"], environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try stack.sandbox.savedIDs() == [Self.joke.id])
    #expect(proxy.connectRequests() == ["CONNECT 127.0.0.1:\(port)"], "\(proxy.log)")
    #expect(try stack.api.requests().count == 1)
  }

  /// A proxy where nothing listens: exit 69, an error that says `proxy` and names it
  /// (`127.0.0.1:PORT`) without its credentials, and nothing reaches the API.
  @Test(arguments: proxyVariables)
  func proxyDown(variable: String) async throws {
    let stack = try await Self.start()
    let port = try closedPort()
    var environment = stack.trusting()
    environment[variable] = "http://user:secret@127.0.0.1:\(port)"
    let result = try await stack.sandbox.chuck(["random"], environment)
    NetworkTests.expectFailure(result, 69, stack.sandbox)
    #expect(result.stderr.contains("proxy"), "\(result.stderr)")
    #expect(result.stderr.contains("127.0.0.1:\(port)"), "\(result.stderr)")
    #expect(!result.stderr.contains("secret") && !result.stderr.contains("user:"))
    #expect(try stack.api.requests().isEmpty)
  }

  /// A password holding an unencoded `/`, `?`, `#` or a blank, which libcurl cannot read its
  /// proxy's URL with: exit 69, an error that names the proxy by host and port and says to
  /// percent-encode, and not a character of the credentials.
  @Test(arguments: ["zq/xv", "zq?xv", "zq#xv", "zq xv", "zq/x?v#w"])
  func proxyPasswordNeverShown(password: String) async throws {
    let stack = try await Self.start()
    let port = try closedPort()
    var environment = stack.trusting()
    environment["https_proxy"] = "http://someone:\(password)@127.0.0.1:\(port)"
    let result = try await stack.sandbox.chuck(["random"], environment)
    NetworkTests.expectFailure(result, 69, stack.sandbox)
    #expect(
      result.stderr
        == "error: could not reach the joke API: the proxy http://127.0.0.1:\(port) cannot be "
        + "used: libcurl cannot read its URL (a user name or password must have any /, ?, # or @ "
        + "in it percent-encoded)\n")
    #expect(!result.stderr.contains("someone") && !result.stderr.contains("zq"))
    #expect(try stack.api.requests().isEmpty)
  }

  /// How a proxy refuses the tunnel.
  struct Refusal: Sendable, CustomTestStringConvertible {
    var testDescription: String
    /// Whether the proxy allows `CONNECT` to the API's port.
    var allowsPort: Bool
    /// The credentials in the proxy's URL (the proxy wants user:secret).
    var credentials: (user: String, password: String)?
    /// The status the proxy answers.
    var status: Int
  }

  static let refusals = [
    Refusal(
      testDescription: "port not allowed", allowsPort: false, credentials: credentials,
      status: 403),
    Refusal(
      testDescription: "no credentials", allowsPort: true, credentials: nil, status: 407),
    Refusal(
      testDescription: "wrong password", allowsPort: true,
      credentials: (user: "user", password: "wrong-secret"), status: 401),
  ]

  /// A proxy that refuses the tunnel (a port it does not allow, missing or wrong credentials):
  /// exit 69, an error that says `proxy`, names it and gives its answer, without credentials; it
  /// is asked once, not again (4xx answers are never retried), and nothing reaches the API.
  @Test(arguments: refusals)
  func proxyRefusesTunnel(refusal: Refusal) async throws {
    let stack = try await Self.start()
    let port = stack.nginx.ports[0]
    let proxy = try await onThread {
      try TinyproxyServer(
        connectPorts: [refusal.allowsPort ? port : 9], credentials: Self.credentials)
    }
    defer { proxy.stop() }
    var environment = stack.trusting()
    environment["https_proxy"] = proxy.url(credentials: refusal.credentials)
    environment["CHUCK_RETRIES"] = "3"
    let result = try await stack.sandbox.chuck(["random"], environment)
    NetworkTests.expectFailure(result, 69, stack.sandbox)
    #expect(result.stderr.contains("proxy"), "\(result.stderr)")
    #expect(result.stderr.contains("127.0.0.1:\(proxy.port)"), "\(result.stderr)")
    #expect(result.stderr.contains("HTTP \(refusal.status)"), "\(result.stderr)")
    #expect(!result.stderr.contains("secret") && !result.stderr.contains("user:"))
    #expect(proxy.connectRequests() == ["CONNECT 127.0.0.1:\(port)"], "\(proxy.log)")
    #expect(try stack.api.requests().isEmpty)
  }

  /// `no_proxy` (or `NO_PROXY`) naming the host, its network, or `*` sends requests straight
  /// to it: the proxy named (where nothing listens) is not used. curl does not skip the proxy for
  /// loopback by itself (see `proxyDown`).
  @Test(arguments: [
    ("no_proxy", "127.0.0.1"), ("NO_PROXY", "127.0.0.1"), ("no_proxy", "*"),
    ("no_proxy", "example.invalid, 127.0.0.0/8"),
  ])
  func noProxyBypasses(variable: String, hosts: String) async throws {
    let stack = try await Self.start()
    var environment = stack.trusting()
    environment["https_proxy"] = "http://127.0.0.1:\(try closedPort())"
    environment[variable] = hosts
    let result = try await stack.sandbox.chuck(["random"], environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try stack.sandbox.savedIDs() == [Self.joke.id])
  }
}
