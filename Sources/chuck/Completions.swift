import ChuckCore
import FoundationEssentials

/// The argument parser's completion callbacks: each asks the library's `ShellCompletion`.
enum Completions {
  private static var completion: ShellCompletion? {
    ShellCompletion(environment: ProcessEnvironment.current)
  }

  @Sendable static func savedIDs(_ arguments: [String], _ index: Int, _ prefix: String) -> [String]
  {
    completion?.savedIDs(arguments, prefix: prefix) ?? []
  }

  @Sendable static func favoriteNames(_ arguments: [String], _ index: Int, _ prefix: String)
    -> [String]
  {
    completion?.favoriteNames(prefix: prefix) ?? []
  }

  @Sendable static func categories(_ arguments: [String], _ index: Int, _ prefix: String)
    -> [String]
  {
    completion?.categories(arguments, prefix: prefix) ?? []
  }

  /// The sources' names, the declared ones too (read when the shell asks, so that a source
  /// declared after the completion script was made completes).
  @Sendable static func sources(_ arguments: [String], _ index: Int, _ prefix: String) -> [String] {
    JokeSource.allCases.map(\.name).filter { $0.hasPrefix(prefix) }
  }

  /// The sources' names and `all`, for `--source` of the commands that take every list at once.
  @Sendable static func sourcesAndAll(_ arguments: [String], _ index: Int, _ prefix: String)
    -> [String]
  {
    (JokeSource.allCases.map(\.name) + ["all"]).filter { $0.hasPrefix(prefix) }
  }

  @Sendable static func settingKeys(_ arguments: [String], _ index: Int, _ prefix: String)
    -> [String]
  {
    ShellCompletion.settingKeys(prefix: prefix)
  }
}
