import Testing

@testable import ChuckCore

@Suite struct ScreenFavoriteTests {
  private let size = ScreenSize(columns: 80, rows: 10)

  private func markedRows(favorite: Int? = nil) -> [ScreenRow] {
    screenRows(3).enumerated().map { position, row in
      ScreenRow(row.entry, mark: position == favorite ? ScreenRow.favorite : ScreenRow.notFavorite)
    }
  }

  /// `f` asks for a name; typed keys (n, q, d too) are text, Backspace takes one back, a bad name
  /// shows why and keeps what was typed, Enter asks for the favourite, its event marks the row.
  @Test func nameIsTypedThenAdded() {
    var state = ScreenState(rows: markedRows(), size: size)
    _ = state.press(.down)
    #expect(state.press(.character("f")) == [])
    guard case .prompt(let asked) = state.status else {
      Issue.record("no prompt: \(state.status)")
      return
    }
    #expect(asked.purpose == .favoriteName(id: screenID(1)))
    #expect(asked.takesText)
    #expect(state.press(.character("n"), .character("q"), .character("d")) == [])
    #expect(!state.isFetching)
    _ = state.press(.backspace, .character(" "))
    #expect(state.press(.enter) == [])
    guard case .prompt(let refused) = state.status else {
      Issue.record("no prompt: \(state.status)")
      return
    }
    #expect(refused.input == "nq ")
    #expect(refused.problem?.hasPrefix("error: 'nq ' starts or ends with a space") == true)
    #expect(state.press(.backspace, .character("★")) == [])
    #expect(state.press(.enter) == [.addFavorite(id: screenID(1), name: "nq★")])
    #expect(state.status == .keys)
    _ = state.handle(.favoriteAdded(name: "nq★", rows: markedRows(favorite: 1)))
    #expect(state.selectedRow?.mark == ScreenRow.favorite)
    #expect(state.status == .message("Added favourite nq★."))
  }

  /// Esc gives up; `f` on a favourite says so; `f` does nothing where rows have no marks; a
  /// failed add shows the error.
  @Test func cancelledRefusedAndUnmarked() {
    var state = ScreenState(rows: markedRows(favorite: 0), size: size)
    _ = state.press(.down, .character("f"), .character("x"))
    #expect(state.press(.escape) == [])
    #expect(state.status == .message("No favourite added."))
    _ = state.press(.up, .character("f"))
    #expect(
      state.status
        == .message("\(sanitizing: screenID(0)) is already a favourite (see the Favourites tab)."))
    _ = state.handle(.actionFailed(.favoritesFull(limit: 10)))
    #expect(
      state.status
        == .error(
          "error: your favourites are full (10); remove one first: in the Favourites tab, select it and press d, then y"
        ))
    var plain = ScreenState(rows: screenRows(2), size: size)
    #expect(plain.press(.character("f")) == [])
    #expect(plain.status == .keys)
  }

  /// The prompt line keeps the end of a long name in view, with a block for the cursor; a
  /// problem shows in red; another source's detail shows its fields.
  @Test func promptAndFieldsRender() {
    var state = ScreenState(
      tabs: [ScreenState.Tab(title: "Dad Jokes")], size: ScreenSize(columns: 40, rows: 8))
    _ = state.handle(.listLoaded(markedRows()))
    _ = state.press(.character("f"))
    for character in "abcdefghijklmnopqrstuvwxyz0123456789" {
      _ = state.press(.character(character))
    }
    let renderer = ScreenRenderer(style: TextStyle(isEnabled: false))
    let lines = renderer.render(state, size: ScreenSize(columns: 40, rows: 8))
    #expect(lines[0].hasPrefix("Dad Jokes"))
    // The question is wider than half the terminal: what is typed has a line of its own.
    #expect(lines[7] == "abcdefghijklmnopqrstuvwxyz0123456789\u{2588}")
    #expect(lines[6].hasPrefix("Name this favourite"))
    var detail = ScreenState(rows: markedRows(), size: ScreenSize(columns: 40, rows: 8))
    _ = detail.press(.enter)
    _ = detail.handle(
      .jokeLoaded(
        ScreenState.Shown(
          id: screenID(0),
          fields: [.init(label: "setup", value: "Why?"), .init(label: "punchline", value: "So.")])))
    let shown = renderer.render(detail, size: ScreenSize(columns: 40, rows: 8))
    #expect(shown[1] == "  \(screenID(0))")
    #expect(shown.contains("  punchline   So."))
  }
}

/// The screen's rows follow the `date-format` setting, as every command's dates do
/// (``ShownDates``): the Swedish date without it.
@Suite struct ScreenDatesTests {
  @Test func rowsFollowTheSetting() throws {
    let size = ScreenSize(columns: 80, rows: 6)
    let state = ScreenState(rows: screenRows(1), size: size)
    let swedish = ScreenRenderer(style: TextStyle(isEnabled: false)).render(state, size: size)
    #expect(swedish.contains { $0.contains("2020-01-01") })
    let dotted = ScreenRenderer(
      style: TextStyle(isEnabled: false), dateFormat: try DateFormat("%d.%m.%Y")
    ).render(state, size: size)
    #expect(dotted.contains { $0.contains("01.01.2020") }, "\(dotted)")
    #expect(!dotted.contains { $0.contains("2020-01-01") })
  }
}

/// Pasted text in the screen's state machine: text for a prompt, never keys.
@Suite struct ScreenPasteTests {
  private let size = ScreenSize(columns: 80, rows: 10)

  /// A paste of `dy` in the list, or of `y` at the removal question, removes nothing.
  @Test func pasteIsNotACommand() {
    var state = ScreenState(rows: screenRows(3), size: size)
    #expect(state.handle(.key(.paste("dy"))).isEmpty)
    #expect(state.status == .message("Pasted text is not taken as keys."))
    #expect(state.handle(.key(.character("d"))).isEmpty)
    #expect(state.handle(.key(.paste("y"))).isEmpty)
    #expect(state.status == .message("Nothing removed."))
    #expect(state.rows.count == 3)
  }

  /// Pasted into the name prompt, text is typed without its controls and line breaks, and the
  /// prompt holds at most 60 characters however much is typed or pasted.
  @Test func pasteIntoThePromptIsCapped() {
    var rows = screenRows(1)
    rows[0].mark = ScreenRow.notFavorite
    var state = ScreenState(rows: rows, size: size)
    _ = state.handle(.key(.character("f")))
    _ = state.handle(.key(.paste("Bike\n\u{1B}dog")))
    guard case .prompt(let prompt) = state.status else {
      Issue.record("no prompt")
      return
    }
    #expect(prompt.input == "Bikedog")
    _ = state.handle(.key(.paste(String(repeating: "n", count: 10_000))))
    for _ in 0..<10 { _ = state.handle(.key(.character("x"))) }
    guard case .prompt(let full) = state.status else {
      Issue.record("no prompt")
      return
    }
    #expect(full.input.count == ScreenState.Prompt.maximumInput)
    #expect(full.input.hasPrefix("Bikedognnn"))
    #expect(!full.input.contains("x"))
  }
}
