/// The search view's keys: starting a search, acting on its results, leaving it.
extension ScreenState {
  /// ``ScreenAction/search``: asks what to search the tab's source for (a source that cannot
  /// search, or the favourites, says so instead).
  mutating func startSearch() -> [ScreenEffect] {
    guard !tab.isFavorites else {
      status = .message("Search works in a source's tab: \(sanitizing: sourceTabKeys).")
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

  /// In a search's results: while it runs, back cancels it; then back leaves the results.
  mutating func performInSearch(_ action: ScreenAction, _ search: Search) -> [ScreenEffect] {
    if search.isLoading {
      guard action == .back else { return [] }
      tab.search = nil
      status = .message("Search cancelled.")
      keepSelectionInView()
      return [.cancelSearch]
    }
    guard search.results.indices.contains(search.selection) else {
      if action == .back { leaveSearch() }
      return []
    }
    let found = search.results[search.selection]
    switch action {
    case .open:
      var detail = Detail(id: found.row.id)
      return show(found.shown, in: &detail)
    case .save:
      guard found.row.mark != ScreenRow.saved else {
        status = .error("error: already in your list: \(sanitizing: found.row.id)")
        return []
      }
      return [.saveFound(id: found.row.id, tab: current)]
    case .back:
      leaveSearch()
    default:
      break
    }
    return []
  }

  /// Back from the search view to the tab's own list.
  mutating func leaveSearch() {
    tab.search = nil
    keepSelectionInView()
  }
}
