import ArgumentParser
import ChuckCore

/// The command tree; `Entry` starts it.
struct Chuck: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "chuck",
    abstract: "Collect Chuck Norris jokes from api.chucknorris.io.",
    discussion: "Environment: "
      + EnvironmentVariable.all.map(\.name).joined(separator: ", ") + ".",
    version: ChuckVersion.current,
    subcommands: [
      Random.self, List.self, Show.self, Pick.self, Search.self, Save.self, Remove.self,
      Categories.self, Sources.self, Favorite.self, UI.self,
    ]
  )
}
