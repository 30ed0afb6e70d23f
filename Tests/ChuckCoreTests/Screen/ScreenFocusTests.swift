import Testing

@testable import ChuckCore

/// The cursor stands on the focused element after every frame: the selected entry, a prompt's
/// insertion point, a question, the detail's and the list of keys' top line.
@Suite struct ScreenFocusTests {
  private let plain = ScreenRenderer(style: TextStyle(isEnabled: false))
  private let size = ScreenSize(columns: 80, rows: 24)

  private func cursor(_ state: ScreenState, size: ScreenSize? = nil) -> ScreenFrame.Cursor {
    plain.frame(state, size: size ?? self.size).cursor
  }

  private func at(_ row: Int, _ column: Int) -> ScreenFrame.Cursor {
    ScreenFrame.Cursor(row: row, column: column)
  }

  /// The selected entry's first column, as the selection moves and the list scrolls.
  @Test func selectedEntry() {
    var state = tabbedState(rows: 40, size: size)
    #expect(cursor(state) == at(2, 0))
    _ = state.press(.character("j"), .character("j"), .character("j"))
    #expect(cursor(state) == at(5, 0))
    _ = state.press(.character("k"))
    #expect(cursor(state) == at(4, 0))
    _ = state.press(.end)
    #expect(cursor(state) == at(2 + state.bodyHeight - 1, 0))
    #expect(plain.render(state, size: size)[cursor(state).row].hasPrefix("\u{1B}[7m  "))
  }

  /// In the compact list (40 × 12) each entry takes two lines: the cursor is on the selected
  /// entry's first.
  @Test func selectedEntryCompact() {
    let small = ScreenSize(columns: 40, rows: 12)
    var state = tabbedState(rows: 10, size: small)
    #expect(state.entryHeight == 2)
    _ = state.press(.down, .down)
    let frame = plain.frame(state, size: small)
    #expect(frame.cursor == at(2 + 2 * 2, 0))
    #expect(frame.lines[frame.cursor.row].hasPrefix("\u{1B}[7m  Joke number 2"))
    // Both lines of the entry are its focus, drawn first when a view changes.
    #expect(frame.focus == frame.cursor.row..<frame.cursor.row + 2)
  }

  /// An empty list: the start of its message.
  @Test func emptyList() {
    let state = ScreenState(rows: [], size: size)
    let frame = plain.frame(state, size: size)
    #expect(frame.cursor == at(1, 2))
    #expect(frame.lines[1].hasPrefix("  Your list is empty."))
  }

  /// The filter's and the search's prompts: after what is typed (on the block drawn for it).
  @Test func prompts() {
    var state = tabbedState(size: size)
    _ = state.press(.character("/"), .character("n"), .character("o"))
    var frame = plain.frame(state, size: size)
    #expect(frame.cursor == at(23, 3))
    #expect(frame.lines[23] == "/no\u{2588}")
    _ = state.press(.escape, .escape, .character("s"), .character("k"))
    frame = plain.frame(state, size: size)
    let question = "Search Chuck Norris Jokes for: "
    #expect(frame.lines[23] == TerminalText(verbatim: question + "k\u{2588}"))
    #expect(frame.cursor == at(23, question.count + 1))
  }

  /// The removal's question: after its text, on its last line; a problem with a name typed: its
  /// start.
  @Test func question() {
    var state = tabbedState(size: size)
    _ = state.press(.character("d"))
    let frame = plain.frame(state, size: size)
    let last = frame.lines[23]
    #expect(last.hasSuffix("y/n"))
    #expect(frame.cursor == at(23, last.width))
    var narrow = tabbedState(size: ScreenSize(columns: 40, rows: 12))
    _ = narrow.press(.character("d"))
    let wrapped = plain.frame(narrow, size: ScreenSize(columns: 40, rows: 12))
    #expect(wrapped.cursor.row == 11)
    #expect(wrapped.lines[11].hasSuffix("y/n"))
  }

