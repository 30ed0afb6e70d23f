import FoundationEssentials

/// The composition root: the objects every command (and every shell completion) uses, built once
/// from the configuration, so that no command builds a store or a client of its own.
public struct ChuckComponents: Sendable {
  /// What the environment said.
  public let configuration: ChuckConfiguration
  /// How every request is sent, every kind's and the icons'.
  public let transport: HTTPTransport
  /// The joke icons, cached.
  public let icons: IconStore

  /// Builds everything from the configuration.
  /// - Parameters:
  ///   - configuration: what the environment said.
  ///   - transport: how every request is sent; libcurl trusting the configuration's CAs, through
  ///     its proxies, when `nil` (tests give a scripted one).
  public init(configuration: ChuckConfiguration, transport: HTTPTransport? = nil) {
    let transport = transport ?? configuration.liveTransport
    self.configuration = configuration
    self.transport = transport
    var icons = IconStore(
      cacheDirectory: configuration.cacheDirectory, apiBaseURL: configuration.apiBaseURL,
      transport: transport, timeout: configuration.timeout)
    icons.sourceBaseURLs = configuration.declarations.map(\.baseURL)
    self.icons = icons
  }

  /// Switter's device id.
  public var deviceID: DeviceID { DeviceID(dataDirectory: configuration.dataDirectory) }

  /// The saved list of one kind of joke.
  /// - Parameter kind: the kind.
  /// - Returns: the list over its file.
  public func list<Kind: JokeKind>(_ kind: Kind.Type) -> SavedList<Kind> {
    SavedList(store: NetworkCache(fileURL: configuration.listFile(of: Kind.source)))
  }

  /// Any source's saved list.
  /// - Parameter source: the source.
  /// - Returns: its list.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for a dormant source, whose list is not read
  ///   (``JokeSource/kind``).
  public func list(of source: JokeSource) throws(ChuckError) -> any SavedListProtocol {
    func open<Kind: JokeKind>(_ kind: Kind.Type) -> any SavedListProtocol { list(kind) }
    return open(try source.kind)
  }

  /// The one fetch-then-save path of `chuck random` and the screen's Joke!: a random joke of the
  /// kind from its service, saved under the duplicate rule (not when the task was cancelled
  /// meanwhile).
  /// - Parameters:
  ///   - kind: the kind.
  ///   - category: only a joke of this category (a kind with categories).
  ///   - excluded: categories the joke may not have.
  /// - Returns: the joke, how many jokes the list holds now, and the fallback when the joke came
  ///   in English because the service had none that fits in the configured language
  ///   (``ServiceClient/randomInLanguage(category:excluding:)``): its note is for the user.
  /// - Throws: the service's error, ``ChuckError/cancelled``, ``ChuckError/duplicate(id:preview:)``
  ///   or a storage error.
  public func fetchAndSave<Kind: JokeKind>(
    _ kind: Kind.Type, category: String? = nil, excluding excluded: [String] = []
  ) async throws(ChuckError) -> (joke: Kind.Joke, count: Int, fallback: LanguageFallback?) {
    let (joke, fallback) = try await Kind.client(self).randomInLanguage(
      category: category, excluding: excluded)
    if Task.isCancelled { throw .cancelled }
    return (joke, try list(kind).add(joke), fallback)
  }

  /// Fetches a feed's whole latest list (``ServiceClient/feed()``) and saves the items not saved
  /// yet (``SavedList/addNew(_:)``).
  /// - Parameter kind: the kind, a feed.
  /// - Returns: how many items the service sent, the new ones, and the list's count.
  /// - Throws: the service's error (after the retries), ``ChuckError/cancelled``, or a storage
  ///   error; nothing is saved then.
  public func fetchFeedAndSave<Kind: JokeKind>(_ kind: Kind.Type) async throws(ChuckError) -> (
    sent: Int, added: [Kind.Joke], count: Int
  ) {
    let jokes = try await Kind.client(self).feed()
    if Task.isCancelled { throw .cancelled }
    let (added, count) = try list(kind).addNew(jokes)
    return (jokes.count, added, count)
  }

