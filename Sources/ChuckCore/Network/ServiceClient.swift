import FoundationEssentials

/// The live client of a kind's service, the one for every kind (api.chucknorris.io as
/// icanhazdadjoke, the Official Joke API, Switter and JokeAPI): the kind describes its requests
/// and answers (``JokeRequests``); the client makes one ``ChuckWorker`` per request, with the
/// deadline, retries, the size cap, the status and JSON checks.
public struct ServiceClient<Kind: JokeKind>: ChuckService {
  /// The service's base URL (a path prefix is allowed).
  public let baseURL: URL
  /// Sends each attempt.
  public let transport: HTTPTransport
  /// Retries and their spacing.
  public let policy: RetryPolicy
  /// Seconds each attempt may take as a whole.
  public let timeout: Double
  /// Switter's `x-device-uuid`, asked for only when a Switter request is made.
  public let deviceID: @Sendable () throws(ChuckError) -> String
  /// The time a fetched joke is saved at.
  public let now: @Sendable () -> PostgresTimestamp
  /// The settings its requests depend on (JokeAPI's safe mode, the language).
  public let settings: ServiceSettings
  /// Where the category names are cached (a service with categories).
  public let catalogFile: URL
  /// Told about each worker when it is made; tests use it to see that workers are released.
  public let workerCreated: (@Sendable (ChuckWorker) -> Void)?

  /// Makes a client.
  /// - Parameters:
  ///   - baseURL: the service's base URL (a path prefix is allowed).
  ///   - transport: how each attempt is sent.
  ///   - policy: retries and their spacing.
  ///   - timeout: seconds each attempt may take as a whole.
  ///   - deviceID: Switter's device id.
  ///   - now: the time a fetched joke is saved at.
  ///   - settings: the settings its requests depend on (safe mode, the language).
  ///   - catalogFile: where the category names are cached.
  ///   - workerCreated: told about each worker when it is made.
  public init(
    baseURL: URL, transport: HTTPTransport = .live, policy: RetryPolicy = RetryPolicy(),
    timeout: Double = NetworkDefaults.timeout,
    deviceID: @escaping @Sendable () throws(ChuckError) -> String,
    now: @escaping @Sendable () -> PostgresTimestamp = { PostgresTimestamp.now },
    settings: ServiceSettings = ServiceSettings(), catalogFile: URL,
    workerCreated: (@Sendable (ChuckWorker) -> Void)? = nil
  ) {
    self.baseURL = baseURL
    self.transport = transport
    self.policy = policy
    self.timeout = timeout
    self.deviceID = deviceID
    self.now = now
    self.settings = settings
    self.catalogFile = catalogFile
    self.workerCreated = workerCreated
  }

  /// A random joke of `category` (if given) and of none of the `excluded` categories, the names
  /// checked against the service's categories (``RandomJokes``); a service without categories
  /// refuses them. In the configured language when the service has it, else in English
  /// (``randomInLanguage(category:excluding:)``, which also says which).
  public func random(category: String?, excluding excluded: [String]) async throws(ChuckError)
    -> Kind.Joke
  {
    try await randomInLanguage(category: category, excluding: excluded).joke
  }

  /// A random joke as ``random(category:excluding:)`` fetches it, asked in the configured
  /// language when the service has jokes in it (``JokeRequests/requestLanguage(_:)``). When the
  /// service has no joke that fits in that language (its no-joke answer, or only excluded jokes),
  /// it is asked once more in English, and the fallback says so.
  /// - Parameters:
  ///   - category: only a joke of this category.
  ///   - excluded: categories the joke may not have.
  /// - Returns: the joke, and the fallback when it came in English instead.
  /// - Throws: as ``random(category:excluding:)``; the English request's error after a fallback.
  public func randomInLanguage(category: String?, excluding excluded: [String])
    async throws(ChuckError) -> (joke: Kind.Joke, fallback: LanguageFallback?)
  {
    guard let fallback = languageFallback else {
      return (try await randomAsked(category: category, excluding: excluded), nil)
    }
    do throws(ChuckError) {
      return (try await randomAsked(category: category, excluding: excluded), nil)
    } catch  where Self.isNoJokeThatFits(error) {
      return (try await inEnglish.randomAsked(category: category, excluding: excluded), fallback)
    }
  }

