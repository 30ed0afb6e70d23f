import FoundationEssentials

extension Setting {
  /// Every setting, in the order `chuck config list` and `chuck help environment` show them.
  public static let all: [Setting] =
    [
      Setting(
        sourceKey, .source, flags: ["--source"], form: .text,
        meaning: "the source when no --source is given", allowed: "one of " + JokeSource.names,
        store: { value, configuration in
          guard case .string(let name) = value, let source = JokeSource(rawValue: name) else {
            return false
          }
          configuration.source = source
          return true
        },
        current: { .string($0.source.name) }),
      Setting(
        "exclude", .exclude, flags: ["--exclude"], form: .list,
        meaning: "categories (and JokeAPI flags) that pick, random and Joke! leave out",
        allowed: "category names, an array in the file, comma-separated in a variable",
        store: { value, configuration in
          guard let names = strings(value) else { return false }
          configuration.excluded = names
          return true
        },
        current: { .array($0.excluded.map { .string($0) }) }),
      Setting(
        "favorites-max", .favoritesMax, form: .number,
        meaning: "the most favourites", allowed: "a whole number from 1 to 1000",
        store: { value, configuration in
          guard let number = whole(value, in: Favorites.limits) else { return false }
          configuration.favoritesLimit = number
          return true
        },
        current: { .integer($0.favoritesLimit) }),
      Setting(
        "timeout", .timeout, form: .number,
        meaning: "seconds each attempt may take as a whole",
        allowed: "seconds, more than 0, at most 86400",
        store: { value, configuration in
          guard let number = seconds(value), number > 0 else { return false }
          configuration.timeout = number
          return true
        },
        current: { number($0.timeout) }),
      Setting(
        "retries", .retries, form: .number,
        meaning: "times to retry after a failure or a 5xx", allowed: "a whole number from 0 to 100",
        store: { value, configuration in
          guard let number = whole(value, in: 0...100) else { return false }
          configuration.retries = number
          return true
        },
        current: { .integer($0.retries) }),
      Setting(
        "retry-delay", .retryDelay, form: .number, meaning: "seconds between attempts",
        allowed: "seconds, 0 or more, at most 86400",
        store: { value, configuration in
          guard let number = seconds(value) else { return false }
          configuration.retryDelay = number
          return true
        },
        current: { number($0.retryDelay) }),
      Setting(
        "color", .color, flags: ["--color"], form: .text,
        meaning: "colour: auto (on a terminal, unless NO_COLOR), always or never",
        allowed: "auto, always or never",
        store: { value, configuration in
          guard case .string(let name) = value, let mode = ColorMode(rawValue: name) else {
            return false
          }
          configuration.color = mode
          return true
        },
        current: { .string($0.color.rawValue) }),
      boolean(
        "mouse", .mouse, flags: ["--no-mouse"],
        meaning: "whether the screen takes the mouse (false: select text with it)",
        \.mouse),
      boolean(
        "screen-ids", .screenIDs,
        meaning: "whether the screen's rows show each joke's id (the detail always does)",
        \.screenIDs),
      boolean(
        accessibleKey, .accessible, flags: ["--accessible"],
        meaning: "the accessible mode: progress and state in words, no animation, "
          + "the screen's cursor shown (chuck help accessibility)",
        describedDefault: "$ACCESSIBLE (any value), else false", \.accessible),
      boolean(
        "jokeapi-safe", JokeAPI.safeModeVariable,
        meaning: "JokeAPI's safe mode (false: its flagged jokes too)", \.jokeAPISafe),
      Setting(
        languageKey, .language, form: .text,
        meaning: "the language of jokes, for JokeAPI (cs, de, en, es, fr, pt)",
        allowed: "a language's two letters, such as fr",
        none: "none: neither CHUCK_LANG nor a locale (LC_ALL, LC_MESSAGES, LANG) names a language, "
          + "so the services send English",
        store: { value, configuration in
          guard case .string(let code) = value, code.count == 2,
            code.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) })
          else { return false }
          configuration.language = code
          return true
        },
        current: { $0.language.map { .string($0) } }),
      Setting(
        "date-format", .dateFormat, flags: ["--date-format"], form: .text,
        meaning: "how dates are shown (list, show, pick, random, search, favourites, the screen), "
          + "strftime's way",
        allowed: "a pattern of text and %a %A %b %B %d %-d %e %H %-H %j %m %-m %M %S %y %Y %%",
        store: { value, configuration in
          guard case .string(let pattern) = value,
            let format = try? DateFormat(pattern)
          else { return false }
          configuration.dateFormat = format
          return true
        },
        current: { .string(($0.dateFormat ?? .swedish).pattern) }),
      Setting(
        "sync-dir", .syncDirectory, form: .text,
        meaning: "the folder chuck sync writes its log to: one another engine replicates, or a "
          + "git clone",
        allowed: "an absolute path, or one that starts with ~/",
        none: "none: sync is not set up (chuck sync init)",
        store: { value, configuration in
          guard case .string(let text) = value,
            let path = SyncSettings.folder(text, environment: configuration.environment)
          else { return false }
          configuration.sync.folder = path
          return true
        },
        current: { $0.sync.folder.map { .string($0) } }),
      Setting(
        "sync", .sync, form: .text,
        meaning: "when chuck syncs: auto (after each change too) or manual (on chuck sync only)",
        allowed: "auto or manual",
        store: { value, configuration in
          guard case .string(let word) = value, word == "auto" || word == "manual" else {
            return false
          }
          configuration.sync.automatic = word == "auto"
          return true
        },
        current: { .string($0.sync.automatic ? "auto" : "manual") }),
    ] + JokeSource.builtIn.compactMap(baseURL)

  /// `source`, which may name a source the file declares.
  static let sourceKey = "source"

  /// `lang`, whose default the locale gives.
  static let languageKey = "lang"

  /// `accessible`, which a non-empty `ACCESSIBLE` sets too.
  static let accessibleKey = "accessible"

  /// `true or false`: the words of a boolean setting.
  private static let booleans = "true or false (in a variable, 1 or 0)"

  /// A setting that is true or false, kept in one property of the configuration.
  private static func boolean(
    _ key: String, _ variable: EnvironmentVariable, flags: [String] = [], meaning: String,
    describedDefault: String? = nil,
    _ property: any WritableKeyPath<ChuckConfiguration, Bool> & Sendable
  ) -> Setting {
    Setting(
      key, variable, flags: flags, form: .boolean, meaning: meaning, allowed: booleans,
      describedDefault: describedDefault,
      store: { value, configuration in
        guard case .boolean(let flag) = value else { return false }
        configuration[keyPath: property] = flag
        return true
      },
      current: { .boolean($0[keyPath: property]) })
  }

  /// The setting of a source's base URL, keyed as its variable (`CHUCK_DAD_API_URL` →
  /// `dad-api-url`); `nil` for a source that has none (`mine`).
  private static func baseURL(_ source: JokeSource) -> Setting? {
    guard let variable = source.baseURLVariable else { return nil }
    return Setting(
      key(of: variable), variable, form: .text,
      meaning: "the source \(source.name)'s base URL (see chuck sources)",
      allowed: BaseURL.allowed,
      store: { value, configuration in
        guard case .string(let text) = value, let url = BaseURL.url(text) else { return false }
        configuration.baseURLs[source] = url
        return true
      },
      current: { .string($0.baseURL(of: source).absoluteString) })
  }

  /// Seconds: an integer or a decimal from 0 to a day.
  private static func seconds(_ value: ConfigValue) -> Double? {
    let number: Double
    switch value {
    case .integer(let whole): number = Double(whole)
    case .float(let decimal): number = decimal
    default: return nil
    }
    return number.isFinite && number >= 0 && number <= 86_400 ? number : nil
  }

  /// A whole number in a range.
  private static func whole(_ value: ConfigValue, in range: ClosedRange<Int>) -> Int? {
    guard case .integer(let number) = value, range.contains(number) else { return nil }
    return number
  }

  /// An array of strings, or one string (a single name); empty names are left out.
  private static func strings(_ value: ConfigValue) -> [String]? {
    switch value {
    case .string(let text):
      return text.split(separator: ",").map { $0.trimmingWhitespace }.filter { !$0.isEmpty }
    case .array(let values):
      var names: [String] = []
      for value in values {
        guard case .string(let name) = value else { return nil }
        let trimmed = name.trimmingWhitespace
        if !trimmed.isEmpty { names.append(trimmed) }
      }
      return names
    default:
      return nil
    }
  }

  /// Seconds as a config value: `10`, not `10.0`.
  private static func number(_ value: Double) -> ConfigValue {
    value == value.rounded() && abs(value) < 1e15 ? .integer(Int(value)) : .float(value)
  }
}
