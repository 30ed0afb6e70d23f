import FoundationEssentials

/// The Official Joke API's two-part jokes: `{"id": 1, "type": "general", "setup": "…",
/// "punchline": "…"}`, the id a whole number; `GET /random_joke`, `GET /jokes/<id>`.
public enum OfficialJokeAPI: JokeShape {
  /// `official`.
  public static var name: String { "official" }
  /// The title.
  public static var title: String { "Official Jokes" }
  /// The tab\'s name on the screen.
  public static var label: String { "Official" }
  /// `CHUCK_OFFICIAL_API_URL`.
  public static var baseURLVariable: EnvironmentVariable? {
    EnvironmentVariable("CHUCK_OFFICIAL_API_URL")
  }
  /// official-joke-api.appspot.com.
  public static var defaultBaseURL: String { "https://official-joke-api.appspot.com" }
  /// The setup.
  public static var textField: String { "setup" }
  /// The punchline.
  public static var punchlineField: String? { "punchline" }
  /// The joke's id: a whole number's digits.
  public static func id(in object: [String: JSONValue], text: String) -> String? {
    JokeID.wholeNumber(object["id"])
  }
  /// Whole numbers.
  public static var idForm: String { "whole numbers without leading zeros" }
  /// A whole number: its digits, without a sign (may be shorter than a prefix).
  public static func isFullID(_ id: String) -> Bool { JokeID.isWholeNumber(id) }

  /// `/random_joke`.
  public static func randomRequest(category: String?, settings: ServiceSettings)
    throws(ChuckError) -> ServiceRequest
  { ServiceRequest(["random_joke"]) }
  /// `/jokes/<id>`.
  public static var jokeRequest: ServiceRequest.ByID? {
    { id in ServiceRequest(["jokes", id]) }
  }
}

extension JokeSource {
  /// The Official Joke API's two-part jokes.
  public static let official = JokeSource(OfficialJokeAPI.self)
}

/// A two-part joke of the Official Joke API.
public typealias OfficialJoke = ServiceJoke<OfficialJokeAPI>
