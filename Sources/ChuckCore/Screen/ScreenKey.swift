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
  /// Ctrl-G, the second key of every action on Esc (Emacs's and readline's "give up"): a screen
  /// reader's keymap often takes a lone Esc for "stop speaking" (Fenrir's PTY keymap does), and
  /// then it never reaches the program.
  case abort
  /// Ctrl-C, which a terminal in raw mode sends as a byte instead of a signal.
  case interrupt
  /// Ctrl-Z, which a terminal in raw mode sends as a byte instead of a signal.
  case suspend
  /// Ctrl-L: draw the whole screen again.
  case redraw
  /// Tab: the next tab.
  case tab
  /// Shift-Tab (`ESC [ Z`): the previous tab.
  case backTab
  /// A mouse button or wheel, as the terminal reports it in SGR form (`ESC [ < b ; x ; y M`).
  case mouse(MouseEvent)
  /// Pasted text (between the terminal's bracketed-paste marks): text for a prompt, never keys.
  case paste(String)
}

/// What the mouse did, and where: a cell counted from 0 at the top left.
public struct MouseEvent: Equatable, Sendable {
  /// What happened.
  public enum Action: Equatable, Sendable {
    /// The left button was pressed.
    case click
    /// The wheel turned up (away from the user).
    case wheelUp
    /// The wheel turned down.
    case wheelDown
  }

  /// What happened.
  public var action: Action
  /// The column, from 0.
  public var column: Int
  /// The row, from 0.
  public var row: Int

  /// Makes a mouse event.
  /// - Parameters:
  ///   - action: what happened.
  ///   - column: the column, from 0.
  ///   - row: the row, from 0.
  public init(_ action: Action, column: Int, row: Int) {
    self.action = action
    self.column = column
    self.row = row
  }

  /// The event an SGR report stands for, or `nil` for one the screen does not use (a release,
  /// a drag, the middle or right button, a click with a modifier held).
  /// - Parameters:
  ///   - button: the report's first number.
  ///   - column: its column, from 1.
  ///   - row: its row, from 1.
  ///   - isPress: whether it ends in `M` (a press) rather than `m` (a release).
  /// - Returns: the event.
  static func sgr(button: Int, column: Int, row: Int, isPress: Bool) -> MouseEvent? {
    guard isPress, column >= 1, row >= 1 else { return nil }
    let action: Action
    switch button {
    case 0: action = .click
    case 64: action = .wheelUp
    case 65: action = .wheelDown
    default: return nil
    }
    return MouseEvent(action, column: column - 1, row: row - 1)
  }
}
