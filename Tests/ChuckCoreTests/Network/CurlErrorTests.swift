import CCurl
import Foundation
import Testing

@testable import ChuckCore

@Suite struct CurlErrorTests {
  /// Every option a request relies on has a name and a purpose in words; the protocol limit
  /// names the libcurl version that brought it, and nothing is a bare number.
  @Test(arguments: [
    CURLOPT_URL, CURLOPT_HTTPGET, CURLOPT_HTTPHEADER, CURLOPT_ERRORBUFFER, CURLOPT_NOSIGNAL,
    CURLOPT_FOLLOWLOCATION, CURLOPT_PROTOCOLS_STR, CURLOPT_TIMEOUT_MS, CURLOPT_CONNECTTIMEOUT_MS,
    CURLOPT_MAXFILESIZE_LARGE, CURLOPT_SSL_VERIFYPEER, CURLOPT_SSL_VERIFYHOST, CURLOPT_PROXY,
    CURLOPT_NOPROXY, CURLOPT_CAINFO, CURLOPT_CAPATH, CURLOPT_WRITEFUNCTION, CURLOPT_WRITEDATA,
    CURLOPT_HEADERFUNCTION, CURLOPT_HEADERDATA, CURLOPT_SOCKOPTFUNCTION, CURLOPT_SOCKOPTDATA,
  ])
  func refusedOptionInWords(option: CURLoption) {
    let (name, purpose, since) = CurlError.describe(option)
    #expect(name.hasPrefix("CURLOPT_"), "\(option.rawValue)")
    #expect(!purpose.isEmpty && purpose != "chuck relies on")
    #expect(since == (option == CURLOPT_PROTOCOLS_STR ? "7.85" : nil))
  }

  /// A refused option fails the request with libcurl's version in question (exit 69, never
  /// retried): the option, what it does, libcurl's words, the version needed, nothing sent.
  @Test func refusedProtocolLimit() {
    let error = CurlError.refused(CURLOPT_PROTOCOLS_STR, CURLE_UNKNOWN_OPTION)
    let words = String(cString: ccurl_easy_strerror(CURLE_UNKNOWN_OPTION))
    #expect(
      error
        == .libcurlMissing(
          "libcurl.so.4 refused CURLOPT_PROTOCOLS_STR, which keeps requests to http and https: "
            + "\(words); libcurl 7.85 or later is needed; nothing was sent"))
    #expect(!error.isTransient)
    let other = CurlError.refused(CURLOPT_SSL_VERIFYPEER, CURLE_NOT_BUILT_IN)
    guard case .libcurlMissing(let reason) = other else {
      Issue.record("\(other)")
      return
    }
    #expect(reason.hasPrefix("libcurl.so.4 refused CURLOPT_SSL_VERIFYPEER, which verifies"))
    #expect(!reason.contains("or later"))
  }

  /// An attempt past its deadline before its name was resolved says whose lookup took too long
  /// (the proxy's, through one); once resolved, it is the API that did not answer.
  @Test func timeoutDuringTheLookup() {
    let url = URL(string: "http://api.invalid.test:9/jokes/random")!
    #expect(
      CurlError.timedOut(url: url, deadline: 1, proxy: nil, resolved: false)
        == .connectionFailed("looking up the host api.invalid.test took longer than 1 second"))
    #expect(
      CurlError.timedOut(
        url: url, deadline: 2.5, proxy: "http://u:p/w@proxy.invalid:3128", resolved: false)
        == .connectionFailed(
          "looking up the proxy http://proxy.invalid:3128 took longer than 2.5 seconds"))
    #expect(
      CurlError.timedOut(url: url, deadline: 1, proxy: nil, resolved: true)
        == .timedOut(seconds: 1))
    #expect(
      CurlError.translate(
        CURLE_OPERATION_TIMEDOUT, words: "Resolving timed out after 1000 milliseconds", url: url,
        deadline: 1, resolved: false)
        == .connectionFailed("looking up the host api.invalid.test took longer than 1 second"))
  }

  /// Credentials never reach an error, whatever a password holds: libcurl's words quoting the
  /// proxy's URL lose everything up to its last `@`, and the known credentials wherever they are.
  @Test(arguments: ["zq/xv", "zq?xv", "zq#xv", "zq xv", "zq@x/v?w#y", "zq'xv"])
  func credentialsNeverInWords(password: String) {
    let proxy = "http://someone:\(password)@127.0.0.1:3128"
    let quoted = ProxyText.withoutCredentials(
      "Unsupported proxy syntax in '\(proxy)': bad port", of: proxy)
    #expect(!quoted.contains("someone") && !quoted.contains("zq"), "\(quoted)")
    #expect(quoted.hasSuffix("127.0.0.1:3128': bad port"), "\(quoted)")
    #expect(ProxyText.name(proxy) == "http://127.0.0.1:3128")
    #expect(ProxyText.credentials(proxy) == "someone:\(password)")
    let url = URL(string: "https://api.example/jokes/random")!
    for code in [CURLE_COULDNT_RESOLVE_PROXY, CURLE_COULDNT_CONNECT, CURLE_PROXY, CURLE_RECV_ERROR]
    {
      let error = CurlError.translate(
        code, words: "Could not resolve proxy: \(proxy)", url: url, deadline: 3,
        proxy: CurlError.Proxy(url: proxy, connectStatus: 0))
      let text = error.errorDescription ?? ""
      #expect(!text.contains("someone") && !text.contains("zq"), "\(text)")
    }
  }

  /// Without a proxy of its own, words quoting a URL with credentials still lose them, up to the
  /// last `@` before a blank or a quote.
  @Test func credentialsInOtherURLs() {
    #expect(
      ProxyText.withoutCredentials("see http://a:b/c@host:1/path and 'https://x@y'")
        == "see http://host:1/path and 'https://y'")
    #expect(ProxyText.withoutCredentials("no URL here") == "no URL here")
    #expect(ProxyText.credentials("http://proxy.example:3128") == nil)
  }
}
