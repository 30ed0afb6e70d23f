import ChuckCore
import FoundationEssentials

/// Completions for the shell, from local files only: a completion must never wait on the network.
enum Completions {
  private static var components: ChuckComponents? {
    guard
      let configuration = try? ChuckConfiguration(
        environment: ProcessInfo.processInfo.environment)
    else { return nil }
    return ChuckComponents(configuration: configuration)
  }

  @Sendable static func savedIDs(_ arguments: [String], _ index: Int, _ prefix: String) -> [String]
  {
    guard let saved = try? components?.collection.saved() else { return [] }
    return saved.ids.filter { $0.hasPrefix(prefix) }
  }

  @Sendable static func categories(_ arguments: [String], _ index: Int, _ prefix: String)
    -> [String]
  {
    guard let names = components?.catalog.cached else { return [] }
    // Names come from a server: offer only plain ones, never a control character or a line break
    // that the shell would print or split.
    return names.filter { name in
      name.hasPrefix(prefix) && !name.isEmpty
        && !name.unicodeScalars.contains {
          TerminalSafeText.isUnsafe($0, keepNewlines: false) || $0.properties.isWhitespace
        }
    }
  }
}
