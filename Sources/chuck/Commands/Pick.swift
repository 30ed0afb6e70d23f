import ArgumentParser
import ChuckCore

struct Pick: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "pick",
    abstract: "Print one saved joke at random, offline: made for a shell start-up file.",
    discussion: "Prints nothing, and exits 0, when no saved joke fits. Never uses the network."
  )

  @Option(
    help: "Only a saved joke of this category.", completion: .custom(Completions.categories))
  var category: String?

  @OptionGroup var options: GlobalOptions

  func run() async throws {
    try await options.run { (context: Context) throws(ChuckError) in
      try Self.pick(category: category, context)
    }
  }

  /// The command itself, also run by `FastPath` without the argument parser.
  static func pick(category: String?, _ context: Context) throws(ChuckError) {
    var generator = SystemRandomNumberGenerator()
    guard let joke = try context.collection.pick(category: category, using: &generator) else {
      return
    }
    context.terminal.out(
      context.json ? JokeJSON.object(joke) : TerminalSafeText.render(joke.value) + "\n")
  }
}
