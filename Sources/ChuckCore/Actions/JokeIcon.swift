extension ChuckComponents {
  /// The longest a joke's detail waits for its icon, in seconds (less when the network's timeout
  /// is shorter): an icon is never worth waiting for.
  public static let iconWait = 2.0

  /// What the icon is, in words: its text alternative (WCAG 1.1.1). Only chucknorris.io's jokes
  /// have an icon, and it is always its avatar of Chuck Norris.
  public static let iconAlternative = "Chuck Norris's avatar"

  /// A joke's icon as `chuck show` and the screen's detail draw it: inline where the terminal
  /// can show an image, else its file or link in words; in the accessible mode never an image,
  /// but its text alternative and where it is cached (`Chuck Norris's avatar, cached at PATH`).
  /// - Parameters:
  ///   - address: the icon's URL as the joke holds it.
  ///   - inline: the terminal's image protocol, if any.
  ///   - accessible: whether the accessible mode is on.
  /// - Returns: the icon, or what stands for it.
  public func icon(at address: String, inline: InlineImage.Kind?, accessible: Bool = false) async
    -> JokeDetailView.Icon
  {
    let icon = await icons.shown(
      address, waitingAtMost: min(Self.iconWait, configuration.timeout),
      inline: accessible ? nil : inline)
    guard accessible, case .file(let path) = icon else { return icon }
    return .file(Self.iconAlternative + ", cached at " + path)
  }
}
