import Testing

@testable import ChuckCore

@Suite struct ScreenFrameDiffTests {
  private let image: TerminalText = "  \u{1B}_Ga=T,f=100,q=2,c=8,r=4,m=0;iVBORw0KGgo=\u{1B}\\"

  private func frame(title: TerminalText, status: TerminalText = "keys") -> [TerminalText] {
    [title, "id", image, "", "", "", "  created_at", status]
  }

  /// Nothing known, or another height: the whole frame.
  @Test func firstFrameIsWhole() {
    let diff = ScreenFrameDiff(from: [], to: frame(title: "t"))
    #expect(diff.isWhole && !diff.deletesImages && diff.rows == Array(0..<8))
    #expect(ScreenFrameDiff(from: frame(title: "t"), to: ["a"]).isWhole)
  }

  /// The spinner turning in the title bar (or the status line changing) redraws only that row:
  /// the inline image is not deleted and sent again on every tick.
  @Test func spinnerDoesNotResendTheImage() {
    let diff = ScreenFrameDiff(from: frame(title: "⠋ Joke! (n)"), to: frame(title: "⠙ Joke! (n)"))
    #expect(diff == ScreenFrameDiff(deletesImages: false, isWhole: false, rows: [0]))
    let status = ScreenFrameDiff(
      from: frame(title: "t"), to: frame(title: "t", status: "error: x"))
    #expect(status.rows == [7] && !status.deletesImages)
  }

  /// A change in the rows an image covers deletes the images and draws the frame whole.
  @Test func changeUnderTheImageRedrawsWhole() {
    var next = frame(title: "t")
    next[4] = "scrolled"
    let diff = ScreenFrameDiff(from: frame(title: "t"), to: next)
    #expect(diff.deletesImages && diff.isWhole && diff.rows == Array(0..<8))
  }

  /// Equal frames write nothing.
  @Test func equalFramesWriteNothing() {
    #expect(ScreenFrameDiff(from: frame(title: "t"), to: frame(title: "t")).rows.isEmpty)
  }

  // MARK: What a screen reader reads first

  private let plain = ScreenRenderer(style: TextStyle(isEnabled: false))
  private let size = ScreenSize(columns: 80, rows: 10)

  /// The frames before and after some keys, and the diff between them.
  private func press(_ keys: ScreenKey..., in state: inout ScreenState) -> (
    before: ScreenFrame, after: ScreenFrame, diff: ScreenFrameDiff
  ) {
    let before = plain.frame(state, size: size)
    for key in keys { _ = state.press(key) }
    let after = plain.frame(state, size: size)
    return (before, after, ScreenFrameDiff(from: before.lines, to: after))
  }

  /// A move of the selection changes attributes only: two rows are drawn again, their text the
  /// same, and nothing is drawn first (a screen reader then reads the row the cursor reaches).
  @Test func aMoveIsNeverSplit() {
    var state = ScreenState(rows: screenRows(5), size: size)
    let (before, after, diff) = press(.down, in: &state)
    #expect(diff.rows == [1, 2])
    #expect(!diff.drawsFocusFirst && diff.focusRows.isEmpty && !diff.blanksFirst)
    let text = { (line: TerminalText) in
      String(ScreenText.plain(line).string.reversed().drop { $0 == " " }.reversed())
    }
    #expect(diff.rows.allSatisfy { text(before.lines[$0]) == text(after.lines[$0]) })
  }

  /// A view that changes (the list scrolled to its end, a detail closed) draws the focused row
  /// first, alone;
  /// when the focused row's text is on screen already on another row (a filter cleared), the
  /// changed rows are blanked before it.
  @Test func aNewViewDrawsTheFocusFirst() {
    var state = ScreenState(rows: screenRows(30), size: size)
    let (_, after, diff) = press(.end, in: &state)
    #expect(diff.drawsFocusFirst && !diff.blanksFirst)
    #expect(diff.focusRows == [after.cursor.row])

    var filtered = ScreenState(rows: screenRows(5), size: size)
    _ = filtered.press(.character("/"), .character("3"), .enter)
    let back = press(.escape, in: &filtered).diff
    #expect(back.drawsFocusFirst && back.blanksFirst, "joke 3's row moved from row 1 to row 4")
    #expect(back.focusRows == [4])
    // The status line alone changing is no view change.
    let status = ScreenFrameDiff(
      from: frame(title: "t"),
      to: ScreenFrame(lines: frame(title: "t", status: "x"), cursor: .origin))
    #expect(!status.drawsFocusFirst)
  }

  /// A move past the last row shown scrolls the list by one row: the terminal scrolls the body
  /// (a scrolling region), and only the row that came in and the rows restyled are drawn; the
  /// focus is not drawn first (nothing else's text changes). Back up past the top, the other way.
  @Test func aMovePastTheBottomScrolls() {
    var state = ScreenState(rows: screenRows(20), size: size)
    _ = state.press(.end, .home)
    for _ in 0..<(state.bodyHeight - 1) { _ = state.press(.down) }
    let diff = press(.down, in: &state).diff
    let body = 1...state.bodyHeight
    #expect(diff.scroll == ScreenFrameDiff.Scroll(rows: body, by: 1))
    #expect(diff.rows == [body.upperBound - 1, body.upperBound], "restyled, and the new row")
    #expect(!diff.drawsFocusFirst)
    for _ in 0..<(state.bodyHeight - 1) { _ = state.press(.up) }
    let up = press(.up, in: &state).diff
    #expect(up.scroll == ScreenFrameDiff.Scroll(rows: body, by: -1))
    #expect(up.rows == [1, 2])
    // Texts that do not move together are no scroll.
    #expect(ScreenFrameDiff.scroll(from: ["a", "b", "c"], to: ["x", "y", "z"]) == nil)
    #expect(
      ScreenFrameDiff.scroll(from: ["t", "a", "b", "c", "s"], to: ["t", "b", "c", "d", "s"])
        == ScreenFrameDiff.Scroll(rows: 1...3, by: 1))
  }
}
