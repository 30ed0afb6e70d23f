/// Where things are on the screen, the same for the renderer that draws them and the state that
/// takes the mouse's clicks: the title bar on row 0, the row of tabs on row 1 (when there is more
/// than one tab and the terminal has ``ScreenSize/tabRowRows`` rows), the body, and the status
/// area at the bottom (one line, or up to three for a message wrapped at word boundaries).
///
/// Narrower than ``ScreenSize/oneLineColumns``, the list is compact: each entry takes
/// ``entryHeight`` lines (its text, then its date (and id), wrapped at word boundaries), so that a
/// zoomed terminal (40 × 12 at 200 %, 20 × 6 at 400 %) still shows every part of a row.
extension ScreenState {
  /// Whether the row of tabs is shown (on a short terminal the title bar names the tab instead).
  public var showsTabs: Bool { tabs.count > 1 && size.rows >= ScreenSize.tabRowRows }

  /// The tab shown and its position among the tabs, as the title bar says it when the row of
  /// tabs is not shown, or the row of tabs when only it fits (`2/7 Dad`).
  public var tabPosition: TerminalText {
    "\(current + 1)/\(tabs.count) \(sanitizing: tab.label)"
  }

  /// The lines each entry of the list takes: one, or in the compact layout enough for its text
  /// (a mark, a favourite's name, the preview) and then its date (and id), wrapped at word
  /// boundaries, but never more than the body. An entry that needs more is shortened: its text
  /// first (ending in `…`), so that its id stays whole.
  public var entryHeight: Int {
    guard size.isCompact else { return 1 }
    let room = max(1, size.columns - Self.entryIndent)
    let longestName = tab.isFavorites ? Self.longestFavoriteName + 2 : 0
    let text = 2 + JokePreview.length + 3 + longestName
    let textLines = text <= room ? 1 : (text + room - 1) / room + 1
    let meta: TerminalText
    if tab.isFavorites {
      let label = tabs.lazy.map(\.label.utf8.count).max() ?? 0
      meta = TerminalText(verbatim: "0000-00-00 " + String(repeating: "x", count: label))
    } else {
      // The longest date line, as the rows write it (`dateLine`: the id when shown, a search
      // result's `(saved)`), with a date of the usual width.
      meta =
        rows.lazy.map { row in
          row.entry.dateLine(
            date: row.entry.date == nil ? nil : "0000-00-00", showingID: showsIDs)
        }
        .max { $0.width < $1.width } ?? .empty
    }
    let metaLines = TextWrapper.wrap(meta, width: room).count
    return max(1, min(bodyHeight, textLines + metaLines))
  }

  /// How many entries of the list a page shows.
  public var listPage: Int { max(1, bodyHeight / entryHeight) }

  /// The columns before an entry's text: the selection's `>` and a space.
  static let entryIndent = 2

  /// The longest favourite's name the favourites tab gives room to.
  static let longestFavoriteName = 20

  /// The entry shown on a line of the body, counted from the body's top, if any.
  func entry(atBodyLine line: Int) -> Int? {
    guard line >= 0, line < listPage * entryHeight else { return nil }
    let first = ScreenState.top(top, selection: selection, count: rows.count, height: listPage)
    let position = first + line / entryHeight
    return rows.indices.contains(position) ? position : nil
  }

  /// The first row of the body.
  public var bodyTop: Int { showsTabs ? 2 : 1 }

  /// The rows the body has.
  public var bodyHeight: Int {
    max(1, size.rows - bodyTop - statusLines(width: size.columns).count)
  }

  /// The most lines a message takes at the bottom: three, fewer on a short terminal.
  var maximumStatusLines: Int { min(3, max(1, size.rows - bodyTop - 3)) }

