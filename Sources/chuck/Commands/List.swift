import ArgumentParser
import ChuckCore

struct List: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract: "Show your saved jokes, oldest first."
  )

  @OptionGroup var source: SourceOption
  @OptionGroup var options: GlobalOptions

  func run() async throws {
    try await options.run { (context: Context) throws(ChuckError) in
      try Self.list(source: source.source, context)
    }
  }

  /// The command itself, also run by `FastPath` without the argument parser.
  /// - Parameter source: `--source`; the configuration's when `nil`.
  static func list(source: JokeSource?, _ context: Context) throws(ChuckError) {
    if let commands = context.commands(for: source ?? context.components.configuration.source) {
      return try commands.list()
    }
    let saved = try context.collection.saved()
    let order = saved.oldestFirst()
    let terminal = context.terminal
    if context.json {
      saved.jsonArray(order) { terminal.out(escapedJSON: $0) }
    } else {
      let rows = order.lazy.map { saved.row(at: $0) }
      JokeListView(width: terminal.width, style: terminal.stdoutStyle).render(rows: rows) {
        terminal.out($0)
      }
    }
  }
}
