import Foundation

/// The user's saved list of jokes, with the rules that `chuck` applies to it: never the same id
/// twice, shown oldest first, found by id or unique prefix.
public struct JokeCollection: Sendable {
  /// Where the jokes are stored.
  public let store: NetworkCache<ChuckJoke>

  /// The shortest prefix that may stand for an id.
  public static let minimumPrefixLength = 4

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

  /// Sorts jokes oldest first, stably.
  /// - Parameter jokes: jokes in the order they were saved.
  /// - Returns: the jokes by `created_at`, ties in their original order.
  public static func oldestFirst(_ jokes: [ChuckJoke]) -> [ChuckJoke] {
    jokes.enumerated()
      .sorted { ($0.element.created, $0.offset) < ($1.element.created, $1.offset) }
      .map(\.element)
  }

  /// Saves a joke unless one with its id is already saved. The other jokes are written back byte
  /// for byte.
  /// - Parameter joke: the joke as the API sent it.
  /// - Returns: how many jokes the list holds now.
  /// - Throws: ``ChuckError/duplicate(id:preview:)`` (and the file is not rewritten) when the id
  ///   is already saved, or a storage error.
  public func add(_ joke: ChuckJoke) throws(ChuckError) -> Int {
    let path = store.fileURL.path
    return try store.append(joke) { (raw: RawItems) throws(ChuckError) in
      let saved = try SavedJokes(raw, path: path)
      if let position = saved.position(of: joke.id) {
        throw .duplicate(id: joke.id, preview: JokePreview.make(saved.value(at: position)))
      }
    }
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
  /// - Parameter idOrPrefix: a full id or a prefix of at least ``minimumPrefixLength`` characters.
  /// - Returns: the match; a full id that is saved always wins over longer ids it prefixes.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for a prefix that is too short, or a storage
  ///   error.
  public func find(_ idOrPrefix: String) throws(ChuckError) -> Match {
    guard idOrPrefix.count >= Self.minimumPrefixLength else {
      throw .invalidArgument(
        "an id prefix needs at least \(Self.minimumPrefixLength) characters")
    }
    let saved = try saved()
    if let exact = saved.position(of: idOrPrefix) { return .saved(try saved.joke(at: exact)) }
    let candidates = saved.positions(withPrefix: idOrPrefix)
    switch candidates.count {
    case 0: return .none
    case 1: return .saved(try saved.joke(at: candidates[0]))
    default: return .ambiguous(candidates.map { saved.id(at: $0) }.sorted())
    }
  }

  /// What ``remove(_:)`` did.
  public struct Removal: Equatable, Sendable {
    /// The jokes removed: id and preview, in the order asked.
    public var removed: [(id: String, preview: String)]
    /// The ids or prefixes that matched no saved joke.
    public var notFound: [String]

    /// Two removals are equal when they removed the same jokes and missed the same ids.
    public static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.removed.map(\.id) == rhs.removed.map(\.id)
        && lhs.removed.map(\.preview) == rhs.removed.map(\.preview) && lhs.notFound == rhs.notFound
    }
  }

  /// Removes the saved jokes with these ids or unique prefixes, in one atomic write. Ids that
  /// match nothing are reported, and the others are still removed.
  /// - Parameter idsOrPrefixes: full ids or prefixes of at least ``minimumPrefixLength``.
  /// - Returns: what was removed and what matched nothing.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for a short prefix and
  ///   ``ChuckError/ambiguousID(prefix:candidates:)`` for an ambiguous one (then nothing is
  ///   removed), or a storage error.
  public func remove(_ idsOrPrefixes: [String]) throws(ChuckError) -> Removal {
    for prefix in idsOrPrefixes where prefix.count < Self.minimumPrefixLength {
      throw .invalidArgument("an id prefix needs at least \(Self.minimumPrefixLength) characters")
    }
    let path = store.fileURL.path
    var removal = Removal(removed: [], notFound: [])
    _ = try store.remove { (raw: RawItems) throws(ChuckError) -> Set<Int> in
      let saved = try SavedJokes(raw, path: path)
      var chosen: Set<Int> = []
      for wanted in idsOrPrefixes {
        let matches = saved.position(of: wanted).map { [$0] } ?? saved.positions(withPrefix: wanted)
        switch matches.count {
        case 0:
          removal.notFound.append(wanted)
        case 1:
          if chosen.insert(matches[0]).inserted {
            let position = matches[0]
            removal.removed.append(
              (saved.id(at: position), JokePreview.make(saved.value(at: position))))
          }
        default:
          throw .ambiguousID(prefix: wanted, candidates: matches.map { saved.id(at: $0) }.sorted())
        }
      }
      return chosen
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
