extension ScreenState {
  /// Applies one event: the state changes, and the effects to run are returned.
  /// - Parameter event: what happened.
  /// - Returns: the work for the terminal seam, in order.
  public mutating func handle(_ event: ScreenEvent) -> [ScreenEffect] {
    switch event {
    case .key(let key, let together):
      return press(key, together: together)
    case .resized(let size):
      self.size = size
      keepSelectionInView()
      return []
    case .tick:
      if isFetching || tab.search?.isLoading == true { spinnerStep += 1 }
      return []
    case .listLoaded(let rows, let position):
      guard tabs.indices.contains(position) else { return [] }
      replaceRows(rows, in: position, selecting: nil)
      return []
    case .listFailed(let error):
      status = .error(ReportText.error(error))
      return []
    case .jokeSaved(let id, let count, let rows, let fetch, let punchline):
      guard isFetching, fetch == fetchNumber else {
        // A cancelled fetch that had saved already: the file is still the truth.
        replaceRows(rows, in: fetchTab, selecting: nil)
        return []
      }
      isFetching = false
      let isShown = fetchTab == current && tab.search == nil
      replaceRows(rows, in: fetchTab, selecting: tabs[fetchTab].mode == .list ? id : nil)
      let (saved, rest) = ReportText.saved(id: id, count: count)
      status = .message(saved + rest)
      if isShown, mode == .list, let punchline { tab.mode = .punchline(punchline) }
      return []
    case .fetchFailed(let error, let fetch):
      guard isFetching, fetch == fetchNumber else { return [] }
      isFetching = false
      status = .error(ReportText.error(error))
      return []
    case .favoriteAdded(let name, let rows):
      replaceRows(rows, in: current, selecting: nil)
      status = .message("Added favourite \(sanitizing: name).")
      return []
    case .jokeLoaded(let shown):
      guard case .detail(var detail) = mode, detail.id == shown.id, !detail.isLoaded else {
        return []
      }
      return show(shown, in: &detail)
    case .iconLoaded(let id, let icon):
      guard case .detail(var detail) = mode, detail.id == id else { return [] }
      detail.icon = icon
      tab.mode = .detail(detail)
      return []
    case .removed(let joke, let rows):
      replaceRows(rows, in: current, selecting: nil)
      status = .message(ReportText.removed(joke))
      return []
    case .actionFailed(let error):
      if case .detail(let detail) = mode, !detail.isLoaded { tab.mode = .list }
      status = .error(screenWording(error))
      return []
    case .searchFinished(let number, let results):
      guard let position = searchTab(number) else { return [] }
      tabs[position].search?.isLoading = false
      tabs[position].search?.results = results
      markSaved(in: position)
      let count = results.count
      if position == current {
        let query = tabs[position].search?.query ?? ""
        status = .message(
          count == 0
            ? "No joke contains \u{201C}\(sanitizing: query)\u{201D}."
            : "\(count) \(count == 1 ? "joke" : "jokes") found; "
              + "\(keyLabel(.open, in: .search)) shows one, \(keyLabel(.save, in: .search)) saves it."
        )
      }
      return []
    case .searchFailed(let error, let number):
      guard let position = searchTab(number) else { return [] }
      tabs[position].search = nil
      if position == current { status = .error(ReportText.error(error)) }
      return []
    case .done(let message):
      status = .message(message)
      return []
    }
  }

  /// The detail of a joke that has been read: its fields, and its icon to load.
  mutating func show(_ shown: Shown, in detail: inout Detail) -> [ScreenEffect] {
    detail.fields = shown.fields
    detail.shown = shown
    guard let image = shown.image else {
      tab.mode = .detail(detail)
      return []
    }
    detail.icon = .unavailable(ScreenState.Detail.loading)
    tab.mode = .detail(detail)
    return [.loadIcon(id: shown.id, image: image)]
  }

  /// An error as the screen says it: where the command line's words name a command, the
  /// screen's name its keys.
  func screenWording(_ error: ChuckError) -> TerminalText {
    if case .favoritesFull(let limit) = error {
      return "error: your favourites are full (\(limit)); remove one first: "
        + "in the Favourites tab, select it and press \(keyLabel(.remove, in: .favorites)), then y"
    }
    return ReportText.error(error)
  }

  /// The tab whose running search has this number.
  private func searchTab(_ number: Int) -> Int? {
    tabs.indices.first { tabs[$0].search?.number == number && tabs[$0].search?.isLoading == true }
  }

  /// Marks each search result of a tab ✓ when its joke is in the tab's list.
  mutating func markSaved(in position: Int) {
    guard var search = tabs[position].search else { return }
    let saved = Set(tabs[position].allRows.map(\.id))
    for index in search.results.indices {
      search.results[index].row.mark =
        saved.contains(search.results[index].row.id) ? ScreenRow.saved : " "
    }
    tabs[position].search = search
  }

  // MARK: Rows and selection

  /// Shows a tab's new rows, keeping the selection on the same joke (or on `id`), else at the
  /// same place; leaves the detail of a joke that is gone.
  mutating func replaceRows(_ newRows: [ScreenRow], in position: Int, selecting id: String?) {
    tabs[position].load(newRows, selecting: id)
    markSaved(in: position)
    if case .detail(let detail) = tabs[position].mode, tabs[position].search == nil,
      !newRows.contains(where: { $0.id == detail.id })
    {
      tabs[position].mode = .list
      if position == current {
        status = .message("\(sanitizing: detail.id) is no longer in your list.")
      }
    }
    if position == current { keepSelectionInView() }
  }

  /// Moves the shown tab's selection (clamped) and keeps it in view.
  mutating func moveSelection(to position: Int) {
    tab.select(position, height: listPage)
  }

  /// Scrolls the shown tab so that its selection is in view.
  mutating func keepSelectionInView() {
    tab.select(tab.shownSelection, height: listPage)
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
