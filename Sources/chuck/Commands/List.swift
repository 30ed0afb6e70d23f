import ArgumentParser
import ChuckCore

extension Chuck {
  struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list",
      abstract: "Show your saved jokes, oldest first."
    )

    @OptionGroup var source: SourceOption
    @OptionGroup var output: FormatOption
    @OptionGroup var options: GlobalOptions

    func validate() throws {
      _ = try output.resolve(json: options.json)
    }

    func run() async throws {
      let format = try output.resolve(json: options.json)
      try await options.run { (context: Context) throws(ChuckError) in
        try Self.list(source: source.source, format: format, context)
      }
    }

    /// The command itself, also run by `FastPath` without the argument parser.
    /// - Parameters:
    ///   - source: `--source`; the configuration's when `nil`.
    ///   - format: `--format`: each joke through it, oldest first, and nothing else.
    static func list(source: JokeSource?, format: JokeFormat? = nil, _ context: Context)
      throws(ChuckError)
    {
      let kind = (source ?? context.components.configuration.source).kind
      try Self.list(of: kind, format: format, context)
    }

    private static func list<Kind: JokeKind>(
      of kind: Kind.Type, format: JokeFormat?, _ context: Context
    ) throws(ChuckError) {
      let saved = try context.components.list(kind).saved()
      let order = saved.oldestFirst()
      let terminal = context.terminal
      if let format {
        for position in order {
          terminal.out(format.render(try saved.joke(at: position), source: Kind.source))
        }
      } else if context.json {
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
