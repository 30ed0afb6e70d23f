import ArgumentParser
import ChuckCore
import FoundationEssentials

extension Chuck {
  struct Save: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "save",
      abstract: "Fetch jokes by id and save them to your list.",
      discussion: """
        Each joke follows the rule of random: one already saved is not saved again. Exits 76 when \
        any answer could not be saved, else 66 when any id was not found, else 1 when any was \
        already saved; the others are saved either way. A network or disk failure stops the run \
        (what was saved before it stays). An id given twice is fetched and saved once. The \
        sources that can fetch by id: \(JokeSource.canAndCannot(\.canFetchByID)).
        """
    )

    @Argument(help: "Full joke ids (for chuck: 22 characters of A-Z, a-z, 0-9, _ and -).")
    var ids: [String]

    @OptionGroup var source: SourceOption
    @OptionGroup var options: GlobalOptions

    func validate() throws {
      guard !ids.isEmpty else { throw ValidationError("Give at least one joke id.") }
    }

    func run() async throws {
      try await options.runReporting(asksService: true, flags: source.flags) {
        (context: Context) async throws(ChuckError) -> ChuckError? in
        try await Self.save(source.resolve(context).kind, ids: ids, context)
      }
    }

    /// The loop of every source: every id checked before any request, then each fetched (with a
    /// spinner) and saved, each result printed as it comes, `--json`'s array at the end, even
    /// when the run stopped early.
    /// - Returns: the failure the command ends with, already reported.
    static func save<Kind: JokeKind>(_ kind: Kind.Type, ids: [String], _ context: Context)
      async throws(ChuckError) -> ChuckError?
    {
      let saver = context.components.saver(kind)
      try saver.check(ids)
      let terminal = context.terminal
      let client = Kind.client(context.components)
      let outcome = await saver.save(ids) {
        (wanted: String) async throws(ChuckError) -> Kind.Joke in
        try await terminal.withSpinner("Fetching \(sanitizing: wanted)…") {
          () async throws(ChuckError) -> Kind.Joke in
          try await client.joke(id: wanted)
        }
      } report: { event in
        switch event {
        case .saved(let joke, let count):
          if !context.json { terminal.printJoke(joke, waitForPunchline: false) }
          terminal.saved(id: joke.id, count: count)
        case .refused(let error):
          terminal.report(error)
        }
      }
      // What was saved is printed even when the run stopped early: it is in the list now.
      if context.json { terminal.out(JokeJSON.array(outcome.saved)) }
      if let stopped = outcome.stoppedBy { terminal.report(stopped) }
      return outcome.failure
    }
  }
}
