import Testing

@testable import ChuckCore

/// The screen in the accessible mode: no spinner, no dim text, no ★ ☆ ✓; each row says its
/// position, text, date and state; changes said in the status line; questions asked whole.
@Suite struct ScreenAccessibleTests {
  private let colour = ScreenRenderer(style: TextStyle(isEnabled: true))
  private let plain = ScreenRenderer(style: TextStyle(isEnabled: false))
  private let size = ScreenSize(columns: 80, rows: 10)

  /// Rows of a source's tab, marked as the screen marks them: ★ for a favourite, else ☆.
  private func markedRows(_ count: Int, favorite: Int? = nil) -> [ScreenRow] {
    screenRows(count).enumerated().map { position, row in
      ScreenRow(row.entry, mark: position == favorite ? ScreenRow.favorite : ScreenRow.notFavorite)
    }
  }

  private func accessible(_ rows: [ScreenRow]) -> ScreenState {
    var state = ScreenState(rows: rows, size: size)
    state.isAccessible = true
    return state
  }

  /// Whether a frame holds a braille-pattern character, a dim attribute or a mark's glyph.
  private func noise(_ lines: [TerminalText]) -> [String] {
    lines.map(\.string).filter { line in
      line.contains("\u{1B}[2m")
        || line.unicodeScalars.contains {
          (0x2800...0x28FF).contains($0.value) || ["★", "☆", "✓"].contains(Character($0))
        }
    }
  }

  /// Each row says its position, text, date and state in words, its text cut after a whole word
  /// (`…`); the selection is reverse video, no marker.
  @Test func rowsSayTheirWholeMeaning() {
    var state = accessible(markedRows(3, favorite: 2))
    _ = state.press(.down)
    // Without the reverse video of the selection.
    let lines = plain.render(state, size: size).map {
      $0.string.replacing("\u{1B}[7m", with: "").replacing("\u{1B}[0m", with: "")
    }
    #expect(
      lines[1]
        == "  1 of 3: Joke number 0 is about Chuck Norris and\u{2026}, 2020-01-01, not a favourite"
    )
    #expect(lines[2].hasPrefix("  2 of 3: Joke number 1 is about Chuck Norris and\u{2026}"))
    #expect(plain.render(state, size: size)[2].string.hasPrefix("\u{1B}[7m  2 of 3"))
    #expect(lines[2].trimmingTrailingSpaces.hasSuffix(", 2020-01-02, not a favourite"))
    #expect(lines[3].hasSuffix(", 2020-01-03, favourite"))
    for line in lines { #expect(TextWrapper.width(of: line) <= 80) }
    #expect(noise(colour.render(state, size: size)).isEmpty)
  }

  /// A long text is cut after a whole word to leave room for the date and the state, never they.
  @Test func textIsCutNotTheState() {
    var rows = markedRows(1, favorite: 0)
    rows[0].entry.value = String(repeating: "roundhouse ", count: 20)
    let line = plain.render(accessible(rows), size: size)[1].string
    #expect(line.contains("roundhouse\u{2026},"))
    #expect(line.trimmingTrailingSpaces.hasSuffix(", 2020-01-01, favourite"))
  }

  /// Search results say saved or not saved, not ✓.
  @Test func searchResultsSaySaved() {
    var state = accessible(markedRows(2))
    state.tab.search = ScreenState.Search(query: "kick", number: 1)
    state.tab.search?.isLoading = false
    state.tab.search?.results = [
      ScreenState.Found(
        row: ScreenRow(screenRows(1)[0].entry, mark: ScreenRow.saved),
        shown: ScreenState.Shown(id: screenID(0), fields: [])),
      ScreenState.Found(
        row: ScreenRow(screenRows(2)[1].entry, mark: " "),
        shown: ScreenState.Shown(id: screenID(1), fields: [])),
    ]
    let lines = plain.render(state, size: size)
    #expect(lines[1].string.trimmingTrailingSpaces.hasSuffix(", 2020-01-01, saved"))
    #expect(lines[2].string.hasSuffix(", 2020-01-02, not saved"))
    #expect(noise(colour.render(state, size: size)).isEmpty)
  }

