/// The screen's browser of one source: its rows (with the favourites' marks),
/// Joke! (`chuck random`'s fetch and save), a joke's detail, search (`chuck search`) and saving
/// what it found (`chuck save`'s saver). Removing and favourites go through the components, the
/// same for every source.
public protocol SourceBrowser: Sendable {
  /// The source.
  var source: JokeSource { get }
  /// The saved jokes as `chuck list` shows them, oldest first, without marks; a two-part
  /// joke's text is its setup and punchline on two lines.
  func entries() throws(ChuckError) -> [JokeListView.Row]
  /// Fetches a random joke and saves it: its id, the list's count, a two-part joke's parts, and
  /// the note to show when it came in English because the service had none that fits in the
  /// configured language (``LanguageFallback/note``).
  ///
  /// A feed's Joke! fetches the whole latest list and saves the new items: the id is the first
  /// new item's (else the last one saved), and `news` says how many were new, for the status line
  /// in place of the saved message.
  func fetchAndSave() async throws(ChuckError) -> (
    id: String, count: Int, punchline: ScreenState.Punchline?, note: String?, news: String?
  )
  /// What the detail shows of a saved joke.
  func detail(_ id: String) throws(ChuckError) -> ScreenState.Shown
  /// The whole texts of the saved jokes with these ids (those still saved).
  func texts(of ids: Set<String>) throws(ChuckError) -> [String: String]
  /// The service's matches for a query, as `chuck search` finds them, each marked when saved.
  func search(_ query: String) async throws(ChuckError) -> [(
    found: ScreenState.Found, joke: any SavedJoke
  )]
  /// Saves a joke a search found, as `chuck save` saves one; the list's count.
  func save(_ joke: any SavedJoke) async throws(ChuckError) -> Int
}

extension ChuckComponents {
  /// The screen's browser of `source`.
  /// - Parameter source: the source.
  /// - Returns: its browser.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for a dormant source, whose list is not read
  ///   (``JokeSource/kind``): a favourite of it is not opened.
  public func browser(_ source: JokeSource) throws(ChuckError) -> any SourceBrowser {
    func make<Kind: JokeKind>(_ kind: Kind.Type) -> any SourceBrowser {
      KindBrowser<Kind>(components: self)
    }
    return make(try source.kind)
  }
}

extension SourceBrowser {
  /// The rows, each marked ★ when it is a favourite, else ☆.
  /// - Parameter components: the components, for the favourites.
  /// - Throws: a storage error.
  public func rows(_ components: ChuckComponents) throws(ChuckError) -> [ScreenRow] {
    let favorites = Set(
      try components.favorites.sorted().filter { $0.source == source }.map(\.id))
    // A row with a heading (a declared source's text above its summary: an article's title)
    // shows it in bold before the preview, as the favourites show their names.
    return try entries().map {
      ScreenRow(
        $0, mark: favorites.contains($0.id) ? ScreenRow.favorite : ScreenRow.notFavorite,
        name: $0.heading)
    }
  }
}

/// One kind's browser.
struct KindBrowser<Kind: JokeKind>: SourceBrowser {
  let components: ChuckComponents
  var source: JokeSource { Kind.source }

  func entries() throws(ChuckError) -> [JokeListView.Row] {
    let saved = try components.list(Kind.self).saved()
    return saved.oldestFirst().map { position in
      var row = saved.row(at: position)
      if let punchline = saved.punchline(at: position) {
        row.value = ScreenState.Shown.text(row.value, punchline)
      }
      return row
    }
  }

  func fetchAndSave() async throws(ChuckError) -> (
    id: String, count: Int, punchline: ScreenState.Punchline?, note: String?, news: String?
  ) {
    // The configured exclusions apply, as to `chuck random` without `--exclude`.
    switch try await components.fetchRandom(Kind.self) {
    case .joke(let joke, let count, let fallback):
      return (
        joke.id, count, ScreenState.Shown(joke, source: Kind.source).parts, fallback?.note, nil
      )
    case .feed(let sent, let added, let count):
      // The first new item; with none new, the last saved (the list read again only then).
      var id = added.first?.id
      if id == nil, count > 0 {
        let saved = try components.list(Kind.self).saved()
        id = saved.count > 0 ? saved.id(at: saved.count - 1) : nil
      }
      return (id ?? "", count, nil, nil, "\(added.count) new of \(sent) in the latest list")
    }
  }

