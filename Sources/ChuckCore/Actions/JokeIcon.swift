extension ChuckComponents {
  /// The longest a joke's detail waits for its icon, in seconds (less when the network's timeout
  /// is shorter): an icon is never worth waiting for.
  public static let iconWait = 2.0

  /// What the icon is, in words: its text alternative (WCAG 1.1.1). Of the built-in sources only
  /// chucknorris.io's jokes have an icon, and it is always its avatar of Chuck Norris.
  public static let iconAlternative = "Chuck Norris's avatar"

  /// The text alternative of a source's image: Chuck Norris's avatar, or for a declared source
  /// (an article's image, whose content chuck cannot know) the words `image of` and the item's
  /// text.
  /// - Parameters:
  ///   - source: the joke's source.
  ///   - text: the joke's text (an article's title).
  /// - Returns: the words.
  public static func iconAlternative(of source: JokeSource, text: String) -> String {
    source.isDeclared ? "image of \u{201C}\(text)\u{201D}" : iconAlternative
  }

  /// A joke's icon as `chuck show` and the screen's detail draw it: inline where the terminal
  /// can show an image, else its file or link in words; in the accessible mode never an image,
  /// but its text alternative and where it is cached (`Chuck Norris's avatar, cached at PATH`).
  /// - Parameters:
  ///   - address: the icon's URL as the joke holds it.
  ///   - inline: the terminal's image protocol, if any.
  ///   - accessible: whether the accessible mode is on.
  ///   - alternative: what the icon is, in words (``iconAlternative(of:text:)``).
  ///   - upgradingHTTP: whether an `http` image on another origin is asked for over `https`
  ///     (a declared source's image: ``IconStore/upgradesHTTP``).
  /// - Returns: the icon, or what stands for it.
  public func icon(
    at address: String, inline: InlineImage.Kind?, accessible: Bool = false,
    alternative: String = iconAlternative, upgradingHTTP: Bool = false
  ) async -> JokeDetailView.Icon {
    var icons = icons
    icons.upgradesHTTP = upgradingHTTP
    let icon = await icons.shown(
      address, waitingAtMost: min(Self.iconWait, configuration.timeout),
      inline: accessible ? nil : inline)
    guard accessible, case .file(let path) = icon else { return icon }
    return .file(alternative + ", cached at " + path)
  }
}
