import FoundationEssentials

/// One request to a service: the path after the base URL, segment by segment (unencoded), and the
/// query.
public struct ServiceRequest: Sendable {
  /// The path's segments, unencoded.
  public var path: [String]
  /// The query's items, unencoded; none for no query.
  public var query: [URLQueryItem]
  /// The path and query as a URL holds them, already encoded (a declared source's path, checked
  /// by ``SourceDeclaration``), used instead of ``path`` and ``query``; `nil` for a built-in
  /// request.
  public var encoded: String?

  /// Makes a request of a path and query written as a URL holds them: `/v3/abc?lang=de`.
  /// - Parameter encoded: the path, starting with `/`, and the query after `?`.
  public init(encoded: String) {
    self.path = []
    self.query = []
    self.encoded = encoded
  }

  /// A declared path with a placeholder filled in: the value percent-encoded for where it goes
  /// (a path segment before the `?`, a query value after it), so that the words of a search or
  /// an id never add a segment, a parameter or a fragment.
  /// - Parameters:
  ///   - placeholder: `{id}` or `{query}`.
  ///   - value: what the user typed.
  ///   - path: the declared path, holding the placeholder once.
  public static func filling(_ placeholder: String, with value: String, in path: String)
    -> String
  {
    guard let range = path.firstRange(of: placeholder) else { return path }
    let inQuery = path[..<range.lowerBound].contains("?")
    let encoded = PercentEncoding.encode(
      value, allowing: inQuery ? PercentEncoding.queryValue : PercentEncoding.pathSegment)
    var filled = path
    filled.replaceSubrange(range, with: encoded)
    return filled
  }

  /// Makes a request.
  /// - Parameters:
  ///   - path: the path's segments, unencoded.
  ///   - query: the query's items, unencoded.
  public init(_ path: [String], query: [URLQueryItem] = []) {
    self.path = path
    self.query = query
  }

  /// The path as a 404 names it: `/jokes/random`.
  public var pathText: String {
    encoded.map { String($0.prefix { $0 != "?" }) } ?? "/" + path.joined(separator: "/")
  }

  /// Makes the request of the joke with an id.
  public typealias ByID = @Sendable (_ id: String) -> ServiceRequest
  /// Makes the request that searches for a text, with the settings (for a service with settings
  /// of its own); it may refuse the text before any request.
  public typealias Search =
    @Sendable (_ term: String, _ settings: ServiceSettings) throws(ChuckError) -> ServiceRequest
}

/// How a kind's service is asked and how its answers become jokes: what ``ServiceClient`` asks
/// every service by. A request that is `nil` is one the service cannot be asked, and what a source
/// can do (``abilities``) is read from them, never declared beside them.
public protocol JokeRequests: Sendable {
  /// A saved joke of this kind.
  associatedtype Joke: SavedJoke
  /// What an answer with one joke decodes as (random, by id).
  associatedtype JokeAnswer: Decodable
  /// What a search's answer decodes as.
  associatedtype SearchAnswer: Decodable
  /// What the categories' answer decodes as.
  associatedtype CategoriesAnswer: Decodable

  /// The request of a random joke.
  /// - Parameters:
  ///   - category: only a joke of this category (a service with categories).
  ///   - settings: the settings, for a service with settings of its own (safe mode, language).
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for a kind without a service.
  static func randomRequest(category: String?, settings: ServiceSettings) throws(ChuckError)
    -> ServiceRequest
  /// The request of the joke with an id; `nil` for a service that cannot fetch by id.
  static var jokeRequest: ServiceRequest.ByID? { get }
  /// The request that searches for a text, which may refuse the text before any request; `nil`
  /// for a service that cannot search.
  static var searchRequest: ServiceRequest.Search? { get }
  /// The request of the category names; `nil` for a service without categories.
  static var categoriesRequest: ServiceRequest? { get }
  /// The request of the whole latest list, for a feed (a declared source with `list`): what
  /// `random` and Joke! ask it instead of one joke; `nil` for a service of single jokes.
  static var feedRequest: ServiceRequest? { get }

