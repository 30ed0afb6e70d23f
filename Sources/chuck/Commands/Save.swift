import ArgumentParser
import ChuckCore

struct Save: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Fetch jokes by id and save them to your list.",
    discussion: """
      Each joke follows the rule of random: one already saved is not saved again. Exits 66 when \
      any id was not found, else 1 when any was already saved; the others are saved either way.
      """
  )

  @Argument(help: "Full joke ids (22 characters of A-Z, a-z, 0-9, _ and -).")
  var ids: [String]

  @OptionGroup var options: GlobalOptions

  func validate() throws {
    guard !ids.isEmpty else { throw ValidationError("Give at least one joke id.") }
    for id in ids where !ChuckJoke.isWellFormedID(id) {
      throw ValidationError(
        "'\(TerminalSafeText.render(id, keepNewlines: false))' is not a joke id: "
          + "ids are 22 characters of A-Z, a-z, 0-9, _ and -.")
    }
  }

  func run() async throws {
    try await options.runReportingStatus { (context: Context) async throws(ChuckError) -> Int32 in
      let terminal = context.terminal
      var added: [ChuckJoke] = []
      var status: Int32 = 0
      // Ids already saved are refused without asking the API (the list is read once; `add`
      // checks again under the lock, so an id given twice is still saved once).
      let saved = try context.collection.saved()
      for id in ids {
        do throws(ChuckError) {
          if let position = saved.position(of: id) {
            throw .duplicate(id: id, preview: JokePreview.make(saved.value(at: position)))
          }
          let joke = try await terminal.withSpinner("Fetching \(id)…") {
            () async throws(ChuckError) -> ChuckJoke in
            try await context.service.joke(id: id)
          }
          let count = try context.collection.add(joke)
          added.append(joke)
          if !context.json { terminal.out(TerminalSafeText.render(joke.value) + "\n") }
          terminal.saved(joke, count: count)
        } catch {
          switch error {
          case .duplicate:
            terminal.report(error)
            status = status == 0 ? 1 : status
          case .jokeNotFound:
            terminal.report(error)
            status = 66
          default:
            throw error
          }
        }
      }
      if context.json { terminal.out(JokeJSON.array(added)) }
      return status
    }
  }
}
