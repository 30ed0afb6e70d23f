import CCurl
import Foundation
import Testing

@testable import ChuckCore

@Suite struct ProxySettingsTests {
  private func proxy(_ url: String, _ variables: [String: String]) -> String? {
    ProxySettings(environment: variables).proxy(for: URL(string: url)!)
  }

  /// The scheme's own variable first (lower case, then upper case but never `HTTP_PROXY`), then
  /// `all_proxy`, then `ALL_PROXY`; empty ones count as unset; none means no proxy.
  @Test func variablesInCurlsOrder() {
    let https = "https://api.example"
    #expect(proxy(https, [:]) == nil)
    #expect(
      proxy(https, ["https_proxy": "http://a:1", "HTTPS_PROXY": "http://b:1", "all_proxy": "c"])
        == "http://a:1")
    #expect(proxy(https, ["https_proxy": "", "HTTPS_PROXY": "http://b:1"]) == "http://b:1")
    #expect(proxy(https, ["all_proxy": "http://c:1", "ALL_PROXY": "http://d:1"]) == "http://c:1")
    #expect(proxy(https, ["ALL_PROXY": "http://d:1"]) == "http://d:1")
    #expect(proxy(https, ["http_proxy": "http://e:1"]) == nil)
    let http = "http://api.example"
    #expect(proxy(http, ["http_proxy": "http://e:1", "all_proxy": "http://c:1"]) == "http://e:1")
    #expect(proxy(http, ["HTTP_PROXY": "http://f:1"]) == nil)
    #expect(proxy(http, ["HTTP_PROXY": "http://f:1", "ALL_PROXY": "http://d:1"]) == "http://d:1")
    #expect(proxy(http, ["https_proxy": "http://a:1"]) == nil)
  }

  /// `no_proxy` (else `NO_PROXY`) as curl matches it: `*`, names with their subdomains, IP
  /// addresses with a prefix length, separated by commas or blanks.
  @Test(arguments: [
    ("*", "api.example", true),
    ("*, other.example", "api.example", false),
    ("example", "api.example", true),
    ("example", "example", true),
    (".example", "api.example", true),
    ("EXAMPLE.", "Api.Example.", true),
    ("pi.example", "api.example", false),
    ("other.example api.example", "api.example", true),
    ("a.example,,\t api.example", "api.example", true),
    ("127.0.0.1", "127.0.0.1", true),
    ("127.0.0.0/8", "127.1.2.3", true),
    ("127.0.0.0/8", "128.0.0.1", false),
    ("10.1.0.0/15", "10.0.255.1", true),
    ("10.2.0.0/15", "10.0.255.1", false),
    ("127.0.0.1/33", "127.0.0.1", false),
    ("127.0.0.2/0", "127.0.0.1", false),
    ("localhost", "127.0.0.1", false),
    ("127.0.0.1", "localhost", false),
    ("::1", "[::1]", true),
    ("::1", "::1", true),
    ("fe80::/10", "[fe80::1]", true),
    ("fe80::/10", "[fec0::1]", false),
    ("", "api.example", false),
  ])
  func noProxyMatching(list: String, host: String, bypassed: Bool) {
    #expect(ProxySettings(environment: ["no_proxy": list]).bypasses(host) == bypassed)
  }

  /// A bypassed host has no proxy; `no_proxy` wins over `NO_PROXY`.
  @Test func noProxyChoosesDirect() {
    let proxy = ["https_proxy": "http://p:1"]
    #expect(self.proxy("https://127.0.0.1:8443", proxy) == "http://p:1")
    #expect(
      self.proxy("https://127.0.0.1:8443", proxy.merging(["no_proxy": "127.0.0.1"]) { $1 })
        == nil)
    #expect(
      self.proxy("https://127.0.0.1:8443", proxy.merging(["NO_PROXY": "127.0.0.1"]) { $1 })
        == nil)
    let both = proxy.merging(["no_proxy": "other", "NO_PROXY": "127.0.0.1"]) { $1 }
    #expect(self.proxy("https://127.0.0.1:8443", both) == "http://p:1")
  }

  /// The configuration reads the proxy variables with the rest of the environment.
  @Test func readWithTheConfiguration() throws {
    let configuration = try ChuckConfiguration(environment: [
      "https_proxy": "http://p:1", "NO_PROXY": "localhost", "HOME": "/home/x", "OTHER": "y",
    ])
    #expect(
      configuration.proxies
        == ProxySettings(variables: ["https_proxy": "http://p:1", "NO_PROXY": "localhost"]))
    #expect(EnvironmentVariable.all.map(\.name).contains("no_proxy"))
  }

  /// A proxy is named by its scheme, host and port: never its credentials or a path.
  @Test(arguments: [
    ("http://user:secret@127.0.0.1:3128", "http://127.0.0.1:3128"),
    ("http://127.0.0.1:3128/", "http://127.0.0.1:3128"),
    ("user:p@ss@proxy.example:8080", "proxy.example:8080"),
    ("socks5h://u:p@proxy.example:1080", "socks5h://proxy.example:1080"),
    ("proxy.example", "proxy.example"),
  ])
  func proxyName(url: String, name: String) {
    #expect(ProxyText.name(url) == name)
  }

  /// Failures through a proxy name it, not the API: one that cannot be reached or found, and
  /// one that refuses the tunnel (whose 4xx is not worth another attempt, but a 5xx is); a
  /// certificate problem past the tunnel is still the API's.
  @Test func failuresThroughAProxy() {
    let url = URL(string: "https://api.example:8443/jokes/random")!
    func translate(_ code: CURLcode, _ words: String, status: Int = 0) -> ChuckError {
      CurlError.translate(
        code, words: words, url: url, deadline: 3,
        proxy: CurlError.Proxy(url: "http://user:secret@127.0.0.1:3128", connectStatus: status))
    }
    #expect(
      translate(CURLE_COULDNT_CONNECT, "Failed to connect to 127.0.0.1 port 3128 after 0 ms")
        == .connectionFailed("the proxy http://127.0.0.1:3128 refused the connection"))
    #expect(
      translate(CURLE_COULDNT_RESOLVE_PROXY, "Could not resolve proxy: 127.0.0.1")
        == .connectionFailed("the proxy http://127.0.0.1:3128 was not found"))
    let refused = translate(CURLE_RECV_ERROR, "CONNECT tunnel failed, response 403", status: 403)
    #expect(refused == .proxyRefused(proxy: "http://127.0.0.1:3128", status: 403))
    #expect(!refused.isTransient)
    #expect(
      refused.errorDescription
        == "the proxy http://127.0.0.1:3128 refused a tunnel to the joke API (HTTP 403)")
    #expect(translate(CURLE_RECV_ERROR, "response 502", status: 502).isTransient)
    #expect(
      translate(CURLE_PEER_FAILED_VERIFICATION, "SSL certificate problem", status: 200)
        == .certificateRejected(host: "api.example", reason: "SSL certificate problem"))
  }
}
