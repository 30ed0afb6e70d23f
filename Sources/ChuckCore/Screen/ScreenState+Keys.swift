extension ScreenState {
  // MARK: Keys

  mutating func press(_ key: ScreenKey) -> [ScreenEffect] {
    switch key {
    case .interrupt: return [.quit(status: 130)]
    case .suspend: return [.suspend]
    case .redraw: return [.redraw]
    default: break
    }
    if showsHelp {
      scrollHelp(key)
      return []
    }
    if case .prompt(var prompt) = status {
      if case .mouse = key { return [] }
      if prompt.takesText { return type(key, into: &prompt) }
      status = .keys
      return answer(prompt, with: key)
    }
    status = .keys
    switch key {
    case .paste:
      status = .message("Pasted text is not taken as keys.")
      return []
    case .mouse(let event):
      return click(event)
    case .character("?"):
      showsHelp = true
      helpScroll = 0
      return []
    default:
      break
    }
    if case .punchline(var punchline) = mode {
      guard punchline.isRevealed else {
        punchline.isRevealed = true
        tab.mode = .punchline(punchline)
        return []
      }
      tab.mode = .list
      keepSelectionInView()
      guard key == .character("n") || key == .character("+") else { return [] }
    }
    if let effects = switchTab(key) { return effects }
    if key == .character("n") || key == .character("+") { return fetch() }
    if key == .character("y") { return copy() }
    if key == .character("o") { return open() }
    switch mode {
    case .list:
      if let search = tab.search { return pressInSearch(key, search) }
      return pressInList(key)
    case .detail(let detail): return pressInDetail(key, detail)
    case .punchline: return []
    }
  }

  /// In the list of keys, the keys that scroll it scroll it; any other closes it.
  private mutating func scrollHelp(_ key: ScreenKey) {
    let lastTop = max(0, ScreenHelp.lines(for: self).count - helpHeight)
    let page = max(1, helpHeight - 1)
    var top = helpScroll
    switch key {
    case .up, .character("k"): top -= 1
    case .down, .character("j"): top += 1
    case .pageUp: top -= page
    case .pageDown: top += page
    case .home, .character("g"): top = 0
    case .end, .character("G"): top = lastTop
    case .mouse(let event) where event.action != .click:
      top += event.action == .wheelUp ? -Self.wheelStep : Self.wheelStep
    default:
      showsHelp = false
      return
    }
    helpScroll = min(max(0, top), lastTop)
  }

  /// Whether the list of keys is taller than the body (under it the status area is one line).
  var helpScrolls: Bool { ScreenHelp.lines(for: self).count > helpHeight }

  /// The body's rows while the list of keys shows.
  var helpHeight: Int { max(1, size.rows - bodyTop - 1) }

  /// Tab, Shift-Tab and the tabs' numbers.
  private mutating func switchTab(_ key: ScreenKey) -> [ScreenEffect]? {
    let target: Int
    switch key {
    case .tab: target = (current + 1) % tabs.count
    case .backTab: target = (current + tabs.count - 1) % tabs.count
    case .character(let character):
      guard let number = character.wholeNumberValue, character.isASCII, (1...9).contains(number),
        number <= tabs.count
      else { return nil }
      target = number - 1
    default: return nil
    }
    return show(tab: target)
  }

  /// Shows another tab (reading its rows the first time).
  mutating func show(tab target: Int) -> [ScreenEffect] {
    guard tabs.indices.contains(target), target != current else { return [] }
    current = target
    keepSelectionInView()
    return tab.isLoaded ? [] : [.loadTab(target)]
  }

  mutating func fetch() -> [ScreenEffect] {
    guard !isFetching else { return [] }
    guard !tab.isFavorites else {
      status = .message("Joke! fetches into a source's tab: press 1 to \(tabs.count - 1).")
      return []
    }
    isFetching = true
    fetchTab = current
    fetchNumber += 1
    spinnerStep = 0
    return [.fetchJoke(fetch: fetchNumber, tab: current)]
  }

  // MARK: Copy and open

  /// `y`: the joke shown or selected, on the clipboard.
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

  /// `o`: the link of the joke shown or selected, in a browser.
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

  private mutating func pressInList(_ key: ScreenKey) -> [ScreenEffect] {
    if let effects = move(key) { return effects }
    switch key {
    case .enter, .right, .character("l"):
      guard let row = selectedRow else { return [] }
      tab.mode = .detail(Detail(id: row.id))
      return [.loadJoke(id: row.id, tab: current, source: row.source)]
    case .character("d"):
      guard let row = selectedRow else { return [] }
      let preview = JokePreview.make(row.entry.value)
      if let name = row.name, tab.isFavorites {
        status = .prompt(
          Prompt(
            purpose: .favoriteRemoval(name: name),
            question:
              "Remove the favourite \u{201C}\(sanitizing: name)\u{201D} (the joke stays)? y/n"))
      } else {
        status = .prompt(
          Prompt(
            purpose: .removal(id: row.id),
            question: "Remove \(sanitizing: row.id) \u{201C}\(preview)\u{201D}? y/n"))
      }
    case .character("r"):
      guard tab.isFavorites, let name = selectedRow?.name else { return [] }
      status = .prompt(
        Prompt(
          purpose: .rename(name: name), question: "Rename \u{201C}\(sanitizing: name)\u{201D} to: ",
          input: name))
    case .character("f"):
      guard let row = selectedRow, row.mark != nil, !tab.isFavorites else { return [] }
      guard row.mark != ScreenRow.favorite else {
        status = .message("\(sanitizing: row.id) is already a favourite (see the Favourites tab).")
        return []
      }
      status = .prompt(
        Prompt(purpose: .favoriteName(id: row.id), question: "Name this favourite: "))
    case .character("/"):
      status = .prompt(Prompt(purpose: .filter, question: "/", input: tab.filter))
    case .character("s"):
      return startSearch()
    case .character("q"):
      return [.quit(status: 0)]
    case .escape:
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

  private mutating func startSearch() -> [ScreenEffect] {
    guard !tab.isFavorites else {
      status = .message("Search works in a source's tab: press 1 to \(tabs.count - 1).")
      return []
    }
    guard tab.canSearch else {
      status = .message(
        TerminalText(sanitizing: tab.source?.cannotSearchMessage ?? "this list cannot be searched"))
      return []
    }
    status = .prompt(
      Prompt(purpose: .search, question: "Search \(sanitizing: tab.title) for: "))
    return []
  }

  private mutating func pressInSearch(_ key: ScreenKey, _ search: Search) -> [ScreenEffect] {
    if search.isLoading {
      guard key == .escape || key == .character("q") else { return [] }
      tab.search = nil
      status = .message("Search cancelled.")
      keepSelectionInView()
      return [.cancelSearch]
    }
    if let effects = move(key) { return effects }
    guard search.results.indices.contains(search.selection) else {
      if key == .escape || key == .character("q") { leaveSearch() }
      return []
    }
    let found = search.results[search.selection]
    switch key {
    case .enter, .right, .character("l"):
      var detail = Detail(id: found.row.id)
      return show(found.shown, in: &detail)
    case .character("a"):
      guard found.row.mark != ScreenRow.saved else {
        status = .error("error: already in your list: \(sanitizing: found.row.id)")
        return []
      }
      return [.saveFound(id: found.row.id, tab: current)]
    case .escape, .character("q"), .left, .character("h"):
      leaveSearch()
    default:
      break
    }
    return []
  }

  private mutating func leaveSearch() {
    tab.search = nil
    keepSelectionInView()
  }

  private mutating func pressInDetail(_ key: ScreenKey, _ detail: Detail) -> [ScreenEffect] {
    var detail = detail
    let page = max(1, bodyHeight - 1)
    switch key {
    case .escape, .backspace, .left, .character("q"), .character("h"):
      tab.mode = .list
      keepSelectionInView()
      return []
    case .up, .character("k"): detail.scroll -= 1
    case .down, .character("j"): detail.scroll += 1
    case .pageUp: detail.scroll -= page
    case .pageDown: detail.scroll += page
    case .home, .character("g"): detail.scroll = 0
    case .end, .character("G"): detail.scroll = Int.max
    default: return []
    }
    scroll(&detail, to: detail.scroll)
    return []
  }

  mutating func scroll(_ detail: inout Detail, to line: Int) {
    let lastTop = max(
      0, ScreenRenderer.detailLineCount(detail, width: size.columns) - bodyHeight)
    detail.scroll = min(max(0, line), lastTop)
    tab.mode = .detail(detail)
  }

  /// The keys that move the selection, in any list.
  private mutating func move(_ key: ScreenKey) -> [ScreenEffect]? {
    let page = max(1, bodyHeight - 1)
    let selection = self.selection
    switch key {
    case .up, .character("k"): moveSelection(to: selection - 1)
    case .down, .character("j"): moveSelection(to: selection + 1)
    case .pageUp: moveSelection(to: selection - page)
    case .pageDown: moveSelection(to: selection + page)
    case .home, .character("g"): moveSelection(to: 0)
    case .end, .character("G"): moveSelection(to: rows.count - 1)
    default: return nil
    }
    return []
  }
}