  /// The jokes whose text contains `query`, as ``search(_:)`` finds them, in the configured
  /// language when the service has it; when none matches in that language, searched once more in
  /// English, and the fallback says so.
  /// - Parameter query: the text.
  /// - Returns: the jokes, and the fallback when they were searched in English instead.
  /// - Throws: as ``search(_:)``.
  public func searchInLanguage(_ query: String) async throws(ChuckError) -> (
    jokes: [Kind.Joke], fallback: LanguageFallback?
  ) {
    let jokes = try await searchAsked(query)
    guard jokes.isEmpty, let fallback = languageFallback else { return (jokes, nil) }
    let english = try await inEnglish.searchAsked(query)
    return (english, english.isEmpty ? nil : fallback)
  }

  /// This client without the configured language: its requests ask for English jokes.
  public var inEnglish: Self {
    Self(
      baseURL: baseURL, transport: transport, policy: policy, timeout: timeout,
      deviceID: deviceID, now: now, settings: settings.inEnglish, catalogFile: catalogFile,
      workerCreated: workerCreated)
  }

  /// The fallback a request in the configured language may need: none when no language is sent,
  /// or when it is English already.
  private var languageFallback: LanguageFallback? {
    guard let language = Kind.requestLanguage(settings), language != "en" else { return nil }
    return LanguageFallback(source: Kind.source, language: language)
  }

  /// Whether an error says the service had no joke that fits: its no-joke answer (a category's,
  /// or none; a 404 reads the same and costs one more request) or only excluded jokes.
  private static func isNoJokeThatFits(_ error: ChuckError) -> Bool {
    switch error {
    case .notFound, .categoryNotFound, .onlyExcludedJokes: true
    default: false
    }
  }

  /// ``random(category:excluding:)`` with this client's settings, without a fallback.
  private func randomAsked(category: String?, excluding excluded: [String])
    async throws(ChuckError) -> Kind.Joke
  {
    guard Kind.abilities.contains(.categories) else {
      guard category == nil, excluded.isEmpty else {
        throw .invalidArgument(Kind.source.noCategoriesMessage)
      }
      return try await randomJoke()
    }
    let client = self
    return try await RandomJokes(catalog: catalog, flagNames: Kind.flagNames) {
      (category: String?) async throws(ChuckError) -> Kind.Joke in
      try await client.randomJoke(category: category)
    }.fetch(category: category, excluding: excluded)
  }

  /// One random joke as the service sends it (``JokeRequests/randomRequest(category:settings:)``),
  /// without the category checks.
  /// - Parameter category: only a joke of this category (a service with categories).
  /// - Throws: ``ChuckError/categoryNotFound(_:)`` for a category the service does not know.
  public func randomJoke(category: String? = nil) async throws(ChuckError) -> Kind.Joke {
    let request = try Kind.randomRequest(category: category, settings: settings)
    let notFound: ChuckError =
      category.map { .categoryNotFound($0) } ?? .notFound(path: request.pathText)
    return try await fetchJoke(request, askedFor: nil, notFound: notFound)
  }

  /// The joke with this id (``JokeRequests/jokeRequest``).
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for a service without fetch by id;
  ///   ``ChuckError/jokeNotFound(id:)`` for an id the service does not know.
  public func joke(id: String) async throws(ChuckError) -> Kind.Joke {
    guard let jokeRequest = Kind.jokeRequest else {
      throw .invalidArgument(Kind.source.noFetchByIDMessage)
    }
    return try await fetchJoke(jokeRequest(id), askedFor: id, notFound: .jokeNotFound(id: id))
  }

  /// The jokes whose text contains `query` (``JokeRequests/searchRequest``), in the order the kind
  /// shows them; in English when none matches in the configured language
  /// (``searchInLanguage(_:)``).
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for a service that cannot search, or a query
  ///   it refuses.
  public func search(_ query: String) async throws(ChuckError) -> [Kind.Joke] {
    try await searchInLanguage(query).jokes
  }

