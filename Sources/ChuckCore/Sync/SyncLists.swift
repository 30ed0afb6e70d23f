/// What a sync merges: every source's saved jokes and the favourites, as a machine keeps them
/// or as ``SyncFold`` makes them from the records.
public struct SyncLists: Sendable, Equatable {
  /// Each source's saved jokes, in list order (oldest first). A merge gives every source that a
  /// record of a joke names, even one whose list ends empty, so that its list is emptied too.
  public var saved: [JokeSource: [StoredJoke]]
  /// The favourites, in name order (``Favorite/inNameOrder(_:_:)``).
  public var favorites: [Favorite]

  /// Makes the lists.
  /// - Parameters:
  ///   - saved: each source's saved jokes, in list order.
  ///   - favorites: the favourites.
  public init(saved: [JokeSource: [StoredJoke]] = [:], favorites: [Favorite] = []) {
    self.saved = saved
    self.favorites = favorites
  }

  /// The sources of ``saved``, by name: the order a sync visits them in.
  public var sources: [JokeSource] {
    saved.keys.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
  }
}
