import ArgumentParser
import ChuckCore

extension Chuck {
  struct Sources: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "sources",
      abstract: "List the joke sources and the base URL each is fetched from.",
      discussion: """
        The default source (CHUCK_SOURCE, else chuck) is marked. --json prints an array of \
        {"name", "url"}.
        """
    )

    @OptionGroup var options: GlobalOptions

    func run() async throws {
      try await options.run { (context: Context) throws(ChuckError) in
        let configuration = context.components.configuration
        let terminal = context.terminal
        let urls = JokeSource.allCases.map { configuration.baseURL(of: $0).absoluteString }
        if context.json {
          let objects = zip(JokeSource.allCases, urls).map { SourceObject(name: $0.name, url: $1) }
          terminal.out(JokeJSON.array(objects))
          return
        }
        let width = JokeSource.allCases.map(\.name.count).max() ?? 0
        for (source, url) in zip(JokeSource.allCases, urls) {
          let name = TerminalText(sanitizing: source.name) + .spaces(width - source.name.count)
          let mark: TerminalText = source == configuration.source ? "  (default)" : .empty
          terminal.out(
            terminal.stdoutStyle.bold(name) + "  \(sanitizing: url)"
              + terminal.stdoutStyle.dim(mark)
              + .newline)
        }
      }
    }

    /// One source in `--json`.
    private struct SourceObject: Encodable {
      let name: String
      let url: String
    }
  }
}
