/// What the terminal seam must write to turn the last frame into the next: which rows, and
/// whether to clear the screen or delete kitty's images first. Pure, so that it is tested here;
/// the seam only writes it.
public struct ScreenFrameDiff: Equatable, Sendable {
  /// Whether kitty's images must be deleted first (they stay above the text until deleted).
  public var deletesImages: Bool
  /// Whether the whole screen is cleared and every row drawn.
  public var isWhole: Bool
  /// The rows to draw, top first.
  public var rows: [Int]
  /// Whether the focused element's rows are drawn first, alone, and the others a moment later (the
  /// terminal seam does so in the accessible mode):
  /// when the text of the focus changes together with other text (a view changes: the screen
  /// opens, a detail closes, a tab or a page turns, a filter narrows the list). A screen reader
  /// reads what changed in screen order, top first; drawn so, it reads the focus first and the
  /// rest of the view after it. A change of attributes alone (the selection moving) is never
  /// split: the text stays, and the reader reads the line the cursor reaches.
  public var drawsFocusFirst = false
  /// The rows of the focused element, among ``rows``, when ``drawsFocusFirst``.
  public var focusRows: [Int] = []
  /// Whether the changed rows are blanked, alone, before the focus is drawn: when the focus's
  /// text is on screen already, on another row (a filter cleared, the selected joke moves down).
  /// A screen reader compares lines as a sequence, so a line that only moved is no change to it,
  /// and the focus would not be read at all; blanked first, it is new again.
  public var blanksFirst = false
  /// Rows whose text moved up or down together (the list or the detail scrolled by a few
  /// lines): the terminal scrolls them (a scrolling region), and only what is new or restyled is
  /// drawn. A screen reader then reads only the lines that came into view (a move past the
  /// bottom: the row reached), not the whole page again.
  public var scroll: Scroll?

  /// A scroll of rows: the rows it happens in, and by how many lines the text moves up
  /// (negative: down).
  public struct Scroll: Equatable, Sendable {
    /// The rows scrolled, top to bottom.
    public var rows: ClosedRange<Int>
    /// Lines the text moves up (negative: down).
    public var by: Int

    /// Makes a scroll.
    /// - Parameters:
    ///   - rows: the rows scrolled.
    ///   - by: lines up (negative: down).
    public init(rows: ClosedRange<Int>, by: Int) {
      self.rows = rows
      self.by = by
    }
  }

  /// The rows an inline image covers, from the row it is drawn on (the detail leaves that room).
  public static let imageRows = 4
  private static let kittyImageStart = "\u{1B}_G"

  /// A difference as given.
  /// - Parameters:
  ///   - deletesImages: whether kitty's images are deleted first.
  ///   - isWhole: whether the screen is cleared and drawn whole.
  ///   - rows: the rows to draw.
  public init(deletesImages: Bool, isWhole: Bool, rows: [Int]) {
    self.deletesImages = deletesImages
    self.isWhole = isWhole
    self.rows = rows
  }

  /// The difference between two frames.
  ///
  /// A frame of another height is drawn whole. When a row that an image of the last frame covers
  /// changes, the images are deleted and the frame drawn whole (the image again, if it is still
  /// on); any other change (the spinner in the title bar, the status line) draws only its rows,
  /// around the image, which is not sent again.
  /// - Parameters:
  ///   - last: what the terminal shows (empty: nothing known).
  ///   - next: the new frame.
  /// - Returns: the difference.
  public init(from last: [TerminalText], to next: [TerminalText]) {
    let imageArea = Self.imageArea(of: last)
    deletesImages =
      next.count == last.count && imageArea.contains { next[$0] != last[$0] }
    let isWhole = deletesImages || next.count != last.count
    self.isWhole = isWhole
    rows = next.indices.filter { isWhole || next[$0] != last[$0] }
  }

  /// The difference between two frames, and whether the focus is drawn first.
  /// - Parameters:
  ///   - last: what the terminal shows (empty: nothing known).
  ///   - next: the new frame, with its focus.
  /// - Returns: the difference.
  public init(from last: [TerminalText], to next: ScreenFrame) {
    self.init(from: last, to: next.lines)
    // The rows whose text changes, not only their attributes (the selection's reverse video
    // pads its row with spaces, which are no text).
    func text(_ line: TerminalText) -> Substring {
      let plain = ScreenText.plain(line).string
      return plain[..<(plain.lastIndex { $0 != " " }.map(plain.index(after:)) ?? plain.startIndex)]
    }
    var last = last
    if !isWhole, !(last + next.lines).contains(where: Self.holdsImage),
      let scroll = Self.scroll(from: last.map(text), to: next.lines.map(text))
    {
      // What the terminal shows once the rows are scrolled: only what differs from it is drawn.
      self.scroll = scroll
      let before = last
      for row in scroll.rows {
        let source = row + scroll.by
        last[row] = scroll.rows.contains(source) ? before[source] : .empty
      }
      rows = next.lines.indices.filter { next.lines[$0] != last[$0] }
    }
    let changed = rows.filter { row in
      !last.indices.contains(row) || text(last[row]) != text(next.lines[row])
    }
    let focused = changed.filter { next.focus.contains($0) }
    let others = changed.filter { !next.focus.contains($0) && !text(next.lines[$0]).isEmpty }
    drawsFocusFirst = !focused.isEmpty && !others.isEmpty
    focusRows = drawsFocusFirst ? next.focus.filter { rows.contains($0) } : []
    let shown = Set(last.map(text).filter { !$0.isEmpty })
    blanksFirst = drawsFocusFirst && focused.contains { shown.contains(text(next.lines[$0])) }
  }

  /// The scroll that turns `last` into `next` (texts of the same height), if the rows whose text
  /// changes are one block whose text moved up or down by fewer lines than it has, every line
  /// that stays on screen in its new place.
  static func scroll(from last: [Substring], to next: [Substring]) -> Scroll? {
    let changed = next.indices.filter { next[$0] != last[$0] }
    guard let top = changed.first, let bottom = changed.last, bottom - top >= 1 else {
      return nil
    }
    let block = top...bottom
    for distance in 1...(bottom - top) {
      for by in [distance, -distance] {
        let kept = block.filter { block.contains($0 + by) }
        if kept.allSatisfy({ next[$0] == last[$0 + by] }),
          kept.contains(where: { !next[$0].isEmpty })
        {
          return Scroll(rows: block, by: by)
        }
      }
    }
    return nil
  }

  /// Whether a line holds a kitty image.
  /// - Parameter line: one line of a frame.
  public static func holdsImage(_ line: TerminalText) -> Bool {
    line.string.contains(kittyImageStart)
  }

  private static func imageArea(of frame: [TerminalText]) -> [Int] {
    frame.indices.filter { holdsImage(frame[$0]) }.flatMap {
      $0..<min(frame.count, $0 + imageRows)
    }
  }
}