  /// While a fetch runs nothing turns in the title bar: the status line says it in words, the
  /// ticks change nothing, and the end is said in the status line.
  @Test func fetchingIsSaidNotSpun() {
    var state = accessible(markedRows(2))
    let effects = state.press(.character("n"))
    #expect(effects.count == 1)
    let first = colour.render(state, size: size)
    #expect(first.last?.string.contains("Fetching a joke\u{2026}") == true)
    for _ in 0..<5 { _ = state.handle(.tick) }
    #expect(colour.render(state, size: size) == first)
    #expect(noise(first).isEmpty)
    _ = state.handle(
      .jokeSaved(id: screenID(2), count: 3, rows: markedRows(3), fetch: 1, punchline: nil))
    #expect(
      plain.render(state, size: size).last?.string
        == "Saved \(screenID(2)); your list holds 3 jokes.")
  }

  /// The status line's keys, the list of keys and the punchline's question are never dim, and
  /// the list of keys names no glyph.
  @Test func nothingIsDim() {
    var state = accessible(markedRows(2))
    #expect(noise(colour.render(state, size: size)).isEmpty)
    _ = state.press(.character("?"))
    let help = colour.render(state, size: ScreenSize(columns: 80, rows: 30))
    #expect(noise(help).isEmpty)
    #expect(help.contains { $0.string.contains("make the joke a favourite: its row then says") })
    _ = state.press(.escape)
    _ = state.press(.character("n"))
    _ = state.handle(
      .jokeSaved(
        id: screenID(2), count: 3, rows: markedRows(3), fetch: 1,
        punchline: ScreenState.Punchline(setup: "Why?", punchline: "Because.")))
    let punchline = colour.render(state, size: size)
    #expect(noise(punchline).isEmpty)
    #expect(punchline.contains { $0.string == "  Press any key for the punchline." })
  }

  /// Outside the mode, the same states keep their glyphs (the mode changes only what it says it
  /// changes); no mode dims text.
  @Test func theOrdinaryScreenIsUnchanged() {
    var state = ScreenState(rows: markedRows(2, favorite: 0), size: size)
    let lines = colour.render(state, size: size)
    #expect(lines[1].string.contains("  ★ "))
    #expect(!lines.contains { $0.string.contains("\u{1B}[2m") })
    _ = state.press(.character("2"))
    #expect(state.status == .keys)
  }

  /// Another tab is said in the status line, until the next key.
  @Test func anotherTabIsSaid() {
    var state = ScreenState(tabs: [.of(.chuck), .of(.official), .favorites], size: size)
    state.isAccessible = true
    _ = state.press(.character("2"))
    #expect(
      state.status == .message("Tab 2 of 3: \(sanitizing: ScreenState.Tab.of(.official).title)."))
    _ = state.press(.tab)
    #expect(state.status == .message("Tab 3 of 3: Favourites."))
    _ = state.press(.down)
    #expect(state.status == .keys)
  }

  /// A removal is a whole question that names the key that answers it; its outcome is one line.
  @Test func removalIsAWholeQuestion() {
    var state = accessible(markedRows(2))
    _ = state.press(.character("d"))
    guard case .prompt(let prompt) = state.status else {
      Issue.record("no question: \(state.status)")
      return
    }
    #expect(
      prompt.question.string
        == "Remove the joke \(screenID(0)) \u{201C}Joke number 0 is about Chuck N...\u{201D}? "
        + "Press y to remove it, any other key to keep it.")
    _ = state.press(.character("x"))
    #expect(state.status == .message("Nothing removed."))
  }

  /// The words of each mark.
  @Test func marksInWords() {
    #expect(ScreenRow.words(for: ScreenRow.favorite) == "favourite")
    #expect(ScreenRow.words(for: ScreenRow.notFavorite) == "not a favourite")
    #expect(ScreenRow.words(for: ScreenRow.saved) == "saved")
    #expect(ScreenRow.words(for: " ") == "not saved")
    #expect(ScreenRow.words(for: nil) == nil)
  }

  /// In the accessible mode the detail starts with the joke, whole, not with its id; the id and
  /// the other fields follow, the text not said twice. The ordinary detail keeps the first
  /// seed's layout: the id as the title.
  @Test func detailStartsWithTheJoke() throws {
    var state = accessible(markedRows(1))
    _ = state.press(.enter)
    let joke = try makeJoke(id: screenID(0), value: "Chuck Norris can hear sign language.")
    _ = state.handle(.jokeLoaded(ScreenState.Shown(joke, source: .chuck)))
    let lines = plain.render(state, size: size).map(\.string)
    #expect(lines[1] == "Chuck Norris can hear sign language.")
    #expect(lines[2] == "")
    let rest = lines.dropFirst(3).joined(separator: "\n")
    #expect(rest.contains(screenID(0)))
    #expect(!rest.contains("hear sign language"), "the text once")
    var ordinary = ScreenState(rows: markedRows(1), size: size)
    _ = ordinary.press(.enter)
    _ = ordinary.handle(.jokeLoaded(ScreenState.Shown(joke, source: .chuck)))
    #expect(plain.render(ordinary, size: size)[1].string == "  \(screenID(0))")
  }
}

extension String {
  /// The string without the spaces at its end (a selected row is padded to the width).
  fileprivate var trimmingTrailingSpaces: String {
    var text = self
    while text.hasSuffix(" ") || text.hasSuffix("\u{1B}[0m") {
      text = text.hasSuffix(" ") ? String(text.dropLast()) : String(text.dropLast(4))
    }
    return text
  }

}
