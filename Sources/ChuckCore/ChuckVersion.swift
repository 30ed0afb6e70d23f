/// The version of `chuck`, kept in this one place.
public enum ChuckVersion {
  /// The version number.
  public static let current = "0.1.0"
  /// The `User-Agent` every request sends.
  public static let userAgent = "chuck/\(current)"
}
