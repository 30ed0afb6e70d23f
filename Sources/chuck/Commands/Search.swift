import ArgumentParser
import ChuckCore

struct Search: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "search",
    abstract: "Search the API's jokes by text; shown like the list, oldest first.",
    discussion: """
      Jokes already in your list are marked (saved). Sources chuck and dad can search (dad: the \
      service's first 30 matches, in its order); the others cannot (64).
      """
  )

  @Argument(help: "Text the joke contains (3 to 120 characters, case-insensitive).")
  var query: String

  @OptionGroup var source: SourceOption
  @OptionGroup var options: GlobalOptions

  func validate() throws {
    // Checked before any request.
    if let problem = SearchQuery.problem(query) { throw ValidationError(problem) }
  }

  func run() async throws {
    try await options.run { (context: Context) async throws(ChuckError) in
      if let commands = context.commands(for: source.resolve(context)) {
        return try await commands.search(query)
      }
      let terminal = context.terminal
      let found = try await terminal.withSpinner("Searching…") {
        () async throws(ChuckError) -> [ChuckJoke] in
        try await context.service.search(query: query)
      }
      let jokes = JokeOrder.oldestFirst(found)
      if context.json {
        terminal.out(JokeJSON.array(jokes))
        return
      }
      let saved = try context.collection.saved()
      let savedIDs = Set(saved.ids)
      Self.show(
        jokes.map {
          JokeListView.Row(
            id: $0.id, created: $0.created, value: $0.value, isSaved: savedIDs.contains($0.id))
        }, title: "Search results for", query: query, noMatch: "No joke", terminal: terminal)
    }
  }

  /// The results as the list shows them, under a title that counts them.
  static func show(
    _ rows: [JokeListView.Row], title: String, query: String, noMatch: String, terminal: Terminal
  ) {
    let noun = rows.count == 1 ? "joke" : "jokes"
    let view = JokeListView(
      width: terminal.width, style: terminal.stdoutStyle,
      title: "\(title) \u{201C}\(query)\u{201D}: \(rows.count) \(noun)",
      emptyMessage: "\(noMatch) contains \u{201C}\(query)\u{201D}.")
    terminal.out(view.render(rows: rows))
  }
}
