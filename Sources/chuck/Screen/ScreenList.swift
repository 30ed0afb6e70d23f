import ChuckCore

/// What the screen does with the list of the source it shows: its rows (with the favourites'
/// marks), Joke! (`chuck random`'s fetch and save), a joke's detail. Removing and favourites go
/// through the components, the same for every source.
protocol ScreenList: Sendable {
  /// The source.
  var source: JokeSource { get }
  /// The saved jokes as `chuck list` shows them, oldest first, without marks.
  func entries() throws(ChuckError) -> [JokeListView.Row]
  /// Fetches a random joke and saves it; the joke's id and the list's count.
  func fetchAndSave() async throws(ChuckError) -> (id: String, count: Int)
  /// What the detail shows of a saved joke.
  func detail(_ id: String) throws(ChuckError) -> ScreenState.Shown
}

extension Context {
  /// The screen's list of `source`.
  func screenList(_ source: JokeSource) -> any ScreenList {
    func make<Kind: JokeKind>(_ kind: Kind.Type) -> any ScreenList {
      KindScreenList<Kind>(components: components)
    }
    return make(source.kind)
  }
}

extension ScreenList {
  /// The rows, each marked ★ when it is a favourite, else ☆.
  func rows(_ components: ChuckComponents) throws(ChuckError) -> [ScreenRow] {
    let favorites = Set(
      try components.favorites.sorted().filter { $0.source == source }.map(\.id))
    return try entries().map {
      ScreenRow($0, mark: favorites.contains($0.id) ? ScreenRow.favorite : ScreenRow.notFavorite)
    }
  }
}

/// One kind's list on the screen.
struct KindScreenList<Kind: JokeKind>: ScreenList {
  let components: ChuckComponents
  var source: JokeSource { Kind.source }

  func entries() throws(ChuckError) -> [JokeListView.Row] {
    let saved = try components.list(Kind.self).saved()
    return saved.oldestFirst().map { saved.row(at: $0) }
  }

  func fetchAndSave() async throws(ChuckError) -> (id: String, count: Int) {
    let (joke, count) = try await components.fetchAndSave(Kind.self)
    return (joke.id, count)
  }

  func detail(_ id: String) throws(ChuckError) -> ScreenState.Shown {
    guard let joke = try components.list(Kind.self).joke(matching: id) else {
      throw .noSavedMatch(id)
    }
    return ScreenState.Shown(joke)
  }
}
