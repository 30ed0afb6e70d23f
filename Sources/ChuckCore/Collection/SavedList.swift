import FoundationEssentials

/// The saved list of one kind of joke, with the rules `chuck` applies to every source's list:
/// never the same id twice, shown oldest first, found by id or unique prefix.
public struct SavedList<Kind: JokeKind>: Sendable {
  /// The joke type.
  public typealias Joke = Kind.Joke
  /// Where the jokes are stored.
  public let store: NetworkCache<Joke>

  /// Makes a list over a store.
  /// - Parameter store: the on-disk list.
  public init(store: NetworkCache<Joke>) {
    self.store = store
  }

  /// The saved jokes, checked, ready to list or look up.
  /// - Returns: the saved jokes; none when there is no list file yet.
  /// - Throws: a storage error, or ``ChuckError/storageCorrupt(path:reason:)`` for an item that
  ///   is not a joke of this kind.
  public func saved() throws(ChuckError) -> Kind.Index {
    try Kind.Index(try store.loadRaw(), path: store.fileURL.path)
  }

  /// Saves a joke unless one with its id is already saved. The other jokes are written back byte
  /// for byte, and the new item is read back before it is written.
  /// - Parameter joke: the joke as the service sent it.
  /// - Returns: how many jokes the list holds now.
  /// - Throws: ``ChuckError/duplicate(id:preview:)`` (and the file is not rewritten) when the id
  ///   is already saved, or a storage error.
  public func add(_ joke: Joke) throws(ChuckError) -> Int {
    let path = store.fileURL.path
    return try store.append(
      joke,
      check: { (raw: RawItems) throws(ChuckError) in
        let saved = try Kind.Index(raw, path: path)
        if let position = saved.position(of: joke.id) {
          throw .duplicate(id: joke.id, preview: JokePreview.make(saved.text(at: position)).string)
        }
      },
      readBack: { (raw: RawItems) throws(ChuckError) in _ = try Kind.Index(raw, path: path) })
  }

  /// Saves the jokes whose ids are not saved yet (a feed's latest list), in their order, in one
  /// write; the saved ones are left as they are, and none is removed. An id twice in `jokes`
  /// is saved once.
  /// - Parameter jokes: the jokes as the service sent them.
  /// - Returns: the new jokes, in their order, and how many jokes the list holds now.
  /// - Throws: a storage error; nothing is written then.
  public func addNew(_ jokes: [Joke]) throws(ChuckError) -> (added: [Joke], count: Int) {
    let path = store.fileURL.path
    let result = try store.append(
      contentsOf: jokes,
      select: { (raw: RawItems) throws(ChuckError) -> [Int] in
        let saved = try Kind.Index(raw, path: path)
        var seen: [String: Bool] = [:]
        return jokes.indices.filter { index in
          let id = jokes[index].id
          guard saved.position(of: id) == nil, seen[id] == nil else { return false }
          seen[id] = true
          return true
        }
      },
      readBack: { (raw: RawItems) throws(ChuckError) in _ = try Kind.Index(raw, path: path) })
    return (result.appended.map { jokes[$0] }, result.count)
  }

  /// What an id or prefix matches in the list.
  public enum Match: Equatable, Sendable {
    /// Exactly one saved joke.
    case saved(Joke)
    /// Several saved jokes; their ids, sorted.
    case ambiguous([String])
    /// No saved joke.
    case none
  }

  /// Finds the saved joke whose id is `idOrPrefix` or starts with it (``positions(of:in:)``).
  /// - Parameter idOrPrefix: a full id or a prefix.
  /// - Returns: the match.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for a prefix that is too short, or a storage
  ///   error.
  public func find(_ idOrPrefix: String) throws(ChuckError) -> Match {
    let saved = try saved()
    let positions = try Self.positions(of: idOrPrefix, in: saved)
    switch positions.count {
    case 0: return .none
    case 1: return .saved(try saved.joke(at: positions[0]))
    default: return .ambiguous(positions.map { saved.id(at: $0) }.sorted())
    }
  }

  /// The saved joke whose id is `idOrPrefix` or starts with it.
  /// - Parameter idOrPrefix: a full id or a prefix.
  /// - Returns: the joke, or `nil` when none matches.
  /// - Throws: as ``find(_:)``, and ``ChuckError/ambiguousID(prefix:candidates:)``.
  public func joke(matching idOrPrefix: String) throws(ChuckError) -> Joke? {
    switch try find(idOrPrefix) {
    case .saved(let joke): return joke
    case .ambiguous(let candidates): throw .ambiguousID(prefix: idOrPrefix, candidates: candidates)
    case .none: return nil
    }
  }

  /// A joke found by ``lookUp(_:fetch:)``.
  public struct Found: Sendable {
    /// The joke.
    public let joke: Joke
    /// Whether it is in the list (else it came from the service).
    public let isSaved: Bool
  }

