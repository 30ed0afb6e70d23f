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

  @Sendable static func settingKeys(_ arguments: [String], _ index: Int, _ prefix: String)
    -> [String]
  {
    ShellCompletion.settingKeys(prefix: prefix)
  }
}