  /// ``search(_:)`` with this client's settings, without a fallback.
  private func searchAsked(_ query: String) async throws(ChuckError) -> [Kind.Joke] {
    guard let searchRequest = Kind.searchRequest else {
      throw .invalidArgument(Kind.source.cannotSearchMessage)
    }
    let request = try searchRequest(query, settings)
    // A service that says "no joke" to a search found none; a 404 stays an error (a wrong
    // base URL is not an empty result).
    let noMatch = ChuckError.jokeNotFound(id: query)
    let answer: Kind.SearchAnswer
    do throws(ChuckError) {
      answer = try await worker(
        request, notFound: .notFound(path: request.pathText), noJoke: noMatch
      )
      .decode(Kind.SearchAnswer.self)
    } catch  where error == noMatch {
      return []
    }
    return try Kind.jokes(found: answer, savedAt: now())
  }

  /// The whole latest list of a feed (``JokeRequests/feedRequest``), in the service's order.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for a service of single jokes; the service's
  ///   errors; ``ChuckError/badResponse(_:)`` naming the item and the field that does not fit.
  public func feed() async throws(ChuckError) -> [Kind.Joke] {
    guard let request = Kind.feedRequest else {
      throw .invalidArgument("\(Kind.name) sends single jokes, not a list")
    }
    let answer = try await worker(request, notFound: .notFound(path: request.pathText))
      .decode(JSONValue.self)
    return try Kind.jokes(inFeed: answer, savedAt: now())
  }

  /// The category names, cached for a day.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for a service without categories.
  public func categories() async throws(ChuckError) -> (
    names: [String], source: CategoryCatalog.Source
  ) {
    guard Kind.abilities.contains(.categories) else {
      throw .invalidArgument(Kind.source.noCategoriesMessage)
    }
    return try await catalog.categories()
  }

  /// The service's category names, asked now (``JokeRequests/categoriesRequest``).
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for a service without categories.
  public func categoryNames() async throws(ChuckError) -> [String] {
    guard let request = Kind.categoriesRequest else {
      throw .invalidArgument(Kind.source.noCategoriesMessage)
    }
    let answer = try await worker(request, notFound: .notFound(path: request.pathText))
      .decode(Kind.CategoriesAnswer.self)
    return try Kind.categoryNames(in: answer)
  }

  /// The category names, cached for a day in ``catalogFile`` (a service with categories).
  public var catalog: CategoryCatalog {
    let client = self
    return CategoryCatalog(file: catalogFile) { () async throws(ChuckError) -> [String] in
      try await client.categoryNames()
    }
  }

  private func fetchJoke(_ request: ServiceRequest, askedFor id: String?, notFound: ChuckError)
    async throws(ChuckError) -> Kind.Joke
  {
    let answer = try await worker(request, notFound: notFound).decode(Kind.JokeAnswer.self)
    guard let joke = try Kind.joke(in: answer, askedFor: id, savedAt: now()) else {
      throw notFound
    }
    return joke
  }

  /// A worker for one request; the kind's no-joke statuses mean `noJoke` (else `notFound`).
  private func worker(_ request: ServiceRequest, notFound: ChuckError, noJoke: ChuckError? = nil)
    throws(ChuckError) -> ChuckWorker
  {
    let deviceID = deviceID
    let worker = ChuckWorker(
      url: request.encoded.map { BaseURL(baseURL).appending(encoded: $0) }
        ?? BaseURL(baseURL).appending(request.path, query: request.query),
      userAgent: Kind.userAgent, transport: transport, policy: policy,
      limits: TransferLimits(deadline: timeout, maxBytes: NetworkDefaults.maxResponseBytes),
      notFound: notFound, headers: try Kind.headers(deviceID: deviceID),
      noJokeStatuses: Kind.noJokeStatuses, noJoke: noJoke)
    workerCreated?(worker)
    return worker
  }
}
