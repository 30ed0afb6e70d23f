import ArgumentParser
import ChuckCore

extension Chuck {
  struct Search: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "search",
      abstract: "Search the API's jokes by text; shown like the list, oldest first.",
      discussion: """
        Jokes already in your list are marked (saved). Dad's search shows the service's first \
        30 matches, in its order. The sources that can search: \
        \(JokeSource.canAndCannot(\.canSearch)).
        """
    )

    @Argument(help: "Text the joke contains (3 to 120 characters, case-insensitive).")
    var query: String

    @OptionGroup var source: SourceOption
    @OptionGroup var options: GlobalOptions

    func validate() throws {
      // Checked before any request.
      if let problem = SearchQuery.problem(query) { throw ValidationError(problem) }
    }

    func run() async throws {
      try await options.run(asksService: true, flags: source.flags) {
        (context: Context) async throws(ChuckError) in
        try await Self.search(source.resolve(context).kind, query: query, context)
      }
    }

    /// The service's matches, those already saved marked `(saved)`; with `--json`, the
    /// service's jokes as sent.
    static func search<Kind: JokeKind>(_ kind: Kind.Type, query: String, _ context: Context)
      async throws(ChuckError)
    {
      let (terminal, components) = (context.terminal, context.components)
      let (found, fallback) = try await terminal.withSpinner("Searching…") {
        () async throws(ChuckError) -> ([Kind.Joke], LanguageFallback?) in
        try await SearchResults.findInLanguage(kind, query, components)
      }
      if let fallback { terminal.note(fallback.searchNote) }
      guard !context.json else { return terminal.out(Kind.Joke.jsonAsSent(found)) }
      let rows = try SearchResults.marked(found, in: kind, components).map(\.row)
      let noun = rows.count == 1 ? "joke" : "jokes"
      let view = JokeListView(
        width: terminal.width, style: terminal.stdoutStyle,
        title: "Search results for \u{201C}\(query)\u{201D}: \(rows.count) \(noun)",
        emptyMessage: "No joke contains \u{201C}\(query)\u{201D}.",
        dates: ShownDates(source: Kind.source, configuration: components.configuration).date)
      terminal.out(view.render(rows: rows))
    }
  }
}
