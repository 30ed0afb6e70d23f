import Testing

@testable import ChuckCore

/// The keymap: one list of bindings from which key handling, the list of keys and the hints are
/// made; a remapped keymap changes all three.
@Suite struct ScreenKeymapTests {
  /// A state in each context, set up so that every key bound there has something to do: a
  /// selection in the middle of a filtered list (Esc clears the filter), a detail scrolled a
  /// little, a punchline shown, the list of keys scrolled a little.
  private func states() -> [(ScreenContext, ScreenState)] {
    let size = ScreenSize(columns: 80, rows: 12)
    let rows = screenRows(5).map { ScreenRow($0.entry, mark: ScreenRow.notFavorite) }
    let favorites = screenRows(5).enumerated().map { index, row in
      ScreenRow(row.entry, mark: ScreenRow.favorite, name: "Name \(index)", source: .official)
    }
    var list = ScreenState(tabs: [.of(.chuck), .of(.official), .favorites], size: size)
    _ = list.handle([.listLoaded(rows, tab: 0), .listLoaded(favorites, tab: 2)])
    var favorite = list
    _ = favorite.press(.character("3"))
    var search = list
    _ = search.press(.character("s"))
    for character in "joke" { _ = search.press(.character(character)) }
    _ = search.press(.enter)
    let found = screenRows(5).map { row in
      ScreenState.Found(row: row, shown: .init(id: row.id, fields: [], text: "Joke"))
    }
    _ = search.handle(.searchFinished(number: 1, results: found))
    _ = search.press(.down, .down)
    _ = list.press(.character("/"), .character("J"), .enter, .down, .down)
    _ = favorite.press(.character("/"), .character("J"), .enter, .down, .down)
    var detail = list
    _ = detail.press(.enter)
    let fields = (0..<30).map { ScreenState.Field(label: "Field \($0)", value: "value") }
    _ = detail.handle(.jokeLoaded(.init(id: screenID(2), fields: fields, text: "Joke")))
    _ = detail.press(.down, .down)
    var punchline = list
    _ = punchline.press(.character("n"))
    _ = punchline.handle(
      .jokeSaved(
        id: screenID(0), count: 5, rows: rows, fetch: 1,
        punchline: ScreenState.Punchline(setup: "S", punchline: "P")))
    _ = punchline.press(.character("x"))
    var help = list
    _ = help.press(.character("?"), .down, .down)
    return [
      (.list, list), (.favorites, favorite), (.search, search), (.detail, detail),
      (.punchline, punchline), (.help, help),
    ]
  }

  @Test func standardBindsNoKeyTwice() throws {
    #expect(throws: Never.self) { try ScreenKeymap(ScreenKeymap.standard.bindings) }
  }

  /// Every action is bound, and listed in the list of keys of some view.
  @Test func everyActionIsListed() {
    let standard = ScreenKeymap.standard
    for action in ScreenAction.allCases {
      #expect(standard.bindings.contains { $0.action == action && $0.help != nil }, "\(action)")
    }
    let listed =
      ScreenContext.allCases.flatMap { ScreenHelp.keys(of: $0, in: standard) }
      + ScreenHelp.everywhere(in: standard)
    for binding in standard.bindings where binding.help != nil {
      let help = TerminalText(sanitizing: binding.help ?? "")
      #expect(listed.contains { $0.action == help }, "\(binding.action)")
    }
  }

  /// Every key of every binding does something in its view: the state or the effects change.
  @Test func everyBoundKeyIsHandled() {
    for (context, state) in states() {
      #expect(state.context == context)
      for binding in ScreenKeymap.standard.bindings where binding.contexts.contains(context) {
        for key in binding.allKeys {
          // A tab's number does nothing for the tab shown, or for a tab there is not.
          if binding.action == .showTab, let number = Int(key.label),
            number == state.current + 1 || number > state.tabs.count
          {
            continue
          }
          var pressed = state
          let effects = pressed.press(key)
          let changed = !effects.isEmpty || pressed != state
          #expect(changed, "\(key.label) (\(binding.action.name)) in \(context)")
        }
      }
    }
  }

