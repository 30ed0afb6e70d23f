import Testing

@testable import ChuckCore

/// A screen of three tabs: Chuck Norris jokes (three rows), Official jokes (not read yet) and
/// the favourites.
func tabbedState(rows: Int = 3, size: ScreenSize = ScreenSize(columns: 80, rows: 12))
  -> ScreenState
{
  var state = ScreenState(tabs: [.of(.chuck), .of(.official), .favorites], size: size)
  _ = state.handle(.listLoaded(screenRows(rows), tab: 0))
  return state
}

/// Tabs: numbers, Tab and Shift-Tab switch; a tab is read the first time it shows; each keeps
/// its selection; Joke! fetches for the tab shown.
@Suite struct ScreenTabTests {
  @Test func switchingTabs() {
    var state = tabbedState()
    #expect(state.tab.title == "Chuck Norris Jokes")
    _ = state.press(.down)
    #expect(state.press(.character("2")) == [.loadTab(1)])
    #expect(state.tab.title == "Official Jokes")
    _ = state.handle(.listLoaded(screenRows(2), tab: 1))
    _ = state.press(.end)
    #expect(state.selection == 1)
    #expect(state.press(.backTab) == [], "a tab read already is not read again")
    #expect(state.current == 0)
    #expect(state.selection == 1, "each tab keeps its selection")
    #expect(state.press(.tab, .tab) == [.loadTab(2)])
    #expect(state.tab.isFavorites)
    #expect(state.press(.tab) == [])
    #expect(state.current == 0, "Tab wraps around")
    #expect(state.press(.character("9")) == [], "no ninth tab: nothing")
    #expect(state.current == 0)
    _ = state.press(.character("2"))
    #expect(state.press(.character("n")) == [.fetchJoke(fetch: 1, tab: 1)])
    _ = state.press(.character("1"))
    let rows = screenRows(3)
    _ = state.handle(.jokeSaved(id: screenID(1), count: 2, rows: rows, fetch: 1))
    #expect(state.tabs[1].allRows == rows, "the result goes to the tab it was fetched for")
    #expect(state.tabs[0].allRows == screenRows(3))
  }

  /// In the favourites there is no Joke! and no search: the status line says where they are.
  @Test func favoritesTabHasNoJokeOrSearch() {
    var state = tabbedState()
    _ = state.press(.character("3"))
    #expect(state.press(.character("n")) == [])
    #expect(state.status == .message("Joke! fetches into a source's tab: press 1 to 2."))
    #expect(state.press(.character("s")) == [])
    #expect(state.status == .message("Search works in a source's tab: press 1 to 2."))
    #expect(state.press(.character("f")) == [])
  }

