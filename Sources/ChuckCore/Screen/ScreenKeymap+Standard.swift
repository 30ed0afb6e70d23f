extension ScreenKeymap {
  /// The screen's keys. In each view, the list of keys lists its bindings in this order, one
  /// line for bindings next to each other that say the same (`Up/k, Down/j  move`); those that
  /// work in every view come under "Everywhere".
  public static let standard: ScreenKeymap = {
    let lists: [ScreenContext] = [.list, .favorites, .search]
    let views = ScreenContext.views
    let all = ScreenContext.allCases
    func motions(in contexts: [ScreenContext], _ help: [String]) -> [ScreenBinding] {
      [
        ScreenBinding([.up, "k"], action: .up, in: contexts, help: help[0]),
        ScreenBinding([.down, "j"], action: .down, in: contexts, help: help[0]),
        ScreenBinding([.pageUp], action: .pageUp, in: contexts, help: help[1]),
        ScreenBinding([.pageDown], action: .pageDown, in: contexts, help: help[1]),
        ScreenBinding([.home, "g"], action: .top, in: contexts, help: help[2]),
        ScreenBinding([.end, "G"], action: .bottom, in: contexts, help: help[2]),
      ]
    }
    let joke = "Joke!: fetch a random joke and save it"
    let copy = "copy the joke's text (OSC 52)"
    let bindings: [ScreenBinding] =
      [ScreenBinding(["n", "+"], action: .joke, in: [.list], help: joke)]
      + motions(in: lists, ["move", "move a page", "first, last"])
      // The list of keys scrolls with the detail's keys (it never lists its own).
      + motions(in: [.detail, .help], ["scroll", "scroll a page", "top, bottom"])
      + [
        ScreenBinding(
          [.enter], unlistedKeys: [.right, "l"], action: .open, in: [.list, .favorites],
          help: "show the joke", keysNote: ", click"),
        ScreenBinding(
          [.enter], unlistedKeys: [.right, "l"], action: .open, in: [.search],
          help: "show the joke found", keysNote: ", click"),
        ScreenBinding(
          ["d"], action: .remove, in: [.list], help: "remove the joke", keysNote: ", then y"),
        ScreenBinding(
          ["d"], action: .remove, in: [.favorites], help: "remove the favourite (the joke stays)",
          keysNote: ", then y"),
        ScreenBinding(
          ["r"], action: .rename, in: [.favorites], help: "rename the favourite",
          keysNote: ", a name, Enter"),
        ScreenBinding(
          ["f"], action: .favorite, in: [.list], help: "make the joke a favourite (\u{2605})",
          keysNote: ", a name, Enter"),
        ScreenBinding(
          ["/"], action: .filter, in: [.list],
          help: "filter the list (Esc or Ctrl-G clears the filter)",
          keysNote: ", text, Enter"),
        ScreenBinding(
          ["/"], action: .filter, in: [.favorites], help: "filter the favourites",
          keysNote: ", text, Enter"),
        ScreenBinding(
          ["s"], action: .search, in: [.list], help: "search the source's jokes (where it can)",
          keysNote: ", text, Enter"),
        // In the favourites, `s` and Joke! say where they work.
        ScreenBinding(["s"], action: .search, in: [.favorites], help: nil),
        ScreenBinding(
          ["a"], action: .save, in: [.search],
          help: "save it to your list (\u{2713} marks one saved)"),
        ScreenBinding(["y"], action: .copy, in: [.list, .favorites, .detail], help: copy),
        ScreenBinding(["y"], action: .copy, in: [.search], help: "copy its text (OSC 52)"),
        ScreenBinding(
          ["o"], action: .openLink, in: [.list],
          help: "open the joke's link ($BROWSER, else xdg-open)"),
        ScreenBinding(
          ["o"], action: .openLink, in: [.favorites, .detail], help: "open the joke's link"),
        ScreenBinding(["o"], action: .openLink, in: [.search], help: "open its link"),
        ScreenBinding(["n", "+"], action: .joke, in: [.detail], help: joke),
        ScreenBinding(
          ["n", "+"], action: .joke, in: [.punchline],
          help: "once the punchline shows: another joke"),
        ScreenBinding(["n", "+"], action: .joke, in: [.favorites, .search], help: nil),
        ScreenBinding(
          [.escape, .abort, "q", .left], unlistedKeys: ["h"], action: .back, in: [.search],
          help: "back to the list"),
        ScreenBinding(
          [.escape, .abort, .backspace, .left, "q"], unlistedKeys: ["h"], action: .back,
          in: [.detail],
          help: "back"),
        ScreenBinding(
          [.escape, .abort], action: .cancel, in: [.list],
          help: "cancel a running fetch; else clear the filter"),
        ScreenBinding([.escape, .abort], action: .cancel, in: [.favorites], help: nil),
        ScreenBinding(["q"], action: .quit, in: [.list, .favorites], help: "quit"),
        // Everywhere.
        ScreenBinding(
          ["1", "2", "3", "4", "5", "6", "7", "8", "9"], action: .showTab, in: views,
          help: "switch tabs (or click a tab)"),
        ScreenBinding([.tab], action: .nextTab, in: views, help: "switch tabs (or click a tab)"),
        ScreenBinding(
          [.backTab], action: .previousTab, in: views, help: "switch tabs (or click a tab)"),
        ScreenBinding([.redraw], action: .redraw, in: all, help: "draw the screen again"),
        ScreenBinding([.suspend], action: .suspend, in: all, help: "suspend (fg comes back)"),
        ScreenBinding([.interrupt], action: .interrupt, in: all, help: "quit"),
        ScreenBinding(
          ["?"], action: .help, in: views + [.punchline], help: "this list of keys"),
      ]
    // No key is bound twice here (a test checks it).
    return ScreenKeymap(unchecked: bindings)
  }()
}

extension ScreenKey: ExpressibleByExtendedGraphemeClusterLiteral {
  /// A character key written as a one-character literal (`"q"`).
  /// - Parameter value: the character.
  public init(extendedGraphemeClusterLiteral value: Character) {
    self = .character(value)
  }
}
