import FoundationEssentials

/// A service's base URL, which may carry a path prefix (`http://host/prefix/`): the one place
/// that appends an API path to it, for requests and for the icon that replaces a retired host's.
struct BaseURL {
  /// The base URL as configured.
  let url: URL

  init(_ url: URL) {
    self.url = url
  }

  /// The base URL with `path` appended segment by segment (each percent-encoded; the base's own
  /// trailing slashes are dropped) and `query`.
  /// - Parameters:
  ///   - path: the path's segments, unencoded.
  ///   - query: the query's items, unencoded; none for no query.
  /// - Returns: the URL.
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
