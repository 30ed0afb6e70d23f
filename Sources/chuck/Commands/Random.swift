import ArgumentParser
import ChuckCore

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
    help: "Never a joke of this category (repeatable).",
    completion: .custom(Completions.categories))
  var exclude: [String] = []

  @OptionGroup var source: SourceOption
  @OptionGroup var options: GlobalOptions

  func run() async throws {
    try await options.run { (context: Context) async throws(ChuckError) in
      let source = source.resolve(context)
      if let commands = context.commands(for: source) {
        guard category == nil, exclude.isEmpty else {
          throw .invalidArgument(
            "--category and --exclude are for Chuck Norris jokes; \(source.name) jokes have no categories"
          )
        }
        return try await commands.random()
      }
      let terminal = context.terminal
      let joke = try await terminal.withSpinner("Fetching a joke…") {
        () async throws(ChuckError) -> ChuckJoke in
        try await context.components.randomJokes.fetch(category: category, excluding: exclude)
      }
      let count = try context.collection.add(joke)
      terminal.out(
        context.json ? JokeJSON.object(joke) : TerminalText(sanitizing: joke.value) + .newline)
      terminal.saved(joke, count: count)
    }
  }
}