  /// The languages the service has jokes in (ISO 639-1 codes): `en` for most; none for a kind
  /// without a service (your own jokes are in whatever language you write them).
  static var languages: [String] { get }
  /// The language a request names (JokeAPI's `lang=`): the configured one when the service takes
  /// a language and has jokes in it; `nil` (the service's own, English) otherwise.
  /// - Parameter settings: the settings.
  static func requestLanguage(_ settings: ServiceSettings) -> String?

  /// The statuses besides 404 by which the service says it has no joke to send (JokeAPI's 400).
  static var noJokeStatuses: Set<Int> { get }
  /// The headers every request sends besides `Accept` and the User-Agent.
  /// - Parameter deviceID: the device id, made when first asked for.
  static func headers(deviceID: () throws(ChuckError) -> String) throws(ChuckError)
    -> [(name: String, value: String)]
  /// The User-Agent the service is sent.
  static var userAgent: String { get }

  /// The joke an answer holds.
  /// - Parameters:
  ///   - answer: the decoded answer.
  ///   - id: the id asked for (``jokeRequest``); `nil` for a random joke.
  ///   - savedAt: when the joke is saved.
  /// - Returns: the joke; `nil` when the answer says there is none (the request's not-found).
  /// - Throws: ``ChuckError/badResponse(_:)`` for an answer that is not such a joke.
  static func joke(in answer: JokeAnswer, askedFor id: String?, savedAt: PostgresTimestamp)
    throws(ChuckError) -> Joke?
  /// The jokes a search's answer holds, in the order to show.
  /// - Parameters:
  ///   - answer: the decoded answer.
  ///   - savedAt: when the jokes are saved.
  /// - Throws: ``ChuckError/badResponse(_:)`` for an answer of another shape.
  static func jokes(found answer: SearchAnswer, savedAt: PostgresTimestamp) throws(ChuckError)
    -> [Joke]
  /// The category names in the service's answer.
  /// - Throws: ``ChuckError/badResponse(_:)`` for an answer of another shape.
  static func categoryNames(in answer: CategoriesAnswer) throws(ChuckError) -> [String]
  /// The items of a feed's answer (``feedRequest``), in the service's order.
  /// - Parameters:
  ///   - answer: the decoded answer.
  ///   - savedAt: when the items are saved.
  /// - Throws: ``ChuckError/badResponse(_:)`` for an answer of another shape, or an item that is
  ///   not one of the kind.
  static func jokes(inFeed answer: JSONValue, savedAt: PostgresTimestamp) throws(ChuckError)
    -> [Joke]
}

extension JokeRequests {
  /// None: the service cannot fetch by id.
  public static var jokeRequest: ServiceRequest.ByID? { nil }
  /// None: the service cannot search.
  public static var searchRequest: ServiceRequest.Search? { nil }
  /// None: the service has no categories.
  public static var categoriesRequest: ServiceRequest? { nil }
  /// None: the service sends single jokes.
  public static var feedRequest: ServiceRequest? { nil }
  /// None: the service sends single jokes.
  public static func jokes(inFeed answer: JSONValue, savedAt: PostgresTimestamp)
    throws(ChuckError) -> [Joke]
  { [] }
  /// English.
  public static var languages: [String] { ["en"] }
  /// None: the service takes no language.
  public static func requestLanguage(_ settings: ServiceSettings) -> String? { nil }
  /// None: 404 alone.
  public static var noJokeStatuses: Set<Int> { [] }
  /// None.
  public static func headers(deviceID: () throws(ChuckError) -> String) throws(ChuckError)
    -> [(name: String, value: String)]
  { [] }
  /// `chuck/<version>`.
  public static var userAgent: String { ChuckVersion.userAgent }

  /// What the service can do besides random jokes: the requests it has.
  public static var abilities: JokeAbilities {
    var abilities: JokeAbilities = []
    if searchRequest != nil { abilities.insert(.search) }
    if jokeRequest != nil { abilities.insert(.fetchByID) }
    if categoriesRequest != nil { abilities.insert(.categories) }
    if feedRequest != nil { abilities.insert(.feed) }
    return abilities
  }
}
