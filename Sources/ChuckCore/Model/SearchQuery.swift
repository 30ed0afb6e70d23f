/// The API's rule for a search query: 3 to 120 characters as the server counts them, in UTF-16
/// code units (it is written in Java).
public enum SearchQuery {
  /// The lengths the API accepts.
  public static let lengths = 3...120

  /// Why the API would refuse `query`, or `nil` when it would not.
  /// - Parameter query: the text to search for.
  /// - Returns: the problem, worded for the user.
  public static func problem(_ query: String) -> String? {
    let length = query.utf16.count
    guard !lengths.contains(length) else { return nil }
    return "a search query must be \(lengths.lowerBound) to \(lengths.upperBound) characters long "
      + "(UTF-16 code units); this one is \(length)"
  }
}