  /// The mouse: a click selects, a click on the selection opens, the wheel moves by three, a
  /// click on a tab switches, one on Joke! fetches.
  @Test func mouse() {
    var state = tabbedState(rows: 8)
    // Rows 0 and 1 are the title bar and the tabs: row 3 is the second joke.
    #expect(state.press(.mouse(MouseEvent(.click, column: 5, row: 3))) == [])
    #expect(state.selection == 1)
    #expect(
      state.press(.mouse(MouseEvent(.click, column: 5, row: 3)))
        == [.loadJoke(id: screenID(1), tab: 0, source: nil)])
    _ = state.press(.escape)
    _ = state.press(.mouse(MouseEvent(.wheelDown, column: 0, row: 5)))
    #expect(state.selection == 4)
    _ = state.press(.mouse(MouseEvent(.wheelUp, column: 0, row: 5)))
    #expect(state.selection == 1)
    #expect(state.press(.mouse(MouseEvent(.click, column: 5, row: 11))) == [], "the status line")
    let spans = state.tabSpans(width: 80)
    #expect(
      state.press(.mouse(MouseEvent(.click, column: spans[1].columns.lowerBound, row: 1)))
        == [.loadTab(1)])
    #expect(
      state.press(.mouse(MouseEvent(.click, column: 75, row: 0))) == [.fetchJoke(fetch: 1, tab: 1)])
    #expect(state.press(.mouse(MouseEvent(.click, column: 2, row: 0))) == [], "the title")
  }

  /// A long message wraps at word boundaries into up to three lines, the body giving way.
  @Test func longMessagesWrap() {
    var state = tabbedState(size: ScreenSize(columns: 30, rows: 10))
    _ = state.handle(.done("one two three four five six seven eight nine ten eleven twelve"))
    #expect(
      state.statusLines(width: 30) == [
        "one two three four five six", "seven eight nine ten eleven", "twelve",
      ])
    #expect(state.bodyHeight == 10 - 2 - 3)
    _ = state.handle(.done(TerminalText(sanitizing: String(repeating: "word ", count: 30))))
    let lines = state.statusLines(width: 30)
    #expect(lines.count == 3)
    #expect(lines[2].string.hasSuffix("\u{2026}"))
  }

  /// `?` lists the keys of the view shown; taller than the screen, it scrolls; another key
  /// closes it.
  @Test func helpScrolls() {
    var state = tabbedState(size: ScreenSize(columns: 80, rows: 10))
    _ = state.press(.character("?"))
    #expect(state.showsHelp)
    #expect(state.statusLines(width: 80) == ["Up/Down scroll  any other key: back"])
    _ = state.press(.down, .down)
    #expect(state.helpScroll == 2)
    _ = state.press(.end)
    #expect(state.helpScroll == ScreenHelp.lines(for: state).count - state.bodyHeight)
    _ = state.press(.character("x"))
    #expect(!state.showsHelp)
    _ = state.press(.character("3"), .character("?"))
    #expect(ScreenHelp.view(of: state) == .favorites)
    #expect(state.helpScroll == 0)
  }
}

/// `?` in each view lists that view's own keys first.
@Suite struct ScreenHelpTests {
  private func firstKeys(_ state: ScreenState) -> [String] {
    ScreenHelp.lines(for: state).dropFirst(2).prefix(2).map(\.string)
  }

  @Test func everyViewHasItsKeys() {
    var state = tabbedState()
    #expect(ScreenHelp.view(of: state) == .list)
    #expect(firstKeys(state).first?.contains("Joke!") == true)
    _ = state.press(.enter)
    #expect(ScreenHelp.view(of: state) == .detail)
    #expect(firstKeys(state).first?.contains("scroll") == true)
    _ = state.press(.escape, .character("n"))
    _ = state.handle(
      .jokeSaved(
        id: screenID(0), count: 3, rows: screenRows(3), fetch: 1,
        punchline: ScreenState.Punchline(setup: "S", punchline: "P")))
    #expect(ScreenHelp.view(of: state) == .punchline)
    #expect(firstKeys(state).first?.contains("the punchline") == true)
    _ = state.press(.character("x"), .character("x"), .character("s"))
    for character in "joke" { _ = state.press(.character(character)) }
    _ = state.press(.enter)
    #expect(ScreenHelp.view(of: state) == .search)
    #expect(ScreenHelp.lines(for: state).contains { $0.string.contains("save it to your list") })
    _ = state.press(.escape, .character("3"))
    #expect(ScreenHelp.view(of: state) == .favorites)
    #expect(ScreenHelp.lines(for: state).contains { $0.string.contains("rename the favourite") })
  }
}

/// The favourites tab: Enter opens the joke from its own source; `d` `y` removes the favourite
/// only; `r` renames it, asking with the name filled in.
@Suite struct ScreenFavoritesTabTests {
  private func favoriteRows() -> [ScreenRow] {
    screenRows(2).enumerated().map { index, row in
      ScreenRow(row.entry, mark: ScreenRow.favorite, name: "Name \(index)", source: .official)
    }
  }

