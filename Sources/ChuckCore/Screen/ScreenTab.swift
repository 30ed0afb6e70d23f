extension ScreenState {
  /// One tab of the screen: a source's saved jokes, or every source's favourites. Each keeps its
  /// own selection, scroll position, filter, search results and view.
  public struct Tab: Equatable, Sendable {
    /// The title bar's text while the tab is shown (the source's list title).
    public var title: String
    /// The tab's name in the row of tabs.
    public var label: String
    /// The source whose list the tab shows; `nil` for the favourites.
    public var source: JokeSource?
    /// Whether the tab's source can search (`s`).
    public var canSearch: Bool
    /// Whether the tab lists the favourites of every source.
    public var isFavorites: Bool

    /// Every row of the tab, in the order shown.
    public internal(set) var allRows: [ScreenRow] = []
    /// Whether the tab's rows have been read.
    public internal(set) var isLoaded = false
    /// The filter (`/`): only rows whose text contains it, case-insensitively, are shown; empty
    /// for none.
    public internal(set) var filter = ""
    /// The rows that match the filter.
    public internal(set) var rows: [ScreenRow] = []
    /// The position of the selected row among ``rows``.
    public internal(set) var selection = 0
    /// The position of the first row shown.
    public internal(set) var top = 0
    /// The view.
    public internal(set) var mode = Mode.list
    /// The results of the last search (`s`), shown instead of the list until Esc.
    public internal(set) var search: Search?

    /// Makes a tab not loaded yet.
    /// - Parameters:
    ///   - title: the title bar's text.
    ///   - label: the name in the row of tabs (the title when not given).
    ///   - source: its source (`nil` for the favourites).
    ///   - canSearch: whether the source can search.
    ///   - isFavorites: whether it lists the favourites.
    public init(
      title: String, label: String? = nil, source: JokeSource? = nil, canSearch: Bool = false,
      isFavorites: Bool = false
    ) {
      self.title = title
      self.label = label ?? title
      self.source = source
      self.canSearch = canSearch
      self.isFavorites = isFavorites
    }

    /// The tab of a source's saved jokes.
    /// - Parameter source: the source.
    /// - Returns: the tab.
    public static func of(_ source: JokeSource) -> Tab {
      Tab(
        title: source.title, label: source.label, source: source, canSearch: source.canSearch)
    }

    /// The tab of every source's favourites.
    public static let favorites = Tab(title: "Favourites", isFavorites: true)

    /// The rows shown: the search results while there are some, else the rows that match the
    /// filter.
    public var shownRows: [ScreenRow] { search.map { $0.results.map(\.row) } ?? rows }
    /// The position of the selected row among ``shownRows``.
    public var shownSelection: Int { search?.selection ?? selection }

    /// Shows new rows, keeping the selection on the same joke (or on `id`), else at the same
    /// place; the filter still applies.
    mutating func load(_ newRows: [ScreenRow], selecting id: String? = nil) {
      let wanted = id ?? (rows.indices.contains(selection) ? rows[selection].id : nil)
      allRows = newRows
      isLoaded = true
      applyFilter(keeping: wanted)
    }

    /// Filters ``allRows`` into ``rows`` and selects `id` if it is still shown.
    mutating func applyFilter(keeping id: String?) {
      rows = filter.isEmpty ? allRows : RowFilter(filter).matching(allRows)
      if let id, let position = rows.firstIndex(where: { $0.id == id }) {
        selection = position
      } else {
        selection = min(selection, max(0, rows.count - 1))
      }
    }

    /// Sets the filter, keeping the selected joke selected when it still matches.
    mutating func setFilter(_ text: String) {
      let wanted = rows.indices.contains(selection) ? rows[selection].id : nil
      filter = text
      applyFilter(keeping: wanted)
    }

    /// Selects the shown row at `position` (clamped).
    mutating func select(_ position: Int, height: Int) {
      let count = shownRows.count
      let position = min(max(0, position), max(0, count - 1))
      if var search {
        search.selection = position
        search.top = ScreenState.top(search.top, selection: position, count: count, height: height)
        self.search = search
      } else {
        selection = position
        top = ScreenState.top(top, selection: position, count: count, height: height)
      }
    }
  }

  /// The results of a search from the screen.
  public struct Search: Equatable, Sendable {
    /// What was searched for.
    public var query: String
    /// Whether the search still runs.
    public var isLoading = true
    /// The jokes found, in the service's order.
    public var results: [Found] = []
    /// The position of the selected result.
    public var selection = 0
    /// The position of the first result shown.
    public var top = 0
    /// The number of the search; results of an older one are ignored.
    public var number: Int

    /// Makes a search that has just started.
    /// - Parameters:
    ///   - query: what is searched for.
    ///   - number: its number.
    public init(query: String, number: Int) {
      self.query = query
      self.number = number
    }
  }

  /// A joke a search found: its row (marked ✓ when it is in the list) and what its detail shows.
  public struct Found: Equatable, Sendable {
    /// The row.
    public var row: ScreenRow
    /// The joke.
    public var shown: Shown

    /// Makes a result.
    /// - Parameters:
    ///   - row: its row.
    ///   - shown: the joke.
    public init(row: ScreenRow, shown: Shown) {
      self.row = row
      self.shown = shown
    }
  }
}
