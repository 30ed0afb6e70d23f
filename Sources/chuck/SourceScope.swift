import ArgumentParser
import ChuckCore

/// `--source NAME|all` of `pick` and `list`: one source, or every saved list.
enum SourceScope: Equatable {
  /// `CHUCK_SOURCE`, else chuck.
  case configured
  /// The source named.
  case one(JokeSource)
  /// Every source, in `chuck sources` order.
  case all

  /// The scope a `--source` value names.
  /// - Parameter value: the option's value, if given.
  /// - Throws: `ValidationError` for a name that is no source.
  init(_ value: String?) throws {
    switch value {
    case nil: self = .configured
    case "all": self = .all
    case let name?:
      guard let source = JokeSource(rawValue: name) else {
        throw ValidationError("'\(name)' is no source: \(JokeSource.names) or all")
      }
      self = .one(source)
    }
  }

  /// The sources, in order.
  func sources(_ context: Context) -> [JokeSource] {
    switch self {
    case .configured: [context.components.configuration.source]
    case .one(let source): [source]
    case .all: JokeSource.allCases
    }
  }

  /// The help of the option.
  static let help = ArgumentHelp(
    "The source, or all: every saved list (default: $CHUCK_SOURCE, else chuck).",
    valueName: "name")
}
