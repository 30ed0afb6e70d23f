import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// Everything `chuck` reads from its environment, read once and checked: where the list and the
/// icon cache live, which API to ask, and the network's timeout and retries.
public struct ChuckConfiguration: Sendable, Equatable {
  /// The API's base URL (`CHUCK_API_URL`, default `https://api.chucknorris.io`).
  public var apiBaseURL: URL { baseURL(of: .chuck) }
  /// The base URLs that variables set, by source (see ``baseURL(of:)``).
  public var baseURLs: [JokeSource: URL]
  /// The source a command uses when `--source` is not given (`CHUCK_SOURCE`, default `chuck`).
  public var source: JokeSource
  /// The most favourites (`CHUCK_FAVORITES_MAX`, 1 to 1000, default 10).
  public var favoritesLimit: Int
  /// The categories (or flags) every command that picks or fetches leaves out (`CHUCK_EXCLUDE`,
  /// comma-separated; none by default).
  public var excluded: [String]
  /// The default of ``favoritesLimit``.
  public static let defaultFavoritesLimit = 10
  /// Seconds each attempt may take as a whole (`CHUCK_TIMEOUT`).
  public var timeout: Double
  /// How many times a request is tried again (`CHUCK_RETRIES`).
  public var retries: Int
  /// Seconds between attempts (`CHUCK_RETRY_DELAY`).
  public var retryDelay: Double
  /// Where the list lives (`CHUCK_DATA_DIR`, else `$XDG_DATA_HOME/chuck`, else
  /// `~/.local/share/chuck`).
  public var dataDirectory: URL
  /// Where icons are cached (`CHUCK_CACHE_DIR`, else `$XDG_CACHE_HOME/chuck`, else
  /// `~/.cache/chuck`).
  public var cacheDirectory: URL
  /// Where `pick` keeps its rotation (`CHUCK_STATE_DIR`, else `$XDG_STATE_HOME/chuck`, else
  /// `~/.local/state/chuck`): state that may be lost.
  public var stateDirectory: URL

  /// Whether JokeAPI's safe mode is on (`jokeapi-safe`, `CHUCK_JOKEAPI_SAFE`; default on).
  public var jokeAPISafe = true
  /// The language asked of the sources that have several (`lang`, `CHUCK_LANG`, else the
  /// locale's): a two-letter code such as `fr`, or `nil` for each source's own default.
  public var language: String?
  /// How dates are shown (`date-format`, `CHUCK_DATE_FORMAT`); `nil`: the Swedish default.
  public var dateFormat: DateFormat?
  /// Whether the screen takes the mouse (`mouse`, `CHUCK_MOUSE`; default on).
  public var mouse = true
  /// Whether the screen's rows show each joke's id (`screen-ids`, `CHUCK_SCREEN_IDS`; default
  /// off: a screen reader spells an id out letter by letter, and the detail has it).
  public var screenIDs = false
  /// Whether the accessible mode is on (`accessible`, `CHUCK_ACCESSIBLE`, else the file, else a
  /// non-empty `ACCESSIBLE`; `--accessible` turns it on too; default off): progress said once in
  /// words, no animation, state in words instead of glyphs, no dim text, icons as text, the
  /// screen's cursor shown.
  public var accessible = false
  /// The sync folder and when to sync (`sync-dir`, `sync`).
  public var sync = SyncSettings()
  /// The screen's keys (`[keys]` in the config file); the standard ones by default. Made when
  /// asked for, not when the configuration is read: a command that opens no screen (`pick` in a
  /// shell's start-up file) never builds a keymap, unless the file has keys to check.
  public var keymap: ScreenKeymap {
    keyEntries.isEmpty ? .standard : ScreenKeymap.standard.configured(by: keyEntries).keymap
  }
  /// The `[keys]` table's settings, checked when the file was read.
  private var keyEntries: [ConfigEntry] = []

  /// The default API.
  public static let defaultAPIURL = URL(string: "https://api.chucknorris.io")!

  /// The CA certificates TLS trusts (`CURL_CA_BUNDLE`, `SSL_CERT_FILE`, `SSL_CERT_DIR`).
  public var certificateAuthorities: CertificateAuthorities
  /// The proxy variables (`https_proxy`, `no_proxy`…).
  public var proxies: ProxySettings
  /// The process's variables as read, for a source's own settings (``JokeShape``).
  public var environment: [String: String]

  /// The saved list's file.
  public var listFile: URL { listFile(of: .chuck) }

  /// A source's base URL: its variable's, else its default.
  /// - Parameter source: the source.
  /// - Returns: the URL.
  public func baseURL(of source: JokeSource) -> URL {
    baseURLs[source] ?? URL(string: source.defaultBaseURL)!
  }

  /// How every service is reached: libcurl trusting the configured CAs, through the configured
  /// proxies.
  public var liveTransport: HTTPTransport {
    .live(trusting: certificateAuthorities, through: proxies)
  }

