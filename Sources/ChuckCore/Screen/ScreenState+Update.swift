extension ScreenState {
  /// Applies one event: the state changes, and the effects to run are returned.
  /// - Parameter event: what happened.
  /// - Returns: the work for the terminal seam, in order.
  public mutating func handle(_ event: ScreenEvent) -> [ScreenEffect] {
    switch event {
    case .key(let key):
      return press(key)
    case .resized(let size):
      self.size = size
      keepSelectionInView()
      return []
    case .tick:
      if isFetching { spinnerStep += 1 }
      return []
    case .listLoaded(let rows):
      replaceRows(rows, selecting: nil)
      return []
    case .listFailed(let error):
      status = .error(ReportText.error(error))
      return []
    case .jokeSaved(let id, let count, let rows, let fetch):
      guard isFetching, fetch == fetchNumber else {
        // A cancelled fetch that had saved already: the file is still the truth.
        replaceRows(rows, selecting: nil)
        return []
      }
      isFetching = false
      replaceRows(rows, selecting: mode == .list ? id : nil)
      let (saved, rest) = ReportText.saved(id: id, count: count)
      status = .message(saved + rest)
      return []
    case .fetchFailed(let error, let fetch):
      guard isFetching, fetch == fetchNumber else { return [] }
      isFetching = false
      status = .error(ReportText.error(error))
      return []
    case .favoriteAdded(let name, let rows):
      replaceRows(rows, selecting: nil)
      status = .message("Added favourite \(sanitizing: name).")
      return []
    case .jokeLoaded(let shown):
      guard case .detail(var detail) = mode, detail.id == shown.id, !detail.isLoaded else {
        return []
      }
      detail.fields = shown.fields
      guard let icon = shown.icon else {
        mode = .detail(detail)
        return []
      }
      detail.icon = .unavailable(ScreenState.Detail.loading)
      mode = .detail(detail)
      return [.loadIcon(id: shown.id, url: icon)]
    case .iconLoaded(let id, let icon):
      guard case .detail(var detail) = mode, detail.id == id else { return [] }
      detail.icon = icon
      mode = .detail(detail)
      return []
    case .removed(let joke, let rows):
      replaceRows(rows, selecting: nil)
      status = .message(ReportText.removed(joke))
      return []
    case .actionFailed(let error):
      if case .detail(let detail) = mode, !detail.isLoaded { mode = .list }
      status = .error(ReportText.error(error))
      return []
    }
  }

  // MARK: Keys

  private mutating func press(_ key: ScreenKey) -> [ScreenEffect] {
    switch key {
    case .interrupt: return [.quit(status: 130)]
    case .suspend: return [.suspend]
    case .redraw: return [.redraw]
    default: break
    }
    if showsHelp {
      showsHelp = false
      return []
    }
    if case .prompt(var prompt) = status {
      if prompt.takesText { return type(key, into: &prompt) }
      status = .keys
      return answer(prompt, with: key)
    }
    status = .keys
    if case .paste = key {
      status = .message("Pasted text is not taken as keys.")
      return []
    }
    if key == .character("?") {
      showsHelp = true
      return []
    }
    if key == .character("n") || key == .character("+") { return fetch() }
    switch mode {
    case .list: return pressInList(key)
    case .detail(let detail): return pressInDetail(key, detail)
    }
  }

  /// A key typed into a name prompt: text is added, Backspace takes the last character back,
  /// Enter answers (a bad name says why and asks again), Esc gives up.
  private mutating func type(_ key: ScreenKey, into prompt: inout Prompt) -> [ScreenEffect] {
    prompt.problem = nil
    switch key {
    case .character(let character):
      if prompt.input.count < Prompt.maximumInput { prompt.input.append(character) }
    case .paste(let text):
      // Pasted text is text: its line breaks and controls are not keys (Enter, Esc).
      let room = Prompt.maximumInput - prompt.input.count
      prompt.input += text.lazy.filter { character in
        !character.unicodeScalars.contains { TerminalSafeText.isUnsafe($0, keepNewlines: false) }
      }.prefix(max(0, room))
    case .backspace:
      if !prompt.input.isEmpty { prompt.input.removeLast() }
    case .escape:
      status = .message("No favourite added.")
      return []
    case .enter:
      if let problem = Favorite.nameProblem(prompt.input) {
        prompt.problem = "error: \(sanitizing: problem)"
        status = .prompt(prompt)
        return []
      }
      status = .keys
      if case .favoriteName(let id) = prompt.purpose {
        return [.addFavorite(id: id, name: prompt.input)]
      }
      return []
    default:
      break
    }
    status = .prompt(prompt)
    return []
  }

  private mutating func answer(_ prompt: Prompt, with key: ScreenKey) -> [ScreenEffect] {
    switch prompt.purpose {
    case .favoriteName:
      return []
    case .removal(let id):
      guard key == .character("y") || key == .character("Y") else {
        status = .message("Nothing removed.")
        return []
      }
      return [.removeJoke(id: id)]
    }
  }

  private mutating func fetch() -> [ScreenEffect] {
    guard !isFetching else { return [] }
    isFetching = true
    fetchNumber += 1
    spinnerStep = 0
    return [.fetchJoke(fetch: fetchNumber)]
  }

  private mutating func pressInList(_ key: ScreenKey) -> [ScreenEffect] {
    let page = max(1, size.bodyRows - 1)
    switch key {
    case .up, .character("k"): moveSelection(to: selection - 1)
    case .down, .character("j"): moveSelection(to: selection + 1)
    case .pageUp: moveSelection(to: selection - page)
    case .pageDown: moveSelection(to: selection + page)
    case .home, .character("g"): moveSelection(to: 0)
    case .end, .character("G"): moveSelection(to: rows.count - 1)
    case .enter, .right, .character("l"):
      guard let row = selectedRow else { return [] }
      mode = .detail(Detail(id: row.id))
      return [.loadJoke(id: row.id)]
    case .character("d"):
      guard let row = selectedRow else { return [] }
      let preview = JokePreview.make(row.entry.value)
      status = .prompt(
        Prompt(
          purpose: .removal(id: row.id),
          question: "Remove \(sanitizing: row.id) \u{201C}\(preview)\u{201D}? y/n"))
    case .character("f"):
      guard let row = selectedRow, row.mark != nil else { return [] }
      guard row.mark != ScreenRow.favorite else {
        status = .message("\(sanitizing: row.id) is already a favourite (see chuck favorite list).")
        return []
      }
      status = .prompt(
        Prompt(
          purpose: .favoriteName(id: row.id),
          question: "Name this favourite: "))
    case .character("q"):
      return [.quit(status: 0)]
    case .escape:
      guard isFetching else { return [] }
      isFetching = false
      status = .message("Fetch cancelled.")
      return [.cancelFetch]
    default:
      break
    }
    return []
  }

  private mutating func pressInDetail(_ key: ScreenKey, _ detail: Detail) -> [ScreenEffect] {
    var detail = detail
    let page = max(1, size.bodyRows - 1)
    switch key {
    case .escape, .backspace, .left, .character("q"), .character("h"):
      mode = .list
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
    let lastTop = max(
      0, ScreenRenderer.detailLineCount(detail, width: size.columns) - size.bodyRows)
    detail.scroll = min(max(0, detail.scroll), lastTop)
    mode = .detail(detail)
    return []
  }

  // MARK: Rows and selection

  private mutating func moveSelection(to position: Int) {
    selection = min(max(0, position), max(0, rows.count - 1))
    keepSelectionInView()
  }

  /// Shows a new list, keeping the selection on the same joke (or on `id`), else at the same
  /// place; leaves the detail of a joke that is gone.
  private mutating func replaceRows(_ newRows: [ScreenRow], selecting id: String?) {
    let wanted = id ?? selectedRow?.id
    if let wanted, let position = newRows.firstIndex(where: { $0.id == wanted }) {
      selection = position
    } else {
      selection = min(selection, max(0, newRows.count - 1))
    }
    rows = newRows
    if case .detail(let detail) = mode, !newRows.contains(where: { $0.id == detail.id }) {
      mode = .list
      status = .message("\(sanitizing: detail.id) is no longer in your list.")
    }
    keepSelectionInView()
  }

  private mutating func keepSelectionInView() {
    top = Self.top(top, selection: selection, count: rows.count, height: size.bodyRows)
  }

  /// The first row to show so that `selection` is in view, moving as little as possible from
  /// `top`, and leaving no empty rows at the bottom that rows above could fill.
  static func top(_ top: Int, selection: Int, count: Int, height: Int) -> Int {
    let height = max(1, height)
    var top = min(top, selection)
    if selection >= top + height { top = selection - height + 1 }
    top = min(top, max(0, count - height))
    return max(0, top)
  }
}
