import FoundationEssentials

/// api.chucknorris.io's jokes: `jokes.json`, read in place; `GET /jokes/random?category=`,
/// `GET /jokes/{id}`, `GET /jokes/search?query=`, `GET /jokes/categories`.
public enum ChuckNorris: JokeKind {
  /// A Chuck Norris joke.
  public typealias Joke = ChuckJoke
  /// The in-place reader.
  public typealias Index = ChuckNorrisIndex
  /// A joke is decoded as it is saved.
  public typealias JokeAnswer = ChuckJoke
  /// `{"total", "result"}`.
  public typealias SearchAnswer = ChuckSearchPage
  /// A JSON array of names.
  public typealias CategoriesAnswer = [String]
  /// `chuck`.
  public static var name: String { "chuck" }
  /// The title.
  public static var title: String { "Chuck Norris Jokes" }
  /// The tab\'s name on the screen.
  public static var label: String { "Chuck Norris" }
  /// `jokes.json`: the name it had when chuck had one source, kept so that no list moves.
  public static var listFileName: String { "jokes.json" }
  /// `CHUCK_API_URL`.
  public static var baseURLVariable: EnvironmentVariable? { .apiURL }
  /// api.chucknorris.io.
  public static var defaultBaseURL: String { "https://api.chucknorris.io" }
  /// 22 characters of `[A-Za-z0-9_-]`.
  public static func isFullID(_ id: String) -> Bool { JokeID.isWellFormed(id) }
  /// ``JokeID/form``.
  public static var idForm: String { JokeID.form }

  /// `/jokes/random`, with `?category=` when a category is given (the API also takes `a,b` for
  /// any of them).
  public static func randomRequest(category: String?, settings: ServiceSettings)
    throws(ChuckError) -> ServiceRequest
  {
    let query = category.map { [URLQueryItem(name: "category", value: $0)] } ?? []
    return ServiceRequest(["jokes", "random"], query: query)
  }
  /// `/jokes/{id}`.
  public static var jokeRequest: ServiceRequest.ByID? {
    { id in ServiceRequest(["jokes", id]) }
  }
  /// `/jokes/search?query=`; the query's length is checked first, as the server counts it
  /// (``SearchQuery``).
  public static var searchRequest: ServiceRequest.Search? {
    { (term: String, _: ServiceSettings) throws(ChuckError) -> ServiceRequest in
      if let problem = SearchQuery.problem(term) { throw .invalidArgument(problem) }
      return ServiceRequest(["jokes", "search"], query: [URLQueryItem(name: "query", value: term)])
    }
  }
  /// `/jokes/categories`.
  public static var categoriesRequest: ServiceRequest? { ServiceRequest(["jokes", "categories"]) }

  /// The joke as the API sent it.
  public static func joke(in answer: ChuckJoke, askedFor id: String?, savedAt: PostgresTimestamp)
    -> ChuckJoke?
  { answer }
  /// The page's jokes, oldest first (``JokeOrder``).
  public static func jokes(found answer: ChuckSearchPage, savedAt: PostgresTimestamp)
    -> [ChuckJoke]
  { JokeOrder.oldestFirst(answer.result) }
  /// The names as sent: a JSON array of strings.
  public static func categoryNames(in answer: [String]) -> [String] { answer }
}

/// api.chucknorris.io's answer to a search: `{"total": 12, "result": [{…}, …]}`.
public struct ChuckSearchPage: Decodable, Sendable {
  /// How many jokes matched.
  public var total: Int
  /// The jokes, in the API's order.
  public var result: [ChuckJoke]
}

extension ChuckJoke: SavedJoke {
  /// The text.
  public var text: String { value }
  /// None: a Chuck Norris joke has one part.
  public var punchline: String? { nil }
  /// Its page on the service (`url`).
  public var link: String? { url }
  /// Its text and `created_at`.
  public var listRow: JokeListView.Row { JokeListView.Row(id: id, date: created, value: value) }
  /// `created_at`, `updated_at` (UTC), the link, the categories (`uncategorized` when none)
  /// and the text.
  public var detailFields: [(label: String, value: String)] {
    detailFields(instants: .swedishDateTime)
  }
  /// The icon's URL.
  public var icon: String? { iconURL }
  /// `created_at`.
  public var sentDate: PostgresTimestamp? { created }
  /// The jokes themselves: `chuck` adds nothing.
  public static func jsonAsSent(_ jokes: [ChuckJoke]) -> TerminalText { JokeJSON.array(jokes) }
}

extension JokeSource {
  /// Chuck Norris jokes, the default source.
  public static let chuck = JokeSource(ChuckNorris.self)
}
