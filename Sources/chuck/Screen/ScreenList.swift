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
  /// The detail of a saved joke, as an event for the state.
  func detail(_ id: String) throws(ChuckError) -> ScreenEvent
}

extension Context {
  /// The screen's list of `source`: the other sources' commands serve as theirs.
  func screenList(_ source: JokeSource) -> any ScreenList {
    commands(for: source) ?? ChuckScreenList(components: components)
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

/// Chuck Norris jokes: `jokes.json`, read by the list's fast reader.
struct ChuckScreenList: ScreenList {
  let components: ChuckComponents
  var source: JokeSource { .chuck }

  func entries() throws(ChuckError) -> [JokeListView.Row] {
    let saved = try components.list(ChuckNorris.self).saved()
    return saved.oldestFirst().map { saved.row(at: $0) }
  }

  func fetchAndSave() async throws(ChuckError) -> (id: String, count: Int) {
    let joke = try await components.randomJokes.fetch(category: nil, excluding: [])
    if Task.isCancelled { throw .cancelled }
    return (joke.id, try components.list(ChuckNorris.self).add(joke))
  }

  func detail(_ id: String) throws(ChuckError) -> ScreenEvent {
    guard case .saved(let joke) = try components.list(ChuckNorris.self).find(id) else {
      throw .noSavedMatch(id)
    }
    return .jokeLoaded(joke)
  }
}
