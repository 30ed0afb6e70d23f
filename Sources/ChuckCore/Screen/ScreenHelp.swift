/// The `?` view: every key of the view shown, then the keys that work everywhere.
public enum ScreenHelp {
  /// A key (or keys) and what it does.
  public typealias Entry = (keys: TerminalText, action: TerminalText)

  /// The views that have keys of their own.
  public enum View: Sendable, Equatable, CaseIterable {
    /// A source's saved jokes.
    case list
    /// The favourites of every source.
    case favorites
    /// A search's results.
    case search
    /// One joke's fields.
    case detail
    /// A two-part joke's setup, its punchline to come.
    case punchline
  }

  /// The view a state shows.
  /// - Parameter state: the state.
  /// - Returns: its view.
  public static func view(of state: ScreenState) -> View {
    switch state.mode {
    case .detail: return .detail
    case .punchline: return .punchline
    case .list:
      if state.tab.search != nil { return .search }
      return state.tab.isFavorites ? .favorites : .list
    }
  }

  /// The keys of a view.
  /// - Parameter view: the view.
  /// - Returns: its keys, in the order listed.
  public static func keys(of view: View) -> [Entry] {
    let moving: [Entry] = [
      ("Up/k, Down/j", "move"),
      ("PgUp, PgDn", "move a page"),
      ("Home/g, End/G", "first, last"),
    ]
    switch view {
    case .list:
      return [("n, +", "Joke!: fetch a random joke and save it")] + moving + [
        ("Enter, click", "show the joke"),
        ("d, then y", "remove the joke"),
        ("f, a name, Enter", "make the joke a favourite (\u{2605})"),
        ("/, text, Enter", "filter the list (Esc clears the filter)"),
        ("s, text, Enter", "search the source's jokes (where it can)"),
        ("y", "copy the joke's text (OSC 52)"),
        ("o", "open the joke's link ($BROWSER, else xdg-open)"),
        ("Esc", "cancel a running fetch; else clear the filter"),
      ]
    case .favorites:
      return moving + [
        ("Enter, click", "show the joke"),
        ("d, then y", "remove the favourite (the joke stays)"),
        ("r, a name, Enter", "rename the favourite"),
        ("/, text, Enter", "filter the favourites"),
        ("y", "copy the joke's text (OSC 52)"),
        ("o", "open the joke's link"),
      ]
    case .search:
      return moving + [
        ("Enter, click", "show the joke found"),
        ("a", "save it to your list (\u{2713} marks one saved)"),
        ("y", "copy its text (OSC 52)"),
        ("o", "open its link"),
        ("Esc, q, Left", "back to the list"),
      ]
    case .detail:
      return [
        ("Up/k, Down/j", "scroll"),
        ("PgUp, PgDn", "scroll a page"),
        ("Home/g, End/G", "top, bottom"),
        ("y", "copy the joke's text (OSC 52)"),
        ("o", "open the joke's link"),
        ("n, +", "Joke!: fetch a random joke and save it"),
        ("Esc, Bksp, Left, q", "back"),
      ]
    case .punchline:
      return [
        ("any key, click", "show the punchline, then back to the list"),
        ("n, +", "once the punchline shows: another joke"),
      ]
    }
  }

  /// The keys that work in every view.
  public static let everywhere: [Entry] = [
    ("1-9, Tab, Shift-Tab", "switch tabs (or click a tab)"),
    ("wheel", "scroll"),
    ("Ctrl-L", "draw the screen again"),
    ("Ctrl-Z", "suspend (fg comes back)"),
    ("q, Ctrl-C", "quit (q: in a list)"),
    ("?", "this list of keys"),
  ]

  /// The `?` view's lines for a state.
  /// - Parameter state: the state.
  /// - Returns: the lines, unstyled.
  public static func lines(for state: ScreenState) -> [TerminalText] {
    let view = keys(of: view(of: state))
    let all = view + everywhere
    let width = all.map(\.keys.width).max() ?? 0
    func line(_ entry: Entry) -> TerminalText {
      "  " + ScreenText.pad(entry.keys, width: width) + "  " + entry.action
    }
    return ["  Keys here", .empty] + view.map(line) + [.empty, "  Everywhere", .empty]
      + everywhere.map(line)
  }
}