  @Test func openRemoveRename() {
    var state = tabbedState()
    _ = state.press(.character("3"))
    _ = state.handle(.listLoaded(favoriteRows(), tab: 2))
    #expect(state.press(.enter) == [.loadJoke(id: screenID(0), tab: 2, source: .official)])
    _ = state.press(.escape, .down, .character("d"))
    guard case .prompt(let prompt) = state.status else {
      Issue.record("no question")
      return
    }
    #expect(prompt.question == "Remove the favourite \u{201C}Name 1\u{201D} (the joke stays)? y/n")
    #expect(state.press(.character("y")) == [.removeFavorite(name: "Name 1")])
    _ = state.press(.character("r"))
    guard case .prompt(let rename) = state.status else {
      Issue.record("no question")
      return
    }
    #expect(rename.input == "Name 1")
    _ = state.press(.backspace, .character("9"))
    #expect(state.press(.enter) == [.renameFavorite(from: "Name 1", to: "Name 9")])
    _ = state.press(.character("r"), .enter)
    #expect(state.status == .message("Not renamed: that is its name."))
    _ = state.press(.character("r"), .home)
    _ = state.press(.escape)
    #expect(state.status == .message("Not renamed."))
    _ = state.handle(.actionFailed(.favoriteNameTaken("Name 0")))
    #expect(state.status == .error(ReportText.error(.favoriteNameTaken("Name 0"))))
  }
}

/// Joke! of a two-part joke: the setup, the punchline on the next key, then the list.
@Suite struct ScreenPunchlineTests {
  @Test func punchlineAfterAKey() {
    var state = tabbedState()
    _ = state.press(.character("n"))
    let parts = ScreenState.Punchline(setup: "Why?", punchline: "Because.")
    _ = state.handle(
      .jokeSaved(id: screenID(2), count: 3, rows: screenRows(3), fetch: 1, punchline: parts))
    #expect(state.mode == .punchline(parts))
    #expect(state.statusLines(width: 80).first?.string.hasPrefix("Saved ") == true)
    _ = state.press(.character("x"))
    var revealed = parts
    revealed.isRevealed = true
    #expect(state.mode == .punchline(revealed))
    #expect(state.press(.character("n")) == [.fetchJoke(fetch: 2, tab: 0)], "n: another one")
    #expect(state.mode == .list)
    #expect(state.selectedRow?.id == screenID(2))
  }

  /// A fetch that ends while another tab (or the detail) shows selects the joke but shows no
  /// punchline over what the user is looking at; a click reveals as a key does.
  @Test func punchlineOnlyWhereTheFetchWasAsked() {
    var state = tabbedState()
    let parts = ScreenState.Punchline(setup: "Why?", punchline: "Because.")
    _ = state.press(.character("n"), .character("3"))
    _ = state.handle(
      .jokeSaved(id: screenID(2), count: 3, rows: screenRows(3), fetch: 1, punchline: parts))
    #expect(state.mode == .list)
    _ = state.press(.character("1"), .character("n"))
    _ = state.handle(
      .jokeSaved(id: screenID(2), count: 3, rows: screenRows(3), fetch: 2, punchline: parts))
    _ = state.press(.mouse(MouseEvent(.click, column: 3, row: 4)))
    guard case .punchline(let shown) = state.mode else {
      Issue.record("no punchline view")
      return
    }
    #expect(shown.isRevealed)
    _ = state.press(.mouse(MouseEvent(.click, column: 3, row: 4)))
    #expect(state.mode == .list)
  }
}

/// Search from the screen: `s` asks, Enter searches, results marked saved or not, Enter shows
/// one, `a` saves it, Esc goes back; a source that cannot search says so.
@Suite struct ScreenSearchTests {
  private func found(_ index: Int) -> ScreenState.Found {
    let row = screenRows(index + 1)[index]
    return ScreenState.Found(
      row: ScreenRow(row.entry, mark: " "),
      shown: ScreenState.Shown(
        id: row.id, fields: [.init(label: "value", value: row.entry.value)],
        text: row.entry.value, link: "https://example.invalid/\(row.id)"))
  }

