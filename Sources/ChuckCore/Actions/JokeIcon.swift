extension ChuckComponents {
  /// The longest a joke's detail waits for its icon, in seconds (less when the network's timeout
  /// is shorter): an icon is never worth waiting for.
  public static let iconWait = 2.0

  /// What the icon is, in words: its text alternative (WCAG 1.1.1). Of the built-in sources only
  /// chucknorris.io's jokes have an icon, and it is always its avatar of Chuck Norris.
  public static let iconAlternative = "Chuck Norris's avatar"

  /// A joke's icon as `chuck show` and the screen's detail draw it: inline where the terminal
  /// can show an image, else its file or link in words; in the accessible mode never an image,
  /// but its text alternative and where it is cached (`Chuck Norris's avatar, cached at PATH`).
  /// - Parameters:
  ///   - image: the joke's image, as its source decides it (``JokeImage``).
  ///   - inline: the terminal's image protocol, if any.
  ///   - accessible: whether the accessible mode is on.
  /// - Returns: the icon, or what stands for it.
  public func icon(
    _ image: JokeImage, inline: InlineImage.Kind?, accessible: Bool = false
  ) async -> JokeDetailView.Icon {
    var icons = icons
    icons.upgradesHTTP = image.upgradesHTTP
    let icon = await icons.shown(
      image.address, waitingAtMost: min(Self.iconWait, configuration.timeout),
      inline: accessible ? nil : inline)
    guard accessible, case .file(let path) = icon else { return icon }
    return .file(image.alternative + ", cached at " + path)
  }
}

/// A joke's image as every place that shows one has it, decided once from the joke and its
/// source: where it is, what it is in words (its text alternative, WCAG 1.1.1), and whether an
/// `http` address on another origin than the source's is asked for over `https`
/// (``IconStore/upgradesHTTP``). `chuck show`, the screen's detail of any tab (the favourites'
/// too) and the accessible mode's words all take it from here.
public struct JokeImage: Sendable, Equatable {
  /// The image's URL as the joke holds it.
  public let address: String
  /// What the image is, in words: Chuck Norris's avatar (the one built-in source whose jokes
  /// have one), or for a declared source (an article's image, whose content chuck cannot know)
  /// the words `image of` and the item's text.
  public let alternative: String
  /// Whether an `http` image on another origin is asked for over `https` (a declared source's;
  /// never plain http to a host the user did not name).
  public let upgradesHTTP: Bool

  /// The image of a joke of a source; `nil` for a joke without one.
  /// - Parameters:
  ///   - joke: the joke.
  ///   - source: its source.
  public init?(_ joke: some SavedJoke, source: JokeSource) {
    guard let address = joke.icon else { return nil }
    self.address = address
    alternative =
      source.isDeclared
      ? "image of \u{201C}\(joke.text)\u{201D}" : ChuckComponents.iconAlternative
    upgradesHTTP = source.isDeclared
  }
}
