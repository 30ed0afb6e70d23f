import ArgumentParser
import ChuckCore

extension Chuck {
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
      let kind = (source ?? context.components.configuration.source).kind
      try Self.list(of: kind, context)
    }

    private static func list<Kind: JokeKind>(of kind: Kind.Type, _ context: Context)
      throws(ChuckError)
    {
      let saved = try context.components.list(kind).saved()
      let order = saved.oldestFirst()
      let terminal = context.terminal
      if context.json {
        saved.jsonArray(order) { terminal.out(escapedJSON: $0) }
      } else {
        let rows = order.lazy.map { saved.row(at: $0) }
        JokeListView(
          width: terminal.width, style: terminal.stdoutStyle, title: Kind.source.title,
          emptyMessage: Kind.source.emptyListMessage(
            defaultSource: context.components.configuration.source)
        ).render(rows: rows) { terminal.out($0) }
      }
    }
  }
}
