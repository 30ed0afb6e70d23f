/// Something that happened, for ``ScreenState/handle(_:)``: a key, a new size, the spinner's
/// tick, or the result of an effect the terminal seam ran.
public enum ScreenEvent: Equatable, Sendable {
  /// A key was pressed (or the mouse used).
  /// - Parameters:
  ///   - key: the key.
  ///   - together: whether it came with other keys at once (see
  ///     ``KeyDecoder/read(_:at:)``), as an unbracketed paste does: it still acts, but not as an
  ///     action that changes what is saved or reaches outside the screen, nor as Enter in a
  ///     text prompt.
  case key(ScreenKey, together: Bool = false)
  /// The terminal has a new size.
  case resized(ScreenSize)
  /// The spinner's clock, sent only while a fetch or a search runs.
  case tick
  /// A tab's rows were read (at start, when the tab is first shown, after a change by another
  /// `chuck`, or after a write).
  /// - Parameters:
  ///   - rows: the rows.
  ///   - tab: the tab's position.
  case listLoaded([ScreenRow], tab: Int = 0)
  /// A list file could not be read; the last list stays on the screen.
  case listFailed(ChuckError)
  /// A fetch saved a joke.
  /// - Parameters:
  ///   - id: the new joke's id.
  ///   - count: how many jokes the list holds now.
  ///   - rows: the list as saved.
  ///   - fetch: the number of the fetch (see ``ScreenEffect/fetchJoke(fetch:tab:)``).
  ///   - punchline: a two-part joke's setup and punchline, shown one after the other.
  case jokeSaved(
    id: String, count: Int, rows: [ScreenRow], fetch: Int,
    punchline: ScreenState.Punchline? = nil)
  /// A fetch ended without saving (a duplicate, a network failure, a storage error).
  case fetchFailed(ChuckError, fetch: Int)
  /// The joke of the detail view was read from its list: what `chuck show` shows of it.
  case jokeLoaded(ScreenState.Shown)
  /// A favourite was made; the tab's list with its new mark.
  case favoriteAdded(name: String, rows: [ScreenRow])
  /// A joke's icon is ready to show, or could not be had.
  case iconLoaded(id: String, icon: JokeDetailView.Icon)
  /// A joke was removed.
  case removed(Removal.Joke, rows: [ScreenRow])
  /// Loading a joke, removing one, a favourite's change or opening a link failed.
  case actionFailed(ChuckError)
  /// A search ended.
  /// - Parameters:
  ///   - number: the search's number (see ``ScreenEffect/search(query:number:tab:)``).
  ///   - results: the jokes found.
  case searchFinished(number: Int, results: [ScreenState.Found])
  /// A search failed.
  case searchFailed(ChuckError, number: Int)
  /// An effect was done: what the status line says of it.
  case done(TerminalText)
}
