import Testing

@testable import ChuckCore

@Suite struct RowFilterTests {
  private let on = RowFilter.highlightOn
  private let off = RowFilter.highlightOff

  /// Case is folded by Unicode's rules; an empty filter matches every row.
  @Test func matching() {
    let rows = ["Straße", "STRASSE", "Ölfass", "ölfass"].map {
      ScreenRow(JokeListView.Row(id: $0, date: nil, value: $0))
    }
    #expect(RowFilter("ÖLF").matching(rows).map(\.id) == ["Ölfass", "ölfass"])
    #expect(RowFilter("straße").matching(rows).map(\.id) == ["Straße"])
    #expect(RowFilter("").matching(rows).count == 4)
    #expect(RowFilter("xyz").matching(rows).isEmpty)
  }

  /// The match is underlined in the preview; past the preview's end, the preview starts some
  /// words before it; a match running past the cut ends its underline at the cut.
  @Test func previewHighlight() {
    let text = "Chuck Norris can slam a revolving door and count to infinity twice over."
    #expect(
      RowFilter("norris").preview(text).string
        == "Chuck \(on)Norris\(off) can slam a revolv...")
    #expect(
      RowFilter("INFINITY").preview(text).string
        == "...ount to \(on)infinity\(off) twice over...")
    #expect(RowFilter("none").preview(text) == JokePreview.make(text), "no match: the preview")
    #expect(
      RowFilter("revolving door").preview(text).string
        == "... slam a \(on)revolving door\(off) and ...")
    #expect(
      RowFilter("slam a revolving door and count to").preview(text).string
        == "...\(on)slam a revolving door and c\(off)...")
    let safe = RowFilter("b").preview("a\u{1B}[2Jb")
    #expect(!safe.string.contains("\u{1B}[2J"), "the text is made safe before it is marked")
  }
}
