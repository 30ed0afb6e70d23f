/// A kind of joke: one source's jokes, how they are told apart, how their saved list is read and
/// how its service is asked (``JokeRequests``). Chuck Norris jokes (``ChuckNorris``) are one kind;
/// each other service's jokes are another (``JokeShape``). ``SavedList`` and ``ServiceClient`` are
/// generic over it: one set of rules for every source's list and every source's service.
public protocol JokeKind: JokeRequests {
  /// The saved list as read for listing and lookup.
  associatedtype Index: JokeIndex where Index.Joke == Joke

  /// The source's name: `--source NAME`, `CHUCK_SOURCE`, a favourite's `source`.
  static var name: String { get }
  /// The list's title, on `chuck list` and the screen.
  static var title: String { get }
  /// The list's short name: its tab on the screen.
  static var label: String { get }
  /// The list file's name in the data folder (`NAME-jokes.json` unless the kind says otherwise).
  static var listFileName: String { get }
  /// The variable that sets the service's base URL; `nil` for a kind without a service
  /// (``Mine``).
  static var baseURLVariable: EnvironmentVariable? { get }
  /// The service's base URL when its variable is unset.
  static var defaultBaseURL: String { get }
  /// Whether the kind has a service to fetch from (every kind but ``Mine``).
  static var hasService: Bool { get }
  /// Where the kind was declared, for a source the config file declares (``DeclaredShape``);
  /// `nil` for a built-in one.
  static var origin: SettingOrigin? { get }
  /// How the kind's dates are shown, instead of the `date-format` setting's (a declared
  /// source's `date-format`); `nil` for the setting's.
  static var dateFormat: DateFormat? { get }

  /// Whether `id` has the form of a whole id of this kind: one that is looked up on the service
  /// when it is not saved, and that is never taken for a short prefix.
  /// - Parameter id: what the user typed.
  static func isFullID(_ id: String) -> Bool

  /// What a whole id looks like, for messages.
  static var idForm: String { get }

  /// The names of the flags the service marks jokes with (JokeAPI's `explicit`, `nsfw`, …),
  /// which `--exclude` and `CHUCK_EXCLUDE` leave out as they leave out categories.
  static var flagNames: [String] { get }

  /// The saved list as read (``SavedList/saved()``), for a caller that holds the kind as a value
  /// (`any JokeKind.Type`, as `pick --source all` does). A requirement, not only an extension
  /// method: each kind's witness is compiled for that kind, where a generic call made the list's
  /// index type from its mangled name at run time, a scan of every protocol conformance for each
  /// kind (about 0.19 M instructions each).
  /// - Parameter components: what the environment built.
  /// - Throws: ``ChuckError/storageCorrupt(path:reason:)`` and the storage's other errors.
  static func savedIndex(_ components: ChuckComponents) throws(ChuckError) -> any JokeIndex
}

/// What every saved joke offers, whatever its source.
public protocol SavedJoke: Codable, Sendable, Equatable {
  /// Its id: the same id is never saved twice.
  var id: String { get }
  /// Its text, or a two-part joke's setup.
  var text: String { get }
  /// A two-part joke's punchline; `nil` for a one-part joke.
  var punchline: String? { get }
  /// Its categories; empty for a source without any.
  var categories: [String] { get }
  /// As `chuck list` and the screen show it.
  var listRow: JokeListView.Row { get }
  /// The rows `chuck show` and the screen's detail print after the id, labelled, in order.
  var detailFields: [(label: String, value: String)] { get }
  /// The rows `chuck show` prints after the id, its instants written in a format.
  /// - Parameter instants: how each date and time is written (``ShownDates/instant``);
  ///   ``DateFormat/swedishDateTime`` gives ``detailFields``.
  /// - Returns: the labelled rows, in order.
  func detailFields(instants: DateFormat) -> [(label: String, value: String)]
  /// The icon's URL as sent, for a kind whose jokes have one.
  var icon: String? { get }
  /// The date the service sent with the joke (`created_at`), if it sends one.
  var sentDate: PostgresTimestamp? { get }
  /// The joke's web page, for a kind whose jokes have one.
  var link: String? { get }

  /// Jokes as the service sent them, without what `chuck` adds, as a JSON array (`search --json`).
  static func jsonAsSent(_ jokes: [Self]) -> TerminalText