  /// What the status area says, one entry a line, without styles.
  /// - Parameter width: the terminal's columns.
  /// - Returns: the lines (at least one).
  public func statusLines(width: Int) -> [TerminalText] {
    let message: TerminalText
    if showsHelp {
      return [
        Self.fitItems(
          helpScrolls
            ? scrollHint(in: .help) + ["any other key: back"] : ["Press any key to go back."],
          width: width)
      ]
    }
    switch status {
    case .message(let text), .error(let text): message = text
    case .prompt(let prompt):
      if let problem = prompt.problem {
        message = problem
      } else {
        guard prompt.takesText else { return wrapped(prompt.question, width: width) }
        // The end of what is typed stays in view, followed by a block for the cursor.
        let typed = TerminalText(sanitizing: prompt.input, keepNewlines: false) + "\u{2588}"
        if prompt.question.width > width / 2, maximumStatusLines > 1 {
          // A narrow terminal: the question above (wrapped), what is typed on a line of its own.
          var lines = TextWrapper.wrap(prompt.question, width: width)
          if lines.count > maximumStatusLines - 1 {
            lines = Array(lines.prefix(maximumStatusLines - 1))
            let last = lines.count - 1
            lines[last] = ScreenText.shortened(lines[last], width: width)
          }
          return lines.map { ScreenText.fit($0, width: width) } + [
            ScreenText.tail(typed, width: width)
          ]
        }
        let room = max(0, width - prompt.question.width)
        return [ScreenText.fit(prompt.question + ScreenText.tail(typed, width: room), width: width)]
      }
    case .keys:
      let help = keyHint(.help, "keys", in: ScreenHelp.view(of: self))
      return [Self.fitItems(keyHints, width: width, keeping: help)]
    }
    return wrapped(message, width: width)
  }

  /// A message wrapped at word boundaries into at most ``maximumStatusLines`` lines, the last
  /// ending in `…` when more would be needed.
  private func wrapped(_ message: TerminalText, width: Int) -> [TerminalText] {
    var lines = TextWrapper.wrap(message, width: width)
    if lines.count > maximumStatusLines {
      lines = Array(lines.prefix(maximumStatusLines))
      let last = lines.count - 1
      lines[last] = ScreenText.fit(lines[last], width: width - 1) + "\u{2026}"
    }
    return lines.map { ScreenText.fit($0, width: width) }
  }

  /// As many whole items as fit on one line, two spaces apart; `help` (`? keys`) stays at the
  /// end when others must go, so that the list of every key is always one key away.
  static func fitItems(_ items: [TerminalText], width: Int, keeping help: TerminalText? = nil)
    -> TerminalText
  {
    let all = join(items)
    guard all.width > width else { return all }
    var end: [TerminalText] = []
    if let help, items.contains(help) { end = [help] }
    var kept: [TerminalText] = []
    for item in items where item != help {
      let trial = join(kept + [item] + end)
      guard trial.width <= width else { break }
      kept.append(item)
    }
    let line = join(kept + end)
    return line.width <= width ? line : ScreenText.fit(items.first ?? .empty, width: width)
  }

  private static func join(_ items: [TerminalText]) -> TerminalText {
    items.dropFirst().reduce(items.first ?? .empty) { $0 + "  " + $1 }
  }

  /// The keys the status line names for the view shown, each an action's first key in the
  /// keymap.
  var keyHints: [TerminalText] {
    let view = ScreenHelp.view(of: self)
    func hint(_ action: ScreenAction, _ text: String) -> [TerminalText] {
      keyHint(action, text, in: view).map { [$0] } ?? []
    }
    let help = hint(.help, "keys")
    if isFetching, fetchTab == current, mode == .list {
      return ["Fetching a joke…"] + hint(.cancel, "cancel") + hint(.quit, "quit")
    }
    if let search = tab.search, mode == .list {
      if search.isLoading { return ["Searching…"] + hint(.back, "cancel") }
      return hint(.open, "open") + hint(.save, "save") + hint(.copy, "copy")
        + hint(.back, "back to the list") + help
    }
    switch mode {
    case .punchline(let punchline):
      return punchline.isRevealed ? ["any key: back to the list"] : ["any key: the punchline"]
    case .detail:
      return hint(.back, "back") + scrollHint(in: .detail) + hint(.copy, "copy")
        + hint(.openLink, "open") + hint(.joke, "Joke!") + help
    case .list:
      break
    }
    var hints: [TerminalText] = []
    if !tab.filter.isEmpty {
      let clears = keymap.label(of: .cancel, in: view).map { " (\($0) clears)" } ?? ""
      hints.append("/\(sanitizing: tab.filter)\(sanitizing: clears)")
    }
    if tab.isFavorites {
      return hints + hint(.open, "open") + hint(.remove, "remove") + hint(.rename, "rename")
        + hint(.copy, "copy") + help + hint(.quit, "quit")
    }
    hints += hint(.joke, "Joke!") + hint(.open, "open")
    if tab.allRows.contains(where: { $0.mark != nil }) { hints += hint(.favorite, "favourite") }
    hints += hint(.remove, "remove") + hint(.filter, "filter")
    if tab.canSearch { hints += hint(.search, "search") }
    return hints + help + hint(.quit, "quit")
  }

