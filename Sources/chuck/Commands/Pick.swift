import ArgumentParser
import ChuckCore

extension Chuck {
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
    static func pick(category: String?, source: JokeSource?, _ context: Context) throws(ChuckError)
    {
      let kind = (source ?? context.components.configuration.source).kind
      try Self.pick(of: kind, category: category, context)
    }

    private static func pick<Kind: JokeKind>(
      of kind: Kind.Type, category: String?, _ context: Context
    ) throws(ChuckError) {
      if category != nil, !Kind.source.hasCategories {
        throw .invalidArgument(Kind.source.noCategoriesMessage)
      }
      var generator = SystemRandomNumberGenerator()
      guard let joke = try context.components.list(kind).pick(category: category, using: &generator)
      else { return }
      if context.json {
        context.terminal.out(JokeJSON.object(joke))
      } else {
        context.terminal.printJoke(joke, waitForPunchline: false)
      }
    }
  }
}
