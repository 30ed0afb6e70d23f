import Foundation
import Testing

@testable import ChuckCore

@Suite struct ChuckConfigurationTests {
  private let home = ["HOME": "/home/chuck"]

  private func configuration(_ extra: [String: String]) throws(ChuckError) -> ChuckConfiguration {
    try ChuckConfiguration(environment: home.merging(extra) { $1 })
  }

  /// The variable that an `invalidEnvironment` error names, or `nil` for any other outcome.
  private func rejectedVariable(_ extra: [String: String]) -> String? {
    do throws(ChuckError) {
      _ = try configuration(extra)
      return nil
    } catch {
      if case .invalidEnvironment(let variable, _, _) = error { return variable }
      return nil
    }
  }

  /// With nothing set: the real API, 10 s, 3 retries 2 s apart, XDG-style folders under HOME.
  @Test func defaults() throws {
    let config = try configuration([:])
    #expect(config.apiBaseURL.absoluteString == "https://api.chucknorris.io")
    #expect(config.apiBaseURL == ChuckConfiguration.defaultAPIURL)
    #expect(config.timeout == 10)
    #expect(config.retries == 3)
    #expect(config.retryDelay == 2)
    #expect(config.dataDirectory.path == "/home/chuck/.local/share/chuck")
    #expect(config.cacheDirectory.path == "/home/chuck/.cache/chuck")
    #expect(config.listFile.path == "/home/chuck/.local/share/chuck/jokes.json")
  }

  /// Without HOME the process's home directory is used.
  @Test func noHome() throws {
    let config = try ChuckConfiguration(environment: [:])
    let home = URL(fileURLWithPath: NSHomeDirectory()).path
    #expect(config.dataDirectory.path == home + "/.local/share/chuck")
    #expect(config.cacheDirectory.path == home + "/.cache/chuck")
  }

