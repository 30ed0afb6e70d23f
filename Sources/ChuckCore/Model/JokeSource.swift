/// A joke service `chuck` fetches from, with its own list file: one ``JokeKind``, known by its
/// name (`--source NAME`, `CHUCK_SOURCE`, a favourite's `source`). Everything about a source is
/// its kind's; this type only names it, and ``allCases`` is the one list of the sources.
public struct JokeSource: Sendable, Hashable, CaseIterable, RawRepresentable, Codable {
  /// The kind of joke the source serves, or the name alone of a dormant source.
  private let identity: Identity

  /// What a source is.
  private enum Identity {
    /// A source in effect: its kind.
    case kind(any JokeKind.Type)
    /// A source that saved data names and the config file no longer declares (a favourite of
    /// `articles` after `[sources.articles]` was removed): its name, and no kind.
    case dormant(String)
  }

  /// The source of a kind.
  /// - Parameter kind: the kind.
  public init(_ kind: any JokeKind.Type) {
    identity = .kind(kind)
  }

  /// A source that saved data names and the config file no longer declares: kept by name, so
  /// that the favourites that name it are kept, listed and written back as they are (and come
  /// back whole when the source is declared again). It has no service and no tab, and `--source`
  /// does not take it; it has no kind (``kind`` refuses it), so its list file is left alone.
  /// - Parameter name: the name, of a declared source's form (``SourceDeclaration``).
  /// - Returns: `nil` for a name no declaration could have.
  public init?(dormant name: String) {
    guard SourceDeclaration.problem(withName: name) == nil else { return nil }
    identity = .dormant(name)
  }

  /// The source with this name, else the dormant source of that name (``init(dormant:)``):
  /// how saved data names a source.
  /// - Parameter name: the name as saved.
  public init?(saved name: String) {
    guard let source = Self(rawValue: name) ?? Self(dormant: name) else { return nil }
    self = source
  }

  /// The kind of joke the source serves: what opens its list, asks its service and reads its
  /// items.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for a dormant source, which has none: the
  ///   config file no longer declares it, and its list is neither read nor written.
  public var kind: any JokeKind.Type {
    get throws(ChuckError) {
      switch identity {
      case .kind(let kind):
        return kind
      case .dormant(let name):
        throw .invalidArgument(
          "\(name) is not declared in your config file: declare [sources.\(name)] again to read "
            + "its jokes")
      }
    }
  }

  /// The kind, when the source has one (every source but a dormant one).
  private var ownKind: (any JokeKind.Type)? {
    guard case .kind(let kind) = identity else { return nil }
    return kind
  }

  /// Whether the source is one that saved data names and the config file no longer declares.
  public var isDormant: Bool { ownKind == nil }

  /// The source with this name, if there is one.
  /// - Parameter rawValue: a source's name.
  public init?(rawValue: String) {
    guard let source = Self.allCases.first(where: { $0.name == rawValue }) else { return nil }
    self = source
  }

  /// The built-in sources, in `chuck sources` order: Chuck Norris jokes first (the default).
  public static let builtIn: [JokeSource] = [.chuck, .dad, .official, .switter, .jokeapi, .mine]

  /// Every source, in `chuck sources` order: the built-in ones, then those the config file
  /// declares (``DeclaredSources``) in file order.
  public static var allCases: [JokeSource] {
    let declared = DeclaredSources.sources
    return declared.isEmpty ? builtIn : builtIn + declared
  }

  /// The name `--source` and `CHUCK_SOURCE` take.
  public var rawValue: String { name }

  /// The name `--source` and `CHUCK_SOURCE` take.
  public var name: String {
    switch identity {
    case .kind(let kind): kind.name
    case .dormant(let name): name
    }
  }

  /// The list file's name in the data folder.
  public var listFileName: String { ownKind?.listFileName ?? "\(name)-jokes.json" }

  /// The variable that sets the service's base URL.
  public var baseURLVariable: EnvironmentVariable? { ownKind?.baseURLVariable }

  /// Whether the source has a service to fetch from (every source but your own jokes).
  public var hasService: Bool { ownKind?.hasService ?? false }

  /// Where the config file declared the source; `nil` for a built-in one.
  public var origin: SettingOrigin? { ownKind?.origin }

  /// Where the config file declared the source, `FILE:LINE`; `nil` for a built-in one.
  public var declaredAt: String? {
    guard case .file(let path, let line)? = origin else { return nil }
    return "\(path):\(line)"
  }

  /// Whether the config file declared the source.
  public var isDeclared: Bool { origin != nil }

  /// What its service can do besides random jokes; nothing for a dormant source.
  private var abilities: JokeAbilities { ownKind?.abilities ?? [] }

