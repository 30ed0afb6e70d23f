extension ScreenState {
  // MARK: Keys

  /// A key, looked up in the keymap in the context shown, then its action done. A prompt takes
  /// the keys first (a text prompt takes every character as text); only the actions that work
  /// in prompts (Ctrl-C, Ctrl-Z, Ctrl-L) come before it, for keys that are not characters.
  ///
  /// A key that came `together` with others (as an unbracketed paste comes) acts as well,
  /// unless its action changes what is saved or reaches outside the screen
  /// (``ScreenAction/isRefusedTogether``), it is `y` to a removal's question, or Enter in a
  /// text prompt: those are refused, and the status line says to press the key on its own.
  mutating func press(_ key: ScreenKey, together: Bool) -> [ScreenEffect] {
    var prompt: Prompt?
    if case .prompt(let waiting) = status { prompt = waiting }
    let action = keymap.action(for: key, in: context)
    if let action, action.worksInPrompts, prompt == nil || !key.isCharacter {
      switch action {
      case .interrupt: return [.quit(status: 130)]
      case .suspend: return [.suspend]
      default: return [.redraw]
      }
    }
    if showsHelp {
      scrollHelp(key, action)
      return []
    }
    if var prompt {
      if case .mouse = key { return [] }
      if prompt.takesText { return type(key, into: &prompt, together: together) }
      status = .keys
      return answer(prompt, with: key, together: together)
    }
    status = .keys
    switch key {
    case .paste:
      status = .message("Pasted text is not taken as keys.")
      return []
    case .mouse(let event):
      return click(event)
    default:
      break
    }
    if action == .help {
      showsHelp = true
      helpScroll = 0
      return []
    }
    if case .punchline(var punchline) = mode {
      guard punchline.isRevealed else {
        punchline.isRevealed = true
        tab.mode = .punchline(punchline)
        return []
      }
      tab.mode = .list
      keepSelectionInView()
      guard action == .joke else { return [] }
    }
    guard let action else { return [] }
    if together, action.isRefusedTogether {
      status = .message(Self.refusal(of: key, action))
      return []
    }
    return perform(action, key: key)
  }

  /// What the status line says of a key refused because it came with other keys at once.
  static func refusal(of key: ScreenKey, _ action: ScreenAction) -> TerminalText {
    let what: TerminalText =
      switch action {
      case .joke: "fetch a joke"
      case .save: "save the joke"
      case .copy: "copy the joke"
      case .openLink: "open the link"
      default: "do it"
      }
    return "Not done: \(sanitizing: key.label) came with other keys at once, as pasted text "
      + "does; press it on its own to " + what + "."
  }

  /// An action in the view shown (the list of keys closed, no prompt waiting): a click does
  /// them too.
  /// - Parameters:
  ///   - action: the action.
  ///   - key: the key pressed (for ``ScreenAction/showTab``, which tab).
  mutating func perform(_ action: ScreenAction, key: ScreenKey? = nil) -> [ScreenEffect] {
    switch action {
    case .showTab:
      guard let key, let number = keymap.tabNumber(for: key, in: context) else { return [] }
      return show(tab: number - 1)
    case .nextTab: return show(tab: (current + 1) % tabs.count)
    case .previousTab: return show(tab: (current + tabs.count - 1) % tabs.count)
    case .joke: return fetch()
    case .copy: return copy()
    case .openLink: return open()
    default: break
    }
    if action.isMotion, tab.search?.isLoading != true {
      move(action)
      return []
    }
    switch mode {
    case .list:
      if let search = tab.search { return performInSearch(action, search) }
      return performInList(action)
    case .detail:
      guard action == .back else { return [] }
      tab.mode = .list
      keepSelectionInView()
      return []
    case .punchline: return []
    }
  }

  /// In the list of keys, the motions scroll it (and the wheel); any other key closes it.
  private mutating func scrollHelp(_ key: ScreenKey, _ action: ScreenAction?) {
    if let action, action.isMotion {
      move(action)
    } else if case .mouse(let event) = key, event.action != .click {
      let lastTop = max(0, ScreenHelp.lines(for: self).count - helpHeight)
      let step = event.action == .wheelUp ? -Self.wheelStep : Self.wheelStep
      helpScroll = min(max(0, helpScroll + step), lastTop)
    } else {
      showsHelp = false
    }
  }

  /// Whether the list of keys is taller than the body (under it the status area is one line).
  var helpScrolls: Bool { ScreenHelp.lines(for: self).count > helpHeight }

  /// The body's rows while the list of keys shows.
  var helpHeight: Int { max(1, size.rows - bodyTop - 1) }

  /// A motion, wherever it applies: it scrolls the list of keys or a joke's detail, and moves
  /// the selection in a list or a search's results.
  private mutating func move(_ action: ScreenAction) {
    if showsHelp {
      let lastTop = max(0, ScreenHelp.lines(for: self).count - helpHeight)
      let top = Self.target(
        of: action, from: helpScroll, page: max(1, helpHeight - 1), last: lastTop)
      helpScroll = min(max(0, top), lastTop)
      return
    }
    let page = max(1, bodyHeight - 1)
    switch mode {
    case .detail(var detail):
      let last = max(0, detailLineCount(detail) - 1)
      moveLine(&detail, to: Self.target(of: action, from: detail.line, page: page, last: last))
    case .list:
      let entries = max(1, listPage - 1)
      moveSelection(
        to: Self.target(of: action, from: selection, page: entries, last: rows.count - 1))
    case .punchline:
      break
    }
  }

  /// Where a motion takes a position (a selection, or the first line shown).
  private static func target(of action: ScreenAction, from position: Int, page: Int, last: Int)
    -> Int
  {
    switch action {
    case .up: position - 1
    case .down: position + 1
    case .pageUp: position - page
    case .pageDown: position + page
    case .top: 0
    case .bottom: last
    default: position
    }
  }

  /// Shows another tab (reading its rows the first time); the accessible mode says which in the
  /// status line.
  mutating func show(tab target: Int) -> [ScreenEffect] {
    guard tabs.indices.contains(target), target != current else { return [] }
    current = target
    keepSelectionInView()
    if isAccessible {
      status = .message(
        "Tab \(target + 1) of \(tabs.count): \(sanitizing: tab.title).")
    }
    return tab.isLoaded ? [] : [.loadTab(target)]
  }

  mutating func fetch() -> [ScreenEffect] {
    guard !isFetching else { return [] }
    guard !tab.isFavorites else {
      status = .message("Joke! fetches into a source's tab: \(sanitizing: sourceTabKeys).")
      return []
    }
    isFetching = true
    fetchTab = current
    fetchNumber += 1
    spinnerStep = 0
    return [.fetchJoke(fetch: fetchNumber, tab: current)]
  }

  /// How messages name the keys of the sources' tabs (`press 1 to 6`).
  var sourceTabKeys: String {
    let keys = keymap.keys(for: .showTab, in: context)
    let sources = tabs.count - 1
    guard sources >= 1, keys.count >= sources else { return "switch to a source's tab" }
    return "press \(keys[0].label) to \(keys[sources - 1].label)"
  }

  // MARK: Copy and open

  /// ``ScreenAction/copy``: the joke shown or selected, on the clipboard.
  private mutating func copy() -> [ScreenEffect] {
    let text: String
    if case .detail(let detail) = mode, let shown = detail.shown {
      text = shown.text
    } else if case .list = mode, let row = selectedRow {
      text = tab.search?.results[selection].shown.text ?? row.entry.value
    } else {
      return []
    }
    let characters = text.count
    status = .message(
      "Copied \(characters) \(characters == 1 ? "character" : "characters") "
        + "(through the terminal: OSC 52).")
    return [.copy(text)]
  }

  /// ``ScreenAction/openLink``: the link of the joke shown or selected, in a browser.
  private mutating func open() -> [ScreenEffect] {
    if case .detail(let detail) = mode, let shown = detail.shown {
      return openLink(shown.link)
    }
    guard case .list = mode, let row = selectedRow else { return [] }
    if let search = tab.search { return openLink(search.results[selection].shown.link) }
    return [.openJoke(id: row.id, tab: current, source: row.source)]
  }

  private mutating func openLink(_ link: String?) -> [ScreenEffect] {
    guard let link else {
      status = .message("This joke has no link to open.")
      return []
    }
    return [.open(link)]
  }

  // MARK: Views

  private mutating func performInList(_ action: ScreenAction) -> [ScreenEffect] {
    switch action {
    case .open:
      guard let row = selectedRow else { return [] }
      tab.mode = .detail(Detail(id: row.id))
      return [.loadJoke(id: row.id, tab: current, source: row.source)]
    case .remove:
      guard let row = selectedRow else { return [] }
      let preview = JokePreview.make(row.entry.value)
      // The accessible mode asks whole questions, which a screen reader reads as they are.
      let answers: TerminalText =
        isAccessible ? " Press y to remove it, any other key to keep it." : " y/n"
      if let name = row.name, tab.isFavorites {
        status = .prompt(
          Prompt(
            purpose: .favoriteRemoval(name: name),
            question:
              "Remove the favourite \u{201C}\(sanitizing: name)\u{201D} (the joke stays)?"
              + answers))
      } else {
        let what: TerminalText = isAccessible ? "the joke " : ""
        status = .prompt(
          Prompt(
            purpose: .removal(id: row.id),
            question: "Remove \(what)\(sanitizing: row.id) \u{201C}\(preview)\u{201D}?" + answers))
      }
    case .rename:
      guard tab.isFavorites, let name = selectedRow?.name else { return [] }
      status = .prompt(
        Prompt(
          purpose: .rename(name: name), question: "Rename \u{201C}\(sanitizing: name)\u{201D} to: ",
          input: name))
    case .favorite:
      guard let row = selectedRow, row.mark != nil, !tab.isFavorites else { return [] }
      guard row.mark != ScreenRow.favorite else {
        status = .message("\(sanitizing: row.id) is already a favourite (see the Favourites tab).")
        return []
      }
      status = .prompt(
        Prompt(purpose: .favoriteName(id: row.id), question: "Name this favourite: "))
    case .filter:
      status = .prompt(
        Prompt(
          purpose: .filter, question: isAccessible ? "Filter the list: " : "/", input: tab.filter))
    case .search:
      return startSearch()
    case .quit:
      return [.quit(status: 0)]
    case .cancel:
      if isFetching, fetchTab == current {
        isFetching = false
        status = .message("Fetch cancelled.")
        return [.cancelFetch]
      }
      if !tab.filter.isEmpty {
        tab.setFilter("")
        keepSelectionInView()
      }
    default:
      break
    }
    return []
  }

  /// How many lines the detail takes on this screen.
  func detailLineCount(_ detail: Detail) -> Int {
    ScreenRenderer.detailLineCount(detail, width: size.columns, accessible: isAccessible)
  }

  /// Scrolls the detail so that `line` is its first line shown (the wheel); the current line
  /// stays on screen.
  mutating func scroll(_ detail: inout Detail, to line: Int) {
    let lastTop = max(0, detailLineCount(detail) - bodyHeight)
    detail.scroll = min(max(0, line), lastTop)
    detail.line = min(max(detail.line, detail.scroll), detail.scroll + max(0, bodyHeight - 1))
    tab.mode = .detail(detail)
  }

  /// Moves the detail's current line (the cursor, which a screen reader reads) to `line`, and
  /// scrolls only when it would leave the screen: a move inside the screen changes no text, so
  /// a screen reader reads the line reached; a scroll brings exactly one new line.
  mutating func moveLine(_ detail: inout Detail, to line: Int) {
    let count = detailLineCount(detail)
    detail.line = min(max(0, line), max(0, count - 1))
    let height = max(1, bodyHeight)
    if detail.line < detail.scroll { detail.scroll = detail.line }
    if detail.line >= detail.scroll + height { detail.scroll = detail.line - height + 1 }
    detail.scroll = min(detail.scroll, max(0, count - height))
    tab.mode = .detail(detail)
  }
}

extension ScreenKey {
  /// Whether the key is a printable character (text, in a prompt).
  var isCharacter: Bool {
    if case .character = self { true } else { false }
  }

  /// Whether the key is a mouse report (which never comes from a paste or a keyboard).
  var isMouse: Bool {
    if case .mouse = self { true } else { false }
  }
}
