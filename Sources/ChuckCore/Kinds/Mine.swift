import FoundationEssentials

/// Your own jokes: no service. `chuck add TEXT` (and `chuck import`) save them in
/// `my-jokes.json` as `{"id", "joke", "saved_at"}`, the id made from the text as Switter's are
/// (``TextID``), so that the same joke is never saved twice. Every command that reads a list
/// (`list`, `show`, `pick`, `remove`, favourites, the screen, `export`) treats them as any other
/// source's; those that ask a service (`random`, `search`, `save`) say there is none.
public enum Mine: TextIdentifiedShape {
  /// `mine`.
  public static var name: String { "mine" }
  /// The title.
  public static var title: String { "My Jokes" }
  /// The tab's name on the screen.
  public static var label: String { "Mine" }
  /// `my-jokes.json`.
  public static var listFileName: String { "my-jokes.json" }
  /// None: there is no service.
  public static var baseURLVariable: EnvironmentVariable? { nil }
  /// None: never asked (a URL that no request can reach).
  public static var defaultBaseURL: String { "http://127.0.0.1:9" }
  /// The text field.
  public static var textField: String { "joke" }

  /// None: your own jokes are in whatever language you write them, and no service is asked
  /// (`chuck sources` shows `-`).
  public static var languages: [String] { [] }

  /// There is no service to ask.
  public static func randomRequest(category: String?, settings: ServiceSettings)
    throws(ChuckError) -> ServiceRequest
  {
    throw .invalidArgument(source.noServiceMessage)
  }

  /// A joke of yours, as `chuck add` saves it.
  /// - Parameters:
  ///   - text: the joke (trimmed; not empty).
  ///   - time: when it is saved.
  /// - Returns: the joke, its id made from the text.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for an empty text or one over 10,000
  ///   characters.
  public static func joke(_ text: String, at time: PostgresTimestamp) throws(ChuckError)
    -> ServiceJoke<Mine>
  {
    let trimmed = text.trimmingWhitespace
    guard !trimmed.isEmpty else { throw .invalidArgument("a joke cannot be empty") }
    guard trimmed.count <= maximumLength else {
      throw .invalidArgument(
        "a joke is at most \(maximumLength) characters; this one is \(trimmed.count)")
    }
    return try ServiceJoke<Mine>(received: ["joke": .string(trimmed)], savedAt: time)
  }

  /// The longest joke `chuck add` takes, in characters.
  public static let maximumLength = 10_000
}

extension JokeSource {
  /// Your own jokes.
  public static let mine = JokeSource(Mine.self)
}

/// One of your own jokes.
public typealias MyJoke = ServiceJoke<Mine>
