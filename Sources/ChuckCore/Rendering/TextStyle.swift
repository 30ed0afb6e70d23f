/// ANSI styling that is either on or off, decided once per output stream. Only the terminal's
/// own attributes and 16 colours: what a user's colour scheme decides.
public struct TextStyle: Sendable, Equatable {
  /// Whether escape sequences are written at all.
  public let isEnabled: Bool
  /// Whether ``dim(_:)`` dims (SGR 2); off in the accessible mode, where faint text is text a
  /// low-vision user cannot read and cannot fix by choosing colours.
  public let dims: Bool

  /// Makes a style.
  /// - Parameters:
  ///   - isEnabled: whether to write escape sequences.
  ///   - dims: whether secondary text is dimmed (off in the accessible mode).
  public init(isEnabled: Bool, dims: Bool = true) {
    self.isEnabled = isEnabled
    self.dims = dims
  }

  /// The same style, never dim.
  public var undimmed: TextStyle { TextStyle(isEnabled: isEnabled, dims: false) }

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
  /// Dim (SGR 2), for secondary details; the text as it is when the style ``dims`` not.
  /// - Parameter text: the text.
  /// - Returns: the styled text.
  public func dim(_ text: TerminalText) -> TerminalText { dims ? wrap(text, "2") : text }
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
