/// One frame of the screen: its lines, and where the terminal cursor stands once they are
/// written.
///
/// The cursor stands on the focused element, for screen readers and braille displays, which
/// follow the terminal's cursor (not reverse video): the selected entry's first column in a list
/// (the `>`), the start of the message of an empty list, the top line of a joke's detail (the
/// line scrolled to) and of the list of keys, a two-part joke's setup and then its punchline;
/// while the status line asks something, a prompt's insertion point (after what is typed), the
/// end of a question's text (where its answer would be typed), or the start of a problem with
/// what was typed. It is hidden unless the screen is asked to show it, so its place costs
/// sighted users nothing.
public struct ScreenFrame: Equatable, Sendable {
  /// A cell of the screen, counted from 0 (the terminal's CUP counts from 1).
  public struct Cursor: Equatable, Sendable {
    /// The row, 0 at the top.
    public var row: Int
    /// The column, 0 at the left.
    public var column: Int

    /// Makes a position.
    /// - Parameters:
    ///   - row: the row, 0 at the top.
    ///   - column: the column, 0 at the left.
    public init(row: Int, column: Int) {
      self.row = row
      self.column = column
    }

    /// The top left cell.
    public static let origin = Cursor(row: 0, column: 0)
  }

  /// The lines, top first, none wider than the terminal.
  public var lines: [TerminalText]
  /// Where the cursor stands: on the focused element, inside the lines.
  public var cursor: Cursor
  /// The lines the focused element takes (an entry of the compact list takes several): when a
  /// view changes, they are drawn first (see ``ScreenFrameDiff/drawsFocusFirst``).
  public var focus: Range<Int>

  /// Makes a frame.
  /// - Parameters:
  ///   - lines: the lines, top first.
  ///   - cursor: where the cursor stands.
  ///   - focus: the lines of the focused element; the cursor's line when not given.
  public init(lines: [TerminalText], cursor: Cursor, focus: Range<Int>? = nil) {
    self.lines = lines
    self.cursor = cursor
    self.focus = focus ?? cursor.row..<cursor.row + 1
  }

  /// The sequence that moves the terminal's cursor to ``cursor`` (CUP, counting from 1).
  public var cursorSequence: TerminalText {
    "\u{1B}[\(cursor.row + 1);\(cursor.column + 1)H"
  }
}
