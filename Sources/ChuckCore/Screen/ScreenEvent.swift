/// Something that happened, for ``ScreenState/handle(_:)``: a key, a new size, the spinner's
/// tick, or the result of an effect the terminal seam ran.
public enum ScreenEvent: Equatable, Sendable {
  /// A key was pressed.
  case key(ScreenKey)
  /// The terminal has a new size.
  case resized(ScreenSize)
  /// The spinner's clock, sent only while a fetch runs.
  case tick
  /// The list file was read (at start, after a change by another `chuck`, or after a write).
  case listLoaded([ScreenRow])
  /// The list file could not be read; the last list stays on the screen.
  case listFailed(ChuckError)
  /// A fetch saved a joke.
  /// - Parameters:
  ///   - id: the new joke's id.
  ///   - count: how many jokes the list holds now.
  ///   - rows: the list as saved.
  ///   - fetch: the number of the fetch (see ``ScreenEffect/fetchJoke(fetch:)``).
  case jokeSaved(id: String, count: Int, rows: [ScreenRow], fetch: Int)
  /// A fetch ended without saving (a duplicate, a network failure, a storage error).
  case fetchFailed(ChuckError, fetch: Int)
  /// The joke of the detail view was read from its list: what `chuck show` shows of it.
  case jokeLoaded(ScreenState.Shown)
  /// A favourite was made; the list with its new mark.
  case favoriteAdded(name: String, rows: [ScreenRow])
  /// A joke's icon is ready to show, or could not be had.
  case iconLoaded(id: String, icon: JokeDetailView.Icon)
  /// A joke was removed.
  case removed(Removal.Joke, rows: [ScreenRow])
  /// Loading a joke or removing one failed.
  case actionFailed(ChuckError)
}
