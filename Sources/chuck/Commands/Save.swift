import ArgumentParser
import ChuckCore

struct Save: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "save",
    abstract: "Fetch jokes by id and save them to your list.",
    discussion: """
      Each joke follows the rule of random: one already saved is not saved again. Exits 66 when \
      any id was not found, else 1 when any was already saved; the others are saved either way. \
      An id given twice is fetched and saved once.
      """
  )

  @Argument(help: "Full joke ids (22 characters of A-Z, a-z, 0-9, _ and -).")
  var ids: [String]

  @OptionGroup var options: GlobalOptions

  func validate() throws {
    guard !ids.isEmpty else { throw ValidationError("Give at least one joke id.") }
    for id in ids where !JokeID.isWellFormed(id) {
      throw ValidationError(
        "'\(TerminalSafeText.render(id, keepNewlines: false))' is not a joke id: "
          + "ids are \(JokeID.form).")
    }
  }

  func run() async throws {
    try await options.runReporting { (context: Context) async throws(ChuckError) -> ChuckError? in
      let terminal = context.terminal
      let outcome = await context.components.saver.save(ids) {
        (id: String) async throws(ChuckError) -> ChuckJoke in
        try await terminal.withSpinner("Fetching \(id)…") {
          () async throws(ChuckError) -> ChuckJoke in
          try await context.service.joke(id: id)
        }
      } report: { event in
        switch event {
        case .saved(let joke, let count):
          if !context.json { terminal.out(TerminalSafeText.render(joke.value) + "\n") }
          terminal.saved(joke, count: count)
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
