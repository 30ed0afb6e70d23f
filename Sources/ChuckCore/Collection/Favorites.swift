/// The named favourites (`favorites.json`): saved jokes of any source marked under a name, names
/// unique case-insensitively, at most ``limit`` of them, listed by name.
///
/// A favourite is made under the data directory's lock, which its joke's list shares, and
/// `chuck remove` removes a joke and its favourite in one ``StorageTransaction``: a favourite
/// never outlives its joke, through a race between two `chuck`s or a crash.
public struct Favorites: Sendable {
  /// Where the favourites are stored.
  public let store: NetworkCache<Favorite>
  /// The most favourites (`CHUCK_FAVORITES_MAX`).
  public let limit: Int

  /// The limits `favorites-max` takes.
  public static let limits = 1...1000

  /// Makes the favourites over a store.
  /// - Parameters:
  ///   - store: the on-disk list.
  ///   - limit: the most favourites.
  public init(store: NetworkCache<Favorite>, limit: Int) {
    self.store = store
    self.limit = limit
  }

  /// The favourites, by name (case-insensitively, then byte for byte).
  /// - Throws: a storage error.
  public func sorted() throws(ChuckError) -> [Favorite] {
    try store.load().sorted(by: Favorite.inNameOrder)
  }

  /// A favourite as a list shows it: with its joke's text.
  public struct Shown: Sendable {
    /// The favourite.
    public let favorite: Favorite
    /// Its joke's text (a two-part joke's setup); `nil` when the joke was taken out of its list
    /// by other means than `chuck remove`.
    public let text: String?

    /// The text a list shows: the joke's, else `(no longer in your list)`, or for a source the
    /// config file no longer declares, that it is not declared.
    public var shownText: String {
      text
        ?? (favorite.source.isDormant
          ? "(\(favorite.source.name) is not declared in your config file)"
          : "(no longer in your list)")
    }
  }

  /// The favourites by name, each with its joke's text, read at one moment (each source's list
  /// once, under the shared lock: ``FileStore/together(_:)``): what `chuck favorite list` and the
  /// screen's favourites tab show.
  /// - Parameter texts: the texts of a source's saved jokes with these ids (those still saved).
  /// - Returns: the favourites in name order.
  /// - Throws: a storage error.
  public func shown(
    texts: (JokeSource, Set<String>) throws(ChuckError) -> [String: String]
  ) throws(ChuckError) -> [Shown] {
    try store.file.together { () throws(ChuckError) -> [Shown] in
      let favorites = try sorted()
      var found: [JokeSource: [String: String]] = [:]
      // A dormant source's list is not read: its jokes' shape is no longer declared.
      for source in Set(favorites.map(\.source)) where !source.isDormant {
        found[source] = try texts(source, Set(favorites.filter { $0.source == source }.map(\.id)))
      }
      return favorites.map { Shown(favorite: $0, text: found[$0.source]?[$0.id]) }
    }
  }

  /// What ``add(name:idOrPrefix:in:at:)`` made.
  public struct Added: Sendable {
    /// The favourite.
    public let favorite: Favorite
    /// Its joke's text (a two-part joke's setup).
    public let text: String
    /// How many favourites there are now.
    public let count: Int
  }