  /// An action's first key in a context, then what it does (`n Joke!`), or `nil` when the
  /// action has no key there.
  func keyHint(_ action: ScreenAction, _ text: String, in context: ScreenContext)
    -> TerminalText?
  {
    keymap.label(of: action, in: context).map { TerminalText(sanitizing: $0 + " " + text) }
  }

  /// The keys that scroll, as the status line names them (`Up/Down scroll`).
  private func scrollHint(in context: ScreenContext) -> [TerminalText] {
    guard let up = keymap.label(of: .up, in: context),
      let down = keymap.label(of: .down, in: context)
    else { return [] }
    return [TerminalText(sanitizing: up + "/" + down + " scroll")]
  }

  /// Joke! with its key, at the right of the title bar (`Joke! (n)`); a click on it is Joke!.
  public var jokeButton: TerminalText {
    guard let key = keymap.label(of: .joke, in: .list) else { return "Joke!" }
    return "Joke! (\(sanitizing: key))"
  }

  /// The title bar's text, before it is fitted: the tab's title (its position and name when
  /// the row of tabs is not shown), and the query of a search.
  public var titleText: TerminalText {
    var title =
      tabs.count > 1 && !showsTabs
      ? tabPosition : TerminalText(sanitizing: tab.title, keepNewlines: false)
    if let search = tab.search {
      title += ": search \u{201C}\(sanitizing: search.query)\u{201D}"
    }
    return title
  }

  /// Joke! as the title bar shows it: with its key, or alone when the title needs the room.
  public var shownJokeButton: TerminalText {
    let button = jokeButton
    return titleText.width + 1 + button.width > size.columns ? "Joke!" : button
  }

  /// The label of an action's first key in a context, for messages that name it.
  func keyLabel(_ action: ScreenAction, in context: ScreenContext) -> TerminalText {
    TerminalText(sanitizing: keymap.label(of: action, in: context) ?? "?")
  }

  /// Where each tab's name is in the row of tabs: every name whole when they fit, else the
  /// others' numbers only, else only the tab shown with its position (`2/7 Dad`).
  /// - Parameter width: the terminal's columns.
  /// - Returns: for each tab, its columns and text, left to right.
  public func tabSpans(width: Int) -> [(columns: Range<Int>, text: TerminalText)] {
    func spans(short: Bool) -> [(columns: Range<Int>, text: TerminalText)] {
      var column = 0
      return tabs.indices.map { position in
        let name: TerminalText =
          short && position != current
          ? "\(position + 1)" : "\(position + 1) \(sanitizing: tabs[position].label)"
        let text: TerminalText = " " + name + " "
        defer { column += text.width }
        return (column..<column + text.width, text)
      }
    }
    let whole = spans(short: false)
    if (whole.last?.columns.upperBound ?? 0) <= width { return whole }
    let short = spans(short: true)
    if (short.last?.columns.upperBound ?? 0) <= width { return short }
    // Only the tab shown, with its position (`2/7 Dad`); the others take no columns.
    let text: TerminalText = " " + tabPosition + " "
    return tabs.indices.map { position in
      position == current ? (0..<text.width, text) : (0..<0, .empty)
    }
  }

  /// The tab whose name is at this column of the row of tabs.
  func tab(atColumn column: Int) -> Int? {
    tabSpans(width: size.columns).firstIndex { $0.columns.contains(column) }
  }
}