  /// `CHUCK_EXCLUDE`'s names that the kind's service knows as categories, spelled as it spells
  /// them (none for a kind without categories): what `random` and the screen's Joke! leave out
  /// unless told otherwise. Asks for the categories (cached a day) only when there are names.
  /// - Parameter kind: the kind.
  /// - Returns: the names.
  /// - Throws: the service's error when the categories are not cached and cannot be had.
  public func configuredExclusions<Kind: JokeKind>(_ kind: Kind.Type) async throws(ChuckError)
    -> [String]
  {
    var wanted = Set(configuration.excluded.map { $0.lowercased() })
    guard !wanted.isEmpty, Kind.source.hasCategories else { return [] }
    // Flags are known without asking the service for its categories.
    let flags = Kind.flagNames.filter { wanted.remove($0.lowercased()) != nil }
    guard !wanted.isEmpty else { return flags }
    let known = try await Kind.client(self).categories().names
    return flags + known.filter { wanted.contains($0.lowercased()) }
  }

  /// The named favourites.
  public var favorites: Favorites {
    Favorites(
      store: NetworkCache(
        fileURL: configuration.dataDirectory.appendingPath(Self.favoritesFileName)),
      limit: configuration.favoritesLimit)
  }

  /// Runs `body` as a reader of several saved files (the favourites and their lists, every
  /// list), which sees them all at one moment, never half of a transaction
  /// (``FileStore/together(_:)``).
  /// - Parameter body: the reads.
  /// - Returns: what `body` returned.
  /// - Throws: what `body` throws.
  public func together<R>(_ body: () throws(ChuckError) -> R) throws(ChuckError) -> R {
    try favorites.store.file.together(body)
  }

  /// The favourites' file name in the data folder.
  public static let favoritesFileName = "favorites.json"

  /// Removes jokes from a source's list by id or unique prefix, and the favourites of the jokes
  /// that go: both files change, or neither, as one ``StorageTransaction``.
  /// - Parameters:
  ///   - idsOrPrefixes: full ids or prefixes.
  ///   - source: the list's source.
  /// - Returns: what was removed and what matched nothing.
  /// - Throws: as ``SavedList/remove(_:alongWith:)``.
  public func removeJokes(_ idsOrPrefixes: [String], from source: JokeSource) throws(ChuckError)
    -> Removal
  {
    let favorites = favorites
    return try list(of: source).remove(idsOrPrefixes) {
      (removed: [Removal.Joke]) throws(ChuckError) -> [FileChange] in
      try favorites.removal(ofJokes: Set(removed.map(\.id)), of: source).map { [$0] } ?? []
    }
  }

  /// A kind's client, built the same way for every kind: its base URL, the transport, the
  /// configured timeout and retries, the settings (``serviceSettings``), its categories' cache
  /// file.
  /// - Parameter kind: the kind.
  /// - Returns: the client.
  public func client<Kind: JokeKind>(_ kind: Kind.Type) -> ServiceClient<Kind> {
    let deviceID = deviceID
    return ServiceClient(
      baseURL: configuration.baseURL(of: Kind.source), transport: transport,
      policy: configuration.retryPolicy, timeout: configuration.timeout,
      deviceID: { () throws(ChuckError) -> String in
        try deviceID.value()
      }, settings: serviceSettings, catalogFile: categoriesFile(of: Kind.source))
  }

  /// What the kinds' requests depend on, from the configuration: JokeAPI's safe mode and the
  /// language.
  public var serviceSettings: ServiceSettings {
    ServiceSettings(
      jokeAPISafe: configuration.jokeAPISafe, language: configuration.language)
  }

  /// Where a source's category names are cached (``CategoryCatalog/fileName(of:)``).
  /// - Parameter source: the source.
  /// - Returns: the cache file.
  public func categoriesFile(of source: JokeSource) -> URL {
    configuration.cacheDirectory.appendingPath(CategoryCatalog.fileName(of: source))
  }

  /// A source's cached category names, however old, without the network (for completion).
  /// - Parameter source: the source.
  /// - Returns: the names; none for a source without categories or with nothing cached.
  public func cachedCategories(of source: JokeSource) -> [String] {
    guard source.hasCategories else { return [] }
    return CategoryCatalog(file: categoriesFile(of: source)) { [] }.cached ?? []
  }

  /// `chuck save`'s loop.
  public func saver<Kind: JokeKind>(_ kind: Kind.Type) -> JokeSaver<Kind> {
    JokeSaver(list: list(kind))
  }
}
