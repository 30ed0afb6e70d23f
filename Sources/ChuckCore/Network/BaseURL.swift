import Foundation

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
    let segments = path.map {
      $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(["/"])) ?? $0
    }
    components.percentEncodedPath = basePath + "/" + segments.joined(separator: "/")
    // `URLComponents` leaves `+` as it is in a query, and servers read it as a space.
    var allowed = CharacterSet.urlQueryAllowed
    allowed.remove(charactersIn: "+&=#?")
    components.percentEncodedQuery =
      query.isEmpty
      ? nil
      : query.map {
        $0.name + "=" + ($0.value?.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")
      }.joined(separator: "&")
    return components.url ?? url
  }
}
