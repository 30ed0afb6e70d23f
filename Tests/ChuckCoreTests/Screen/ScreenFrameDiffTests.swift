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
}