  /// Rename in the favourites tab: after the name typed; at 20 columns the question wraps and
  /// what is typed has a line of its own.
  @Test func rename() {
    var state = tabbedState(size: size)
    _ = state.press(.character("3"))
    let rows = screenRows(1).map {
      ScreenRow($0.entry, mark: ScreenRow.favorite, name: "best", source: .chuck)
    }
    _ = state.handle(.listLoaded(rows, tab: 2))
    _ = state.press(.character("r"), .character("x"))
    var frame = plain.frame(state, size: size)
    #expect(frame.lines[23].hasSuffix("bestx\u{2588}"))
    #expect(frame.cursor == at(23, frame.lines[23].width - 1))
    let tiny = ScreenSize(columns: 20, rows: 6)
    frame = plain.frame(state, size: tiny)
    #expect(frame.lines[5] == "bestx\u{2588}")
    #expect(frame.lines[4].hasPrefix("Rename"))
    #expect(frame.cursor == at(5, 5))
  }

  /// The detail: its current line, which Down moves (the text scrolls only when the line would
  /// leave the screen); the list of keys: its top line; a two-part joke: the setup, then the
  /// punchline.
  @Test func detailHelpAndPunchline() throws {
    let small = ScreenSize(columns: 30, rows: 8)
    var state = ScreenState(rows: screenRows(1), size: small)
    _ = state.press(.enter)
    _ = state.handle(
      .jokeLoaded(
        ScreenState.Shown(
          try makeJoke(id: screenID(0), value: String(repeating: "word ", count: 40)),
          source: .chuck)))
    #expect(cursor(state, size: small) == at(1, 0))
    _ = state.press(.down, .down)
    let frame = plain.frame(state, size: small)
    #expect(frame.cursor == at(3, 0))
    _ = state.press(.character("?"))
    #expect(state.showsHelp)
    #expect(cursor(state, size: small) == at(1, 0))
    var joke = tabbedState(size: size)
    _ = joke.press(.character("n"))
    _ = joke.handle(
      .jokeSaved(
        id: screenID(0), count: 3, rows: screenRows(3), fetch: 1,
        punchline: ScreenState.Punchline(setup: "Why did the chicken cross?", punchline: "To get."))
    )
    #expect(cursor(joke) == at(3, 2))
    _ = joke.press(.character(" "))
    #expect(cursor(joke) == at(5, 2))
  }

  /// The cursor is always inside the frame, whatever the size.
  @Test func alwaysInside() {
    var state = tabbedState(rows: 30, size: size)
    _ = state.press(.end, .character("d"))
    for columns in [1, 5, 19, 20, 33, 40, 72, 80] {
      for rows in [1, 3, 5, 6, 7, 12, 24] {
        let frame = plain.frame(state, size: ScreenSize(columns: columns, rows: rows))
        #expect(frame.cursor.row < max(1, frame.lines.count))
        #expect(frame.cursor.column < columns)
      }
    }
  }
}

/// The screen zoomed to 200 % (40 × 12) and 400 % (20 × 6): every part of an entry shown,
/// nothing wider than the terminal, no word cut.
@Suite struct ScreenZoomTests {
  private let plain = ScreenRenderer(style: TextStyle(isEnabled: false))
  private let colour = ScreenRenderer(style: TextStyle(isEnabled: true))
  private static let sizes = [ScreenSize(columns: 40, rows: 12), ScreenSize(columns: 20, rows: 6)]

  private func visible(_ line: TerminalText) -> String {
    ScreenText.plain(line).string
  }

  /// No line is wider than the terminal, in every view, with colour or without.
  @Test(arguments: sizes) func noLineTooWide(size: ScreenSize) throws {
    var state = tabbedState(rows: 12, size: size)
    var states = [state]
    _ = state.press(.down, .down)
    states.append(state)
    _ = state.press(.character("/"), .character("n"))
    states.append(state)
    _ = state.press(.enter, .character("d"))
    states.append(state)
    _ = state.press(.character("x"), .character("?"))
    states.append(state)
    _ = state.press(.character("x"), .enter)
    _ = state.handle(
      .jokeLoaded(
        ScreenState.Shown(try makeJoke(id: screenID(2), value: "word " + "x"), source: .chuck)))
    states.append(state)
    _ = state.press(.escape, .character("3"))
    states.append(state)
    for state in states {
      for renderer in [plain, colour] {
        let frame = renderer.frame(state, size: size)
        #expect(frame.lines.count == size.rows)
        for line in frame.lines {
          #expect(ScreenText.visibleWidth(line) <= size.columns, "\(line.string)")
        }
      }
    }
  }

