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
      try await options.run(asksService: true) { (context: Context) async throws(ChuckError) in
        try await context.fetchAndPrint(request)
      }
    }
  }
}

extension Context {
  /// `chuck random` (also run by `StartupCommand`): fetches a random joke of the source, saves it,
  /// prints it and says it was saved.
  func fetchAndPrint(_ request: RandomRequest) async throws(ChuckError) {
    let kind = try (request.source ?? components.configuration.source).kind
    try await Self.fetchAndPrint(kind, request, self)
  }

  private static func fetchAndPrint<Kind: JokeKind>(
    _ kind: Kind.Type, _ request: RandomRequest, _ context: Context
  ) async throws(ChuckError) {
    let (components, terminal) = (context.components, context.terminal)
    if Kind.abilities.contains(.feed) { return try await fetchFeed(kind, request, context) }
    let exclude = try await request.exclusions.names(for: kind, components)
    let (joke, count, fallback) = try await terminal.withSpinner("Fetching a joke…") {
      () async throws(ChuckError) -> (Kind.Joke, Int, LanguageFallback?) in
      try await components.fetchAndSave(kind, category: request.category, excluding: exclude)
    }
    if let fallback { terminal.note(fallback.note) }
    // `random` has no --date-format: its `{date}` follows the source's, else the setting.
    context.printJoke(
      joke, Kind.source, request.format,
      ShownDates(source: Kind.source, configuration: components.configuration),
      waitForPunchline: true)
    terminal.saved(id: joke.id, count: count)
  }
}

extension Context {
  /// A feed's `random`: the whole latest list, the new items saved and printed (as `random`
  /// prints a joke), how many were new on stderr (0 new is a success). When the service fails
  /// after the retries, the stored list is printed as `chuck list` prints it, then the error.
  fileprivate static func fetchFeed<Kind: JokeKind>(
    _ kind: Kind.Type, _ request: RandomRequest, _ context: Context
  ) async throws(ChuckError) {
    let (components, terminal) = (context.components, context.terminal)
    guard request.category == nil else {
      throw .invalidArgument(
        "\(Kind.name) is a list fetched whole: --category does not apply (chuck list --source "
          + "\(Kind.name) shows it)")
    }
    let result: (sent: Int, added: [Kind.Joke], count: Int)
    do throws(ChuckError) {
      result = try await terminal.withSpinner("Fetching the latest list…") {
        () async throws(ChuckError) -> (sent: Int, added: [Kind.Joke], count: Int) in
        try await components.fetchFeedAndSave(kind)
      }
    } catch  where Self.isServiceFailure(error) {
      // The seed's rule: on a 5xx or no network, the stored list, with the error.
      let listing = try SavedListing(.one(Kind.source), components)
      try context.printList(listing, ListRequest(scope: .one(Kind.source), format: nil))
      throw error
    }
    let dates = ShownDates(source: Kind.source, configuration: components.configuration)
    if context.json {
      terminal.out(Kind.Joke.jsonAsSent(result.added))
    } else {
      for joke in result.added {
        context.printJoke(joke, Kind.source, request.format, dates, waitForPunchline: false)
      }
    }
    terminal.savedFromFeed(new: result.added.count, sent: result.sent, count: result.count)
  }

  /// Whether an error says the service is down or out of reach, after the retries (the stored
  /// list is shown with it, as the Articles seed asks on a 5xx or no network): not an answer
  /// that does not fit the declaration, which the stored list would only hide.
  private static func isServiceFailure(_ error: ChuckError) -> Bool {
    switch error {
    case .serverError, .connectionFailed, .timedOut, .rateLimited, .proxyRefused,
      .certificateRejected:
      true
    default: false
    }
  }
}
