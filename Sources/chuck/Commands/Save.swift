import ArgumentParser
import ChuckCore
import FoundationEssentials

struct Save: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "save",
    abstract: "Fetch jokes by id and save them to your list.",
    discussion: """
      Each joke follows the rule of random: one already saved is not saved again. Exits 66 when \
      any id was not found, else 1 when any was already saved; the others are saved either way. \
      An id given twice is fetched and saved once. Switter jokes have no ids to fetch by (64).
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
    try await options.runReporting { (context: Context) async throws(ChuckError) -> ChuckError? in
      let source = source.resolve(context)
      if let commands = context.commands(for: source) {
        return try await commands.save(ids)
      }
      // Every id is checked before any request.
      for id in ids where !JokeID.isWellFormed(id) {
        throw .invalidArgument("'\(id)' is not a joke id: ids are \(JokeID.form)")
      }
      return await Self.save(
        ids, with: context.components.saver(ChuckNorris.self), context: context,
        fetch: { (id: String) async throws(ChuckError) -> ChuckJoke in
          try await context.service.joke(id: id)
        }, id: \.id, lines: { [$0.value] })
    }
  }

  /// The loop of every source: each id fetched (with a spinner) and saved, each result printed
  /// as it comes, `--json`'s array at the end, even when the run stopped early.
  /// - Returns: the failure the command ends with, already reported.
  static func save<Kind: JokeKind>(
    _ ids: [String], with saver: JokeSaver<Kind>, context: Context,
    fetch: @escaping (String) async throws(ChuckError) -> Kind.Joke,
    id: (Kind.Joke) -> String, lines: (Kind.Joke) -> [String]
  ) async -> ChuckError? {
    let terminal = context.terminal
    let outcome = await saver.save(ids) { (wanted: String) async throws(ChuckError) -> Kind.Joke in
      try await terminal.withSpinner("Fetching \(sanitizing: wanted)…") {
        () async throws(ChuckError) -> Kind.Joke in
        try await fetch(wanted)
      }
    } report: { event in
      switch event {
      case .saved(let joke, let count):
        if !context.json {
          for line in lines(joke) { terminal.out(TerminalText(sanitizing: line) + .newline) }
        }
        terminal.saved(id: id(joke), count: count)
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
