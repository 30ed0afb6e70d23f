import FoundationEssentials

/// A service's base URL, which may carry a path prefix (`http://host/prefix/`): the one place
/// that appends an API path to it, for requests and for the icon that replaces a retired host's.
struct BaseURL {
  /// The base URL as configured.
  let url: URL

  init(_ url: URL) {
    self.url = url
  }

  /// What a base URL may be, as messages say it.
  static let allowed = "an http or https URL with a host, and no query or fragment"

  /// The base URL that `text` names, or `nil` when it cannot be one (``problem(with:)``).
  /// - Parameter text: the URL as the user wrote it.
  static func url(_ text: String) -> URL? {
    problem(with: text) == nil ? URL(string: text) : nil
  }

  /// Why `text` cannot be a base URL, or `nil` when it can: a base URL is an http or https URL
  /// with a host, and without a query or fragment, as the paths of requests are appended to it.
  /// - Parameter text: the URL as the user wrote it.
  /// - Returns: what is wrong, quoting the text, in words that say what is allowed.
  static func problem(with text: String) -> String? {
    // Made only for a message: debugDescription costs 13 K instructions, at every start.
    var quoted: String { text.debugDescription }
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased() else {
      return "\(quoted) is not a URL: expected \(allowed), such as \"https://example.com\""
    }
    guard scheme == "http" || scheme == "https" else {
      return "\(quoted) is a URL of \(scheme), not of http or https: expected \(allowed)"
    }
    guard let host = url.host, !host.isEmpty else {
      return "\(quoted) has no host: expected \(allowed), such as \"https://example.com\""
    }
    guard url.query == nil else {
      return "\(quoted) has a query (?…), which a base URL cannot have: expected \(allowed)"
    }
    guard url.fragment == nil else {
      return "\(quoted) has a fragment (#…), which a base URL cannot have: expected \(allowed)"
    }
    return nil
  }

  /// The base URL with `path` appended segment by segment (each percent-encoded; the base's own
  /// trailing slashes are dropped) and `query`.
  /// - Parameters:
  ///   - path: the path's segments, unencoded.
  ///   - query: the query's items, unencoded; none for no query.
  /// - Returns: the URL.
  /// The URL of an encoded path and query (``ServiceRequest/encoded``) under the base URL.
  /// - Parameter encoded: the path, starting with `/`, and the query after `?`.
  func appending(encoded: String) -> URL {
    var components = URLComponents(url: url, resolvingAgainstBaseURL: false) ?? URLComponents()
    var basePath = components.percentEncodedPath
    while basePath.hasSuffix("/") { basePath.removeLast() }
    let parts = encoded.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    components.percentEncodedPath = basePath + parts[0]
    components.percentEncodedQuery = parts.count > 1 ? String(parts[1]) : nil
    return components.url ?? url
  }

  func appending(_ path: [String], query: [URLQueryItem] = []) -> URL {
    var components = URLComponents(url: url, resolvingAgainstBaseURL: false) ?? URLComponents()
    var basePath = components.percentEncodedPath
    while basePath.hasSuffix("/") { basePath.removeLast() }
    let segments = path.map { PercentEncoding.encode($0, allowing: PercentEncoding.pathSegment) }
    components.percentEncodedPath = basePath + "/" + segments.joined(separator: "/")
    components.percentEncodedQuery =
      query.isEmpty
      ? nil
      : query.map { item in
        // An item without a value is its name alone (JokeAPI's `safe-mode`).
        item.value.map {
          item.name + "=" + PercentEncoding.encode($0, allowing: PercentEncoding.queryValue)
        } ?? item.name
      }.joined(separator: "&")
    return components.url ?? url
  }
}
