/// ANSI styling that is either on or off, decided once per output stream. Only the terminal's
/// own attributes and 16 colours: what a user's colour scheme decides. Never dim (SGR 2): faint
/// text is text a low-vision user cannot read and cannot mend by choosing colours, so secondary
/// text is plain.
public struct TextStyle: Sendable, Equatable {
  /// Whether escape sequences are written at all.
  public let isEnabled: Bool

  /// Makes a style.
  /// - Parameter isEnabled: whether to write escape sequences.
  public init(isEnabled: Bool) {
    self.isEnabled = isEnabled
  }

  /// Bold that ends with SGR 22 (normal intensity), not a reset: for text inside another style
  /// (the screen's reverse-video selection), which stays on after it.
  /// - Parameter text: the text.
  /// - Returns: the styled text.
  public func boldInside(_ text: TerminalText) -> TerminalText {
    isEnabled ? TerminalText(verbatim: "\u{1B}[1m" + text.string + "\u{1B}[22m") : text
  }

  /// Red (SGR 31), for errors.
  /// - Parameter text: the text.
  /// - Returns: the styled text.
  public func red(_ text: TerminalText) -> TerminalText { wrap(text, "31") }
  /// Bold (SGR 1), for titles.
  /// - Parameter text: the text.
  /// - Returns: the styled text.
  public func bold(_ text: TerminalText) -> TerminalText { wrap(text, "1") }
  /// Green (SGR 32), for success messages.
  /// - Parameter text: the text.
  /// - Returns: the styled text.
  public func green(_ text: TerminalText) -> TerminalText { wrap(text, "32") }

  /// Reverse video (SGR 7), for the selected line of a screen.
  /// - Parameter text: the text.
  /// - Returns: the styled text.
  public func reverse(_ text: TerminalText) -> TerminalText { wrap(text, "7") }

  private func wrap(_ text: TerminalText, _ code: StaticString) -> TerminalText {
    isEnabled ? TerminalText(verbatim: "\u{1B}[\(code)m\(text.string)\u{1B}[0m") : text
  }
}
