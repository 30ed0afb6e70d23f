/// The changes made on this machine since its last sync: what turns the lists as that sync left
/// them (the base) into the lists as they are now, as operations for this machine's log.
///
/// A change is recorded, and stamped by this machine's clock, when the next sync finds it (right
/// after the change with `sync = "auto"`). Operations come in an order the merge applies without
/// surprises: saves, then favourites removed, renamed and made, then jokes removed.
public enum SyncDiff {
  /// The operations from `base` to `lists`.
  /// - Parameters:
  ///   - base: the lists as the last sync left them (empty before the first).
  ///   - lists: the lists now.
  ///   - sources: the sources whose lists this machine reads (declared here, or built in); a
  ///     source another machine declares and this one does not is neither saved nor removed.
  /// - Returns: the operations, in the order to record them.
  public static func operations(
    from base: SyncLists, to lists: SyncLists, sources: [JokeSource]
  ) -> [SyncOperation] {
    var saves: [SyncOperation] = []
    var removes: [SyncOperation] = []
    var stillSaved: Set<Key> = []
    for source in sources {
      let before = base.saved[source] ?? []
      let now = lists.saved[source] ?? []
      let beforeIDs = Set(before.map(\.id))
      let nowIDs = Set(now.map(\.id))
      let reason: SaveReason = source == .mine ? .added : .saved
      for joke in now where !beforeIDs.contains(joke.id) {
        saves.append(.jokeSaved(source: source, joke: joke, reason: reason))
      }
      for joke in before where !nowIDs.contains(joke.id) {
        removes.append(.jokeRemoved(source: source, id: joke.id))
      }
      for id in nowIDs { stillSaved.insert(Key(source: source, id: id)) }
    }
    let read = Set(sources)
    return saves
      + favoriteChanges(from: base.favorites, to: lists.favorites) { key in
        !read.contains(key.source) || stillSaved.contains(key)
      } + removes
  }

  /// A joke: its source and id.
  private struct Key: Hashable {
    let source: JokeSource
    let id: String
  }

  /// The favourites removed, renamed and made. A favourite renamed to a name another favourite
  /// held in the base is recorded as removed and made again, so that a swap of two names never
  /// passes through two favourites of one name (the merge would keep only one).
  private static func favoriteChanges(
    from base: [Favorite], to now: [Favorite], isSaved: (Key) -> Bool
  ) -> [SyncOperation] {
    var before: [Key: Favorite] = [:]
    for favorite in base { before[Key(source: favorite.source, id: favorite.id)] = favorite }
    let heldBefore = Set(base.map { $0.name.lowercased() })
    var removed: [SyncOperation] = []
    var renamed: [SyncOperation] = []
    var added: [SyncOperation] = []
    var kept: Set<Key> = []
    for favorite in now.sorted(by: Favorite.inNameOrder) {
      let key = Key(source: favorite.source, id: favorite.id)
      kept.insert(key)
      let made = SyncOperation.favoriteAdded(
        name: favorite.name, source: favorite.source, id: favorite.id, addedAt: favorite.addedAt)
      guard let old = before[key] else {
        added.append(made)
        continue
      }
      guard old.name != favorite.name else { continue }
      if !Favorite.sameName(old.name, favorite.name),
        heldBefore.contains(favorite.name.lowercased())
      {
        removed.append(.favoriteRemoved(name: old.name, source: old.source, id: old.id))
        added.append(made)
      } else {
        renamed.append(
          .favoriteRenamed(
            name: old.name, newName: favorite.name, source: favorite.source, id: favorite.id))
      }
    }
    for favorite in base.sorted(by: Favorite.inNameOrder) {
      let key = Key(source: favorite.source, id: favorite.id)
      guard !kept.contains(key), isSaved(key) else { continue }
      removed.append(
        .favoriteRemoved(name: favorite.name, source: favorite.source, id: favorite.id))
    }
    return removed + renamed + added
  }
}
