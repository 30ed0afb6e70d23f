import ArgumentParser
import ChuckCore

struct Categories: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "categories",
    abstract: "List the API's joke categories (cached for a day).",
    discussion: "When the API cannot be reached, the cached list is shown, with a note."
  )

  @OptionGroup var options: GlobalOptions

  func run() async throws {
    try await options.run { (context: Context) async throws(ChuckError) in
      let terminal = context.terminal
      let (names, source) = try await terminal.withSpinner("Fetching the categories…") {
        () async throws(ChuckError) -> ([String], CategoryCatalog.Source) in
        try await context.components.catalog.categories()
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
