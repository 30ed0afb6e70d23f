import Testing

@testable import ChuckCore

/// The config file's `[keys]` table, read into the keymap: every problem at once, each naming
/// its line, its key and what is allowed.
@Suite struct ScreenKeymapConfigTests {
  /// The standard keymap configured by a file's text.
  private func configured(_ text: String) -> (keymap: ScreenKeymap, problems: [ConfigProblem]) {
    let (file, problems) = ConfigFile.parse(Array(text.utf8))
    #expect(problems == [], "the file parses")
    return ScreenKeymap.standard.configured(by: file.entries)
  }

  /// An action named answers to its new keys only; the others keep theirs; other tables are
  /// left alone.
  @Test func remapsTheActionsNamed() {
    let (keymap, problems) = configured(
      """
      source = "dad"
      [keys]
      joke = ["x", "*"]
      quit = "Q"
      page-down = "space"
      [sources.articles]
      joke = 5
      """)
    #expect(problems == [])
    #expect(keymap.keys(for: .joke, in: .list) == [.character("x"), .character("*")])
    #expect(keymap.keys(for: .joke, in: .detail) == [.character("x"), .character("*")])
    #expect(keymap.action(for: .character("n"), in: .list) == nil)
    #expect(keymap.action(for: .character("Q"), in: .favorites) == .quit)
    #expect(keymap.action(for: .character("q"), in: .list) == nil)
    #expect(keymap.action(for: .character(" "), in: .detail) == .pageDown)
    #expect(keymap.action(for: .character("k"), in: .list) == .up, "the others keep theirs")
  }

  /// No `[keys]` table: the keymap as it was.
  @Test func noTableKeepsTheKeymap() {
    let (keymap, problems) = configured("timeout = 5\n")
    #expect(problems == [])
    #expect(keymap == .standard)
  }

  /// Two actions may trade keys: only the keymap they make together is checked.
  @Test func actionsMayTradeKeys() {
    let (keymap, problems) = configured("[keys]\nup = \"j\"\ndown = [\"k\", \"down\"]\n")
    #expect(problems == [])
    #expect(keymap.action(for: .character("j"), in: .list) == .up)
    #expect(keymap.action(for: .character("k"), in: .detail) == .down)
    #expect(keymap.action(for: .up, in: .list) == nil, "up answers to its new key only")
  }

  /// Every problem of the table at once, in line order, each with its line, its key and what is
  /// allowed; the keymap is then left as it was.
  @Test func reportsEveryProblem() throws {
    let (keymap, problems) = configured(
      """
      [keys]
      jokes = "n"
      joke = 5
      quit = ["q", 1]
      up = ["ctrl-x", "k", "qq"]
      down = []
      copy = "c"
      """)
    #expect(keymap == .standard)
    #expect(problems.map(\.line) == [2, 3, 4, 5, 5, 6])
    #expect(
      problems.map(\.key) == [
        "keys.jokes", "keys.joke", "keys.quit", "keys.up", "keys.up", "keys.down",
      ])
    let actions = ScreenAction.allCases.map(\.name).joined(separator: ", ")
    #expect(problems[0].message == "\"jokes\" is not an action: the actions are \(actions)")
    #expect(actions.hasPrefix("up, down, page-up, page-down, top, bottom, joke, open"))
    #expect(
      problems[1].message.hasPrefix(
        "an integer is not a key: write a key in quotes (\"n\") or an array of keys "
          + "([\"n\", \"+\"]); a key is one character (q, G, ?, +) or one of: up, down, "))
    #expect(problems[1].message.contains("ctrl-c"))
    #expect(problems[2].message.hasPrefix("an integer is not a key: "))
    #expect(problems[3].message.hasPrefix("\"ctrl-x\" is not a key: a key is one character"))
    #expect(problems[4].message.hasPrefix("\"qq\" is not a key: "))
    #expect(
      problems[5].message
        == "an empty array would leave down without a key: every action keeps at least one; "
        + "give it a key, or remove the line for its standard keys")
    #expect(
      problems[5].description.hasPrefix("line 6: keys.down: an empty array would leave down"))
  }

  /// A key bound to an action the file does not name: the problem names both actions, and the
  /// views where they clash.
  @Test func keyOfAStandardActionIsRefused() {
    let (keymap, problems) = configured("# my keys\n[keys]\n\njoke = [\"x\", \"j\"]\n")
    #expect(keymap == .standard)
    #expect(
      problems == [
        ConfigProblem(
          line: 4, key: "keys.joke",
          message: "\"j\" is bound to two actions, joke and down (one of down's standard "
            + "keys), in the list, the favourites, a search's results and a joke's detail: "
            + "choose another key, or give down other keys in [keys] too")
      ])
  }

  /// A key that two lines bind: one problem, on the later line, naming both actions and the
  /// earlier line.
  @Test func keyBoundByTwoLinesIsRefused() {
    let (_, problems) = configured("[keys]\nquit = \"x\"\njoke = [\"n\", \"x\"]\n")
    #expect(
      problems == [
        ConfigProblem(
          line: 3, key: "keys.joke",
          message: "\"x\" is bound to two actions, joke and quit (line 2), in the list and the "
            + "favourites: a key does one action in a view; choose another key for one of them")
      ])
  }

  /// A key may mean different things in different views: `a` saves in a search's results, and
  /// may make a favourite in the list.
  @Test func clashesAreCheckedPerView() {
    let (keymap, problems) = configured("[keys]\nfavorite = \"a\"\n")
    #expect(problems == [])
    #expect(keymap.action(for: .character("a"), in: .list) == .favorite)
    #expect(keymap.action(for: .character("a"), in: .search) == .save)
  }

  /// The screen's state takes the configured keymap for everything: the key pressed, the hints,
  /// the title bar, the empty list's line and the list of keys.
  @Test func configuredKeymapDrivesTheScreen() {
    let (keymap, problems) = configured("[keys]\njoke = [\"x\", \"+\"]\n")
    #expect(problems == [])
    var state = ScreenState(size: ScreenSize(columns: 80, rows: 30), keymap: keymap)
    let plain = ScreenRenderer(style: TextStyle(isEnabled: false))
    let frame = plain.render(state, size: state.size).map(\.string)
    #expect(frame[0].hasSuffix("Joke! (x)"))
    #expect(frame.contains { $0.contains("Your list is empty. Press x to fetch your first joke.") })
    #expect(state.statusLines(width: 80).first?.string.hasPrefix("x Joke!") == true)
    #expect(state.press(.character("n")) == [], "the old key does nothing")
    #expect(state.press(.character("x")) == [.fetchJoke(fetch: 1)])
    _ = state.handle(.fetchFailed(.timedOut(seconds: 5), fetch: 1))
    #expect(state.press(.character("+")) == [.fetchJoke(fetch: 2)])
    _ = state.handle(.fetchFailed(.timedOut(seconds: 5), fetch: 2))
    _ = state.press(.character("?"))
    let help = ScreenHelp.lines(for: state).map(\.string)
    #expect(
      help.contains {
        $0.hasPrefix("  x, +  ") && $0.hasSuffix("Joke!: fetch a random joke and save it")
      })
    #expect(!help.contains { $0.contains("n, +") })
  }
}
