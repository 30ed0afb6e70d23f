import FoundationEssentials

/// Switter's jokes: `{"content": "…"}`, with no id: `chuck` makes one from the text (``TextID``)
/// and stores it as `id`; `GET /api/joke` with the device's `x-device-uuid`.
public enum Switter: TextIdentifiedShape {
  /// `switter`.
  public static var name: String { "switter" }
  /// The title.
  public static var title: String { "Switter Jokes" }
  /// The tab\'s name on the screen.
  public static var label: String { "Switter" }
  /// `CHUCK_SWITTER_API_URL`.
  public static var baseURLVariable: EnvironmentVariable? {
    EnvironmentVariable("CHUCK_SWITTER_API_URL")
  }
  /// switter.int.daftcode.pl.
  public static var defaultBaseURL: String { "https://switter.int.daftcode.pl" }
  /// The text field.
  public static var textField: String { "content" }

  /// `/api/joke`.
  public static func randomRequest(category: String?, settings: ServiceSettings)
    throws(ChuckError) -> ServiceRequest
  { ServiceRequest(["api", "joke"]) }
  /// `x-device-uuid`: no other service is ever sent it.
  public static func headers(deviceID: () throws(ChuckError) -> String) throws(ChuckError)
    -> [(name: String, value: String)]
  {
    [("x-device-uuid", try deviceID())]
  }
}

extension JokeSource {
  /// Switter's jokes.
  public static let switter = JokeSource(Switter.self)
}

/// A Switter joke.
public typealias SwitterJoke = ServiceJoke<Switter>

/// A kind of one-part jokes that have no ids of their own (Switter's, your own): `chuck` makes
/// one from the text (``TextID``) and stores it as `id`, so that the same joke is never saved
/// twice.
public protocol TextIdentifiedShape: JokeShape {}

extension TextIdentifiedShape {
  /// None: one part.
  public static var punchlineField: String? { nil }
  /// The stored id, else one made from the text.
  public static func id(in object: [String: JSONValue], text: String) -> String? {
    if case .string(let id)? = object["id"] { return id }
    return TextID.make(text)
  }
  /// ``JokeID/form``.
  public static var idForm: String { JokeID.form }
  /// The form of the ids `chuck` makes (``TextID``): 22 characters.
  public static func isFullID(_ id: String) -> Bool { JokeID.isWellFormed(id) }
}