  /// Marks a saved joke as a favourite.
  /// - Parameters:
  ///   - name: the favourite's name.
  ///   - idOrPrefix: the joke's id or a unique prefix of it.
  ///   - list: the joke's source's list.
  ///   - time: when it is made a favourite.
  /// - Returns: the favourite, its joke's text, and the count.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for a bad name or short prefix,
  ///   ``ChuckError/noSavedMatch(_:)``, ``ChuckError/ambiguousID(prefix:candidates:)``,
  ///   ``ChuckError/alreadyFavorite(name:)``, ``ChuckError/favoriteNameTaken(_:)``,
  ///   ``ChuckError/favoritesFull(limit:)`` (and nothing is written), or a storage error.
  public func add(
    name: String, idOrPrefix: String, in list: some SavedListProtocol, at time: PostgresTimestamp
  ) throws(ChuckError) -> Added {
    if let problem = Favorite.nameProblem(name) { throw .invalidArgument(problem) }
    let path = store.fileURL.path
    let limit = limit
    return try list.file.exclusively { () throws(ChuckError) -> Added in
      guard let entry = try list.entry(matching: idOrPrefix) else {
        throw .noSavedMatch(idOrPrefix)
      }
      let favorite = Favorite(name: name, source: list.source, id: entry.id, addedAt: time)
      let count = try store.append(favorite) { (raw: RawItems) throws(ChuckError) in
        let current = try raw.decode(Favorite.self, path: path)
        if let same = current.first(where: { $0.source == favorite.source && $0.id == entry.id }) {
          throw .alreadyFavorite(name: same.name)
        }
        if let taken = current.first(where: { Favorite.sameName($0.name, name) }) {
          throw .favoriteNameTaken(taken.name)
        }
        guard current.count < limit else { throw .favoritesFull(limit: limit) }
      }
      return Added(favorite: favorite, text: entry.text, count: count)
    }
  }

  /// Removes the favourite with this name, compared case-insensitively.
  /// - Parameter name: the name.
  /// - Returns: the favourite removed.
  /// - Throws: ``ChuckError/noFavorite(_:)`` when no favourite has that name, or a storage
  ///   error.
  public func remove(named name: String) throws(ChuckError) -> Favorite {
    let path = store.fileURL.path
    var removed: Favorite?
    _ = try store.remove { (raw: RawItems) throws(ChuckError) -> Set<Int> in
      let current = try raw.decode(Favorite.self, path: path)
      guard let index = current.firstIndex(where: { Favorite.sameName($0.name, name) }) else {
        throw .noFavorite(name)
      }
      removed = current[index]
      return [index]
    }
    guard let removed else { throw .noFavorite(name) }
    return removed
  }

  /// Gives the favourite with this name (compared case-insensitively) a new name; the joke and
  /// the date it was made a favourite stay.
  /// - Parameters:
  ///   - name: its name.
  ///   - newName: its new name (the same name in other case is allowed).
  /// - Returns: the favourite as renamed.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for a bad name, ``ChuckError/noFavorite(_:)``,
  ///   ``ChuckError/favoriteNameTaken(_:)`` (and nothing is written), or a storage error.
  @discardableResult
  public func rename(named name: String, to newName: String) throws(ChuckError) -> Favorite {
    if let problem = Favorite.nameProblem(newName) { throw .invalidArgument(problem) }
    var renamed: Favorite?
    try store.rewrite { (current: [Favorite]) throws(ChuckError) -> [Favorite] in
      guard let index = current.firstIndex(where: { Favorite.sameName($0.name, name) }) else {
        throw .noFavorite(name)
      }
      if let taken = current.indices.first(where: {
        $0 != index && Favorite.sameName(current[$0].name, newName)
      }) {
        throw .favoriteNameTaken(current[taken].name)
      }
      var changed = current
      let old = current[index]
      changed[index] = Favorite(name: newName, source: old.source, id: old.id, addedAt: old.addedAt)
      renamed = changed[index]
      return changed
    }
    guard let renamed else { throw .noFavorite(name) }
    return renamed
  }

  /// The change that removes the favourites of these jokes, which are being removed from their
  /// list in the same transaction; the caller holds the data directory's lock.
  /// - Parameters:
  ///   - ids: the jokes' full ids.
  ///   - source: their source.
  /// - Returns: the favourites' new content, or `nil` when none of the jokes is a favourite.
  /// - Throws: a storage error.
  public func removal(ofJokes ids: Set<String>, of source: JokeSource) throws(ChuckError)
    -> FileChange?
  {
    let path = store.fileURL.path
    return try store.removal { (raw: RawItems) throws(ChuckError) -> Set<Int> in
      let current = try raw.decode(Favorite.self, path: path)
      return Set(
        current.indices.filter { current[$0].source == source && ids.contains(current[$0].id) })
    }.change
  }
}
