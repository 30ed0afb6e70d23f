import ArgumentParser
import ChuckCore

extension Chuck {
  struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list",
      abstract: "Show your saved jokes, oldest first.",
      discussion: """
        --source all lists every saved list as one, oldest first, each joke naming its source \
        (--json: an object of each source's array).
        """
    )

    @Option(help: SourceScope.help, completion: .custom(Completions.sourcesAndAll))
    var source: String?
    @OptionGroup var output: FormatOption
    @OptionGroup var dates: DateFormatOption
    @OptionGroup var options: GlobalOptions

    /// The command line as typed (``CommandLineOptions``).
    var typed: CommandLineOptions {
      var typed = CommandLineOptions()
      typed.source = source
      output.fill(&typed, json: options.json)
      dates.fill(&typed)
      return typed
    }

    func validate() throws {
      _ = try validated { () throws(ChuckError) in try typed.listRequest() }
    }

    func run() async throws {
      let request = try validated { () throws(ChuckError) in try typed.listRequest() }
      try await options.run { (context: Context) throws(ChuckError) in
        try context.printList(SavedListing(request.scope, context.components), request)
      }
    }
  }
}
