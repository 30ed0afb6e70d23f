/// A joke service `chuck` fetches from, with its own list file: api.chucknorris.io (the default),
/// icanhazdadjoke, the Official Joke API (two-part jokes) and Switter.
public enum JokeSource: String, CaseIterable, Sendable, Codable {
  case chuck, dad, official, switter

  /// The name `--source` and `CHUCK_SOURCE` take.
  public var name: String { rawValue }

  /// The list file's name in the data folder (`jokes.json` for Chuck Norris jokes, unchanged).
  public var listFileName: String { self == .chuck ? "jokes.json" : "\(rawValue)-jokes.json" }

  /// The variable that sets the service's base URL.
  public var baseURLVariable: EnvironmentVariable {
    switch self {
    case .chuck: .apiURL
    case .dad: .dadAPIURL
    case .official: .officialAPIURL
    case .switter: .switterAPIURL
    }
  }

  /// The service's base URL when its variable is unset.
  public var defaultBaseURL: String {
    switch self {
    case .chuck: "https://api.chucknorris.io"
    case .dad: "https://icanhazdadjoke.com"
    case .official: "https://official-joke-api.appspot.com"
    case .switter: "https://switter.int.daftcode.pl"
    }
  }

  /// The list's title.
  public var title: String {
    switch self {
    case .chuck: "Chuck Norris Jokes"
    case .dad: "Dad Jokes"
    case .official: "Official Jokes"
    case .switter: "Switter Jokes"
    }
  }

  /// Whether the service searches jokes by text.
  public var canSearch: Bool { self == .chuck || self == .dad }

  /// Whether the service fetches a joke by its id.
  public var canFetchByID: Bool { self != .switter }

  /// Every source's name, for messages: `chuck, dad, official, switter`.
  public static var names: String { allCases.map(\.name).joined(separator: ", ") }
}
