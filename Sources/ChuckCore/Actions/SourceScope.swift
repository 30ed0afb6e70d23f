/// `--source NAME|all` of `pick` and `list`: one source, or every saved list.
public enum SourceScope: Equatable, Sendable {
  /// `CHUCK_SOURCE`, else chuck.
  case configured
  /// The source named.
  case one(JokeSource)
  /// Every source, in `chuck sources` order.
  case all

  /// The scope a `--source` value names.
  /// - Parameter value: the option's value, if given.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for a name that is no source.
  public init(_ value: String?) throws(ChuckError) {
    switch value {
    case nil: self = .configured
    case "all": self = .all
    case let name?:
      guard let source = JokeSource(rawValue: name) else {
        throw .invalidArgument("'\(name)' is no source: \(JokeSource.names) or all")
      }
      self = .one(source)
    }
  }

  /// The sources, in order.
  /// - Parameter configuration: what names the default source.
  /// - Returns: the sources.
  public func sources(_ configuration: ChuckConfiguration) -> [JokeSource] {
    switch self {
    case .configured: [configuration.source]
    case .one(let source): [source]
    case .all: JokeSource.allCases
    }
  }
}