  /// The retries the environment asks for.
  public var retryPolicy: RetryPolicy { RetryPolicy(retries: retries, delay: retryDelay) }

  /// A source's list file.
  /// - Parameter source: the source.
  /// - Returns: its file in the data folder.
  public func listFile(of source: JokeSource) -> URL {
    dataDirectory.appendingPath(source.listFileName)
  }

  /// How output is coloured (`color`, `CHUCK_COLOR`; `--color` overrides it).
  public var color: ColorMode = .auto
  /// Where each setting's value came from, by key; a setting not here has its default.
  public internal(set) var origins = NamedValues<SettingOrigin>()
  /// What the config file holds that this chuck does not know (a newer chuck's key), one line
  /// each, for a warning on stderr: the file is still used.
  public private(set) var warnings: [String] = []
  /// The sources the config file declares (`[sources.NAME]`), checked, in file order; what
  /// ``load(environment:)`` installs (``DeclaredSources``).
  public private(set) var declarations: [SourceDeclaration] = []
  /// The config file in effect (which may not exist), or `nil` when `CHUCK_CONFIG` is empty.
  public private(set) var configPath: String?

  /// Every setting at its default, and the folders at the root: what ``Setting/defaultValue``
  /// reads, and what the terminal of a command whose config file cannot be read starts from.
  public static let standard = ChuckConfiguration(defaultsWith: [:])

  /// Every setting at its default, with the process's variables (which a declared source's
  /// headers name): what `chuck config check` applies the file to.
  /// - Parameter environment: the process's variables.
  static func defaults(environment: [String: String]) -> ChuckConfiguration {
    ChuckConfiguration(defaultsWith: environment)
  }

  /// The defaults, before the file and the environment are read.
  private init(defaultsWith environment: [String: String]) {
    baseURLs = [:]
    source = .chuck
    favoritesLimit = Self.defaultFavoritesLimit
    excluded = []
    timeout = NetworkDefaults.timeout
    retries = NetworkDefaults.retries
    retryDelay = NetworkDefaults.retryDelay
    let root = URL(fileURLWithPath: "/", isDirectory: true)
    dataDirectory = root
    cacheDirectory = root
    stateDirectory = root
    certificateAuthorities = CertificateAuthorities(environment: environment)
    proxies = ProxySettings(environment: environment)
    self.environment = environment
  }

  /// Reads the config file that the environment names (``configFile(in:)``), then the
  /// environment, into a configuration.
  /// - Parameter environment: the process's environment variables.
  /// - Returns: the configuration.
  /// - Throws: ``ChuckError/badConfiguration(path:problems:)`` for a config file that cannot be
  ///   used (exit 78), or ``ChuckError/invalidEnvironment(variable:value:expected:)``.
  public static func load(environment: [String: String]) throws(ChuckError) -> ChuckConfiguration {
    let path = configFile(in: environment)
    var file: ConfigFile?
    if let path {
      do throws(ConfigFileError) {
        file = try ConfigFile.load(path: path)
      } catch {
        throw .badConfiguration(path: error.path, problems: error.problems)
      }
    }
    // The declared sources are sources before the settings are read: `source = "articles"`
    // names one.
    var declared: SourceDeclaration.Reading?
    if let file, let path,
      let reading = SourceDeclaration.reading(file, path: path, environment: environment)
    {
      declared = reading
      DeclaredSources.install(reading.declarations)
    } else {
      DeclaredSources.install([])
    }
    return try ChuckConfiguration(
      environment: environment, file: file, path: path, declared: declared)
  }

  /// Reads the settings of a config file, then of the environment, which override the file's,
  /// and the folders.
  /// - Parameters:
  ///   - environment: the process's environment variables.
  ///   - file: the config file, if there is one.
  ///   - path: its path, for messages and origins.
  /// - Throws: ``ChuckError/badConfiguration(path:problems:)`` naming every problem of the
  ///   file, or ``ChuckError/invalidEnvironment(variable:value:expected:)`` naming the first
  ///   variable whose value cannot be used.
  public init(environment: [String: String], file: ConfigFile? = nil, path: String? = nil)
    throws(ChuckError)
  {
    try self.init(environment: environment, file: file, path: path, declared: nil)
  }

