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

  @OptionGroup var source: SourceOption
  @OptionGroup var options: GlobalOptions

  func run() async throws {
    try await options.run { (context: Context) throws(ChuckError) in
      try Self.pick(category: category, source: source.source, context)
    }
  }

  /// The command itself, also run by `FastPath` without the argument parser.
  /// - Parameters:
  ///   - category: `--category`.
  ///   - source: `--source`; the configuration's when `nil`.
  static func pick(category: String?, source: JokeSource?, _ context: Context) throws(ChuckError) {
    let source = source ?? context.components.configuration.source
    if let commands = context.commands(for: source) {
      guard category == nil else {
        throw .invalidArgument(
          "--category is for Chuck Norris jokes; \(source.name) jokes have no categories")
      }
      return try commands.pick()
    }
    var generator = SystemRandomNumberGenerator()
    guard let joke = try context.collection.pick(category: category, using: &generator) else {
      return
    }
    context.terminal.out(
      context.json ? JokeJSON.object(joke) : TerminalText(sanitizing: joke.value) + .newline)
  }
}
