/// The settings a kind's requests depend on besides the network: JokeAPI's safe mode and the
/// language jokes are asked in. ``ChuckComponents`` builds them from ``ChuckConfiguration`` (which
/// alone reads the environment and the config file), so that a bad value is refused at startup,
/// never at request time.
public struct ServiceSettings: Sendable, Equatable {
  /// JokeAPI's safe mode (`jokeapi-safe`, `CHUCK_JOKEAPI_SAFE`): on unless turned off.
  public var jokeAPISafe: Bool
  /// The language jokes are wanted in (`lang`, `CHUCK_LANG`, else the locale's), as configured:
  /// a kind sends it only when its service has jokes in it (``JokeRequests/requestLanguage(_:)``).
  public var language: String?

  /// Makes settings.
  /// - Parameters:
  ///   - jokeAPISafe: JokeAPI's safe mode.
  ///   - language: the language jokes are wanted in; `nil` for none (English).
  public init(jokeAPISafe: Bool = true, language: String? = nil) {
    self.jokeAPISafe = jokeAPISafe
    self.language = language
  }

  /// The same settings without a language: what a request asks with once the language had no
  /// joke that fits (English, every service's language).
  public var inEnglish: Self {
    var settings = self
    settings.language = nil
    return settings
  }
}

/// A joke (or a search) asked for in a language the service has, answered in English because the
/// service had nothing that fits in that language.
public struct LanguageFallback: Sendable, Equatable {
  /// The source asked.
  public let source: JokeSource
  /// The language asked for first (`fr`).
  public let language: String

  /// Makes a fallback.
  /// - Parameters:
  ///   - source: the source asked.
  ///   - language: the language asked for first.
  public init(source: JokeSource, language: String) {
    self.source = source
    self.language = language
  }

  /// What `chuck random` says on stderr (after `note: `) and the screen in its status line: `JokeAPI
  /// has no joke in fr that fits; here is one in English`.
  public var note: String {
    "\(source.label) has no joke in \(language) that fits; here is one in English"
  }

  /// What `chuck search` says on stderr (after `note: `) when it found nothing in the language
  /// and shows what it found in English.
  public var searchNote: String {
    "\(source.label) has no joke in \(language) that matches; here are those in English"
  }
}
