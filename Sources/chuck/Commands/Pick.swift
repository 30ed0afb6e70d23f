import ArgumentParser
import ChuckCore

extension Chuck {
  struct Pick: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "pick",
      abstract: "Print one saved joke at random, offline: made for a shell start-up file.",
      discussion: """
        As fortune chooses a fortune: -s/-l/-n by length (characters of the joke's text, a \
        two-part joke's both parts; 160 by default), --match by POSIX extended regular \
        expression (-i ignores case), --exclude by category; CHUCK_EXCLUDE names categories left \
        out unless --exclude '' lifts them. --source all picks over every saved list, each joke \
        equally likely; -c names the source first, as fortune -c names the file. \
        Exits 66, saying why, when saved jokes are there but none fits; prints nothing (exit 0) \
        when the list is empty. Never uses the network.
        """
    )

    @Option(
      help: "Only a saved joke of this category.", completion: .custom(Completions.categories))
    var category: String?

    @Option(
      help: ArgumentHelp(
        "Never a joke of this category (repeatable; '' lifts the default; "
          + Setting.flagDefault(of: "exclude") + ")."),
      completion: .custom(Completions.categories))
    var exclude: [String] = []

    @Flag(name: [.short, .long], help: "Only a short joke (at most --length characters).")
    var short = false

    @Flag(name: [.short, .long], help: "Only a long joke (more than --length characters).")
    var long = false

    @Option(
      name: [.customShort("n"), .long], help: "The length between short and long (default 160).")
    var length: Int?

    @Option(
      name: [.customShort("m"), .long],
      help: ArgumentHelp(
        "Only a joke matching this POSIX extended regular expression.", valueName: "regex"))
    var match: String?

    @Flag(name: [.customShort("i"), .customLong("ignore-case")], help: "--match ignores case.")
    var ignoreCase = false

    @Flag(
      name: [.customShort("c"), .customLong("show-source")], help: "Name the joke's source first.")
    var showSource = false

    @Flag(help: "The same joke all day (from the date and the list; nothing written).")
    var daily = false

    @Flag(help: "A plain random pick: no rotation.")
    var noRotate = false

    @Option(help: SourceScope.help, completion: .custom(Completions.sourcesAndAll))
    var source: String?

    @OptionGroup var output: FormatOption
    @OptionGroup var dates: DateFormatOption
    @OptionGroup var options: GlobalOptions

    /// The command line as typed (``CommandLineOptions``).
    var typed: CommandLineOptions {
      var typed = CommandLineOptions()
      typed.category = category
      typed.exclude = exclude
      (typed.short, typed.long, typed.length) = (short, long, length)
      (typed.match, typed.ignoreCase, typed.showSource) = (match, ignoreCase, showSource)
      (typed.daily, typed.noRotate, typed.source) = (daily, noRotate, source)
      output.fill(&typed, json: options.json)
      dates.fill(&typed)
      return typed
    }

    func validate() throws {
      _ = try validated { () throws(ChuckError) in try typed.pickRequest() }
    }

    func run() async throws {
      let request = try validated { () throws(ChuckError) in try typed.pickRequest() }
      try await options.run { (context: Context) throws(ChuckError) in
        context.printPicked(try JokePicker(components: context.components).pick(request), request)
      }
    }
  }
}
