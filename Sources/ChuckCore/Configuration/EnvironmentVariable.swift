/// An environment variable that `chuck` reads: the one list that the configuration, the
/// terminal, `chuck environment` (also `chuck help environment`) and the man page's check
/// (`.ci/install-check.sh`) all use.
public struct EnvironmentVariable: Sendable, Hashable {
  /// The variable's name.
  public let name: String

  init(_ name: String) {
    self.name = name
  }

  /// The config file (empty: none).
  public static let config = Self("CHUCK_CONFIG")
  /// The XDG config folder, whose `chuck/config` is the default config file.
  public static let xdgConfigHome = Self("XDG_CONFIG_HOME")
  /// How output is coloured.
  public static let color = Self("CHUCK_COLOR")
  /// The API's base URL.
  public static let apiURL = Self("CHUCK_API_URL")
  /// The default source.
  public static let source = Self("CHUCK_SOURCE")
  /// Categories (or flags) left out by every command that picks or fetches, comma-separated.
  public static let exclude = Self("CHUCK_EXCLUDE")
  /// The most favourites.
  public static let favoritesMax = Self("CHUCK_FAVORITES_MAX")
  /// The folder of the saved list.
  public static let dataDirectory = Self("CHUCK_DATA_DIR")
  /// The folder of the icon and category cache.
  public static let cacheDirectory = Self("CHUCK_CACHE_DIR")
  /// Seconds per attempt.
  public static let timeout = Self("CHUCK_TIMEOUT")
  /// How many times to try again.
  public static let retries = Self("CHUCK_RETRIES")
  /// Seconds between attempts.
  public static let retryDelay = Self("CHUCK_RETRY_DELAY")
  /// The XDG data folder.
  public static let xdgDataHome = Self("XDG_DATA_HOME")
  /// The XDG cache folder.
  public static let xdgCacheHome = Self("XDG_CACHE_HOME")
  /// Where `pick`'s rotation is kept, before `XDG_STATE_HOME`.
  public static let stateDirectory = Self("CHUCK_STATE_DIR")
  /// The XDG state home, for `pick`'s rotation.
  public static let xdgStateHome = Self("XDG_STATE_HOME")
  /// The home folder.
  public static let home = Self("HOME")
  /// No colour when set and not empty.
  public static let noColor = Self("NO_COLOR")
  /// Colour even into a pipe.
  public static let clicolorForce = Self("CLICOLOR_FORCE")
  /// The terminal's type.
  public static let term = Self("TERM")
  /// The width to fit output in.
  public static let columns = Self("COLUMNS")
  /// Set inside tmux, where no inline image is sent.
  public static let tmux = Self("TMUX")
  /// Names the terminal program (iTerm2, WezTerm show inline images).
  public static let termProgram = Self("TERM_PROGRAM")
  /// Names the terminal (iTerm2).
  public static let lcTerminal = Self("LC_TERMINAL")
  /// Set inside kitty.
  public static let kittyWindowID = Self("KITTY_WINDOW_ID")
  /// `0` turns the screen's mouse off (as `--no-mouse`), for selecting text with it.
  public static let mouse = Self("CHUCK_MOUSE")
  /// `1` shows each joke's id in the screen's rows.
  public static let screenIDs = Self("CHUCK_SCREEN_IDS")
  /// `1` turns the accessible mode on (as `--accessible`), `0` off.
  public static let accessible = Self("CHUCK_ACCESSIBLE")
  /// The accessible mode of every program that honours it (huh, clack, ouch): set and not empty,
  /// it turns chuck's on, unless `CHUCK_ACCESSIBLE` or the config file says otherwise.
  public static let accessibleEverywhere = Self("ACCESSIBLE")
  /// The language of jokes, for the sources that have several (`lang`).
  public static let language = Self("CHUCK_LANG")
  /// How dates are shown (`date-format`).
  public static let dateFormat = Self("CHUCK_DATE_FORMAT")
  /// The locale of every category, first choice of the language.
  public static let lcAll = Self("LC_ALL")
  /// The locale of messages, second choice of the language.
  public static let lcMessages = Self("LC_MESSAGES")
  /// The locale, third choice of the language.
  public static let lang = Self("LANG")
  /// The sync folder (`sync-dir`).
  public static let syncDirectory = Self("CHUCK_SYNC_DIR")
  /// When chuck syncs (`sync`): `auto` after each change, `manual` on `chuck sync` only.
  public static let sync = Self("CHUCK_SYNC")
  /// The browser the screen's `o` opens a link with (else `xdg-open`).
  public static let browser = Self("BROWSER")

  /// The CA bundle, as the curl tool reads it (first choice).
  public static let curlCABundle = Self("CURL_CA_BUNDLE")
  /// The CA bundle (second choice).
  public static let sslCertFile = Self("SSL_CERT_FILE")
  /// A directory of CA certificates.
  public static let sslCertDirectory = Self("SSL_CERT_DIR")

  /// The proxy of https requests, as curl reads it (first choice).
  public static let httpsProxy = Self("https_proxy")
  /// The proxy of https requests (second choice).
  public static let httpsProxyUpper = Self("HTTPS_PROXY")
  /// The proxy of http requests (lower case only, as for curl).
  public static let httpProxy = Self("http_proxy")
  /// The proxy of requests that their scheme's variable does not name (first choice).
  public static let allProxy = Self("all_proxy")
  /// The proxy of requests that their scheme's variable does not name (second choice).
  public static let allProxyUpper = Self("ALL_PROXY")
  /// The hosts reached without a proxy (first choice).
  public static let noProxy = Self("no_proxy")
  /// The hosts reached without a proxy (second choice).
  public static let noProxyUpper = Self("NO_PROXY")

  /// Every variable `chuck` reads, in the order `chuck environment` names them: the config
  /// file's, the settings' (``Setting/all``), then the folders, the terminal's, the locale's and
  /// the network's.
  public static let all: [EnvironmentVariable] =
    [config] + Setting.all.map(\.variable)
    + [
      dataDirectory, cacheDirectory, stateDirectory, xdgConfigHome, xdgDataHome, xdgCacheHome,
      xdgStateHome, home, accessibleEverywhere, noColor, clicolorForce, term, columns, tmux,
      termProgram, lcTerminal,
      kittyWindowID, lcAll, lcMessages, lang, browser, curlCABundle, sslCertFile,
      sslCertDirectory,
    ] + ProxySettings.names

  /// The variable's value in `environment`, or `nil` when it is unset or empty.
  /// - Parameter environment: a process's environment.
  /// - Returns: the value.
  public func value(in environment: [String: String]) -> String? {
    guard let value = environment[name], !value.isEmpty else { return nil }
    return value
  }
}
