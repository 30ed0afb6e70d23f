/// The merge of a sync: the lists that a set of records makes, the same on every machine.
///
/// The records may come from any number of replicas, in any order, with copies; the result
/// depends only on which records there are. Copies of one record (same replica and sequence) count
/// once; the records are put in one order every machine agrees on
/// (``SyncRecord/inMergeOrder(_:_:)``), then applied one by one with the rules a single machine
/// applies (``Favorites``, ``SavedList``), a change those rules refuse being skipped:
///
/// - Saved jokes are a set by (source, id): a save of a joke that is not saved adds it at the end
///   of its list; a save of a saved joke changes nothing (the first save's item and place stay,
///   as `chuck save` refuses a duplicate). A remove takes it out, with its favourite. So the
///   later of save and remove wins: a remove beats an older save, a later save an older remove.
/// - A favourite needs its joke saved when it is made, and goes when its joke goes: a favourite
///   never outlives its joke.
/// - Favourite names go to the last writer: a favourite made or renamed under a name that
///   another joke's favourite holds (compared case-insensitively) takes the name, and that other
///   favourite is dropped; a joke's favourite made again under another name replaces the first.
///   A rename or remove finds the favourite by its joke, whatever it is named by then.
/// - The favourites limit is checked as each favourite is made, in merge order: one that would
///   make more than ``favoritesLimit`` favourites is not made (the later one loses, as
///   `chuck favorite add` refuses it), and does not come back when room is made later.
/// - A change of a kind this build does not know is skipped. A record stamped more than
///   ``HybridLogicalClock/maximumDrift`` ahead of `now` waits, taken by a later merge. Two
///   different records under one replica and sequence (a damaged or forged log) are both set
///   aside.
///
/// What was skipped or set aside, and favourites dropped by another's name, are ``Note``s.
public struct SyncFold: Sendable {
  /// The most favourites (`favorites-max`). Every machine must merge with the same limit for
  /// their lists to agree.
  public let favoritesLimit: Int

  /// Makes a merge.
  /// - Parameter favoritesLimit: the most favourites.
  public init(favoritesLimit: Int) {
    self.favoritesLimit = favoritesLimit
  }

  /// What a merge made.
  public struct Result: Sendable, Equatable {
    /// The lists.
    public let lists: SyncLists
    /// What did not apply as written, the records set aside first, each group in merge order.
    public let notes: [Note]
  }

  /// Merges records into lists.
  /// - Parameters:
  ///   - records: the records of every log, in any order, with any copies.
  ///   - now: the wall clock, in milliseconds since 1970: records stamped more than a day after
  ///     it wait.
  /// - Returns: the lists and the notes.
  public func fold(_ records: some Sequence<SyncRecord>, now: UInt64) -> Result {
    var notes: [Note] = []
    var admitted: [SyncRecord] = []
    for record in Self.distinct(records, notes: &notes) {
      if let problem = HybridLogicalClock.aheadProblem(record.clock, now: now) {
        notes.append(Note(record: record, outcome: .aheadOfClock(problem)))
      } else {
        admitted.append(record)
      }
    }
    notes.sort { Self.inNoteOrder($0.record, $1.record) }
    var state = State(limit: Self.limit(of: admitted) ?? favoritesLimit)
    for record in admitted.sorted(by: SyncRecord.inMergeOrder) {
      state.apply(record, notes: &notes)
    }
    return Result(lists: state.lists, notes: notes)
  }

  /// The favourites limit every machine merges with: the smallest of each replica's latest
  /// `favorites-limit`, `nil` when no replica recorded one.
  static func limit(of records: [SyncRecord]) -> Int? {
    var latest: [ReplicaID: (clock: HybridTimestamp, limit: Int)] = [:]
    for record in records {
      guard case .favoritesLimit(let limit) = record.operation else { continue }
      if let known = latest[record.replica], known.clock > record.clock { continue }
      latest[record.replica] = (record.clock, limit)
    }
    return latest.values.map(\.limit).min()
  }

  /// The records counted once each; records that share a replica and sequence but differ are
  /// set aside, every one of them, whatever order they came in.
  private static func distinct(
    _ records: some Sequence<SyncRecord>, notes: inout [Note]
  ) -> [SyncRecord] {
    var kept: [Place: SyncRecord] = [:]
    var conflicting: [Place: Set<SyncRecord>] = [:]
    for record in records {
      let key = Place(replica: record.replica, sequence: record.sequence)
      if let first = kept[key] {
        if first != record { conflicting[key, default: [first]].insert(record) }
      } else {
        kept[key] = record
      }
    }
    for (key, copies) in conflicting {
      kept[key] = nil
      notes += copies.map { Note(record: $0, outcome: .conflictingCopies) }
    }
    return Array(kept.values)
  }

