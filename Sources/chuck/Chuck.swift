import ArgumentParser
import ChuckCore

@main
struct Chuck: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "chuck",
    abstract: "Collect Chuck Norris jokes from api.chucknorris.io.",
    discussion: """
      Environment: CHUCK_API_URL, CHUCK_DATA_DIR, CHUCK_CACHE_DIR, CHUCK_TIMEOUT, CHUCK_RETRIES, \
      CHUCK_RETRY_DELAY, XDG_DATA_HOME, XDG_CACHE_HOME, NO_COLOR, CLICOLOR_FORCE, COLUMNS.
      """,
    version: ChuckVersion.current,
    subcommands: [
      Random.self, List.self, Show.self, Pick.self, Search.self, Save.self, Remove.self,
      Categories.self,
    ]
  )
}