  /// ``init(environment:file:path:)`` with the file's declared sources already read
  /// (``load(environment:)`` reads them once, before the settings).
  private init(
    environment: [String: String], file: ConfigFile?, path: String?,
    declared: SourceDeclaration.Reading?
  ) throws(ChuckError) {
    self.init(defaultsWith: environment)
    configPath = path ?? Self.configFile(in: environment)
    if let file {
      let problems = apply(file, path: configPath ?? "config", declared: declared)
      guard problems.isEmpty else {
        throw .badConfiguration(path: configPath ?? "config", problems: problems)
      }
    }
    for setting in Setting.all {
      guard let text = setting.variable.value(in: environment) else { continue }
      guard setting.store(setting.value(of: text), &self) else {
        throw .invalidEnvironment(
          variable: setting.variable.name, value: text, expected: setting.allowed)
      }
      origins[setting.key] = .environment(setting.variable.name)
    }
    // ACCESSIBLE is every program's (huh, clack, ouch): chuck's own variable and its file, which
    // name chuck alone, come first, so that `accessible = false` can opt chuck out.
    if origins[Setting.accessibleKey] == nil,
      EnvironmentVariable.accessibleEverywhere.value(in: environment) != nil
    {
      accessible = true
      origins[Setting.accessibleKey] = .environment(EnvironmentVariable.accessibleEverywhere.name)
    }
    if language == nil {
      // fortune-mod's order: the first locale variable that is set names the language.
      for variable in [EnvironmentVariable.lcAll, .lcMessages, .lang] {
        guard let locale = variable.value(in: environment) else { continue }
        let code = String(locale.prefix { $0.isLetter && $0.isASCII }).lowercased()
        if code.count == 2 {
          language = code
          origins[Setting.languageKey] = .environment(variable.name)
        }
        break
      }
    }

    let home = Self.home(in: environment)
    func directory(own: EnvironmentVariable, xdg: EnvironmentVariable, fallback: String) -> URL {
      if let path = own.value(in: environment) {
        return URL(fileURLWithPath: path, isDirectory: true)
      }
      // The XDG spec: an empty or relative value is invalid and ignored.
      if let path = xdg.value(in: environment), path.hasPrefix("/") {
        return URL(fileURLWithPath: path, isDirectory: true).appendingPath(
          "chuck", isDirectory: true)
      }
      return home.appendingPath(fallback, isDirectory: true)
        .appendingPath("chuck", isDirectory: true)
    }
    dataDirectory = directory(own: .dataDirectory, xdg: .xdgDataHome, fallback: ".local/share")
    cacheDirectory = directory(own: .cacheDirectory, xdg: .xdgCacheHome, fallback: ".cache")
    stateDirectory = directory(
      own: .stateDirectory, xdg: .xdgStateHome, fallback: ".local/state")
  }

  /// Stores the settings of a config file and notes their origins; what the file holds that
  /// no setting has becomes a warning.
  /// - Parameters:
  ///   - file: the file.
  ///   - path: its path.
  /// - Returns: every value that cannot be used, each naming its line, key and what is allowed.
  @discardableResult
  public mutating func apply(_ file: ConfigFile, path: String) -> [ConfigProblem] {
    apply(file, path: path, declared: nil)
  }

  /// ``apply(_:path:)`` with the file's declared sources already read, if they are.
  private mutating func apply(
    _ file: ConfigFile, path: String, declared read: SourceDeclaration.Reading?
  ) -> [ConfigProblem] {
    var problems: [ConfigProblem] = []
    for entry in file.entries where entry.table.isEmpty {
      guard let setting = Setting.named(entry.key) else {
        warnings.append(
          "\(path):\(entry.line): unknown setting '\(entry.key)', ignored "
            + "(chuck config list shows the settings)")
        continue
      }
      guard setting.store(entry.value, &self) else {
        // `source = "geek"` with [sources.geek] declared wrongly, which is then no source: the
        // table's own problems say why, and one more here would come first and hide them.
        if setting.key == Setting.sourceKey, case .string(let name) = entry.value,
          Self.hasTable(of: name, in: file)
        {
          continue
        }
        problems.append(
          ConfigProblem(
            line: entry.line, key: entry.name,
            message: "\(entry.value.toml) is not usable: expected \(setting.allowed)"))
        continue
      }
      origins[setting.key] = .file(path: path, line: entry.line)
    }
    let keys = file.entries.filter { $0.table == ScreenKeymap.configTable }
    if !keys.isEmpty {
      let keyProblems = ScreenKeymap.standard.configured(by: keys).problems
      problems += keyProblems
      if keyProblems.isEmpty {
        keyEntries = keys
        for entry in keys { origins[entry.name] = .file(path: path, line: entry.line) }
      }
    }
    if let declared = read ?? SourceDeclaration.reading(file, path: path, environment: environment)
    {
      declarations = declared.declarations
      problems += declared.problems
    }
    problems.sort { ($0.line ?? 0) < ($1.line ?? 0) }
    for table in file.tables
    where !Self.knownTables.contains(table)
      && !table.hasPrefix(SourceDeclaration.configTable + ".")
    {
      let line = file.headers.first { $0.name == table }?.line ?? 0
      warnings.append("\(path):\(line): unknown table [\(table)], ignored")
    }
    return problems
  }

  /// The tables of the config file that this chuck reads.
  static let knownTables = [ScreenKeymap.configTable]

  /// Whether the file has a table of the source `name`: `[sources.NAME]` or one of its own.
  private static func hasTable(of name: String, in file: ConfigFile) -> Bool {
    let table = SourceDeclaration.configTable + "." + name
    return file.headers.contains { $0.name == table || $0.name.hasPrefix(table + ".") }
  }
}
