import Testing

@testable import ChuckCore

@Suite struct ScreenStateTests {
  private let size = ScreenSize(columns: 80, rows: 10)

  /// Joke! sends one request; further presses while it runs send none; the result ends it.
  @Test func oneFetchAtATime() {
    var state = ScreenState(rows: screenRows(2), size: size)
    #expect(state.press(.character("n")) == [.fetchJoke(fetch: 1)])
    #expect(state.isFetching)
    #expect(state.press(.character("n"), .character("+")) == [])
    _ = state.handle(.fetchFailed(.timedOut(seconds: 5), fetch: 1))
    #expect(!state.isFetching)
    #expect(state.press(.character("+")) == [.fetchJoke(fetch: 2)])
  }

  /// The spinner turns only while a fetch runs.
  @Test func spinnerTicksOnlyWhileFetching() {
    var state = ScreenState(size: size)
    _ = state.handle([.tick, .tick])
    #expect(state.spinnerStep == 0)
    _ = state.press(.character("n"))
    _ = state.handle([.tick, .tick])
    #expect(state.spinnerStep == 2)
  }

  /// Esc cancels a running fetch, and a late result of it changes neither the status nor the
  /// selection (though its list, the file's truth, is shown).
  @Test func escapeCancelsTheFetch() {
    var state = ScreenState(rows: screenRows(3), size: size)
    _ = state.press(.character("n"))
    #expect(state.press(.escape) == [.cancelFetch])
    #expect(!state.isFetching)
    #expect(state.status == .message("Fetch cancelled."))
    let late = screenRows(4)
    _ = state.handle(.jokeSaved(id: screenID(3), count: 4, rows: late, fetch: 1))
    #expect(state.rows == late)
    #expect(state.selection == 0)
    #expect(state.status == .message("Fetch cancelled."))
    _ = state.handle(.fetchFailed(.cancelled, fetch: 1))
    #expect(state.status == .message("Fetch cancelled."))
    #expect(state.press(.escape) == [], "Esc with no fetch running does nothing")
  }

  /// A new joke is selected where it sorts, and the status says it was saved.
  @Test func newJokeSelectedWhereItSorts() {
    var state = ScreenState(rows: screenRows(5), size: size)
    _ = state.press(.character("n"))
    var rows = screenRows(5)
    let new = ScreenRow(
      JokeListView.Row(
        id: "newJokeAAAAAAAAAAAAAAA", date: PostgresTimestamp("2020-01-03 12:00:00")!,
        value: "A new one"))
    rows.insert(new, at: 3)
    _ = state.handle(.jokeSaved(id: new.id, count: 6, rows: rows, fetch: 1))
    #expect(state.selection == 3)
    #expect(state.selectedRow?.id == new.id)
    #expect(state.status == .message("Saved newJokeAAAAAAAAAAAAAAA; your list holds 6 jokes."))
  }

