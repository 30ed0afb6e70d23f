import ArgumentParser
import ChuckCore

struct List: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Show your saved jokes, oldest first."
  )

  @OptionGroup var options: GlobalOptions

  func run() async throws {
    try await options.run { (context: Context) async throws(ChuckError) in
      let jokes = try context.collection.sorted()
      let terminal = context.terminal
      if context.json {
        terminal.out(JokeJSON.array(jokes))
      } else {
        terminal.out(JokeListView(width: terminal.width, style: terminal.stdoutStyle).render(jokes))
      }
    }
  }
}
