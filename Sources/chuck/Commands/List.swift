import ArgumentParser
import ChuckCore

extension Chuck {
  struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list",
      abstract: "Show your saved jokes, oldest first.",
      discussion: """
        --source all lists every saved list as one, oldest first, each joke naming its source \
        (--json: an object of each source's array).
        """
    )

    @Option(help: SourceScope.help, completion: .list(JokeSource.allCases.map(\.name) + ["all"]))
    var source: String?
    @OptionGroup var output: FormatOption
    @OptionGroup var options: GlobalOptions

    func validate() throws {
      _ = try SourceScope(source)
      _ = try output.resolve(json: options.json)
    }

    func run() async throws {
      let format = try output.resolve(json: options.json)
      let scope = try SourceScope(source)
      try await options.run { (context: Context) throws(ChuckError) in
        try Self.list(scope, format: format, context)
      }
    }

    /// The command itself, also run by `FastPath` without the argument parser.
    /// - Parameters:
    ///   - scope: `--source`.
    ///   - format: `--format`: each joke through it, oldest first, and nothing else.
    static func list(_ scope: SourceScope, format: JokeFormat? = nil, _ context: Context)
      throws(ChuckError)
    {
      guard scope == .all else {
        let kind = scope.sources(context)[0].kind
        try Self.list(of: kind, format: format, context)
        return
      }
      let lists = try context.components.together { () throws(ChuckError) -> [Entries] in
        try JokeSource.allCases.map { (source: JokeSource) throws(ChuckError) in
          try Self.entries(of: source.kind, context)
        }
      }
      let terminal = context.terminal
      if context.json {
        // An object of each source's array, items as the files hold them.
        terminal.out("{")
        for (index, list) in lists.enumerated() {
          terminal.out(index == 0 ? "\n" : ",\n")
          terminal.out(JSONText.string(list.source.name) + ":")
          list.json { terminal.out(escapedJSON: $0) }
        }
        terminal.out("\n}\n")
        return
      }
      // One list, oldest first (by the date each list shows; equal dates in source order, then
      // saved order), each joke naming its source.
      let all = lists.flatMap { list in list.rows.map { (list, $0) } }
      let merged = JokeOrder.oldestFirst(count: all.count) {
        all[$0].1.row.created?.microseconds ?? 0
      }.map { all[$0] }
      if let format {
        for (list, entry) in merged { terminal.out(try list.render(entry.position, format)) }
        return
      }
      let rows = merged.lazy.map { list, entry in
        var row = entry.row
        row.id = list.source.name + " " + row.id
        return row
      }
      JokeListView(
        width: terminal.width, style: terminal.stdoutStyle, title: "All Jokes",
        emptyMessage: "Your lists are empty. Fetch your first joke with: chuck random"
      ).render(rows: rows) { terminal.out($0) }
    }

    /// One source's saved jokes for `--source all`.
    private struct Entries {
      let source: JokeSource
      let rows: [(position: Int, row: JokeListView.Row)]
      let json: (([UInt8]) -> Void) -> Void
      let render: (Int, JokeFormat) throws(ChuckError) -> TerminalText
    }

    private static func entries<Kind: JokeKind>(of kind: Kind.Type, _ context: Context)
      throws(ChuckError) -> Entries
    {
      let saved = try context.components.list(kind).saved()
      let order = saved.oldestFirst()
      return Entries(
        source: Kind.source, rows: order.map { ($0, saved.row(at: $0)) },
        json: { write in saved.jsonArray(order, to: write) },
        render: { (position: Int, format: JokeFormat) throws(ChuckError) in
          format.render(try saved.joke(at: position), source: Kind.source)
        })
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
