import Foundation
import Testing

@testable import ChuckCore

@Suite struct HostNameTests {
  private func host(_ url: String) -> String? {
    HostName(URL(string: url)!)?.text
  }

  /// A host is compared in lower case, percent-decoded, keeping a trailing dot.
  @Test(arguments: [
    ("https://Assets.ChuckNorris.HOST/x", "assets.chucknorris.host"),
    ("https://assets.chucknorris.host./x", "assets.chucknorris.host."),
    ("https://%61ssets.chucknorris.host/x", "assets.chucknorris.host"),
    ("https://assets%2Echucknorris%2ehost:443/x", "assets.chucknorris.host"),
    ("http://127.0.0.1:8080/x", "127.0.0.1"),
    ("http://[::1]:8080/x", "[::1]"),
    ("http://my_host-1.example/x", "my_host-1.example"),
  ])
  func spellings(url: String, expected: String) {
    #expect(host(url) == expected)
  }

  /// User info, a host that decodes to anything but ASCII letters, digits, `-`, `_` and dots,
  /// or one with an empty label has no host to compare: the caller refuses it.
  @Test(arguments: [
    "https://user@assets.chucknorris.host/x", "https://user:pw@example.com/x",
    "https://%EF%BD%81ssets.chucknorris.host/x", "https://caf%C3%A9.example/x",
    "https://assets.chucknorris.host%00.evil/x", "https://assets.chucknorris.host../x",
    "https://a..b/x", "https://%zz.example/x", "https://%2e/x", "http://[fe80::1%25eth0]/x",
  ])
  func refused(url: String) {
    #expect(URL(string: url) == nil || host(url) == nil, "\(String(describing: host(url)))")
  }

  /// A host is within a domain when it is the domain or a subdomain, trailing dot or not; a name
  /// that merely ends like it is not.
  @Test func withinDomain() {
    let domain = "assets.chucknorris.host"
    #expect(HostName(URL(string: "https://assets.chucknorris.host./x")!)?.isWithin(domain) == true)
    #expect(HostName(URL(string: "https://a.assets.chucknorris.host/x")!)?.isWithin(domain) == true)
    #expect(
      HostName(URL(string: "https://evilassets.chucknorris.host/x")!)?.isWithin(domain) == false)
    #expect(HostName(URL(string: "https://chucknorris.host/x")!)?.isWithin(domain) == false)
  }
}
