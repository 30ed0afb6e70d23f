import ArgumentParser
import ChuckCore

extension Chuck {
  struct Random: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "random",
      abstract: "Fetch a random joke and save it to your list.",
      discussion: "A joke that is already in the list is not saved again: that exits with status 1."
    )

    @Option(
      help: "Only a joke of this category (see chuck categories).",
      completion: .custom(Completions.categories))
    var category: String?

    @Option(
      help: "Never a joke of this category (repeatable; '' lifts CHUCK_EXCLUDE).",
      completion: .custom(Completions.categories))
    var exclude: [String] = []

    @OptionGroup var source: SourceOption
    @OptionGroup var output: FormatOption
    @OptionGroup var options: GlobalOptions

    func validate() throws {
      _ = try output.resolve(json: options.json)
    }

    func run() async throws {
      let format = try output.resolve(json: options.json)
      try await options.run(asksService: true) { (context: Context) async throws(ChuckError) in
        try await Self.random(
          source.resolve(context).kind, category: category, excluding: exclude, format: format,
          context)
      }
    }

    /// Fetches a random joke of the kind, saves it and prints it.
    static func random<Kind: JokeKind>(
      _ kind: Kind.Type, category: String?, excluding exclude: [String], format: JokeFormat? = nil,
      _ context: Context
    ) async throws(ChuckError) {
      let components = context.components
      let terminal = context.terminal
      // CHUCK_EXCLUDE's names add to the command's, unless an empty --exclude lifts them.
      let exclude =
        exclude.filter { !$0.isEmpty }
        + (exclude.contains("") ? [] : try await components.configuredExclusions(kind))
      let (joke, count) = try await terminal.withSpinner("Fetching a joke…") {
        () async throws(ChuckError) -> (Kind.Joke, Int) in
        try await components.fetchAndSave(kind, category: category, excluding: exclude)
      }
      if context.json {
        terminal.out(JokeJSON.object(joke))
      } else if let format {
        terminal.out(format.render(joke, source: Kind.source))
      } else {
        terminal.printJoke(joke, waitForPunchline: true)
      }
      terminal.saved(id: joke.id, count: count)
    }
  }
}
