import ArgumentParser
import ChuckCore

struct Remove: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Remove jokes from your list.",
    discussion: """
      Each ID is a saved joke's id or a unique prefix of at least 4 characters. All are removed \
      in one atomic write; an ambiguous prefix removes nothing (exit 64); ids that match nothing \
      are reported (exit 66) and the others are still removed.
      """
  )

  @Argument(
    help: "Ids or unique prefixes of saved jokes.", completion: .custom(Completions.savedIDs))
  var ids: [String]

  @OptionGroup var options: GlobalOptions

  func validate() throws {
    guard !ids.isEmpty else { throw ValidationError("Give at least one joke id.") }
    for id in ids where id.count < JokeCollection.minimumPrefixLength {
      throw ValidationError(
        "An id prefix needs at least \(JokeCollection.minimumPrefixLength) characters.")
    }
  }

  func run() async throws {
    try await options.runReportingStatus { (context: Context) async throws(ChuckError) -> Int32 in
      let terminal = context.terminal
      let removal = try context.collection.remove(ids)
      if context.json {
        terminal.out(
          #"{"removed":"# + JSONText.array(of: removal.removed.map(\.id), lineBreak: false)
            + #","not_found":"# + JSONText.array(of: removal.notFound, lineBreak: false) + "}\n")
      } else {
        for (id, preview) in removal.removed {
          terminal.out("Removed \(id) \u{201C}\(preview)\u{201D}\n")
        }
      }
      for id in removal.notFound { terminal.report(.noSavedMatch(id)) }
      return removal.notFound.isEmpty ? 0 : 66
    }
  }
}
