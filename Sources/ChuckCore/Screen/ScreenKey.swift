/// One key press on the screen, as ``KeyDecoder`` makes it from the terminal's bytes.
public enum ScreenKey: Equatable, Sendable {
  /// A printable character (ASCII or any UTF-8 character).
  case character(Character)
  /// ↑.
  case up
  /// ↓.
  case down
  /// ←.
  case left
  /// →.
  case right
  /// Home.
  case home
  /// End.
  case end
  /// Page Up.
  case pageUp
  /// Page Down.
  case pageDown
  /// Enter (carriage return or line feed).
  case enter
  /// Backspace (DEL or Ctrl-H).
  case backspace
  /// A lone Esc.
  case escape
  /// Ctrl-C, which a terminal in raw mode sends as a byte instead of a signal.
  case interrupt
  /// Ctrl-Z, which a terminal in raw mode sends as a byte instead of a signal.
  case suspend
  /// Ctrl-L: draw the whole screen again.
  case redraw
  /// Pasted text (between the terminal's bracketed-paste marks, or several characters arriving
  /// at once): text for a prompt, never keys.
  case paste(String)
}
