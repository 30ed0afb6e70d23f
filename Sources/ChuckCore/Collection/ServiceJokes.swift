import FoundationEssentials

/// The saved list of another source's jokes (`dad-jokes.json`, …), with the rules of the Chuck
/// Norris list: never the same id twice, shown oldest first (by `saved_at`, equal times in saved
/// order), found by id or unique prefix. These lists are small and decoded whole.
public struct ServiceJokes<Shape: JokeShape>: Sendable {
  /// The joke type.
  public typealias Joke = ServiceJoke<Shape>
  /// Where the jokes are stored.
  public let store: NetworkCache<Joke>

  /// Makes a list over a store.
  /// - Parameter store: the on-disk list.
  public init(store: NetworkCache<Joke>) {
    self.store = store
  }

  /// The saved jokes, oldest first.
  /// - Throws: a storage error.
  public func oldestFirst() throws(ChuckError) -> [Joke] {
    let jokes = try store.load()
    return JokeOrder.oldestFirst(count: jokes.count) { jokes[$0].savedAt.microseconds }
      .map { jokes[$0] }
  }

  /// Saves a joke unless one with its id is already saved; the other jokes are written back byte
  /// for byte.
  /// - Parameter joke: the joke as the service sent it, with its `saved_at`.
  /// - Returns: how many jokes the list holds now.
  /// - Throws: ``ChuckError/duplicate(id:preview:)`` (and the file is not rewritten) when the id
  ///   is already saved, or a storage error.
  public func add(_ joke: Joke) throws(ChuckError) -> Int {
    let path = store.fileURL.path
    return try store.append(joke) { (raw: RawItems) throws(ChuckError) in
      let saved = try raw.decode(Joke.self, path: path)
      if let same = saved.first(where: { $0.id == joke.id }) {
        throw .duplicate(id: joke.id, preview: JokePreview.make(same.text).string)
      }
    }
  }

  /// The saved joke whose id is `idOrPrefix` or starts with it.
  /// - Parameter idOrPrefix: a full id or a prefix of at least ``JokeID/minimumPrefixLength``
  ///   characters.
  /// - Returns: the joke, or `nil` when none matches.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for a short prefix,
  ///   ``ChuckError/ambiguousID(prefix:candidates:)``, or a storage error.
  public func find(_ idOrPrefix: String) throws(ChuckError) -> Joke? {
    let jokes = try store.load()
    // A full id may be short (the Official Joke API's are numbers): only a prefix needs 4.
    if !jokes.contains(where: { $0.id == idOrPrefix }) { try JokeID.checkPrefix(idOrPrefix) }
    let matches = Self.matches(idOrPrefix, in: jokes)
    guard matches.count <= 1 else {
      throw .ambiguousID(prefix: idOrPrefix, candidates: matches.map { jokes[$0].id }.sorted())
    }
    return matches.first.map { jokes[$0] }
  }

  /// Removes the saved jokes with these ids or unique prefixes, in one atomic write; ids that
  /// match nothing are reported and the others still removed.
  /// - Parameters:
  ///   - idsOrPrefixes: full ids or prefixes.
  ///   - beforeWriting: as for ``JokeCollection/remove(_:beforeWriting:)``.
  /// - Returns: what was removed and what matched nothing.
  /// - Throws: as ``JokeCollection/remove(_:beforeWriting:)``.
  public func remove(
    _ idsOrPrefixes: [String],
    beforeWriting: ([JokeCollection.Removed]) throws(ChuckError) -> Void = { _ in }
  ) throws(ChuckError) -> JokeCollection.Removal {
    let path = store.fileURL.path
    var removal = JokeCollection.Removal()
    _ = try store.remove { (raw: RawItems) throws(ChuckError) -> Set<Int> in
      let jokes = try raw.decode(Joke.self, path: path)
      for wanted in idsOrPrefixes where !jokes.contains(where: { $0.id == wanted }) {
        try JokeID.checkPrefix(wanted)
      }
      var chosen: Set<Int> = []
      for wanted in idsOrPrefixes {
        let matches = Self.matches(wanted, in: jokes)
        switch matches.count {
        case 0:
          removal.notFound.append(wanted)
        case 1:
          if chosen.insert(matches[0]).inserted {
            let joke = jokes[matches[0]]
            removal.removed.append(.init(id: joke.id, preview: JokePreview.make(joke.text).string))
          }
        default:
          throw .ambiguousID(prefix: wanted, candidates: matches.map { jokes[$0].id }.sorted())
        }
      }
      return chosen
    } beforeCommit: { () throws(ChuckError) in
      try beforeWriting(removal.removed)
    }
    return removal
  }

  /// One saved joke at random, offline; `nil` when the list is empty.
  /// - Parameter generator: the source of randomness.
  /// - Throws: a storage error.
  public func pick(using generator: inout some RandomNumberGenerator) throws(ChuckError) -> Joke? {
    try store.load().randomElement(using: &generator)
  }

  private static func matches(_ wanted: String, in jokes: [Joke]) -> [Int] {
    JokeID.matches(
      wanted, exact: { id in jokes.firstIndex { $0.id == id } },
      prefixed: { prefix in jokes.indices.filter { jokes[$0].id.hasPrefix(prefix) } })
  }
}
