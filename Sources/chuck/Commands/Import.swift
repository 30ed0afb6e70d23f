import ArgumentParser
import ChuckCore

extension ImportReader.Format: ExpressibleByArgument {}

extension Chuck {
  struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "import",
      abstract: "Add jokes from a file to your own list (or another source's list).",
      discussion: """
        Formats: fortune (records between lines %), lines (one joke a line), csv (RFC 4180 \
        with a header naming a text column) and json (an array of objects, one object, or a \
        chuck list file such as another machine's jokes.json). Texts go into mine; with \
        --source NAME, JSON objects are kept as that source's jokes (another machine's list \
        merges into yours); with --source all, each object goes to the list its "source" field \
        names (chuck export --source all --format json). Jokes already saved, or twice in the \
        file, are skipped and counted. Everything is written at once, or nothing: a malformed \
        record is reported with its line (exit 65). At most 64 MiB.
        """
    )

    @Argument(help: "The file, or - for stdin.")
    var file: String

    @Option(help: "fortune, lines, csv or json.")
    var format: ImportReader.Format

    @Option(
      help: ArgumentHelp(
        "The list: mine (the default), a source's name for JSON objects, or all.",
        valueName: "name"),
      completion: .custom(Completions.sourcesAndAll))
    var source: String?

    @Flag(
      name: [.customShort("n"), .customLong("dry-run")],
      help: "Say what would be added; write nothing.")
    var dryRun = false

    @OptionGroup var options: GlobalOptions

    func validate() throws {
      _ = try validated { () throws(ChuckError) in
        try JokeImport.Target(source: source, format: format)
      }
    }

    func run() async throws {
      let target = try validated { () throws(ChuckError) in
        try JokeImport.Target(source: source, format: format)
      }
      try await options.run { (context: Context) throws(ChuckError) in
        let bytes =
          file == "-"
          ? try StandardInput.readAll(limit: JokeImport.maximumInputSize)
          : try JokeImport.read(file: file)
        let counts = try JokeImport(
          bytes, format: format, named: file == "-" ? "stdin" : file, into: target,
          components: context.components, at: .now
        ).run(dryRun: dryRun)
        Self.report(counts, dryRun: dryRun, context)
      }
    }

    /// What was, or would be, added to each list: one line each on stderr, and with `--json`
    /// an array of `{"source", "imported", "duplicates"}` on stdout.
    private static func report(_ counts: [JokeImport.Count], dryRun: Bool, _ context: Context) {
      if context.json {
        context.terminal.out(
          JokeJSON.array(
            counts.map { count -> [String: JSONValue] in
              [
                "source": .string(count.source.name), "imported": .number(Double(count.added)),
                "duplicates": .number(Double(count.duplicates)),
              ]
            }))
      }
      for count in counts {
        context.terminal.err(count.message(dryRun: dryRun) + .newline)
      }
    }
  }
}
