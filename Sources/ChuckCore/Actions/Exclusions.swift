/// `--exclude NAME` (repeatable) and `CHUCK_EXCLUDE`: the categories a joke may not have, one
/// rule for `random`, `pick` and the screen's Joke!. The command line's names are the user's;
/// `CHUCK_EXCLUDE`'s add to them unless an empty `--exclude ''` lifts them.
public struct Exclusions: Equatable, Sendable {
  /// The names the command line gave (none empty).
  public let named: [String]
  /// Whether `CHUCK_EXCLUDE`'s names apply (no `--exclude ''`).
  public let keepsConfigured: Bool

  /// The exclusions of a command line.
  /// - Parameter exclude: every `--exclude` value, in order.
  public init(_ exclude: [String] = []) {
    named = exclude.filter { !$0.isEmpty }
    keepsConfigured = !exclude.contains("")
  }

  /// The configured names that apply: `CHUCK_EXCLUDE`'s, unless lifted.
  /// - Parameter configuration: the configuration.
  /// - Returns: the names, as written there.
  public func configured(_ configuration: ChuckConfiguration) -> [String] {
    keepsConfigured ? configuration.excluded : []
  }

  /// Every name to leave out of a fetch of the kind: the command line's, then the configured
  /// ones that the kind's service knows, spelled as it spells them
  /// (``ChuckComponents/configuredExclusions(_:)``).
  /// - Parameters:
  ///   - kind: the kind fetched.
  ///   - components: the components.
  /// - Returns: the names.
  /// - Throws: the service's error when its categories are needed and cannot be had.
  public func names<Kind: JokeKind>(for kind: Kind.Type, _ components: ChuckComponents)
    async throws(ChuckError) -> [String]
  {
    named + (keepsConfigured ? try await components.configuredExclusions(kind) : [])
  }
}
