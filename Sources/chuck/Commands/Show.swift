import ArgumentParser
import ChuckCore
import FoundationEssentials

extension Chuck {
  struct Show: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "show",
      abstract: "Show every field of one joke.",
      discussion: """
        ID is a saved joke's id or a unique prefix of at least 4 characters. A full id that is not \
        saved is looked up on the API. Dates are UTC: 2020-01-05 13:42:19 UTC, or as \
        --date-format (else CHUCK_DATE_FORMAT) writes them, with nothing added.
        """
    )

    @Argument(
      help: "A joke id, or a unique prefix of a saved one (4 characters or more).",
      completion: .custom(Completions.savedIDs))
    var id: String

    @OptionGroup var source: SourceOption
    @OptionGroup var output: FormatOption
    @OptionGroup var dates: DateFormatOption
    @OptionGroup var options: GlobalOptions

    func validate() throws {
      _ = try output.resolve(json: options.json)
      _ = try dates.resolve()
    }

    func run() async throws {
      let format = try output.resolve(json: options.json)
      let dateFormat = try dates.resolve()
      try await options.run(flags: source.flags) { (context: Context) async throws(ChuckError) in
        let shown = source.resolve(context)
        let dates = ShownDates(
          flag: dateFormat, source: shown, configuration: context.components.configuration)
        try await Self.show(shown.kind, id: id, format: format, dates: dates, context)
      }
    }

    /// Shows a saved joke by id or prefix, else (for a whole id) the service's.
    static func show<Kind: JokeKind>(
      _ kind: Kind.Type, id: String, format: JokeFormat? = nil, dates: ShownDates,
      _ context: Context
    ) async throws(ChuckError) {
      let terminal = context.terminal
      let client = Kind.client(context.components)
      let found = try await context.components.list(kind).lookUp(id) {
        (id: String) async throws(ChuckError) -> Kind.Joke in
        try await terminal.withSpinner("Looking up \(sanitizing: id)…") {
          () async throws(ChuckError) -> Kind.Joke in
          try await client.joke(id: id)
        }
      }
      let joke = found.joke
      if !found.isSaved {
        terminal.note("this joke is not in your list; it was fetched from the API.")
      }
      guard !context.printedForMachines(joke, Kind.source, format, dates) else { return }
      var icon: JokeDetailView.Icon?
      if let image = JokeImage(joke, source: Kind.source) {
        icon = await context.components.icon(
          image, inline: terminal.imageProtocol, accessible: terminal.accessible)
      }
      terminal.out(
        JokeDetailView(width: terminal.width, style: terminal.stdoutStyle, keepingWords: true)
          .render(
            joke, icon: icon, instants: dates.instant))
    }
  }
}