  /// CHUCK_DATA_DIR wins over XDG_DATA_HOME, which wins over ~/.local/share/chuck.
  @Test func dataDirectoryPrecedence() throws {
    #expect(
      try configuration(["CHUCK_DATA_DIR": "/d", "XDG_DATA_HOME": "/x"]).dataDirectory.path == "/d")
    #expect(try configuration(["XDG_DATA_HOME": "/x"]).dataDirectory.path == "/x/chuck")
    #expect(try configuration(["CHUCK_DATA_DIR": "/d"]).listFile.path == "/d/jokes.json")
  }

  /// CHUCK_CACHE_DIR wins over XDG_CACHE_HOME, which wins over ~/.cache/chuck.
  @Test func cacheDirectoryPrecedence() throws {
    #expect(
      try configuration(["CHUCK_CACHE_DIR": "/c", "XDG_CACHE_HOME": "/x"]).cacheDirectory.path
        == "/c")
    #expect(try configuration(["XDG_CACHE_HOME": "/x"]).cacheDirectory.path == "/x/chuck")
  }

  /// Empty and relative XDG values are ignored; an empty CHUCK_*_DIR counts as unset.
  @Test(arguments: ["", "relative/path", "./here", "~/data"])
  func invalidXDGIgnored(value: String) throws {
    let config = try configuration([
      "XDG_DATA_HOME": value, "XDG_CACHE_HOME": value, "CHUCK_DATA_DIR": "", "CHUCK_CACHE_DIR": "",
    ])
    #expect(config.dataDirectory.path == "/home/chuck/.local/share/chuck")
    #expect(config.cacheDirectory.path == "/home/chuck/.cache/chuck")
  }

  /// http and https URLs are accepted as the API, with a port and a path prefix.
  @Test(arguments: [
    "http://127.0.0.1:8080", "https://api.example.com/", "HTTPS://API.EXAMPLE.COM/v1/",
    "http://localhost:1/prefix/path",
  ])
  func apiURLAccepted(text: String) throws {
    #expect(try configuration(["CHUCK_API_URL": text]).apiBaseURL.absoluteString == text)
  }

  /// A CHUCK_API_URL that is not an http(s) URL with a host is refused, naming the variable.
  @Test(arguments: [
    "ftp://api.example.com", "http://", "garbage", "api.chucknorris.io", "file:///etc/passwd",
    "https://api.example.com/?q=1", "https://api.example.com/#top", "http:///path", "mailto:x@y",
  ])
  func apiURLRejected(text: String) throws {
    #expect(
      throws: ChuckError.invalidEnvironment(
        variable: "CHUCK_API_URL", value: text,
        expected: "an http or https URL with a host, and no query or fragment")
    ) {
      try configuration(["CHUCK_API_URL": text])
    }
  }

  /// An empty CHUCK_API_URL counts as unset.
  @Test func emptyAPIURL() throws {
    #expect(try configuration(["CHUCK_API_URL": ""]).apiBaseURL == ChuckConfiguration.defaultAPIURL)
  }

  /// CHUCK_TIMEOUT takes seconds above 0, fractions allowed, spaces around ignored.
  @Test(arguments: [("0.5", 0.5), ("1", 1), (" 2.25 ", 2.25), ("86400", 86_400), ("", 10)])
  func timeoutAccepted(text: String, seconds: Double) throws {
    #expect(try configuration(["CHUCK_TIMEOUT": text]).timeout == seconds)
  }

  /// CHUCK_TIMEOUT refuses text, 0, negatives, infinity, NaN and absurd values, naming itself.
  @Test(arguments: ["abc", "0", "-1", "inf", "infinity", "nan", "1e400", "86401", "10s"])
  func timeoutRejected(text: String) {
    #expect(rejectedVariable(["CHUCK_TIMEOUT": text]) == "CHUCK_TIMEOUT")
  }

  /// CHUCK_RETRIES takes a whole number from 0 to 100.
  @Test(arguments: [("0", 0), ("1", 1), ("100", 100), (" 5 ", 5), ("", 3)])
  func retriesAccepted(text: String, retries: Int) throws {
    #expect(try configuration(["CHUCK_RETRIES": text]).retries == retries)
  }

  /// CHUCK_RETRIES refuses negatives, text, fractions and huge values, naming itself.
  @Test(arguments: ["-1", "x", "1.5", "101", "99999999999999999999"])
  func retriesRejected(text: String) {
    #expect(rejectedVariable(["CHUCK_RETRIES": text]) == "CHUCK_RETRIES")
  }

  /// CHUCK_RETRY_DELAY takes seconds, 0 included.
  @Test(arguments: [("0", 0), ("0.05", 0.05), ("3", 3)])
  func retryDelayAccepted(text: String, seconds: Double) throws {
    #expect(try configuration(["CHUCK_RETRY_DELAY": text]).retryDelay == seconds)
  }

  /// CHUCK_RETRY_DELAY refuses negatives and text, naming itself and what it expects.
  @Test func retryDelayRejected() {
    #expect(rejectedVariable(["CHUCK_RETRY_DELAY": "-0.5"]) == "CHUCK_RETRY_DELAY")
    #expect(rejectedVariable(["CHUCK_RETRY_DELAY": "soon"]) == "CHUCK_RETRY_DELAY")
    #expect(
      throws: ChuckError.invalidEnvironment(
        variable: "CHUCK_RETRY_DELAY", value: "-1", expected: "seconds, 0 or more, at most 86400")
    ) {
      try configuration(["CHUCK_RETRY_DELAY": "-1"])
    }
    #expect(
      throws: ChuckError.invalidEnvironment(
        variable: "CHUCK_TIMEOUT", value: "0", expected: "seconds, more than 0, at most 86400")
    ) {
      try configuration(["CHUCK_TIMEOUT": "0"])
    }
  }

  /// Every kind's client is made from the configuration the same way: its URL, the timeout and
  /// retry settings, its categories' cache file (chuck's is `categories.json`, as it always was).
  @Test func clientsFromConfiguration() throws {
    let config = try configuration([
      "CHUCK_API_URL": "http://127.0.0.1:1", "CHUCK_TIMEOUT": "4", "CHUCK_RETRIES": "1",
      "CHUCK_RETRY_DELAY": "0.25", "CHUCK_JOKEAPI_URL": "http://127.0.0.1:2/jokeapi",
    ])
    let components = ChuckComponents(configuration: config)
    let chuck = ChuckNorris.client(components)
    #expect(chuck.baseURL.absoluteString == "http://127.0.0.1:1")
    #expect(chuck.timeout == 4)
    #expect(chuck.policy.retries == 1)
    #expect(chuck.policy.delay == 0.25)
    #expect(chuck.catalogFile == config.cacheDirectory.appendingPathComponent("categories.json"))
    let jokeAPI = components.client(JokeAPI.self)
    #expect(jokeAPI.baseURL.absoluteString == "http://127.0.0.1:2/jokeapi")
    #expect(jokeAPI.timeout == 4 && jokeAPI.policy.retries == 1)
    #expect(jokeAPI.catalogFile.lastPathComponent == "jokeapi-categories.json")
  }

  /// CA certificates are read as `curl` reads them: `CURL_CA_BUNDLE` before `SSL_CERT_FILE`,
  /// `SSL_CERT_DIR` as the directory; empty values count as unset.
  @Test func certificateAuthoritiesAsCurlReadsThem() throws {
    func read(_ environment: [String: String]) throws -> CertificateAuthorities {
      try ChuckConfiguration(environment: environment).certificateAuthorities
    }
    #expect(try read([:]) == CertificateAuthorities())
    #expect(try read(["SSL_CERT_FILE": "/b.pem"]).bundle == "/b.pem")
    #expect(
      try read(["CURL_CA_BUNDLE": "/a.pem", "SSL_CERT_FILE": "/b.pem"]).bundle == "/a.pem")
    #expect(try read(["CURL_CA_BUNDLE": "", "SSL_CERT_FILE": "/b.pem"]).bundle == "/b.pem")
    #expect(
      try read(["SSL_CERT_DIR": "/etc/ssl/certs"])
        == CertificateAuthorities(directory: "/etc/ssl/certs"))
  }
}
