import FoundationEssentials

/// The user's saved list of jokes, with the rules that `chuck` applies to it: never the same id
/// twice, shown oldest first, found by id or unique prefix.
public struct JokeCollection: Sendable {
  /// Where the jokes are stored.
  public let store: NetworkCache<ChuckJoke>

  /// Makes a collection over a store.
  /// - Parameter store: the on-disk list.
  public init(store: NetworkCache<ChuckJoke>) {
    self.store = store
  }

  /// The saved jokes, checked, ready to list or look up.
  /// - Returns: the saved jokes; none when there is no list file yet.
  /// - Throws: a storage error of ``NetworkCache/loadRaw()``, or
  ///   ``ChuckError/storageCorrupt(path:reason:)`` for an item that is not a joke.
  public func saved() throws(ChuckError) -> SavedJokes {
    try SavedJokes(try store.loadRaw(), path: store.fileURL.path)
  }

  /// Saves a joke unless one with its id is already saved. The other jokes are written back byte
  /// for byte.
  /// - Parameter joke: the joke as the API sent it.
  /// - Returns: how many jokes the list holds now.
  /// - Throws: ``ChuckError/duplicate(id:preview:)`` (and the file is not rewritten) when the id
  ///   is already saved, or a storage error.
  public func add(_ joke: ChuckJoke) throws(ChuckError) -> Int {
    let path = store.fileURL.path
    return try store.append(
      joke,
      check: { (raw: RawItems) throws(ChuckError) in
        let saved = try SavedJokes(raw, path: path)
        if let position = saved.position(of: joke.id) {
          throw .duplicate(
            id: joke.id, preview: JokePreview.make(saved.value(at: position)).string)
        }
      },
      readBack: { (raw: RawItems) throws(ChuckError) in _ = try SavedJokes(raw, path: path) })
  }

  /// What an id or prefix matches in the list.
  public enum Match: Equatable, Sendable {
    /// Exactly one saved joke.
    case saved(ChuckJoke)
    /// Several saved jokes; their ids, sorted.
    case ambiguous([String])
    /// No saved joke.
    case none
  }

  /// Finds the saved joke whose id is `idOrPrefix` or starts with it.
  /// - Parameter idOrPrefix: a full id or a prefix of at least ``JokeID/minimumPrefixLength``
  ///   characters.
  /// - Returns: the match; a full id that is saved always wins over longer ids it prefixes.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for a prefix that is too short, or a storage
  ///   error.
  public func find(_ idOrPrefix: String) throws(ChuckError) -> Match {
    try JokeID.checkPrefix(idOrPrefix)
    let saved = try saved()
    let candidates = JokeID.matches(
      idOrPrefix, exact: saved.position(of:), prefixed: saved.positions(withPrefix:))
    switch candidates.count {
    case 0: return .none
    case 1: return .saved(try saved.joke(at: candidates[0]))
    default: return .ambiguous(candidates.map { saved.id(at: $0) }.sorted())
    }
  }

  /// A joke found by ``lookUp(_:service:)``.
  public struct Found: Sendable {
    /// The joke.
    public let joke: ChuckJoke
    /// Whether it is in the list (else it came from the API).
    public let isSaved: Bool
  }

  /// Finds a joke as `chuck show` does: a saved joke by full id, else by unique prefix, else,
  /// for a well-formed full id, on the API.
  /// - Parameters:
  ///   - idOrPrefix: a full id or a prefix of at least ``JokeID/minimumPrefixLength`` characters.
  ///   - fetch: asks the API for a full id.
  /// - Returns: the joke, and whether it is saved.
  /// - Throws: ``ChuckError/ambiguousID(prefix:candidates:)``, ``ChuckError/noSavedMatch(_:)``
  ///   for a prefix or malformed id that matches nothing, the API's error, or a storage error.
  public func lookUp(
    _ idOrPrefix: String, fetch: (String) async throws(ChuckError) -> ChuckJoke
  ) async throws(ChuckError) -> Found {
    switch try find(idOrPrefix) {
    case .saved(let joke):
      return Found(joke: joke, isSaved: true)
    case .ambiguous(let candidates):
      throw .ambiguousID(prefix: idOrPrefix, candidates: candidates)
    case .none:
      guard JokeID.isWellFormed(idOrPrefix) else { throw .noSavedMatch(idOrPrefix) }
      return Found(joke: try await fetch(idOrPrefix), isSaved: false)
    }
  }

  /// A joke that was removed.
  public struct Removed: Equatable, Sendable {
    /// Its id.
    public let id: String
    /// Its preview, to show what went.
    public let preview: String
  }

  /// What ``remove(_:)`` did.
  public struct Removal: Equatable, Sendable {
    /// The jokes removed, in the order asked.
    public var removed: [Removed] = []
    /// The ids or prefixes that matched no saved joke.
    public var notFound: [String] = []
  }

  /// Removes the saved jokes with these ids or unique prefixes, in one atomic write. Ids that
  /// match nothing are reported, and the others are still removed.
  /// - Parameters:
  ///   - idsOrPrefixes: full ids or prefixes of at least ``JokeID/minimumPrefixLength``.
  ///   - beforeWriting: told what is about to be removed, under the list's lock, once the new
  ///     list is on disk and just before it replaces the old one (and only when something is
  ///     removed); throwing removes nothing.
  /// - Returns: what was removed and what matched nothing.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for a short prefix and
  ///   ``ChuckError/ambiguousID(prefix:candidates:)`` for an ambiguous one (then nothing is
  ///   removed), what `beforeWriting` throws, or a storage error.
  public func remove(
    _ idsOrPrefixes: [String],
    beforeWriting: ([Removed]) throws(ChuckError) -> Void = { _ in }
  ) throws(ChuckError) -> Removal {
    for prefix in idsOrPrefixes { try JokeID.checkPrefix(prefix) }
    let path = store.fileURL.path
    var removal = Removal()
    _ = try store.remove { (raw: RawItems) throws(ChuckError) -> Set<Int> in
      let saved = try SavedJokes(raw, path: path)
      var chosen: Set<Int> = []
      for wanted in idsOrPrefixes {
        let matches = JokeID.matches(
          wanted, exact: saved.position(of:), prefixed: saved.positions(withPrefix:))
        switch matches.count {
        case 0:
          removal.notFound.append(wanted)
        case 1:
          if chosen.insert(matches[0]).inserted {
            let position = matches[0]
            removal.removed.append(
              Removed(
                id: saved.id(at: position),
                preview: JokePreview.make(saved.value(at: position)).string))
          }
        default:
          throw .ambiguousID(prefix: wanted, candidates: matches.map { saved.id(at: $0) }.sorted())
        }
      }
      return chosen
    } beforeCommit: { () throws(ChuckError) in
      try beforeWriting(removal.removed)
    }
    return removal
  }

  /// One saved joke chosen at random, offline.
  /// - Parameters:
  ///   - category: only jokes of this category.
  ///   - generator: the source of randomness.
  /// - Returns: the joke, or `nil` when no saved joke fits.
  /// - Throws: a storage error.
  public func pick(category: String? = nil, using generator: inout some RandomNumberGenerator)
    throws(ChuckError) -> ChuckJoke?
  {
    let saved = try saved()
    let candidates =
      category.map { name in
        (0..<saved.count).filter { saved.categories(at: $0).contains(name) }
      } ?? Array(0..<saved.count)
    guard let position = candidates.randomElement(using: &generator) else { return nil }
    return try saved.joke(at: position)
  }
}
