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

  /// The saved ids of the source that `--source` (else `CHUCK_SOURCE`) names on the line.
  @Sendable static func savedIDs(_ arguments: [String], _ index: Int, _ prefix: String) -> [String]
  {
    guard let components else { return [] }
    var named: JokeSource?
    for (position, argument) in arguments.enumerated() {
      if argument == "--source", position + 1 < arguments.count {
        named = JokeSource(rawValue: arguments[position + 1]) ?? named
      } else if argument.hasPrefix("--source=") {
        named = JokeSource(rawValue: String(argument.dropFirst("--source=".count))) ?? named
      }
    }
    let source = named ?? components.configuration.source
    guard let list = try? components.savedList(of: source).texts() else { return [] }
    return list.ids.filter { $0.hasPrefix(prefix) }
  }

  /// The favourites' names (plain ones only: the shell would split or print the others).
  @Sendable static func favoriteNames(_ arguments: [String], _ index: Int, _ prefix: String)
    -> [String]
  {
    guard let favorites = try? components?.favorites.sorted() else { return [] }
    return favorites.map(\.name).filter { name in
      name.hasPrefix(prefix)
        && !name.unicodeScalars.contains {
          $0.properties.isWhitespace || "'\"\\$`".unicodeScalars.contains($0)
        }
    }
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
