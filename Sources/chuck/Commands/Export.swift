import ArgumentParser
import ChuckCore

extension JokeExport.Format: ExpressibleByArgument {}

extension Chuck {
  struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "export",
      abstract: "Write your saved jokes to stdout: a fortune file, JSON or CSV.",
      discussion: """
        Oldest first, offline. fortune: each joke, then a line % (strfile FILE, then fortune \
        FILE); a line of a joke that is % gets a space in front. json: the saved objects as an \
        array (with --source all, each with a "source" field), what chuck import --format json \
        reads back. csv: RFC 4180 with CRLF line ends and the header source,id,date,text (the \
        date the list shows, UTC). Texts of fortune and CSV files are made safe for a terminal; \
        JSON escapes them.
        """
    )

    @Option(help: "fortune (the default), json or csv.")
    var format: JokeExport.Format?

    @Option(help: SourceScope.help, completion: .custom(Completions.sourcesAndAll))
    var source: String?

    @OptionGroup var options: GlobalOptions

    func validate() throws {
      _ = try SourceScope(validating: source)
      _ = try resolvedFormat()
    }

    func run() async throws {
      let format = try resolvedFormat()
      let scope = try SourceScope(validating: source)
      try await options.run { (context: Context) throws(ChuckError) in
        let export = JokeExport(
          format: format, sources: scope.sources(context.components.configuration))
        try export.write(from: context.components) { context.terminal.out($0) }
      }
    }

    /// `--format`, or json for `--json`.
    private func resolvedFormat() throws -> JokeExport.Format {
      guard options.json else { return format ?? .fortune }
      guard format == nil || format == .json else {
        throw ValidationError("--json goes with --format json only.")
      }
      return .json
    }
  }
}
