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

  /// The smallest size the screen is laid out in; below it, it says the terminal is too small.
  public static let minimum = ScreenSize(columns: 20, rows: 8)

  /// Whether the screen can be laid out in this size.
  public var isUsable: Bool { columns >= Self.minimum.columns && rows >= Self.minimum.rows }

  /// The rows between the title bar and the status line.
  public var bodyRows: Int { max(1, rows - 2) }
}
