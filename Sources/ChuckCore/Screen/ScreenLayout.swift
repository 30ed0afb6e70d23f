/// Where things are on the screen, the same for the renderer that draws them and the state that
/// takes the mouse's clicks: the title bar on row 0, the row of tabs on row 1 (when there is more
/// than one tab), the body, and the status area at the bottom (one line, or up to three for a
/// message wrapped at word boundaries).
extension ScreenState {
  /// Whether the row of tabs is shown.
  public var showsTabs: Bool { tabs.count > 1 }

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

  /// The label of an action's first key in a context, for messages that name it.
  func keyLabel(_ action: ScreenAction, in context: ScreenContext) -> TerminalText {
    TerminalText(sanitizing: keymap.label(of: action, in: context) ?? "?")
  }

  /// Where each tab's name is in the row of tabs: every name whole when they fit, else the
  /// others' numbers only.
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
    return (whole.last?.columns.upperBound ?? 0) <= width ? whole : spans(short: true)
  }

  /// The tab whose name is at this column of the row of tabs.
  func tab(atColumn column: Int) -> Int? {
    tabSpans(width: size.columns).firstIndex { $0.columns.contains(column) }
  }
}
