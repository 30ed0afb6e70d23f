import ArgumentParser
import ChuckCore

extension Chuck {
  struct Remove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "remove",
      abstract: "Remove jokes from your list.",
      discussion: """
        Each ID is a saved joke's id or a unique prefix of at least 4 characters. All are removed \
        in one atomic write; an ambiguous prefix removes nothing (exit 64); ids that match nothing \
        are reported (exit 66) and the others are still removed. A removed joke's favourite is \
        removed with it, in the same transaction: both files change, or neither.
        """
    )

    @Argument(
      help: "Ids or unique prefixes of saved jokes.", completion: .custom(Completions.savedIDs))
    var ids: [String]

    @OptionGroup var source: SourceOption
    @OptionGroup var options: GlobalOptions

    func validate() throws {
      guard !ids.isEmpty else { throw ValidationError("Give at least one joke id.") }
    }

    func run() async throws {
      try await options.runReporting(flags: source.flags) {
        (context: Context) async throws(ChuckError) -> ChuckError? in
        let terminal = context.terminal
        let removal = try context.components.removeJokes(ids, from: source.resolve(context))
        if context.json {
          terminal.out(
            #"{"removed":"# + JSONText.array(of: removal.removed.map(\.id), lineBreak: false)
              + #","not_found":"# + JSONText.array(of: removal.notFound, lineBreak: false) + "}\n")
        } else {
          for joke in removal.removed {
            terminal.out(ReportText.removed(joke) + "\n")
          }
        }
        let notFound = removal.notFound.map { ChuckError.noSavedMatch($0) }
        notFound.forEach(terminal.report)
        return notFound.first
      }
    }
  }
}
