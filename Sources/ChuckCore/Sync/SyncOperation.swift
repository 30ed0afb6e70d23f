/// One change to the lists, as a machine's sync log records it: the issue's "a joke saved (the
/// item as stored), removed, added to `mine`, imported; a favourite added, renamed, removed".
/// Adding to `mine` and importing are saves, told apart by their ``SaveReason``.
///
/// A favourite is known by its joke (a joke is a favourite at most once), so a rename elsewhere
/// does not hide it from a later rename or remove; its name travels too, for messages.
///
/// Coded as an object with a `kind` (`joke-saved`, `joke-removed`, `favorite-added`,
/// `favorite-renamed`, `favorite-removed`) and that kind's fields. A kind this build does not
/// know, written by a newer chuck, decodes as ``unknown(kind:)`` instead of failing: the merge
/// skips it and says so, and every other record of the log is merged.
public enum SyncOperation: Sendable, Hashable {
  /// A joke was saved to its source's list: from a service, added to `mine`, or imported.
  case jokeSaved(source: JokeSource, joke: StoredJoke, reason: SaveReason)
  /// A joke was removed from its source's list (and its favourite with it).
  case jokeRemoved(source: JokeSource, id: String)
  /// A saved joke was made a favourite under a name, at a time (``Favorite/addedAt``).
  case favoriteAdded(name: String, source: JokeSource, id: String, addedAt: PostgresTimestamp)
  /// The favourite of a joke was renamed from `name` to `newName`.
  case favoriteRenamed(name: String, newName: String, source: JokeSource, id: String)
  /// The favourite of a joke, named `name`, was removed; the joke stays saved.
  case favoriteRemoved(name: String, source: JokeSource, id: String)
  /// The replica's `favorites-max` from now on (recorded when it joins and whenever the setting
  /// changed): the merge makes at most the smallest of every replica's latest favourites, so
  /// that every machine keeps the same ones.
  case favoritesLimit(Int)
  /// A kind of change this build does not know (from a newer chuck): skipped by the merge.
  case unknown(kind: String)

  /// The word that names the kind in a record.
  public var kind: String {
    switch self {
    case .jokeSaved: "joke-saved"
    case .jokeRemoved: "joke-removed"
    case .favoriteAdded: "favorite-added"
    case .favoriteRenamed: "favorite-renamed"
    case .favoriteRemoved: "favorite-removed"
    case .favoritesLimit: "favorites-limit"
    case .unknown(let kind): kind
    }
  }

  /// The joke the change is about, `nil` for a limit or an unknown kind.
  public var subject: (source: JokeSource, id: String)? {
    switch self {
    case .jokeSaved(let source, let joke, _): (source, joke.id)
    case .jokeRemoved(let source, let id), .favoriteAdded(_, let source, let id, _),
      .favoriteRenamed(_, _, let source, let id), .favoriteRemoved(_, let source, let id):
      (source, id)
    case .favoritesLimit, .unknown: nil
    }
  }
}
