import ArgumentParser
import ChuckCore
import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

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
      completion: .list(JokeSource.allCases.map(\.name) + ["all"]))
    var source: String?

    @Flag(
      name: [.customShort("n"), .customLong("dry-run")],
      help: "Say what would be added; write nothing.")
    var dryRun = false

    @OptionGroup var options: GlobalOptions

    func validate() throws {
      _ = try target()
    }

    func run() async throws {
      let target = try target()
      try await options.run { (context: Context) throws(ChuckError) in
        let bytes = try Self.read(file)
        let importer: JokeImport
        do throws(MalformedRecord) {
          let records = try ImportReader.records(in: bytes, format: format)
          importer = try JokeImport(
            records, into: target, components: context.components, at: .now)
        } catch {
          // EX_DATAERR (65): the input was malformed; nothing was written.
          throw .malformedInput(
            path: file == "-" ? "stdin" : file, line: error.line, reason: error.reason)
        }
        let counts = try importer.run(dryRun: dryRun)
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

    /// Where the jokes go: mine unless `--source` says otherwise.
    private func target() throws -> JokeImport.Target {
      let target: JokeImport.Target
      switch try SourceScope(validating: source) {
      case .configured: target = .source(.mine)
      case .one(let source): target = .source(source)
      case .all: target = .all
      }
      if format.holdsTextsOnly, target != .source(.mine) {
        throw ValidationError(
          "--format \(format.rawValue) holds texts only: they import into mine; "
            + "--source takes --format json.")
      }
      return target
    }

    /// The file's bytes (a regular file, read without blocking), or stdin's.
    private static func read(_ file: String) throws(ChuckError) -> [UInt8] {
      let limit = JokeImport.maximumInputSize
      guard file == "-" else {
        let store = FileStore(fileURL: URL(fileURLWithPath: file), maximumSize: limit)
        guard let bytes = try store.read() else {
          throw .storageUnreadable(path: file, reason: "no such file")
        }
        return bytes
      }
      return try StandardInput.readAll(limit: limit)
    }
  }
}