  /// Whether `random` and Joke! bring the whole latest list (a declared source with `list`).
  public var isFeed: Bool { abilities.contains(.feed) }

  /// What `random`, `search` and `save` say of a source without a service.
  public var noServiceMessage: String {
    "\(name) jokes have no service to fetch from: add yours with chuck add TEXT, or chuck import"
  }

  /// The service's base URL when its variable is unset; for a dormant source, which has no
  /// service, a URL that no request can reach.
  public var defaultBaseURL: String { ownKind?.defaultBaseURL ?? "http://127.0.0.1:9" }

  /// The list's title.
  public var title: String { ownKind?.title ?? name }

  /// The tab's name on the screen, and how messages name the service.
  public var label: String { ownKind?.label ?? name }

  /// How its jokes' dates are shown, when the source has its own way (a declared source's
  /// `date-format`).
  public var dateFormat: DateFormat? { ownKind?.dateFormat }

  /// Whether the service searches jokes by text.
  public var canSearch: Bool { abilities.contains(.search) }

  /// Whether the service fetches a joke by its id.
  public var canFetchByID: Bool { abilities.contains(.fetchByID) }

  /// The languages its service has jokes in (``JokeRequests/languages``); none for your own.
  public var languages: [String] { ownKind?.languages ?? [] }

  /// Whether its jokes have categories (`--category`, `--exclude`).
  public var hasCategories: Bool { abilities.contains(.categories) }

  /// Sources are the same when their names are.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.name == rhs.name }

  /// Hashes the name.
  public func hash(into hasher: inout Hasher) { hasher.combine(name) }

  /// Decodes a source's name.
  /// - Throws: `DecodingError` for a name that is no source's.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let name = try container.decode(String.self)
    guard let source = Self(rawValue: name) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "no source is named '\(name)'")
    }
    self = source
  }

  /// Encodes the name.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(name)
  }

  /// What `chuck list` says when the list is empty: how to fetch the first joke, naming the
  /// source unless it is the default one.
  /// - Parameter defaultSource: the source `chuck random` fetches from without `--source`.
  public func emptyListMessage(defaultSource: JokeSource) -> String {
    "Your list is empty. Fetch your first joke with: chuck random"
      + (self == defaultSource ? "" : " --source \(name)")
  }

  /// Why `--category` and `--exclude` are refused for a source without categories.
  public var noCategoriesMessage: String {
    "\(name) jokes have no categories; the sources that have them: "
      + Self.names(where: \.hasCategories)
  }

  /// Why `search` is refused for a source that cannot search.
  public var cannotSearchMessage: String {
    guard hasService else { return noServiceMessage }
    return
      "\(name) jokes cannot be searched; the sources that can: \(Self.names(where: \.canSearch))"
  }

  /// Why fetching by id is refused for a source without ids to fetch by.
  public var noFetchByIDMessage: String {
    hasService ? "\(name) jokes have no ids to fetch by" : noServiceMessage
  }

  /// The names of the sources that can do something, for messages: `chuck, dad`.
  public static func names(where can: (JokeSource) -> Bool) -> String {
    // Built by hand: the generic `joined(separator:)` is made at run time from its mangled name,
    // a scan of every protocol conformance, and the settings' table reads this at every start.
    var names = ""
    for source in allCases where can(source) {
      names += names.isEmpty ? source.name : ", " + source.name
    }
    return names
  }

  /// What help says of an ability: the sources that have it, then those that do not, which
  /// refuse it (64): `chuck, dad; the others (official, mine) cannot (64)`.
  /// - Parameter can: the ability.
  public static func canAndCannot(_ can: (JokeSource) -> Bool) -> String {
    let others = names(where: { !can($0) })
    return names(where: can) + (others.isEmpty ? "" : "; the others (\(others)) cannot (64)")
  }

  /// Every source's name, for messages: `chuck, dad, official, switter`.
  public static var names: String { names(where: { _ in true }) }
}

extension JokeSource: CustomStringConvertible {
  /// The name.
  public var description: String { name }
}

/// What a source's service can do besides random jokes.
public struct JokeAbilities: OptionSet, Sendable {
  /// The bits.
  public let rawValue: Int
  /// Makes a set from its bits.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// It searches jokes by text (`search`).
  public static let search = Self(rawValue: 1)
  /// It sends a joke by its id (`save`, `show` of an unsaved id).
  public static let fetchByID = Self(rawValue: 2)
  /// Its jokes have categories (`--category`, `--exclude`, `categories`).
  public static let categories = Self(rawValue: 4)
  /// Its answer is the whole latest list, not one joke (a declared source with `list`).
  public static let feed = Self(rawValue: 8)
}
