/// What the one random action brought (``ChuckComponents/fetchRandom(_:category:exclusions:)``):
/// a joke saved, or a feed's latest list with its new items saved.
public enum RandomFetch<Joke: SavedJoke>: Sendable {
  /// One joke, saved: how many jokes the list holds now, and the fallback when it came in
  /// English because the service had none in the configured language (its note is for the user).
  case joke(Joke, count: Int, fallback: LanguageFallback?)
  /// A feed's whole latest list: how many items the service sent, the new ones (saved, in the
  /// service's order), and how many the list holds now. None new is a success.
  case feed(sent: Int, added: [Joke], count: Int)
}

extension ChuckComponents {
  /// The one random action, of `chuck random` and the screen's Joke! alike: a feed (a declared
  /// source with `list`) brings its whole latest list and saves what is new (`--category` does
  /// not apply to it); any other source brings one joke of the category, none of the exclusions
  /// (the command line's, then the configured ones its service knows), saved under the duplicate
  /// rule. When it fails because the service is down or out of reach after the retries, the
  /// caller shows the stored list with the error (``ChuckError/showsStoredList``).
  /// - Parameters:
  ///   - kind: the source's kind.
  ///   - category: only a joke of this category (a source with categories).
  ///   - exclusions: the categories left out (`--exclude`, and `CHUCK_EXCLUDE` unless lifted).
  /// - Returns: what came, and what was saved.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for a category of a feed; the service's error;
  ///   ``ChuckError/cancelled``; ``ChuckError/duplicate(id:preview:)``; a storage error.
  public func fetchRandom<Kind: JokeKind>(
    _ kind: Kind.Type, category: String? = nil, exclusions: Exclusions = Exclusions()
  ) async throws(ChuckError) -> RandomFetch<Kind.Joke> {
    if Kind.abilities.contains(.feed) {
      guard category == nil else {
        throw .invalidArgument(
          "\(Kind.name) is a list fetched whole: --category does not apply (chuck list --source "
            + "\(Kind.name) shows it)")
      }
      let (sent, added, count) = try await fetchFeedAndSave(kind)
      return .feed(sent: sent, added: added, count: count)
    }
    let excluded = try await exclusions.names(for: kind, self)
    let (joke, count, fallback) = try await fetchAndSave(
      kind, category: category, excluding: excluded)
    return .joke(joke, count: count, fallback: fallback)
  }
}

extension ChuckError {
  /// Whether the stored list is shown with this error, as the Articles seed asks on a 5xx or no
  /// network: the service down or out of reach after the retries — not an answer that does not
  /// fit the declaration, which the stored list would only hide.
  public var showsStoredList: Bool {
    switch self {
    case .serverError, .connectionFailed, .timedOut, .rateLimited, .proxyRefused,
      .certificateRejected:
      true
    default: false
    }
  }
}