  @Test func searchShowAndSave() {
    var state = tabbedState(rows: 2)
    _ = state.press(.character("s"))
    _ = state.press(.character("n"), .character("o"))
    #expect(state.press(.enter) == [])
    #expect(
      state.status
        == .prompt(
          ScreenState.Prompt(
            purpose: .search, question: "Search Chuck Norris Jokes for: ", input: "no",
            problem:
              "error: a search query must be 3 to 120 characters long (UTF-16 code units); this one is 2"
          )))
    _ = state.handle(.key(.paste("rris\nq")))
    #expect(state.press(.enter) == [.search(query: "norrisq", number: 1, tab: 0)])
    #expect(state.tab.search?.isLoading == true)
    _ = state.handle(.tick)
    #expect(state.spinnerStep == 1, "the spinner turns while a search runs")
    _ = state.handle(.searchFinished(number: 1, results: [found(0), found(2)]))
    #expect(state.rows.map(\.mark) == [ScreenRow.saved, " "], "the first is in the list")
    #expect(state.status == .message("2 jokes found; Enter shows one, a saves it."))
    _ = state.press(.down)
    #expect(state.press(.character("a")) == [.saveFound(id: screenID(2), tab: 0)])
    _ = state.handle(.listLoaded(screenRows(3), tab: 0))
    #expect(state.rows.map(\.mark) == [ScreenRow.saved, ScreenRow.saved])
    _ = state.press(.character("a"))
    #expect(state.status == .error("error: already in your list: \(sanitizing: screenID(2))"))
    #expect(state.press(.character("y")) == [.copy(found(2).shown.text)])
    #expect(state.press(.character("o")) == [.open("https://example.invalid/\(screenID(2))")])
    _ = state.press(.enter)
    guard case .detail(let detail) = state.mode else {
      Issue.record("no detail")
      return
    }
    #expect(detail.fields == found(2).shown.fields, "shown without reading the list")
    _ = state.press(.escape)
    #expect(state.tab.search != nil, "back to the results")
    _ = state.press(.escape)
    #expect(state.tab.search == nil)
    #expect(state.rows == screenRows(3))
  }

  @Test func cannotSearchCancelAndFail() {
    var state = tabbedState()
    _ = state.press(.character("2"))
    _ = state.press(.character("s"))
    #expect(
      state.status == .message(TerminalText(sanitizing: JokeSource.official.cannotSearchMessage)))
    _ = state.press(.character("1"), .character("s"))
    for character in "chuck" { _ = state.press(.character(character)) }
    _ = state.press(.enter)
    #expect(state.press(.character("j")) == [], "keys wait while it searches")
    #expect(state.press(.escape) == [.cancelSearch])
    #expect(state.tab.search == nil)
    _ = state.handle(.searchFinished(number: 1, results: [found(0)]))
    #expect(state.tab.search == nil, "a cancelled search's results are dropped")
    _ = state.press(.character("s"))
    for character in "chuck" { _ = state.press(.character(character)) }
    _ = state.press(.enter)
    _ = state.handle(.searchFailed(.timedOut(seconds: 5), number: 2))
    #expect(state.tab.search == nil)
    #expect(state.status == .error(ReportText.error(.timedOut(seconds: 5))))
    _ = state.press(.character("s"), .escape)
    #expect(state.status == .message("No search."))
  }
}

/// The filter: incremental, case-insensitive, only matching rows; Enter keeps it, Esc clears
/// it; it survives a reload; `n` stays Joke!.
@Suite struct ScreenFilterTests {
  private func rows() -> [ScreenRow] {
    ["Chuck Norris ÉCLAIRS", "A roundhouse kick", "Éclairs again", "Nothing"].enumerated().map {
      ScreenRow(JokeListView.Row(id: screenID($0.offset), date: nil, value: $0.element))
    }
  }

