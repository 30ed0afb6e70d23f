import CCurl
import FoundationEssentials

/// libcurl's result codes in words: the one place where they become ``ChuckError``s, so that no
/// error ever reads as a bare number.
enum CurlError {
  /// The proxy a failed transfer went through.
  struct Proxy {
    /// Its URL, as the environment gave it (credentials included).
    var url: String
    /// Its answer to `CONNECT` (0 when it gave none).
    var connectStatus: Int
  }

  /// The error for a failed transfer.
  /// - Parameters:
  ///   - code: libcurl's result.
  ///   - words: libcurl's error buffer for the transfer (may be empty).
  ///   - url: the URL asked for, to name its host.
  ///   - deadline: the attempt's deadline, in seconds.
  ///   - proxy: the proxy the transfer went through, if any.
  /// - Returns: the error.
  static func translate(
    _ code: CURLcode, words: String, url: URL, deadline: Double, proxy: Proxy? = nil
  ) -> ChuckError {
    let host = url.host ?? "the server"
    let port = url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
    let detail = TerminalSafeText.render(
      words.isEmpty ? String(cString: ccurl_easy_strerror(code)) : words, keepNewlines: false)
    if let proxy {
      // libcurl's words for these name the proxy only by host and port, or not at all.
      let name = TerminalSafeText.render(ProxyText.name(proxy.url), keepNewlines: false)
      if proxy.connectStatus >= 300 {
        return .proxyRefused(proxy: name, status: proxy.connectStatus)
      }
      switch code {
      case CURLE_COULDNT_CONNECT:
        return .connectionFailed("the proxy \(name) refused the connection")
      case CURLE_COULDNT_RESOLVE_PROXY:
        return .connectionFailed("the proxy \(name) was not found")
      default:
        break
      }
    }
    switch code {
    case CURLE_OPERATION_TIMEDOUT:
      return .timedOut(seconds: deadline)
    case CURLE_COULDNT_RESOLVE_HOST:
      return .connectionFailed("the host \(host) was not found")
    case CURLE_COULDNT_RESOLVE_PROXY, CURLE_PROXY:
      return .connectionFailed("proxy: \(ProxyText.withoutCredentials(detail))")
    case CURLE_COULDNT_CONNECT:
      return .connectionFailed("connection refused by \(host) port \(port)")
    case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CERTPROBLEM,
      CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH:
      return .certificateRejected(host: host, reason: detail)
    case CURLE_SSL_CONNECT_ERROR:
      return .connectionFailed("the TLS handshake with \(host) failed: \(detail)")
    case CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE:
      return .connectionFailed("the connection to \(host) was lost (\(detail))")
    case CURLE_BAD_CONTENT_ENCODING:
      return .badResponse("the body's compression is broken: \(detail)")
    case CURLE_WEIRD_SERVER_REPLY, CURLE_HTTP2, CURLE_HTTP2_STREAM:
      return .badResponse("not an HTTP answer: \(detail)")
    default:
      return .connectionFailed(detail)
    }
  }
}

/// Proxy URLs as they may appear in libcurl's words, with any `user:password@` removed.
enum ProxyText {
  /// A proxy's URL as an error names it: its scheme (if given), host and port, without
  /// credentials or path (`http://user:secret@proxy:3128/` is `http://proxy:3128`).
  /// - Parameter url: the proxy's URL, as written in its variable.
  /// - Returns: the name.
  static func name(_ url: String) -> String {
    let text = Substring(url.trimmingWhitespace)
    let start = text.firstRange(of: "://")?.upperBound ?? text.startIndex
    var authority = text[start...].prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    if let at = authority.lastIndex(of: "@") {
      authority = authority[authority.index(after: at)...]
    }
    return String(text[..<start] + authority)
  }

  /// The text with credentials in URLs (`scheme://user:password@host`) removed.
  /// - Parameter text: libcurl's words.
  /// - Returns: the same words without credentials.
  static func withoutCredentials(_ text: String) -> String {
    var output = ""
    var rest = Substring(text)
    while let scheme = rest.firstRange(of: "://") {
      output += rest[..<scheme.upperBound]
      rest = rest[scheme.upperBound...]
      let authority = rest.prefix { $0 != "/" && $0 != " " }
      if let at = authority.lastIndex(of: "@") {
        rest = rest[rest.index(after: at)...]
      }
    }
    return output + rest
  }
}
