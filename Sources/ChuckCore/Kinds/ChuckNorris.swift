/// api.chucknorris.io's jokes: `jokes.json`, read in place.
public enum ChuckNorris: JokeKind {
  /// A Chuck Norris joke.
  public typealias Joke = ChuckJoke
  /// The in-place reader.
  public typealias Index = ChuckNorrisIndex
  /// `chuck`.
  public static var name: String { "chuck" }
  /// The title.
  public static var title: String { "Chuck Norris Jokes" }
  /// The tab\'s name on the screen.
  public static var label: String { "Chuck Norris" }
  /// `jokes.json`, as before there were other sources.
  public static var listFileName: String { "jokes.json" }
  /// `CHUCK_API_URL`.
  public static var baseURLVariable: EnvironmentVariable? { .apiURL }
  /// api.chucknorris.io.
  public static var defaultBaseURL: String { "https://api.chucknorris.io" }
  /// Search, fetch by id, categories.
  public static var abilities: JokeAbilities { [.search, .fetchByID, .categories] }
  /// 22 characters of `[A-Za-z0-9_-]`.
  public static func isFullID(_ id: String) -> Bool { JokeID.isWellFormed(id) }
  /// ``JokeID/form``.
  public static var idForm: String { JokeID.form }
  /// The components' service, with `chuck random`'s category checks.
  public static func client(_ components: ChuckComponents) -> ChuckClient {
    ChuckClient(service: components.service, randomJokes: components.randomJokes)
  }
}

extension ChuckJoke: SavedJoke {
  /// The text.
  public var text: String { value }
  /// None: a Chuck Norris joke has one part.
  public var punchline: String? { nil }
  /// Its page on the service (`url`).
  public var link: String? { url }
  /// Its text and `created_at`.
  public var listRow: JokeListView.Row { JokeListView.Row(id: id, created: created, value: value) }
  /// `created_at`, `updated_at` (UTC), the link, the categories (`uncategorized` when none)
  /// and the text.
  public var detailFields: [(label: String, value: String)] {
    let dates = SwedishDateFormatter()
    return [
      ("created_at", dates.dateTime(created) + " UTC"),
      ("updated_at", dates.dateTime(updated) + " UTC"),
      ("link", url),
      ("categories", categories.isEmpty ? "uncategorized" : categories.joined(separator: ", ")),
      ("value", value),
    ]
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
