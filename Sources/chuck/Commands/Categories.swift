import ArgumentParser
import ChuckCore

extension Chuck {
  struct Categories: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "categories",
      abstract: "List a source's joke categories (cached for a day).",
      discussion: """
        When the service cannot be reached, the cached list is shown, with a note. A source \
        without categories says so (exit 64).
        """
    )

    @OptionGroup var source: SourceOption
    @OptionGroup var options: GlobalOptions

    func run() async throws {
      try await options.run(asksService: true, flags: source.flags) {
        (context: Context) async throws(ChuckError) in
        try await Self.categories(source.resolve(context).kind, context)
      }
    }

    /// The kind's category names, as its catalog has them.
    static func categories<Kind: JokeKind>(_ kind: Kind.Type, _ context: Context)
      async throws(ChuckError)
    {
      let terminal = context.terminal
      let client = Kind.client(context.components)
      let (names, source) = try await terminal.withSpinner("Fetching the categories…") {
        () async throws(ChuckError) -> ([String], CategoryCatalog.Source) in
        try await client.categories()
      }
      if case .staleCache(let error) = source {
        terminal.note(
          "showing cached categories, which may be stale: "
            + (error.errorDescription ?? "the API failed"))
      }
      if context.json {
        terminal.out(JSONText.array(of: names))
      } else {
        for name in names { terminal.out("\(sanitizing: name)\n") }
      }
    }
  }
}