  /// A duplicate (or any failure) shows the same `error:` line as the commands.
  @Test func duplicateIsAnErrorLine() {
    var state = ScreenState(rows: screenRows(1), size: size)
    _ = state.press(.character("n"))
    _ = state.handle(.fetchFailed(.duplicate(id: screenID(0), preview: "Joke"), fetch: 1))
    #expect(
      state.status
        == .error(
          "error: already in your list: \(sanitizing: screenID(0)) \u{201C}Joke\u{201D}; nothing saved"
        )
    )
    _ = state.press(.down)
    #expect(state.status == .keys, "a key clears the message")
  }

  /// `d` asks; `y` removes the selected joke.
  @Test func removeAfterYes() {
    var state = ScreenState(rows: screenRows(3), size: size)
    _ = state.press(.down)
    #expect(state.press(.character("d")) == [])
    guard case .prompt(let prompt) = state.status else {
      Issue.record("no prompt: \(state.status)")
      return
    }
    #expect(prompt.purpose == .removal(id: screenID(1)))
    #expect(prompt.question.hasPrefix("Remove \(screenID(1)) \u{201C}Joke number 1 is about"))
    #expect(state.press(.character("y")) == [.removeJoke(id: screenID(1))])
    #expect(state.status == .keys)
    let removed = Removal.Joke(id: screenID(1), preview: "Joke number 1")
    _ = state.handle(.removed(removed, rows: [screenRows(3)[0], screenRows(3)[2]]))
    #expect(state.selection == 1)
    #expect(state.selectedRow?.id == screenID(2))
    #expect(
      state.status == .message("Removed \(sanitizing: screenID(1)) \u{201C}Joke number 1\u{201D}"))
  }

  /// `d` then any other key removes nothing, and the key does nothing else.
  @Test func removeCancelledByAnotherKey() {
    var state = ScreenState(rows: screenRows(3), size: size)
    _ = state.press(.character("d"))
    #expect(state.press(.character("q")) == [])
    #expect(state.status == .message("Nothing removed."))
    #expect(state.rows.count == 3)
    _ = state.press(.character("d"))
    #expect(state.press(.interrupt) == [.quit(status: 130)], "Ctrl-C still quits")
  }

  /// Enter opens the detail and asks for the joke, then its icon; Esc, Backspace, ← and `q`
  /// go back with the same joke selected.
  @Test func detailAndBack() throws {
    for back in [ScreenKey.escape, .backspace, .left, .character("q")] {
      var state = ScreenState(rows: screenRows(30), size: size)
      _ = state.press(.end, .up, .up)
      let selected = state.selection
      #expect(state.press(.enter) == [.loadJoke(id: screenID(27))])
      let joke = try makeJoke(id: screenID(27), value: "Joke number 27")
      #expect(
        state.handle(.jokeLoaded(ScreenState.Shown(joke, source: .chuck)))
          == [.loadIcon(id: joke.id, image: try #require(JokeImage(joke, source: .chuck)))])
      _ = state.handle(.iconLoaded(id: screenID(27), icon: .file("/tmp/icon.png")))
      guard case .detail(let detail) = state.mode else {
        Issue.record("not in the detail")
        return
      }
      #expect(detail.fields == ScreenState.Shown(joke, source: .chuck).fields)
      #expect(detail.icon == .file("/tmp/icon.png"))
      #expect(state.press(back) == [])
      #expect(state.mode == .list)
      #expect(state.selection == selected)
      #expect(state.top == 30 - 8)
    }
  }

  /// An icon or a joke for another detail than the one shown is ignored.
  @Test func staleDetailResultsIgnored() throws {
    var state = ScreenState(rows: screenRows(2), size: size)
    _ = state.press(.enter)
    _ = state.handle(.iconLoaded(id: screenID(1), icon: .file("/x")))
    #expect(
      state.handle(.jokeLoaded(ScreenState.Shown(try makeJoke(id: screenID(1)), source: .chuck)))
        == [])
    #expect(state.mode == .detail(ScreenState.Detail(id: screenID(0))))
  }

  /// A list reloaded from the file keeps the selection on the same joke, wherever it moved.
  @Test func reloadKeepsTheSelectedJoke() {
    var state = ScreenState(rows: screenRows(5), size: size)
    _ = state.press(.down, .down)
    var rows = screenRows(5)
    rows.removeFirst()
    _ = state.handle(.listLoaded(rows))
    #expect(state.selectedRow?.id == screenID(2))
    #expect(state.selection == 1)
    _ = state.handle(.listLoaded(Array(rows.prefix(1))))
    #expect(state.selection == 0, "the selected joke gone: the nearest place")
    _ = state.handle(.listLoaded([]))
    #expect(state.selectedRow == nil)
    #expect(state.press(.enter, .character("d")) == [])
  }

  /// A joke removed by another `chuck` while its detail is shown: back to the list, said why.
  @Test func detailOfAJokeRemovedElsewhere() {
    var state = ScreenState(rows: screenRows(2), size: size)
    _ = state.press(.enter)
    _ = state.handle(.listLoaded(Array(screenRows(2).suffix(1))))
    #expect(state.mode == .list)
    #expect(state.status == .message("\(sanitizing: screenID(0)) is no longer in your list."))
  }

  /// Moving keeps the selection in view: ↓/j, ↑/k, PgDn, PgUp, End, Home, and a resize.
  @Test func movingScrolls() {
    var state = ScreenState(rows: screenRows(50), size: size)  // 8 rows of list
    _ = state.press(.down, .character("j"))
    #expect(state.selection == 2)
    #expect(state.top == 0)
    _ = state.press(.pageDown)
    #expect(state.selection == 9)
    #expect(state.top == 2)
    _ = state.press(.end)
    #expect(state.selection == 49)
    #expect(state.top == 42)
    _ = state.press(.pageUp, .character("k"))
    #expect(state.selection == 41)
    #expect(state.top == 41)
    _ = state.press(.home)
    #expect(state.selection == 0)
    #expect(state.top == 0)
    _ = state.press(.up)
    #expect(state.selection == 0)
    _ = state.press(.end)
    _ = state.handle(.resized(ScreenSize(columns: 80, rows: 20)))
    #expect(state.top == 32)
  }

  /// `q` and Ctrl-C quit with 0 and 130; Ctrl-Z suspends; Ctrl-L redraws; `?` shows the keys
  /// until the next key.
  @Test func quitSuspendRedrawHelp() {
    var state = ScreenState(size: size)
    #expect(state.press(.character("q")) == [.quit(status: 0)])
    #expect(state.press(.interrupt) == [.quit(status: 130)])
    #expect(state.press(.suspend) == [.suspend])
    #expect(state.press(.redraw) == [.redraw])
    _ = state.press(.character("?"))
    #expect(state.showsHelp)
    #expect(state.press(.character("q")) == [], "the key that closes the help does nothing else")
    #expect(!state.showsHelp)
  }

  /// A failure to read the list shows its error and keeps the list.
  @Test func listFailureKeepsTheList() {
    var state = ScreenState(rows: screenRows(2), size: size)
    _ = state.handle(.listFailed(.storageCorrupt(path: "/x/jokes.json", reason: "bad")))
    #expect(state.rows.count == 2)
    guard case .error(let line) = state.status else {
      Issue.record("no error")
      return
    }
    #expect(line.hasPrefix("error: /x/jokes.json is not a valid chuck list"))
  }

  /// In the detail, the arrows move the current line; the fields scroll only when it would
  /// leave the screen (a move inside it changes no text), one line at a time.
  @Test func detailScrolls() throws {
    let small = ScreenSize(columns: 30, rows: 8)
    var state = ScreenState(rows: screenRows(1), size: small)
    _ = state.press(.enter)
    _ = state.handle(
      .jokeLoaded(
        ScreenState.Shown(
          try makeJoke(id: screenID(0), value: String(repeating: "word ", count: 40)),
          source: .chuck)))
    _ = state.press(.down)
    guard case .detail(let detail) = state.mode else { return }
    #expect(detail.line == 1 && detail.scroll == 0)
    _ = state.press(.down, .down, .down, .down, .down)
    guard case .detail(let lower) = state.mode else { return }
    #expect(lower.line == 6 && lower.scroll == 1, "the sixth body line reached: one line scrolled")
    _ = state.press(.end)
    guard case .detail(let end) = state.mode else { return }
    let count = ScreenRenderer.detailLineCount(end, width: 30)
    #expect(end.scroll == count - 6)
    #expect(end.line == count - 1)
    _ = state.press(.home, .up)
    guard case .detail(let home) = state.mode else { return }
    #expect(home.scroll == 0 && home.line == 0)
  }
}