  /// Finds a joke as `chuck show` does: a saved joke by full id, else by unique prefix, else, for
  /// a full id of the kind (``JokeKind/isFullID(_:)``), on the service.
  /// - Parameters:
  ///   - idOrPrefix: a full id or a prefix.
  ///   - fetch: asks the service for a full id.
  /// - Returns: the joke, and whether it is saved.
  /// - Throws: ``ChuckError/ambiguousID(prefix:candidates:)``, ``ChuckError/noSavedMatch(_:)``
  ///   for a prefix that matches nothing, ``ChuckError/invalidArgument(_:)`` for an unsaved id of
  ///   a kind that cannot be fetched by id, the service's error, or a storage error.
  public func lookUp(
    _ idOrPrefix: String, fetch: (String) async throws(ChuckError) -> Joke
  ) async throws(ChuckError) -> Found {
    if let joke = try joke(matching: idOrPrefix) { return Found(joke: joke, isSaved: true) }
    guard Kind.isFullID(idOrPrefix) else { throw .noSavedMatch(idOrPrefix) }
    guard Kind.source.canFetchByID else { throw .invalidArgument(Kind.source.noFetchByIDMessage) }
    return Found(joke: try await fetch(idOrPrefix), isSaved: false)
  }

  /// Removes the saved jokes with these ids or unique prefixes, in one transaction with the
  /// changes to other saved files that go with it (``NetworkCache/remove(_:alongWith:)``). Ids
  /// that match nothing are reported, and the others are still removed.
  /// - Parameters:
  ///   - idsOrPrefixes: full ids or prefixes.
  ///   - alongWith: told what is about to be removed, under the directory's lock (and only when
  ///     something is removed); returns the changes to other files; throwing removes nothing.
  /// - Returns: what was removed and what matched nothing.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for a short prefix and
  ///   ``ChuckError/ambiguousID(prefix:candidates:)`` for an ambiguous one (then nothing is
  ///   removed), what `alongWith` throws, or a storage error.
  public func remove(
    _ idsOrPrefixes: [String],
    alongWith: ([Removal.Joke]) throws(ChuckError) -> [FileChange] = { _ in [] }
  ) throws(ChuckError) -> Removal {
    let path = store.fileURL.path
    var removal = Removal()
    _ = try store.remove { (raw: RawItems) throws(ChuckError) -> Set<Int> in
      let saved = try Kind.Index(raw, path: path)
      // Every id is checked before any is removed.
      let matches = try idsOrPrefixes.map { (wanted) throws(ChuckError) in
        try Self.positions(of: wanted, in: saved)
      }
      var chosen: Set<Int> = []
      for (wanted, positions) in zip(idsOrPrefixes, matches) {
        switch positions.count {
        case 0:
          removal.notFound.append(wanted)
        case 1:
          let position = positions[0]
          if chosen.insert(position).inserted {
            removal.removed.append(
              Removal.Joke(
                id: saved.id(at: position),
                preview: JokePreview.make(saved.text(at: position)).string))
          }
        default:
          throw .ambiguousID(
            prefix: wanted, candidates: positions.map { saved.id(at: $0) }.sorted())
        }
      }
      return chosen
    } alongWith: { () throws(ChuckError) -> [FileChange] in
      try alongWith(removal.removed)
    }
    return removal
  }

  /// The positions `wanted` stands for, the one rule of `show`, `remove` and favourites for
  /// every source: the joke whose id it is; else, for a prefix of at least
  /// ``JokeID/minimumPrefixLength`` characters, every joke whose id starts with it; else none
  /// for a full id of the kind (which may be short: the Official Joke API's are numbers).
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for anything else shorter than a prefix.
  static func positions(of wanted: String, in saved: Kind.Index) throws(ChuckError) -> [Int] {
    if let exact = saved.position(of: wanted) { return [exact] }
    if JokeID.prefixProblem(wanted) == nil { return saved.positions(withPrefix: wanted) }
    if Kind.isFullID(wanted) { return [] }
    try JokeID.checkPrefix(wanted)
    return []
  }
}

/// What removing jokes did.
public struct Removal: Equatable, Sendable {
  /// A joke that was removed.
  public struct Joke: Equatable, Sendable {
    /// Its id.
    public let id: String
    /// Its preview, to show what went.
    public let preview: String

    /// Makes a record of a removed joke.
    /// - Parameters:
    ///   - id: its id.
    ///   - preview: its preview.
    public init(id: String, preview: String) {
      self.id = id
      self.preview = preview
    }
  }

  /// The jokes removed, in the order asked.
  public var removed: [Joke] = []
  /// The ids or prefixes that matched no saved joke.
  public var notFound: [String] = []

  /// Makes a record.
  /// - Parameters:
  ///   - removed: the jokes removed.
  ///   - notFound: the ids or prefixes that matched nothing.
  public init(removed: [Joke] = [], notFound: [String] = []) {
    self.removed = removed
    self.notFound = notFound
  }
}
