import CBuildSettings

/// The version of `chuck`, kept in this one place.
public enum ChuckVersion {
  /// The version number.
  public static let current = "0.1.0"
  /// The `User-Agent` every request sends.
  public static let userAgent = "chuck/\(current)"
  /// The project's home page, when the build was given one (`make HOMEPAGE=…`, recorded in the
  /// binary); `nil` otherwise, so that no request ever names an address the project does not own.
  public static let homePage = homePage(recorded: String(cString: chuck_build_home_page()))
  /// The `User-Agent` of services that ask clients to say who they are (icanhazdadjoke): the home
  /// page when the build has one, else a plain description.
  public static let describedUserAgent = describedUserAgent(homePage: homePage)

  /// The `User-Agent` that names chuck and, when there is one, its home page.
  /// - Parameter homePage: the home page, or `nil`.
  /// - Returns: `chuck/<version> (+<home page>)`, or `chuck/<version> (Linux command-line joke
  ///   client)` without one.
  public static func describedUserAgent(homePage: String?) -> String {
    if let homePage {
      "\(userAgent) (+\(homePage))"
    } else {
      "\(userAgent) (Linux command-line joke client)"
    }
  }

  /// The home page that a build recorded, if it can go into a header: an `http://` or `https://`
  /// address of visible ASCII characters only (no space, no line break, no quote).
  /// - Parameter recorded: what the build recorded, `""` for none.
  /// - Returns: the home page, or `nil` for none or for one that cannot be sent.
  public static func homePage(recorded: String) -> String? {
    guard recorded.hasPrefix("http://") || recorded.hasPrefix("https://"),
      recorded.utf8.allSatisfy({ (0x21...0x7E).contains($0) && $0 != UInt8(ascii: "\"") })
    else { return nil }
    return recorded
  }
}
