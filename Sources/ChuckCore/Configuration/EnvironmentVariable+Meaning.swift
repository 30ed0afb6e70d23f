extension EnvironmentVariable {
  /// One line per variable of ``all``: its name in a column of its own, then its meaning
  /// (`chuck environment`, `chuck help environment`).
  public static var table: String {
    let width = all.map(\.name.count).max() ?? 0
    return all.map { entry in
      "  " + entry.name + String(repeating: " ", count: width + 2 - entry.name.count)
        + entry.meaning
    }.joined(separator: "\n")
  }

  /// What the variable is for: a source's base URL says so from the source itself; the
  /// others from `meanings` (`HelpTests` checks that every variable has one).
  public var meaning: String {
    if let source = JokeSource.allCases.first(where: { $0.baseURLVariable == self }) {
      return "the source \(source.name)'s base URL (see chuck sources)"
    }
    return Self.meanings[self] ?? ""
  }

  private static let meanings: [EnvironmentVariable: String] = [
    .source: "the source when no --source is given (default \(JokeSource.chuck.name))",
    .exclude:
      "categories (and JokeAPI flags) that pick, random and Joke! leave out, comma-separated",
    .favoritesMax:
      "the most favourites, 1 to 1000 (default \(ChuckConfiguration.defaultFavoritesLimit))",
    .dataDirectory: "the folder of the saved lists and favourites",
    .cacheDirectory: "the folder of the icon and category cache",
    .stateDirectory: "the folder of pick's rotation",
    .timeout:
      "seconds each attempt may take as a whole (default \(seconds(NetworkDefaults.timeout)))",
    .retries: "times to retry after a failure or a 5xx (default \(NetworkDefaults.retries))",
    .retryDelay: "seconds between attempts (default \(seconds(NetworkDefaults.retryDelay)))",
    .xdgDataHome: "its chuck folder is the default data folder",
    .xdgCacheHome: "its chuck folder is the default cache folder",
    .xdgStateHome: "its chuck folder is the default state folder",
    .home: "the default folders are under it",
    .noColor: "set and not empty: no colour (unless --color always)",
    .clicolorForce: "set and not 0: colour even into a pipe",
    .term: "dumb: no colour; also which images a terminal shows",
    .columns: "the width to fit output in (the terminal's, else 80)",
    .tmux: "set inside tmux, where no inline image is sent",
    .termProgram: "iTerm2 or WezTerm: icons as iTerm2 inline images",
    .lcTerminal: "iTerm2: icons as iTerm2 inline images",
    .kittyWindowID: "set inside kitty: icons as kitty graphics",
    .mouse: "0 turns the screen's mouse off, as --no-mouse",
    .language: "JokeAPI's language: cs, de, en, es, fr or pt (default: the locale's)",
    .dateFormat: "how dates are shown: %Y-%m-%d and the like (default %Y-%m-%d)",
    .lcAll: "the locale; its language is the default of CHUCK_LANG",
    .lcMessages: "the locale of messages, when LC_ALL is unset",
    .lang: "the locale, when LC_ALL and LC_MESSAGES are unset",
    .browser: "the screen's o opens links with it (default xdg-open)",
    .curlCABundle: "the CA certificates to trust (first choice)",
    .sslCertFile: "the CA certificates to trust (second choice)",
    .sslCertDirectory: "a folder of CA certificates",
    JokeAPI.safeModeVariable: "JokeAPI's safe mode: 0 off, 1 on (default 1)",
    .httpsProxy: "the proxy of https requests (first choice)",
    .httpsProxyUpper: "the proxy of https requests (second choice)",
    .httpProxy: "the proxy of http requests (lower case only)",
    .allProxy: "the proxy of any scheme (first choice)",
    .allProxyUpper: "the proxy of any scheme (second choice)",
    .noProxy: "hosts reached without a proxy, comma-separated",
    .noProxyUpper: "hosts reached without a proxy (second choice)",
  ]

  /// `10`, not `10.0`.
  private static func seconds(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }
}
