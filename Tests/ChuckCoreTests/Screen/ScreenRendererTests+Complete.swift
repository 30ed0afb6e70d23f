import Testing

@testable import ChuckCore

/// Golden screens of the tabs, the favourites, the punchline, search and filter.
@Suite struct ScreenRendererCompleteTests {
  private let plain = ScreenRenderer(style: TextStyle(isEnabled: false))
  private let size = ScreenSize(columns: 80, rows: 8)
  private let tabs = " 1 Chuck Norris  2 Official  3 Favourites "

  /// The row of tabs under the title bar, the shown one in reverse video; on a narrow
  /// terminal the others by number.
  @Test func tabRow() {
    var state = tabbedState(size: size)
    let lines = plain.render(state, size: size)
    #expect(lines[0].hasPrefix("Chuck Norris Jokes"))
    #expect(lines[1] == "\u{1B}[7m 1 Chuck Norris \u{1B}[0m 2 Official  3 Favourites ")
    #expect(lines[2].hasPrefix("\u{1B}[7m  Joke number 0"))
    _ = state.press(.character("2"))
    let narrow = ScreenSize(columns: 24, rows: 8)
    let small = plain.render(state, size: narrow)
    #expect(small[0].hasPrefix("Official Jokes"))
    #expect(small[1] == " 1 \u{1B}[7m 2 Official \u{1B}[0m 3 ")
    #expect(small[2] == "  Your list is empty.")
  }

  /// The favourites: mark, name, preview, the date it was made a favourite and the source.
  @Test func favorites() {
    var state = tabbedState(size: size)
    _ = state.press(.character("3"))
    let rows = screenRows(2).enumerated().map { index, row in
      ScreenRow(
        row.entry, mark: ScreenRow.favorite, name: ["Best", "Longer name"][index],
        source: index == 0 ? .chuck : .official)
    }
    _ = state.handle(.listLoaded(rows, tab: 2))
    let lines = plain.render(state, size: size)
    #expect(lines[0].hasPrefix("Favourites"))
    #expect(
      lines[2]
        == "\u{1B}[7m  ★ Best         Joke number 0 is about Chuck N...  2020-01-01  Chuck Norris    \u{1B}[0m"
    )
    #expect(lines[3] == "  ★ Longer name  Joke number 1 is about Chuck N...  2020-01-02  Official")
    #expect(lines[7] == "Enter open  d remove  r rename  y copy  ? keys  q quit")
    let coloured = ScreenRenderer(style: TextStyle(isEnabled: true)).render(state, size: size)
    #expect(
      coloured[2].hasPrefix("\u{1B}[7m  ★ \u{1B}[1mBest       \u{1B}[22m  Joke number 0"),
      "the name is bold, and the selection's reverse video goes on after it")
    #expect(!coloured[2].string.dropFirst(4).dropLast(4).contains("\u{1B}[0m"))
    _ = state.handle(.listLoaded([], tab: 2))
    #expect(plain.render(state, size: size)[2].hasPrefix("  No favourites yet."))
  }

  /// A two-part joke after Joke!: the setup, then the punchline.
  @Test func punchline() {
    var state = tabbedState(size: size)
    _ = state.press(.character("n"))
    _ = state.handle(
      .jokeSaved(
        id: screenID(0), count: 3, rows: screenRows(3), fetch: 1,
        punchline: ScreenState.Punchline(setup: "Why did the chicken cross?", punchline: "To get."))
    )
    let hidden = plain.render(state, size: size)
    #expect(
      Array(hidden[2...5]) == [
        "", "  Why did the chicken cross?", "", "  … (press any key for the punchline)",
      ])
    _ = state.press(.character(" "))
    let shown = plain.render(state, size: size)
    #expect(Array(shown[2...5]) == ["", "  Why did the chicken cross?", "", "  To get."])
    #expect(shown[7] == "any key: back to the list")
  }

  /// Search results: the query in the title bar, ✓ on a saved joke.
  @Test func searchResults() {
    var state = tabbedState(size: size)
    _ = state.press(.character("s"))
    for character in "about" { _ = state.press(.character(character)) }
    _ = state.press(.enter)
    #expect(plain.render(state, size: size)[2] == "  Searching for \u{201C}about\u{201D}…")
    let row = screenRows(5)[4]
    _ = state.handle(
      .searchFinished(
        number: 1,
        results: [
          ScreenState.Found(
            row: screenRows(1)[0], shown: ScreenState.Shown(id: screenID(0), fields: [])),
          ScreenState.Found(row: row, shown: ScreenState.Shown(id: row.id, fields: [])),
        ]))
    let lines = plain.render(state, size: size)
    #expect(lines[0].hasPrefix("Chuck Norris Jokes: search \u{201C}about\u{201D}"))
    #expect(lines[2].hasPrefix("\u{1B}[7m  ✓ Joke number 0"))
    #expect(lines[3].hasPrefix("    Joke number 4"))
  }

  /// A filtered list: only matching rows, the match underlined, the filter named first in the
  /// status line; a red error wraps at word boundaries.
  @Test func filterAndWrappedError() {
    var state = tabbedState(size: size)
    _ = state.press(.character("/"), .character("2"), .enter)
    let lines = plain.render(state, size: size)
    #expect(
      lines[2]
        == "\u{1B}[7m  Joke number \u{1B}[4m2\u{1B}[24m is about Chuck N...  2020-01-03"
        + String(repeating: " ", count: 33) + "\u{1B}[0m"
    )
    #expect(lines[3] == "")
    #expect(lines[7].hasPrefix("/2 (Esc clears)  n Joke!"))
    _ = state.press(.character("/"), .backspace, .character("x"), .enter)
    #expect(plain.render(state, size: size)[2] == "  No joke matches the filter. Esc clears it.")
    let colour = ScreenRenderer(style: TextStyle(isEnabled: true))
    let narrow = ScreenSize(columns: 30, rows: 8)
    _ = state.handle(.actionFailed(.favoritesFull(limit: 10)))
    let wrapped = colour.render(state, size: narrow)
    #expect(
      wrapped.suffix(3)
        == [
          "\u{1B}[31merror: your favourites are\u{1B}[0m",
          "\u{1B}[31mfull (10); remove one first:\u{1B}[0m",
          "\u{1B}[31min the Favourites tab, select…\u{1B}[0m",
        ])
  }
}
