import ArgumentParser
import ChuckCore

extension Chuck {
  struct Sources: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "sources",
      abstract: "List the joke sources and the base URL each is fetched from.",
      discussion: """
        The default source (CHUCK_SOURCE, else chuck) is marked. --json prints an array of \
        {"name", "url"} (url null for mine, your own jokes).
        """
    )

    @OptionGroup var options: GlobalOptions

    func run() async throws {
      try await options.run { (context: Context) throws(ChuckError) in
        let configuration = context.components.configuration
        // A source without a service (your own jokes) has no URL.
        let urls = JokeSource.allCases.map {
          $0.hasService ? configuration.baseURL(of: $0).absoluteString : nil
        }
        if context.json {
          let objects = zip(JokeSource.allCases, urls).map { SourceObject(name: $0.name, url: $1) }
          context.terminal.out(JokeJSON.array(objects))
        } else {
          Self.printTable(urls, default: configuration.source, context.terminal)
        }
      }
    }

    /// Each source's name, its URL or that it is your own, the default marked.
    private static func printTable(
      _ urls: [String?], default defaultSource: JokeSource, _ terminal: Terminal
    ) {
      let width = JokeSource.allCases.map(\.name.count).max() ?? 0
      for (source, url) in zip(JokeSource.allCases, urls) {
        let name = TerminalText(sanitizing: source.name) + .spaces(width - source.name.count)
        let mark: TerminalText = source == defaultSource ? "  (default)" : .empty
        let origin: TerminalText = url.map { "\(sanitizing: $0)" } ?? "(your own: chuck add)"
        terminal.out(
          terminal.stdoutStyle.bold(name) + "  " + origin
            + terminal.stdoutStyle.dim(mark)
            + .newline)
      }
    }

    /// One source in `--json`.
    private struct SourceObject: Encodable {
      let name: String
      let url: String?

      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        // null, not left out, for a source without a service.
        try container.encode(url, forKey: .url)
      }

      private enum CodingKeys: String, CodingKey {
        case name, url
      }
    }
  }
}
