import ArgumentParser
import ChuckCore

extension Chuck {
  struct Sources: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "sources",
      abstract: "List the joke sources, the base URL each is fetched from and its languages.",
      discussion: """
        The default source (CHUCK_SOURCE, else chuck) is marked. Languages are those the \
        service has jokes in (lang, CHUCK_LANG, else the locale, picks one of JokeAPI's); - for \
        mine, your own jokes, and for a source the config file declares ([sources.NAME]), which \
        is marked with the file and line that declare it. --json prints an array of {"name", \
        "url", "languages", "declared"} (url null and languages empty for mine; declared \
        "FILE:LINE", null for a built-in source).
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
          let objects = zip(JokeSource.allCases, urls).map {
            SourceObject(
              name: $0.name, url: $1, languages: $0.languages, declared: $0.declaredAt)
          }
          context.terminal.out(JokeJSON.array(objects))
        } else {
          Self.printTable(urls, default: configuration.source, context.terminal)
        }
      }
    }

    /// Each source's name, its URL or that it is your own, its languages (`-` for none), the
    /// default marked: a table, or on a narrow terminal one block per source.
    private static func printTable(
      _ urls: [String?], default defaultSource: JokeSource, _ terminal: Terminal
    ) {
      let rows = zip(JokeSource.allCases, urls).map { source, url in
        SourceTableView.Row(
          name: source.name, origin: url ?? "(your own: chuck add)",
          languages: source.languages.isEmpty ? "-" : source.languages.joined(separator: " "),
          isDefault: source == defaultSource, declaredAt: source.declaredAt)
      }
      terminal.out(SourceTableView(width: terminal.width, style: terminal.stdoutStyle).render(rows))
    }

    /// One source in `--json`.
    private struct SourceObject: Encodable {
      let name: String
      let url: String?
      let languages: [String]
      let declared: String?

      func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        // null, not left out, for a source without a service.
        try container.encode(url, forKey: .url)
        try container.encode(languages, forKey: .languages)
        // null for a built-in source.
        try container.encode(declared, forKey: .declared)
      }

      private enum CodingKeys: String, CodingKey {
        case name, url, languages, declared
      }
    }
  }
}
