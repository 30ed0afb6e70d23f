import FoundationEssentials

/// icanhazdadjoke's dad jokes: `{"id": "R7UfaahVfFd", "joke": "…", "status": 200}`; `GET /`,
/// `GET /j/<id>`, `GET /search?term=&limit=30`.
public enum ICanHazDadJoke: JokeShape {
  /// `dad`.
  public static var name: String { "dad" }
  /// The title.
  public static var title: String { "Dad Jokes" }
  /// The tab\'s name on the screen.
  public static var label: String { "Dad" }
  /// `CHUCK_DAD_API_URL`.
  public static var baseURLVariable: EnvironmentVariable? {
    EnvironmentVariable("CHUCK_DAD_API_URL")
  }
  /// icanhazdadjoke.com.
  public static var defaultBaseURL: String { "https://icanhazdadjoke.com" }
  /// The text field.
  public static var textField: String { "joke" }
  /// None: one part.
  public static var punchlineField: String? { nil }
  /// The joke's id.
  public static func id(in object: [String: JSONValue], text: String) -> String? {
    if case .string(let id)? = object["id"] { return id }
    return nil
  }

  /// `/`.
  public static func randomRequest(category: String?, settings: ServiceSettings)
    throws(ChuckError) -> ServiceRequest
  { ServiceRequest([]) }
  /// `/j/<id>`.
  public static var jokeRequest: ServiceRequest.ByID? {
    { id in ServiceRequest(["j", id]) }
  }
  /// `/search?term=&limit=30`: the first page.
  public static var searchRequest: ServiceRequest.Search? {
    { (term: String, _: ServiceSettings) throws(ChuckError) -> ServiceRequest in
      ServiceRequest(
        ["search"],
        query: [URLQueryItem(name: "term", value: term), URLQueryItem(name: "limit", value: "30")])
    }
  }
  /// `{"results": [{"id", "joke"}, …], "total_jokes", …}`.
  public static func searchResults(in answer: JSONValue) throws(ChuckError)
    -> [[String: JSONValue]]
  {
    guard case .object(let page) = answer, case .array(let results)? = page["results"] else {
      throw .badResponse("the search answer has no 'results' array")
    }
    var objects: [[String: JSONValue]] = []
    for result in results {
      guard case .object(let object) = result else {
        throw .badResponse("a search result is not an object")
      }
      objects.append(object)
    }
    return objects
  }
  /// icanhazdadjoke asks clients to name themselves: the home page, when the build has one.
  public static var userAgent: String { ChuckVersion.describedUserAgent }
}

extension JokeSource {
  /// icanhazdadjoke's dad jokes.
  public static let dad = JokeSource(ICanHazDadJoke.self)
}

/// A dad joke.
public typealias DadJoke = ServiceJoke<ICanHazDadJoke>