  /// A remapped action answers to its new keys only, and the list of keys and the hints name
  /// them.
  @Test func remappedKeysDriveHandlingAndHelp() throws {
    let keymap = try ScreenKeymap.standard.remapping([
      "joke": [.character("x"), .character("*")], "quit": [.character("Q")],
    ])
    var state = ScreenState(
      rows: screenRows(3), size: ScreenSize(columns: 80, rows: 30), keymap: keymap)
    #expect(state.press(.character("n")) == [], "the old key does nothing")
    #expect(state.press(.character("+")) == [])
    #expect(state.press(.character("q")) == [])
    #expect(state.press(.character("x")) == [.fetchJoke(fetch: 1)])
    #expect(state.press(.character("Q")) == [.quit(status: 0)])
    _ = state.handle(.fetchFailed(.timedOut(seconds: 5), fetch: 1))
    _ = state.press(.down)
    #expect(state.statusLines(width: 80).first?.string.hasPrefix("x Joke!  Enter open") == true)
    #expect(state.statusLines(width: 80).first?.string.hasSuffix("? keys  Q quit") == true)
    #expect(state.jokeButton == "Joke! (x)")
    let plain = ScreenRenderer(style: TextStyle(isEnabled: false))
    #expect(plain.render(state, size: state.size)[0].string.hasSuffix("Joke! (x)"))
    _ = state.press(.character("?"))
    let help = ScreenHelp.lines(for: state).map(\.string)
    #expect(help.contains("  x, *                 Joke!: fetch a random joke and save it"))
    #expect(help.contains("  Q                    quit"))
    #expect(!help.contains { $0.contains("n, +") })
  }

  /// A remapped motion moves in every view that moves: the list, the detail and the list of
  /// keys.
  @Test func remappedMotionMovesEverywhere() throws {
    let keymap = try ScreenKeymap.standard.remapping(["down": [.character("J")]])
    var state = ScreenState(
      rows: screenRows(3), size: ScreenSize(columns: 80, rows: 10), keymap: keymap)
    _ = state.press(.character("j"))
    #expect(state.selection == 0)
    _ = state.press(.character("J"))
    #expect(state.selection == 1)
    _ = state.press(.character("?"), .character("J"))
    #expect(state.showsHelp)
    #expect(state.helpScroll == 1)
    #expect(state.statusLines(width: 80) == ["Up/J scroll  any other key: back"])
  }

  /// A key bound to two actions in the same view is refused, naming both; in different views it
  /// is not.
  @Test func keyBoundTwiceIsRefused() throws {
    #expect(
      throws: ChuckError.invalidArgument("the key j is bound to two actions, joke and down")
    ) {
      try ScreenKeymap.standard.remapping(["joke": [.character("j")]])
    }
    // `a` saves only in a search's results; in a list it is free.
    let keymap = try ScreenKeymap.standard.remapping(["favorite": [.character("a")]])
    #expect(keymap.action(for: .character("a"), in: .list) == .favorite)
    #expect(keymap.action(for: .character("a"), in: .search) == .save)
    #expect(throws: ChuckError.self) { try ScreenKeymap.standard.remapping(["jokes": [.enter]]) }
    #expect(throws: ChuckError.self) { try ScreenKeymap.standard.remapping(["joke": []]) }
  }

  /// In a prompt, a character is text even when a remapped key makes it an action that works in
  /// prompts.
  @Test func promptsTakeCharactersAsText() throws {
    let keymap = try ScreenKeymap.standard.remapping(["redraw": [.character("z")]])
    var state = ScreenState(
      rows: screenRows(3), size: ScreenSize(columns: 80, rows: 10), keymap: keymap)
    #expect(state.press(.character("z")) == [.redraw])
    _ = state.press(.character("/"), .character("z"))
    #expect(state.tab.filter == "z")
  }

  /// A key's written form reads into a key, and the key shows as the list of keys writes it.
  @Test func keysAreWrittenAndRead() throws {
    let written: [(String, ScreenKey, String)] = [
      ("q", .character("q"), "q"), ("G", .character("G"), "G"), ("?", .character("?"), "?"),
      ("ctrl-c", .interrupt, "Ctrl-C"), ("Ctrl-Z", .suspend, "Ctrl-Z"), ("enter", .enter, "Enter"),
      ("up", .up, "Up"), ("pgdn", .pageDown, "PgDn"), ("PageUp", .pageUp, "PgUp"),
      ("space", .character(" "), "Space"), ("esc", .escape, "Esc"), ("ctrl-g", .abort, "Ctrl-G"),
      ("shift-tab", .backTab, "Shift-Tab"),
      ("é", .character("é"), "é"),
    ]
    for (text, key, label) in written {
      #expect(try ScreenKey(parsing: text) == key, "\(text)")
      #expect(key.label == label)
      #expect(try key.name.map { try ScreenKey(parsing: $0) } == key, "the name reads back")
    }
    for bad in ["", "qq", "ctrl-x", " ", "\u{1B}", "\u{7}"] {
      #expect(throws: ChuckError.self, "\(bad)") { try ScreenKey(parsing: bad) }
    }
    #expect(ScreenKey.paste("x").name == nil)
  }

  /// Actions have stable lowercase names.
  @Test func actionsHaveNames() {
    #expect(ScreenAction.joke.name == "joke")
    #expect(ScreenAction.pageDown.name == "page-down")
    #expect(ScreenAction(name: "quit") == .quit)
    for action in ScreenAction.allCases {
      #expect(action.name == action.name.lowercased())
      #expect(ScreenAction(name: action.name) == action)
    }
  }
}