  /// At 40 × 12, every entry shown has its text and then its date and id (with `screen-ids`),
  /// whole, on the next line; the row of tabs and the keys' `?` stay.
  @Test func twoHundredPercent() {
    let size = ScreenSize(columns: 40, rows: 12)
    var state = tabbedState(rows: 10, size: size)
    state.showsIDs = true
    _ = state.press(.down)
    let lines = plain.render(state, size: size).map(visible)
    #expect(lines[0].hasPrefix("Chuck Norris Jokes"))
    #expect(lines[1].hasPrefix(" 1 Chuck Norris "))
    #expect(lines[2] == "  Joke number 0 is about Chuck N...")
    #expect(lines[3] == "  2020-01-01 \(screenID(0))")
    #expect(lines[4].hasPrefix("  Joke number 1 is about Chuck N..."))
    #expect(plain.render(state, size: size)[4].hasPrefix("\u{1B}[7m"), "selected")
    #expect(lines[5].hasPrefix("  2020-01-02 \(screenID(1))"))
    #expect(state.listPage == 4)
    #expect(lines[11].hasSuffix("? keys"))
    for index in 0..<4 { #expect(lines.contains { $0.contains(screenID(index)) }) }
  }

  /// At 20 × 6, the title bar names the tab and its position instead of the row of tabs; the
  /// selected entry shows its text (shortened at a word), date and whole id (cut only because it
  /// is wider than the terminal).
  @Test func fourHundredPercent() {
    let size = ScreenSize(columns: 20, rows: 6)
    var state = tabbedState(rows: 10, size: size)
    state.showsIDs = true
    _ = state.press(.down)
    let lines = plain.render(state, size: size).map(visible)
    #expect(!state.showsTabs)
    #expect(lines[0].hasPrefix("1/3 Chuck"))
    #expect(lines[0].hasSuffix("Joke!"))
    #expect(lines[1].hasPrefix("  Joke number 1 is"))
    #expect(plain.render(state, size: size)[1].hasPrefix("\u{1B}[7m"), "selected")
    let body = lines[1...4].map { String($0.dropFirst(2)).trimmingSuffix(" ") }.joined()
    #expect(body.contains(screenID(1)))
    #expect(body.contains("2020-01-02"))
    #expect(lines[5].hasSuffix("? keys"))
    for line in lines {
      for word in line.split(separator: " ") where word.hasPrefix("Jok") {
        #expect(["Joke", "Joke!"].contains(String(word)), "\(line)")
      }
    }
    _ = state.press(.character("2"))
    #expect(plain.render(state, size: size).map(visible)[0].hasPrefix("2/3 Official"))
  }

  /// When even the tabs' numbers do not fit, the row of tabs names only the tab shown and its
  /// position.
  @Test func tabRowCollapses() {
    var state = ScreenState(
      tabs: (1...7).map { ScreenState.Tab(title: "Tab \($0)", label: "Label\($0)") },
      size: ScreenSize(columns: 20, rows: 8))
    _ = state.press(.character("2"))
    let lines = plain.render(state, size: ScreenSize(columns: 20, rows: 8))
    #expect(lines[1] == "\u{1B}[7m 2/7 Label2 \u{1B}[0m")
    #expect(state.tab(atColumn: 3) == 1)
    #expect(state.tab(atColumn: 15) == nil)
  }

  /// Pages and clicks count entries of two lines in the compact list.
  @Test func pagesAndClicks() {
    let size = ScreenSize(columns: 40, rows: 12)
    var state = tabbedState(rows: 20, size: size)
    _ = state.press(.pageDown)
    #expect(state.selection == 3)
    _ = state.press(.home)
    _ = state.handle(.key(.mouse(MouseEvent(.click, column: 5, row: 2 + 2 * 2 + 1))))
    #expect(state.selection == 2)
  }

  /// Below 20 × 6 the screen says so, in words that fit.
  @Test func belowTheMinimum() {
    #expect(ScreenSize.minimum == ScreenSize(columns: 20, rows: 6))
    let state = tabbedState(size: ScreenSize(columns: 20, rows: 5))
    #expect(
      plain.render(state, size: ScreenSize(columns: 20, rows: 5)) == [
        "Terminal too small", "20x5, needs 20x6", "", "", "",
      ])
    #expect(ScreenSize(columns: 20, rows: 6).isUsable)
  }
}

extension String {
  fileprivate func trimmingSuffix(_ character: Character) -> String {
    String(reversed().drop { $0 == character }.reversed())
  }
}