  /// A record's place: its replica's log and its sequence there.
  private struct Place: Hashable {
    let replica: ReplicaID
    let sequence: UInt64
  }

  /// Merge order, and for records set aside that share a place in it, their bytes.
  private static func inNoteOrder(_ lhs: SyncRecord, _ rhs: SyncRecord) -> Bool {
    if SyncRecord.inMergeOrder(lhs, rhs) { return true }
    if SyncRecord.inMergeOrder(rhs, lhs) { return false }
    return lhs.encoded().lexicographicallyPrecedes(rhs.encoded())
  }

  /// The lists as the records are applied.
  private struct State {
    struct JokeKey: Hashable {
      let source: JokeSource
      let id: String
    }

    let limit: Int
    /// The saved jokes, with the place in merge order of the save that added each.
    var saved: [JokeKey: (place: Int, joke: StoredJoke)] = [:]
    var sources: Set<JokeSource> = []
    var favoriteOf: [JokeKey: Favorite] = [:]
    /// The joke whose favourite holds a name, by the name in lower case.
    var holderOf: [String: JokeKey] = [:]
    var place = 0

    init(limit: Int) { self.limit = limit }

    var lists: SyncLists {
      var lists = SyncLists(favorites: favoriteOf.values.sorted(by: Favorite.inNameOrder))
      for source in sources { lists.saved[source] = [] }
      for (key, entry) in saved.sorted(by: { $0.value.place < $1.value.place }) {
        lists.saved[key.source, default: []].append(entry.joke)
      }
      return lists
    }

    mutating func apply(_ record: SyncRecord, notes: inout [Note]) {
      place += 1
      switch record.operation {
      case .jokeSaved(let source, let joke, _):
        sources.insert(source)
        let key = JokeKey(source: source, id: joke.id)
        if saved[key] == nil { saved[key] = (place, joke) }
      case .jokeRemoved(let source, let id):
        sources.insert(source)
        let key = JokeKey(source: source, id: id)
        saved[key] = nil
        dropFavorite(of: key)
      case .favoriteAdded(let name, let source, let id, let addedAt):
        let key = JokeKey(source: source, id: id)
        guard saved[key] != nil else {
          return notes.append(Note(record: record, outcome: .jokeNotSaved))
        }
        let holder = holderOf[name.lowercased()].flatMap { $0 == key ? nil : $0 }
        let own = favoriteOf[key]
        let count = favoriteOf.count + 1 - (holder == nil ? 0 : 1) - (own == nil ? 0 : 1)
        guard count <= limit else {
          return notes.append(Note(record: record, outcome: .favoritesFull(limit: limit)))
        }
        if let holder, let dropped = dropFavorite(of: holder) {
          notes.append(Note(record: record, outcome: .replacedFavorite(dropped)))
        }
        if let dropped = dropFavorite(of: key), !Favorite.sameName(dropped.name, name) {
          notes.append(Note(record: record, outcome: .replacedFavorite(dropped)))
        }
        setFavorite(Favorite(name: name, source: source, id: id, addedAt: addedAt), of: key)
      case .favoriteRenamed(_, let newName, let source, let id):
        let key = JokeKey(source: source, id: id)
        guard let own = dropFavorite(of: key) else {
          return notes.append(Note(record: record, outcome: .noFavorite))
        }
        if let holder = holderOf[newName.lowercased()], let dropped = dropFavorite(of: holder) {
          notes.append(Note(record: record, outcome: .replacedFavorite(dropped)))
        }
        setFavorite(
          Favorite(name: newName, source: source, id: id, addedAt: own.addedAt), of: key)
      case .favoriteRemoved(_, let source, let id):
        dropFavorite(of: JokeKey(source: source, id: id))
      case .favoritesLimit:
        break
      case .unknown:
        notes.append(Note(record: record, outcome: .unknownOperation))
      }
    }

    mutating func setFavorite(_ favorite: Favorite, of key: JokeKey) {
      favoriteOf[key] = favorite
      holderOf[favorite.name.lowercased()] = key
    }

    @discardableResult
    mutating func dropFavorite(of key: JokeKey) -> Favorite? {
      guard let favorite = favoriteOf.removeValue(forKey: key) else { return nil }
      holderOf[favorite.name.lowercased()] = nil
      return favorite
    }
  }
}
