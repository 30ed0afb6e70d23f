/// The version of `chuck`, kept in this one place.
public enum ChuckVersion {
  /// The version number.
  public static let current = "0.1.0"
  /// The `User-Agent` every request sends.
  public static let userAgent = "chuck/\(current)"
  /// The project's home page, named to services that ask clients to say who they are.
  public static let homePage = "https://github.com/chuck-cli/chuck"
  /// The `User-Agent` of icanhazdadjoke's requests: it asks for the tool's name and a URL.
  public static let userAgentWithHomePage = "\(userAgent) (+\(homePage))"
}