  /// What `--exclude` and `CHUCK_EXCLUDE` compare with: the categories, and the flags the joke
  /// is marked with for a service that has flags.
  var exclusionNames: [String] { get }
}

/// A saved list as read from its file: each joke's id, text and date, found by position, and the
/// joke itself decoded when asked for. Chuck Norris lists, which may hold a hundred thousand
/// jokes, are read in place (``ChuckNorrisIndex``); the others are decoded whole (``DecodedIndex``).
public protocol JokeIndex: Sendable {
  /// The joke type.
  associatedtype Joke: SavedJoke

  /// Reads and checks every item of a list file.
  /// - Parameters:
  ///   - raw: the file's items.
  ///   - path: the file, named in errors.
  /// - Throws: ``ChuckError/storageCorrupt(path:reason:)`` naming the first bad item.
  init(_ raw: RawItems, path: String) throws(ChuckError)

  /// How many jokes are saved.
  var count: Int { get }
  /// The id of the joke at `position` (saved order).
  func id(at position: Int) -> String
  /// The text (a two-part joke's setup) of the joke at `position`.
  func text(at position: Int) -> String
  /// The punchline of the two-part joke at `position`; `nil` for a one-part joke.
  func punchline(at position: Int) -> String?
  /// The categories of the joke at `position`.
  func categories(at position: Int) -> [String]
  /// The entry `chuck list` shows for the joke at `position`.
  func row(at position: Int) -> JokeListView.Row
  /// The positions, oldest first (``JokeOrder``).
  func oldestFirst() -> [Int]
  /// The position of the joke whose id is `id`.
  func position(of id: String) -> Int?
  /// The positions of the jokes whose ids start with `prefix`, in saved order.
  func positions(withPrefix prefix: String) -> [Int]
  /// The joke at `position`, decoded whole.
  /// - Throws: ``ChuckError/storageCorrupt(path:reason:)``.
  func joke(at position: Int) throws(ChuckError) -> Joke
  /// The jokes at `positions` as a JSON array, each item as the file holds it (`--json`).
  func jsonArray(_ positions: [Int], to write: ([UInt8]) -> Void)
  /// Adds every joke's id, in saved order, to `pick`'s fingerprint of the list.
  /// - Parameters:
  ///   - fingerprint: the fingerprint.
  ///   - source: the list's source name.
  func addIDs(to fingerprint: inout PickRotation.Fingerprint, source: String)
  /// What `--exclude` compares with for the joke at `position` (``SavedJoke/exclusionNames``).
  func exclusionNames(at position: Int) -> [String]
}

extension JokeKind {
  /// The source whose jokes these are.
  public static var source: JokeSource { JokeSource(self) }
  /// `NAME-jokes.json`.
  public static var listFileName: String { "\(name)-jokes.json" }
  /// None.
  public static var flagNames: [String] { [] }
  /// When it has a base URL's variable.
  public static var hasService: Bool { baseURLVariable != nil }
  /// None: built in.
  public static var origin: SettingOrigin? { nil }
  /// None: the setting's.
  public static var dateFormat: DateFormat? { nil }

  /// The kind's saved list, read.
  public static func savedIndex(_ components: ChuckComponents) throws(ChuckError) -> any JokeIndex {
    try components.list(self).saved()
  }

  /// The kind's client, with the configured network settings (``ChuckComponents/client(_:)``).
  /// - Parameter components: what the environment built.
  public static func client(_ components: ChuckComponents) -> ServiceClient<Self> {
    components.client(self)
  }
}

extension SavedJoke {
  /// None.
  public var link: String? { nil }
  /// The categories.
  public var exclusionNames: [String] { categories }
}

extension JokeIndex {
  /// None: a list of one-part jokes.
  public func punchline(at position: Int) -> String? { nil }
  /// Every saved id, in saved order.
  public var ids: [String] { (0..<count).map { id(at: $0) } }

  /// The categories.
  public func exclusionNames(at position: Int) -> [String] { categories(at: position) }

  /// Each id as ``id(at:)`` gives it.
  public func addIDs(to fingerprint: inout PickRotation.Fingerprint, source: String) {
    for position in 0..<count { fingerprint.add(source: source, id: id(at: position).utf8) }
  }
}