  func detail(_ id: String) throws(ChuckError) -> ScreenState.Shown {
    guard let joke = try components.list(Kind.self).joke(matching: id) else {
      throw .noSavedMatch(id)
    }
    let dates = ShownDates(source: Kind.source, configuration: components.configuration)
    return ScreenState.Shown(joke, source: Kind.source, instants: dates.instant)
  }

  func texts(of ids: Set<String>) throws(ChuckError) -> [String: String] {
    let saved = try components.list(Kind.self).saved()
    var texts: [String: String] = [:]
    for id in ids {
      guard let position = saved.position(of: id) else { continue }
      texts[id] = ScreenState.Shown.text(saved.text(at: position), saved.punchline(at: position))
    }
    return texts
  }

  func search(_ query: String) async throws(ChuckError) -> [(
    found: ScreenState.Found, joke: any SavedJoke
  )] {
    let found = try await SearchResults.find(Kind.self, query, components)
    let dates = ShownDates(source: Kind.source, configuration: components.configuration)
    return try SearchResults.marked(found, in: Kind.self, components).map { match in
      var row = match.row
      row.value = ScreenState.Shown.text(match.joke.text, match.joke.punchline)
      // The screen marks a saved joke with ✓, not with words.
      let mark = row.isSaved ? ScreenRow.saved : " "
      row.isSaved = false
      let screenRow = ScreenRow(row, mark: mark)
      let shown = ScreenState.Shown(match.joke, source: Kind.source, instants: dates.instant)
      return (ScreenState.Found(row: screenRow, shown: shown), match.joke)
    }
  }

  func save(_ joke: any SavedJoke) async throws(ChuckError) -> Int {
    guard let joke = joke as? Kind.Joke else {
      throw .internalError("a \(Kind.source.name) search found a joke of another kind")
    }
    var count = 0
    let outcome = await components.saver(Kind.self).save([joke.id]) {
      (_: String) async throws(ChuckError) -> Kind.Joke in
      joke
    } report: { event in
      if case .saved(_, let total) = event { count = total }
    }
    if let failure = outcome.failure { throw failure }
    return count
  }
}

/// The favourites tab's rows: every source's favourites by name, each with its joke's text.
public enum FavoriteRows {
  /// Reads the favourites and their jokes' whole texts (``Favorites/shown(texts:)``, as
  /// `chuck favorite list` does).
  /// - Parameter components: the components.
  /// - Returns: the rows, in name order; a favourite whose joke is gone says so.
  /// - Throws: a storage error.
  public static func rows(_ components: ChuckComponents) throws(ChuckError) -> [ScreenRow] {
    try components.favorites.shown { (source, ids) throws(ChuckError) in
      try components.browser(source).texts(of: ids)
    }.map { shown in
      ScreenRow(
        JokeListView.Row(
          id: shown.favorite.id, date: shown.favorite.addedAt, value: shown.shownText),
        mark: ScreenRow.favorite, name: shown.favorite.name, source: shown.favorite.source)
    }
  }

  /// `chuck favorite list`'s rows: each favourite by name, its joke's text (a two-part joke's
  /// setup), the date it was made a favourite, its source and id.
  /// - Parameter components: the components.
  /// - Returns: the rows, in name order.
  /// - Throws: a storage error.
  public static func listed(_ components: ChuckComponents) throws(ChuckError)
    -> [JokeListView.Row]
  {
    try components.favorites.shown { (source, ids) throws(ChuckError) in
      let texts = try components.list(of: source).texts()
      return Dictionary(
        uniqueKeysWithValues: ids.compactMap { id in texts.text(of: id).map { (id, $0) } })
    }.map { shown in
      JokeListView.Row(
        id: "\(shown.favorite.source.name) \(shown.favorite.id)",
        date: shown.favorite.addedAt, value: shown.shownText, dateLabel: "added ",
        heading: shown.favorite.name)
    }
  }
}
