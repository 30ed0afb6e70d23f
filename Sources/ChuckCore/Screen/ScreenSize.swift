/// The terminal's size in character cells.
public struct ScreenSize: Equatable, Sendable {
  /// Columns.
  public var columns: Int
  /// Rows.
  public var rows: Int

  /// Makes a size.
  /// - Parameters:
  ///   - columns: columns.
  ///   - rows: rows.
  public init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }

  /// The smallest size the screen is laid out in: an 80 × 24 terminal zoomed to 400 %. Below
  /// it, the screen says in words that the terminal is too small, and what it needs.
  public static let minimum = ScreenSize(columns: 20, rows: 6)

  /// The fewest columns that show each entry of a list on one line (mark, preview, date and a
  /// 22-character id); narrower, the list is compact: each entry's text, then its date and id,
  /// wrapped at word boundaries.
  public static let oneLineColumns = 73

  /// The fewest rows that show the row of tabs; on fewer, the title bar names the tab shown
  /// and its position (`2/7 Dad`) instead.
  public static let tabRowRows = 8

  /// Whether the screen can be laid out in this size.
  public var isUsable: Bool { columns >= Self.minimum.columns && rows >= Self.minimum.rows }

  /// The rows between the title bar and the status line.
  public var bodyRows: Int { max(1, rows - 2) }

  /// Whether the list is compact: each entry on two lines or more (see ``oneLineColumns``).
  public var isCompact: Bool { columns < Self.oneLineColumns }
}
