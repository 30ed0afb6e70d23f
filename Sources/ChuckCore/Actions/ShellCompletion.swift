/// What shell completion offers, from local files only (a completion must never wait on the
/// network), each word inert (``CompletionWord``): the saved ids and the cached categories of the
/// source the command line names, and the favourites' names.
public struct ShellCompletion: Sendable {
  /// The components, from the environment.
  public let components: ChuckComponents

  /// Completion over these components.
  /// - Parameter components: the components.
  public init(components: ChuckComponents) {
    self.components = components
  }

  /// Completion from the process's environment; `nil` when it is not usable (no completions then).
  /// - Parameter environment: the process's environment.
  public init?(environment: [String: String]) {
    guard let configuration = try? ChuckConfiguration.load(environment: environment) else {
      return nil
    }
    components = ChuckComponents(configuration: configuration)
  }

  /// The saved ids of the source that `--source` (else `CHUCK_SOURCE`) names on the line.
  /// - Parameters:
  ///   - arguments: the command line so far.
  ///   - prefix: the word being completed.
  /// - Returns: the words.
  public func savedIDs(_ arguments: [String], prefix: String) -> [String] {
    guard let list = try? components.list(of: source(on: arguments)).texts() else { return [] }
    return Self.offer(list.ids, prefix)
  }

  /// The favourites' names.
  /// - Parameter prefix: the word being completed.
  /// - Returns: the words.
  public func favoriteNames(prefix: String) -> [String] {
    guard let favorites = try? components.favorites.sorted() else { return [] }
    return Self.offer(favorites.map(\.name), prefix)
  }

  /// The cached category names (a server's words) of the source the line names: JokeAPI's for
  /// `--source jokeapi`, none for a source without categories.
  /// - Parameters:
  ///   - arguments: the command line so far.
  ///   - prefix: the word being completed.
  /// - Returns: the words.
  public func categories(_ arguments: [String], prefix: String) -> [String] {
    Self.offer(components.cachedCategories(of: source(on: arguments)), prefix)
  }

  /// The settings' keys and `keys.ACTION`, for `chuck config get|set|unset`; they need no configuration, so
  /// they are offered even when the config file cannot be used.
  /// - Parameter prefix: the word being completed.
  /// - Returns: the keys.
  public static func settingKeys(prefix: String) -> [String] {
    offer(
      Setting.all.map(\.key)
        + ScreenAction.allCases.map { ConfigSettings.keyPrefix + $0.name }, prefix)
  }

  /// The source that the line's last `--source NAME` (or `--source=NAME`) names, else the
  /// configured one; a name that is no source counts as none.
  func source(on arguments: [String]) -> JokeSource {
    var named: JokeSource?
    for (position, argument) in arguments.enumerated() {
      let value: String? =
        argument == "--source"
        ? (position + 1 < arguments.count ? arguments[position + 1] : nil)
        : argument.hasPrefix("--source=") ? String(argument.dropFirst("--source=".count)) : nil
      if let value, case .one(let source)? = try? SourceScope(value) { named = source }
    }
    return named ?? components.configuration.source
  }

  /// Only inert words, the others left out, never quoted (the scripts would run them: bash's
  /// `compgen -W` expands `$(…)` and `<(…)`).
  private static func offer(_ names: [String], _ prefix: String) -> [String] {
    CompletionWord.offered(names, prefix: prefix).map(\.text)
  }
}
