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
    let source = source(on: arguments, components)
    guard let list = try? components.list(of: source).texts() else { return [] }
    return offer(list.ids, prefix)
  }

  /// The source that `--source` (else `CHUCK_SOURCE`) names on the line.
  private static func source(on arguments: [String], _ components: ChuckComponents) -> JokeSource {
    var named: JokeSource?
    for (position, argument) in arguments.enumerated() {
      if argument == "--source", position + 1 < arguments.count {
        named = JokeSource(rawValue: arguments[position + 1]) ?? named
      } else if argument.hasPrefix("--source=") {
        named = JokeSource(rawValue: String(argument.dropFirst("--source=".count))) ?? named
      }
    }
    return named ?? components.configuration.source
  }

  /// The favourites' names.
  @Sendable static func favoriteNames(_ arguments: [String], _ index: Int, _ prefix: String)
    -> [String]
  {
    guard let favorites = try? components?.favorites.sorted() else { return [] }
    return offer(favorites.map(\.name), prefix)
  }

  /// The cached category names (a server's words) of the source the line names: JokeAPI's for
  /// `--source jokeapi`, none for a source without categories.
  @Sendable static func categories(_ arguments: [String], _ index: Int, _ prefix: String)
    -> [String]
  {
    guard let components else { return [] }
    return offer(components.cachedCategories(of: source(on: arguments, components)), prefix)
  }

  /// What every completion prints: only inert words, the others left out, never quoted (the
  /// scripts would run them: bash's `compgen -W` expands `$(…)` and `<(…)`).
  private static func offer(_ names: [String], _ prefix: String) -> [String] {
    CompletionWord.offered(names, prefix: prefix).map(\.text)
  }
}