  @Test func filterAsTyped() {
    var state = ScreenState(rows: rows(), size: ScreenSize(columns: 80, rows: 10))
    _ = state.press(.character("/"), .character("é"))
    #expect(state.rows.map(\.id) == [screenID(0), screenID(2)], "case-insensitive, any script")
    _ = state.press(.character("c"), .character("l"))
    #expect(state.rows.count == 2)
    _ = state.press(.character("x"))
    #expect(state.rows.isEmpty)
    _ = state.press(.backspace, .enter)
    #expect(state.tab.filter == "écl")
    #expect(state.status == .keys)
    #expect(
      state.statusLines(width: 80).first?.string.hasPrefix("/écl (Esc clears)  n Joke!") == true)
    _ = state.press(.down)
    #expect(state.selectedRow?.id == screenID(2))
    var reloaded = rows()
    reloaded.insert(
      ScreenRow(JokeListView.Row(id: "newJoke", date: nil, value: "More eclairs, no accent")),
      at: 0)
    reloaded.append(ScreenRow(JokeListView.Row(id: "other", date: nil, value: "ECLAT")))
    _ = state.handle(.listLoaded(reloaded))
    #expect(state.rows.map(\.id) == [screenID(0), screenID(2)], "the filter survives a reload")
    #expect(state.selectedRow?.id == screenID(2), "and the selection stays on its joke")
    #expect(state.press(.character("n")) == [.fetchJoke(fetch: 1)])
    _ = state.press(.escape, .escape)
    #expect(state.tab.filter.isEmpty, "Esc: the fetch, then the filter")
    #expect(state.rows.count == 6)
    _ = state.press(.character("/"), .character("k"), .escape)
    #expect(state.rows.count == 6, "Esc while typing clears it")
    _ = state.press(.character("/"))
    _ = state.handle(.key(.paste("KI\u{1B}CK\n")))
    #expect(state.rows.map(\.id) == [screenID(1)], "a paste is text: no Esc, no Enter")
    #expect(state.status != .keys, "still typing")
  }
}

/// `y` copies the selected joke's whole text; `o` opens its link (a saved joke's is read from
/// its list), or says it has none.
@Suite struct ScreenCopyOpenTests {
  @Test func copyAndOpen() {
    var state = tabbedState()
    var rows = screenRows(2)
    rows[1].entry.value = "Setup?\nPunchline."
    _ = state.handle(.listLoaded(rows))
    _ = state.press(.down)
    #expect(state.press(.character("y")) == [.copy("Setup?\nPunchline.")])
    #expect(
      state.status == .message("Copied 17 characters (through the terminal: OSC 52)."))
    #expect(
      state.press(.character("o")) == [.openJoke(id: screenID(1), tab: 0, source: nil)])
    _ = state.press(.enter)
    _ = state.handle(.jokeLoaded(ScreenState.Shown(id: screenID(1), fields: [], text: "T")))
    #expect(state.press(.character("o")) == [])
    #expect(state.status == .message("This joke has no link to open."))
    #expect(state.press(.character("y")) == [.copy("T")])
  }

  /// OSC 52 carries the text base64-encoded: nothing of it reaches the terminal as text.
  @Test func clipboardSequence() {
    #expect(
      ScreenClipboard.sequence(for: "Chuck \u{1B}]0;x\u{07}")?.string
        == "\u{1B}]52;c;Q2h1Y2sgG10wO3gH\u{07}")
    #expect(ScreenClipboard.sequence(for: String(repeating: "a", count: 65_537)) == nil)
  }

  /// Every action on Esc has a second key, Ctrl-G (a screen reader's keymap may take a lone Esc):
  /// it clears the filter while typing and after, cancels a fetch and a search, goes back from a
  /// detail and from search results, and gives up a prompt.
  @Test func everyEscActionHasASecondKey() {
    for binding in ScreenKeymap.standard.bindings where binding.keys.contains(.escape) {
      #expect(binding.keys.contains(.abort), "\(binding.action)")
    }
    var state = tabbedState()
    _ = state.press(.character("/"), .character("1"))
    #expect(state.rows.count == 1)
    _ = state.press(.abort)
    #expect(state.rows.count == 3 && state.status == .keys, "typing: given up")
    _ = state.press(.character("/"), .character("1"), .enter, .abort)
    #expect(state.rows.count == 3, "after Enter: cleared")
    _ = state.press(.character("n"))
    #expect(state.press(.abort) == [.cancelFetch])
    _ = state.press(.enter)
    _ = state.press(.abort)
    #expect(state.mode == .list, "back from the detail")
    _ = state.press(.character("s"))
    for character in "chuck" { _ = state.press(.character(character)) }
    _ = state.press(.enter)
    #expect(state.press(.abort) == [.cancelSearch])
    _ = state.press(.character("s"), .character("x"), .abort)
    #expect(state.status == .message("No search."), "a prompt given up")
  }
}
