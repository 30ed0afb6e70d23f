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
  public var jokeAPISafe: Bool = true
  /// The language asked of the sources that have several (`lang`, `CHUCK_LANG`, else the
  /// locale's): a two-letter code such as `fr`, or `nil` for each source's own default.
  public var language: String?
  /// How dates are shown (`date-format`, `CHUCK_DATE_FORMAT`); `nil`: the Swedish default.
  public var dateFormat: DateFormat?
  /// Whether the screen takes the mouse (`mouse`, `CHUCK_MOUSE`; default on).
  public var mouse: Bool = true
  /// The screen's keys (`[keys]` in the config file); the standard ones by default.
  public var keymap: ScreenKeymap = .standard

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
    dataDirectory.appendingPathComponent(source.listFileName)
  }

  /// Reads and checks the environment.
  /// - Parameter environment: the process's environment variables.
  /// - Throws: ``ChuckError/invalidEnvironment(variable:value:expected:)`` naming the first
  ///   variable whose value cannot be used.
  public init(environment: [String: String]) throws(ChuckError) {
    func value(_ variable: EnvironmentVariable) -> String? { variable.value(in: environment) }
    func seconds(_ variable: EnvironmentVariable, default fallback: Double, allowZero: Bool)
      throws(ChuckError) -> Double
    {
      guard let text = value(variable) else { return fallback }
      guard let number = Double(text.trimmingWhitespace), number.isFinite,
        allowZero ? number >= 0 : number > 0, number <= 86_400
      else {
        throw .invalidEnvironment(
          variable: variable.name, value: text,
          expected: allowZero ? "seconds, 0 or more" : "seconds, more than 0")
      }
      return number
    }

    var baseURLs: [JokeSource: URL] = [:]
    for source in JokeSource.allCases {
      guard let variable = source.baseURLVariable, let text = value(variable) else { continue }
      guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
        scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty,
        url.query == nil, url.fragment == nil
      else {
        throw .invalidEnvironment(
          variable: variable.name, value: text, expected: "an http or https URL")
      }
      baseURLs[source] = url
    }
    self.baseURLs = baseURLs
    if let text = value(.source) {
      guard let source = JokeSource(rawValue: text) else {
        throw .invalidEnvironment(
          variable: EnvironmentVariable.source.name, value: text,
          expected: "one of " + JokeSource.names)
      }
      self.source = source
    } else {
      source = .chuck
    }
    excluded = (value(.exclude) ?? "").split(separator: ",").map {
      $0.trimmingWhitespace
    }.filter { !$0.isEmpty }
    timeout = try seconds(.timeout, default: NetworkDefaults.timeout, allowZero: false)
    retryDelay = try seconds(
      .retryDelay, default: NetworkDefaults.retryDelay, allowZero: true)
    func wholeNumber(
      _ variable: EnvironmentVariable, in range: ClosedRange<Int>, default fallback: Int
    )
      throws(ChuckError) -> Int
    {
      guard let text = value(variable) else { return fallback }
      guard let number = Int(text.trimmingWhitespace), range.contains(number) else {
        throw .invalidEnvironment(
          variable: variable.name, value: text,
          expected: "a whole number from \(range.lowerBound) to \(range.upperBound)")
      }
      return number
    }
    retries = try wholeNumber(.retries, in: 0...100, default: NetworkDefaults.retries)
    favoritesLimit = try wholeNumber(
      .favoritesMax, in: 1...1000, default: Self.defaultFavoritesLimit)

    let home =
      value(.home).map { URL(fileURLWithPath: $0, isDirectory: true) }
      ?? URL(fileURLWithPath: Self.passwordHome ?? "/", isDirectory: true)
    func directory(own: EnvironmentVariable, xdg: EnvironmentVariable, fallback: String) -> URL {
      if let path = value(own) { return URL(fileURLWithPath: path, isDirectory: true) }
      // The XDG spec: an empty or relative value is invalid and ignored.
      if let path = value(xdg), path.hasPrefix("/") {
        return URL(fileURLWithPath: path, isDirectory: true).appendingPathComponent("chuck")
      }
      return home.appendingPathComponent(fallback, isDirectory: true)
        .appendingPathComponent("chuck")
    }
    switch value(JokeAPI.safeModeVariable) {
    case nil, "1": jokeAPISafe = true
    case "0": jokeAPISafe = false
    case let other?:
      throw .invalidEnvironment(
        variable: JokeAPI.safeModeVariable.name, value: other, expected: "0 (off) or 1 (on)")
    }
    mouse = value(.mouse) != "0"
    if let text = value(.language) {
      language = text
    } else {
      for variable in [EnvironmentVariable.lcAll, .lcMessages, .lang] {
        guard let locale = value(variable) else { continue }
        let code = locale.prefix { $0.isLetter }.lowercased()
        language = code.count == 2 ? code : nil
        break
      }
    }
    if let text = value(.dateFormat) {
      do throws(ChuckError) {
        dateFormat = try DateFormat(text)
      } catch {
        throw .invalidEnvironment(
          variable: EnvironmentVariable.dateFormat.name, value: text,
          expected: "a date format such as %Y-%m-%d")
      }
    }
    certificateAuthorities = CertificateAuthorities(environment: environment)
    proxies = ProxySettings(environment: environment)
    self.environment = environment
    dataDirectory = directory(own: .dataDirectory, xdg: .xdgDataHome, fallback: ".local/share")
    cacheDirectory = directory(own: .cacheDirectory, xdg: .xdgCacheHome, fallback: ".cache")
    stateDirectory = directory(
      own: .stateDirectory, xdg: .xdgStateHome, fallback: ".local/state")
  }

  /// The home directory in the password database, for when `HOME` is unset.
  private static var passwordHome: String? {
    guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return nil }
    return String(cString: directory)
  }
}
