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
      help: ArgumentHelp(
        "Never a joke of this category (repeatable; '' lifts the default; "
          + Setting.flagDefault(of: "exclude") + ")."),
      completion: .custom(Completions.categories))
    var exclude: [String] = []

    @OptionGroup var source: SourceOption
    @OptionGroup var output: FormatOption
    @OptionGroup var options: GlobalOptions

    /// The command line as typed (``CommandLineOptions``).
    var typed: CommandLineOptions {
      var typed = CommandLineOptions()
      (typed.category, typed.exclude, typed.source) = (category, exclude, source.source?.name)
      output.fill(&typed, json: options.json)
      return typed
    }

    func validate() throws {
      _ = try validated { () throws(ChuckError) in try typed.randomRequest() }
    }

    func run() async throws {
      let request = try validated { () throws(ChuckError) in try typed.randomRequest() }
      try await options.run(asksService: true, flags: source.flags) {
        (context: Context) async throws(ChuckError) in
        try await context.fetchAndPrint(request)
      }
    }
  }
}

extension Context {
  /// `chuck random` (also run by `StartupCommand`): the one random action
  /// (``ChuckComponents/fetchRandom(_:category:exclusions:)``), printed: a joke and that it was
  /// saved; a feed's new items and how many were new (0 new is a success). When a feed's
  /// service fails after the retries, the stored list is printed as `chuck list` prints it, then
  /// the error (``ChuckError/showsStoredList``).
  func fetchAndPrint(_ request: RandomRequest) async throws(ChuckError) {
    let kind = try (request.source ?? components.configuration.source).kind
    try await Self.fetchAndPrint(kind, request, self)
  }

  private static func fetchAndPrint<Kind: JokeKind>(
    _ kind: Kind.Type, _ request: RandomRequest, _ context: Context
  ) async throws(ChuckError) {
    let (components, terminal) = (context.components, context.terminal)
    let isFeed = Kind.source.isFeed
    let fetched: RandomFetch<Kind.Joke>
    do throws(ChuckError) {
      fetched = try await terminal.withSpinner(
        isFeed ? "Fetching the latest list…" : "Fetching a joke…"
      ) { () async throws(ChuckError) -> RandomFetch<Kind.Joke> in
        try await components.fetchRandom(
          kind, category: request.category, exclusions: request.exclusions)
      }
    } catch  where isFeed && error.showsStoredList {
      let listing = try SavedListing(.one(Kind.source), components)
      try context.printList(listing, ListRequest(scope: .one(Kind.source), format: nil))
      throw error
    }
    // `random` has no --date-format: its `{date}` follows the source's, else the setting.
    let dates = ShownDates(source: Kind.source, configuration: components.configuration)
    switch fetched {
    case .joke(let joke, let count, let fallback):
      if let fallback { terminal.note(fallback.note) }
      context.printJoke(joke, Kind.source, request.format, dates, waitForPunchline: true)
      terminal.saved(id: joke.id, count: count)
    case .feed(let sent, let added, let count):
      if context.json {
        terminal.out(Kind.Joke.jsonAsSent(added))
      } else {
        for joke in added {
          context.printJoke(joke, Kind.source, request.format, dates, waitForPunchline: false)
        }
      }
      terminal.savedFromFeed(new: added.count, sent: sent, count: count)
    }
  }
}
