extension ChuckComponents {
  /// The longest a joke's detail waits for its icon, in seconds (less when the network's timeout
  /// is shorter): an icon is never worth waiting for.
  public static let iconWait = 2.0

  /// A joke's icon as `chuck show` and the screen's detail draw it: inline where the terminal
  /// can show an image, else its file or link in words.
  /// - Parameters:
  ///   - address: the icon's URL as the joke holds it.
  ///   - inline: the terminal's image protocol, if any.
  /// - Returns: the icon, or what stands for it.
  public func icon(at address: String, inline: InlineImage.Kind?) async -> JokeDetailView.Icon {
    await icons.shown(
      address, waitingAtMost: min(Self.iconWait, configuration.timeout), inline: inline)
  }
}
