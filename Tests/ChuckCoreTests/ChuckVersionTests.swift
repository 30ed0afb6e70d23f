import ChuckCore
import Testing

@Suite struct ChuckVersionTests {
  /// A build given no home page (as `swift build` and `swift test` are) records none: no request
  /// names an address the project does not own.
  @Test func noHomePageWithoutOne() {
    #expect(ChuckVersion.homePage == nil)
    #expect(
      ChuckVersion.describedUserAgent
        == "chuck/\(ChuckVersion.current) (Linux command-line joke client)")
    #expect(!ChuckVersion.describedUserAgent.contains("http"))
  }

  /// With a home page, the User-Agent names it as icanhazdadjoke asks: `chuck/<version> (+<url>)`.
  @Test func homePageInTheUserAgent() {
    #expect(
      ChuckVersion.describedUserAgent(homePage: "https://example.org/chuck")
        == "chuck/\(ChuckVersion.current) (+https://example.org/chuck)")
  }

  /// What a build records is sent only when it is an http(s) address that fits in a header.
  @Test(
    arguments: [
      ("", nil), ("https://example.org/chuck", "https://example.org/chuck"),
      ("http://example.org", "http://example.org"), ("example.org", nil),
      ("ftp://example.org", nil),
      ("https://example.org/a b", nil), ("https://example.org/\r\nX-Evil: 1", nil),
      ("https://example.org/\"", nil), ("https://exämple.org", nil),
    ] as [(String, String?)])
  func recordedHomePage(recorded: String, sent: String?) {
    #expect(ChuckVersion.homePage(recorded: recorded) == sent)
  }
}
