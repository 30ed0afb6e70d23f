/// `chuck search` and the screen's search: the service's matches, each marked when it is saved;
/// a joke the service sends without a date shows the date it was saved, if it was.
public enum SearchResults {
  /// One match.
  public struct Match<Joke: SavedJoke>: Sendable {
    /// The joke as the service sent it.
    public let joke: Joke
    /// As the list shows it, marked saved when it is, dated when it was saved (else sent).
    public let row: JokeListView.Row
  }

  /// The service's matches for `query`, in the order to show.
  /// - Parameters:
  ///   - kind: the kind searched.
  ///   - query: the text.
  ///   - components: the components.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for a source that cannot search, or the
  ///   service's error.
  public static func find<Kind: JokeKind>(
    _ kind: Kind.Type, _ query: String, _ components: ChuckComponents
  ) async throws(ChuckError) -> [Kind.Joke] {
    try await findInLanguage(kind, query, components).jokes
  }

  /// The service's matches for `query` as ``find(_:_:_:)`` has them, searched in the configured
  /// language when the service has it, else (none matching in it) in English
  /// (``ServiceClient/searchInLanguage(_:)``).
  /// - Parameters:
  ///   - kind: the kind searched.
  ///   - query: the text.
  ///   - components: the components.
  /// - Returns: the matches, and the fallback when they were found in English instead: its
  ///   ``LanguageFallback/searchNote`` is for the user.
  /// - Throws: as ``find(_:_:_:)``.
  public static func findInLanguage<Kind: JokeKind>(
    _ kind: Kind.Type, _ query: String, _ components: ChuckComponents
  ) async throws(ChuckError) -> (jokes: [Kind.Joke], fallback: LanguageFallback?) {
    guard Kind.source.canSearch else { throw .invalidArgument(Kind.source.cannotSearchMessage) }
    return try await Kind.client(components).searchInLanguage(query)
  }

  /// The matches, each marked against the saved list.
  /// - Parameters:
  ///   - found: the service's matches.
  ///   - components: the components.
  /// - Throws: a storage error.
  public static func marked<Joke: SavedJoke, Kind: JokeKind>(
    _ found: [Joke], in kind: Kind.Type, _ components: ChuckComponents
  ) throws(ChuckError) -> [Match<Joke>] where Kind.Joke == Joke {
    let saved = try components.list(kind).saved()
    return found.map { joke in
      let position = saved.position(of: joke.id)
      var row = joke.listRow
      row.date = position.map { saved.row(at: $0).date } ?? joke.sentDate
      row.isSaved = position != nil
      return Match(joke: joke, row: row)
    }
  }
}
