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
  ///   - resolved: whether the name looked up (the proxy's, through a proxy) was resolved.
  /// - Returns: the error.
  static func translate(
    _ code: CURLcode, words: String, url: URL, deadline: Double, proxy: Proxy? = nil,
    resolved: Bool = true
  ) -> ChuckError {
    let host = url.host ?? "the server"
    let port = url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
    // libcurl may quote the proxy's URL (in words about its syntax): never its credentials.
    let detail = ProxyText.withoutCredentials(
      TerminalSafeText.render(
        words.isEmpty ? String(cString: ccurl_easy_strerror(code)) : words, keepNewlines: false),
      of: proxy?.url)
    if let proxy {
      // libcurl's words for these name the proxy only by host and port, or not at all.
      let name = TerminalSafeText.render(ProxyText.name(proxy.url), keepNewlines: false)
      if proxy.connectStatus >= 300 {
        return .proxyRefused(proxy: name, status: proxy.connectStatus)
      }
      // libcurl ends the proxy's host at the first `/`, `?` or `#`, even in a password: it read
      // another URL than the one written (or none), and what failed says little.
      let misread = ProxyText.credentials(proxy.url)?.contains { "/?#".contains($0) } ?? false
      if misread || (code == CURLE_COULDNT_RESOLVE_PROXY && words.contains("proxy syntax")) {
        return .connectionFailed(
          "the proxy \(name) cannot be used: libcurl cannot read its URL (a user name or password "
            + "must have any /, ?, # or @ in it percent-encoded)")
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
      return timedOut(url: url, deadline: deadline, proxy: proxy?.url, resolved: resolved)
    case CURLE_COULDNT_RESOLVE_HOST:
      return .connectionFailed("the host \(host) was not found")
    case CURLE_COULDNT_RESOLVE_PROXY, CURLE_PROXY:
      return .connectionFailed("proxy: \(detail)")
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

  /// The error for an attempt that did not end within its deadline.
  /// - Parameters:
  ///   - url: the URL asked for, to name its host.
  ///   - deadline: the attempt's deadline, in seconds.
  ///   - proxy: the proxy's URL, if the transfer went through one.
  ///   - resolved: whether the name looked up (the proxy's, through a proxy) was resolved by then.
  /// - Returns: ``ChuckError/timedOut(seconds:)``, or a failure naming the lookup that was still
  ///   waiting for the resolver.
  static func timedOut(url: URL, deadline: Double, proxy: String?, resolved: Bool) -> ChuckError {
    guard !resolved else { return .timedOut(seconds: deadline) }
    let name =
      proxy.map { "the proxy " + TerminalSafeText.render(ProxyText.name($0), keepNewlines: false) }
      ?? "the host " + (url.host ?? "of the server")
    return .connectionFailed("looking up \(name) took longer than \(ChuckError.seconds(deadline))")
  }

  /// The error for an option that a request relies on and libcurl refused: the request is not
  /// sent (an older libcurl would otherwise go ahead without the protection).
  /// - Parameters:
  ///   - option: the option.
  ///   - code: libcurl's answer.
  /// - Returns: ``ChuckError/libcurlMissing(_:)`` naming the option, what it is for, libcurl's
  ///   words and the version that has it.
  static func refused(_ option: CURLoption, _ code: CURLcode) -> ChuckError {
    let (name, purpose, since) = describe(option)
    var reason =
      "libcurl.so.4 refused \(name), which \(purpose): \(String(cString: ccurl_easy_strerror(code)))"
    if let since { reason += "; libcurl \(since) or later is needed" }
    return .libcurlMissing(reason + "; nothing was sent")
  }

  /// An option's name, what it does for chuck, and the libcurl version that brought it when that
  /// is later than the 7.68 that loading asks for.
  static func describe(_ option: CURLoption) -> (name: String, purpose: String, since: String?) {
    switch option {
    case CURLOPT_URL: return ("CURLOPT_URL", "names the address", nil)
    case CURLOPT_HTTPGET: return ("CURLOPT_HTTPGET", "makes the request a GET", nil)
    case CURLOPT_HTTPHEADER: return ("CURLOPT_HTTPHEADER", "sends the request's headers", nil)
    case CURLOPT_ERRORBUFFER: return ("CURLOPT_ERRORBUFFER", "gives libcurl's error words", nil)
    case CURLOPT_NOSIGNAL: return ("CURLOPT_NOSIGNAL", "keeps libcurl from raising signals", nil)
    case CURLOPT_FOLLOWLOCATION:
      return ("CURLOPT_FOLLOWLOCATION", "keeps redirects from being followed", nil)
    case CURLOPT_PROTOCOLS_STR:
      return ("CURLOPT_PROTOCOLS_STR", "keeps requests to http and https", "7.85")
    case CURLOPT_TIMEOUT_MS: return ("CURLOPT_TIMEOUT_MS", "sets the attempt's deadline", nil)
    case CURLOPT_CONNECTTIMEOUT_MS:
      return ("CURLOPT_CONNECTTIMEOUT_MS", "sets the connection's deadline", nil)
    case CURLOPT_MAXFILESIZE_LARGE:
      return ("CURLOPT_MAXFILESIZE_LARGE", "limits the size of an answer", nil)
    case CURLOPT_SSL_VERIFYPEER: return ("CURLOPT_SSL_VERIFYPEER", "verifies certificates", nil)
    case CURLOPT_SSL_VERIFYHOST:
      return ("CURLOPT_SSL_VERIFYHOST", "checks a certificate's host name", nil)
    case CURLOPT_PROXY: return ("CURLOPT_PROXY", "sets the proxy chuck chose (or none)", nil)
    case CURLOPT_NOPROXY:
      return ("CURLOPT_NOPROXY", "keeps libcurl from choosing a proxy of its own", nil)
    case CURLOPT_CAINFO: return ("CURLOPT_CAINFO", "sets the CA certificates to trust", nil)
    case CURLOPT_CAPATH:
      return ("CURLOPT_CAPATH", "sets the folder of CA certificates to trust", nil)
    case CURLOPT_WRITEFUNCTION, CURLOPT_WRITEDATA:
      return ("CURLOPT_WRITEFUNCTION", "receives the answer within its size limit", nil)
    case CURLOPT_HEADERFUNCTION, CURLOPT_HEADERDATA:
      return ("CURLOPT_HEADERFUNCTION", "receives the answer's headers", nil)
    case CURLOPT_SOCKOPTFUNCTION, CURLOPT_SOCKOPTDATA:
      return ("CURLOPT_SOCKOPTFUNCTION", "tells when a name was resolved", nil)
    default: return ("option \(option.rawValue)", "chuck relies on", nil)
    }
  }
}

/// Proxy URLs as they may appear in libcurl's words, with any `user:password@` removed.
enum ProxyText {
  /// A proxy's URL as an error names it: its scheme (if given), host and port, without
  /// credentials or path (`http://user:secret@proxy:3128/` is `http://proxy:3128`). Credentials
  /// are everything up to the last `@`, since a password may hold an unencoded `/`, `?` or `#`
  /// (so a path holding an `@` cuts the name short, never the other way).
  /// - Parameter url: the proxy's URL, as written in its variable.
  /// - Returns: the name.
  static func name(_ url: String) -> String {
    let text = Substring(url.trimmingWhitespace)
    let start = text.firstRange(of: "://")?.upperBound ?? text.startIndex
    var rest = text[start...]
    if let at = rest.lastIndex(of: "@") { rest = rest[rest.index(after: at)...] }
    return String(text[..<start] + rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" })
  }

  /// The credentials of a proxy's URL as written (`user:password`), or `nil` when it has none.
  /// - Parameter url: the proxy's URL, as written in its variable.
  /// - Returns: everything between the scheme's `://` (or the start) and the last `@`.
  static func credentials(_ url: String) -> Substring? {
    let text = Substring(url.trimmingWhitespace)
    let start = text.firstRange(of: "://")?.upperBound ?? text.startIndex
    guard let at = text[start...].lastIndex(of: "@"), at > start else { return nil }
    return text[start..<at]
  }

  /// The text with credentials in URLs (`scheme://user:password@host`) removed: every copy of
  /// the credentials of `proxy` followed by their `@`, wherever they appear, and in each URL,
  /// everything from `://` to the last `@` before a blank or a quote.
  /// - Parameters:
  ///   - text: libcurl's words.
  ///   - proxy: the proxy's URL as written, whose credentials are known.
  /// - Returns: the same words without credentials.
  static func withoutCredentials(_ text: String, of proxy: String? = nil) -> String {
    var text = text
    if let secret = proxy.flatMap(credentials) {
      text = text.replacing(secret + "@", with: "")
    }
    var output = ""
    var rest = Substring(text)
    while let scheme = rest.firstRange(of: "://") {
      output += rest[..<scheme.upperBound]
      rest = rest[scheme.upperBound...]
      let url = rest.prefix { !$0.isWhitespace && $0 != "'" && $0 != "\"" }
      if let at = url.lastIndex(of: "@") {
        rest = rest[rest.index(after: at)...]
      }
    }
    return output + rest
  }
}
