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

  /// What the variable is for: a setting's from its declaration (``Setting/all``), with its
  /// default; the others from `meanings` (`HelpTests` checks that every variable has one).
  public var meaning: String {
    if let setting = Setting.set(by: self) {
      let fallback =
        setting.key == Setting.languageKey
        ? "the locale's"
        : setting.defaultValue.map { Setting.plainLines($0).joined(separator: ",") }
      guard let fallback, !fallback.isEmpty else { return setting.meaning }
      return setting.meaning + " (default \(fallback))"
    }
    return Self.meanings[self] ?? ""
  }

  private static let meanings: [EnvironmentVariable: String] = [
    .config: "the config file (empty: none; default $XDG_CONFIG_HOME/chuck/config)",
    .xdgConfigHome: "its chuck/config is the default config file",
    .dataDirectory: "the folder of the saved lists and favourites",
    .cacheDirectory: "the folder of the icon and category cache",
    .stateDirectory: "the folder of pick's rotation",
    .xdgDataHome: "its chuck folder is the default data folder",
    .xdgCacheHome: "its chuck folder is the default cache folder",
    .xdgStateHome: "its chuck folder is the default state folder",
    .home: "the default folders are under it",
    .accessibleEverywhere:
      "set and not empty: the accessible mode, unless CHUCK_ACCESSIBLE or the file sets it",
    .noColor: "set and not empty: no colour (unless --color always)",
    .clicolorForce: "set and not 0: colour even into a pipe",
    .term: "dumb: no colour; also which images a terminal shows",
    .columns: "the width to fit output in (the terminal's, else 80)",
    .tmux: "set inside tmux, where no inline image is sent",
    .termProgram: "iTerm2 or WezTerm: icons as iTerm2 inline images",
    .lcTerminal: "iTerm2: icons as iTerm2 inline images",
    .kittyWindowID: "set inside kitty: icons as kitty graphics",
    .lcAll: "the locale; its language is the default of CHUCK_LANG",
    .lcMessages: "the locale of messages, when LC_ALL is unset",
    .lang: "the locale, when LC_ALL and LC_MESSAGES are unset",
    .browser: "the screen's o opens links with it (default xdg-open)",
    .curlCABundle: "the CA certificates to trust (first choice)",
    .sslCertFile: "the CA certificates to trust (second choice)",
    .sslCertDirectory: "a folder of CA certificates",
    .httpsProxy: "the proxy of https requests (first choice)",
    .httpsProxyUpper: "the proxy of https requests (second choice)",
    .httpProxy: "the proxy of http requests (lower case only)",
    .allProxy: "the proxy of any scheme (first choice)",
    .allProxyUpper: "the proxy of any scheme (second choice)",
    .noProxy: "hosts reached without a proxy, comma-separated",
    .noProxyUpper: "hosts reached without a proxy (second choice)",
  ]
}
