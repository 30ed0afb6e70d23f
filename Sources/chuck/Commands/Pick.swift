import ArgumentParser
import ChuckCore

#if canImport(Glibc)
  import Glibc
#endif

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
      help: "Never a joke of this category (repeatable; '' lifts CHUCK_EXCLUDE).",
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

    @Option(help: SourceScope.help, completion: .list(JokeSource.allCases.map(\.name) + ["all"]))
    var source: String?

    @OptionGroup var output: FormatOption
    @OptionGroup var options: GlobalOptions

    func validate() throws {
      _ = try request()
    }

    func run() async throws {
      let request = try request()
      try await options.run { (context: Context) throws(ChuckError) in
        try Self.pick(request, context)
      }
    }

    private func request() throws -> Request {
      guard !(short && long) else { throw ValidationError("-s and -l cannot go together.") }
      if let length, length < 0 { throw ValidationError("--length must be 0 or more.") }
      if length != nil, !short, !long { throw ValidationError("--length goes with -s or -l.") }
      if ignoreCase, match == nil { throw ValidationError("-i goes with --match.") }
      if daily, noRotate { throw ValidationError("--daily and --no-rotate cannot go together.") }
      let scope = try SourceScope(source)
      let threshold = length ?? PickFilter.defaultLength
      return Request(
        category: category, exclude: exclude,
        length: short ? .short(threshold) : long ? .long(threshold) : .any,
        match: match, ignoreCase: ignoreCase, scope: scope, showSource: showSource,
        order: daily ? .daily : noRotate ? .random : .rotation,
        format: try output.resolve(json: options.json))
    }

    /// What a `chuck pick` command line asks for, from the parser or from `FastPath`.
    struct Request: Equatable {
      /// Which lists to pick from.
      typealias Scope = SourceScope

      var category: String?
      var exclude: [String] = []
      var length: PickFilter.Length = .any
      var match: String?
      var ignoreCase = false
      var scope = Scope.configured
      var showSource = false
      var order = Order.rotation
      var format: JokeFormat?

      /// How the joke is chosen among those that fit.
      enum Order: Equatable {
        /// No joke twice before all were shown (the default).
        case rotation
        /// The same joke all day.
        case daily
        /// Each pick on its own (`--no-rotate`).
        case random
      }

      /// The rotation's state file's name: one per source, and one for `--source all`.
      func stateName(_ sources: [JokeSource]) -> String {
        scope == .all ? "pick-all.state" : "pick-\(sources.first?.name ?? "chuck").state"
      }
    }

    /// The command itself, also run by `FastPath` without the argument parser.
    static func pick(_ request: Request, _ context: Context) throws(ChuckError) {
      let match = try request.match.map { (pattern: String) throws(ChuckError) in
        try POSIXRegex(pattern, ignoringCase: request.ignoreCase)
      }
      let sources = request.scope.sources(context)
      // Explicit names are the user's; CHUCK_EXCLUDE's apply where a source has categories, and
      // an empty --exclude lifts them.
      let named = request.exclude.filter { !$0.isEmpty }
      let configured =
        request.exclude.contains("") ? [] : context.components.configuration.excluded
      var lists: [Candidates] = []
      for source in sources {
        let filter = try Self.filter(request, named: named, configured: configured, match, source)
        lists.append(try Self.candidates(of: source.kind, filter, context))
      }
      let total = lists.reduce(0) { $0 + $1.saved }
      // Empty lists print nothing (a shell start-up file on a fresh install stays quiet); saved
      // jokes that none fits are the options' doing, said with exit 66.
      guard total > 0 else { return }
      // A position among every list's jokes, as the list and the position in it.
      func locate(_ position: Int) -> (list: Candidates, position: Int) {
        var position = position
        for list in lists.dropLast() {
          guard position >= list.saved else { return (list, position) }
          position -= list.saved
        }
        return (lists[lists.count - 1], position)
      }
      let fits = { (position: Int) -> Bool in
        let (list, local) = locate(position)
        return list.fits(local)
      }
      guard let chosen = Self.choose(among: total, fits, lists, request, sources, context) else {
        throw .nothingToPick(Self.reason(request, excluded: named + configured, sources))
      }
      let (list, local) = locate(chosen)
      try list.print(local, request)
    }

    /// The position among every list's jokes of one that fits: at random, the day's, or the
    /// rotation's next (its state read and written here; a state that cannot be read starts a
    /// new round, one that cannot be written is lost, and neither stops the pick). Jokes are
    /// tested in the round's order only until one fits.
    private static func choose(
      among total: Int, _ fits: (Int) -> Bool, _ lists: [Candidates], _ request: Request,
      _ sources: [JokeSource], _ context: Context
    ) -> Int? {
      var generator = SystemRandomNumberGenerator()
      guard request.order != .random else {
        return ShuffleBag.random(count: total, using: &generator, where: fits)
      }
      var fingerprint = ShuffleBag.Fingerprint()
      for list in lists { list.addIDs(&fingerprint) }
      guard request.order == .rotation else {
        return ShuffleBag.daily(
          day: Self.today(), count: total, fingerprint: fingerprint.hex, where: fits)
      }
      let folder = context.components.configuration.stateDirectory
      let store = FileStore(
        fileURL: folder.appendingPathComponent(request.stateName(sources)), contents: .cache,
        maximumSize: 4096)
      var chosen: Int?
      let advance = { (state: ShuffleBag?) -> [UInt8]? in
        let next = ShuffleBag.next(
          after: state, count: total, fingerprint: fingerprint.hex, using: &generator, where: fits)
        chosen = next?.position
        return next?.state.encoded
      }
      store.rewriteInPlace(reading: { ShuffleBag.decode($0) }, advance)
      return chosen
    }

    /// The local date, `YYYY-MM-DD`.
    private static func today() -> String {
      var now = time(nil)
      var local = tm()
      localtime_r(&now, &local)
      func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
      return "\(local.tm_year + 1900)-\(two(local.tm_mon + 1))-\(two(local.tm_mday))"
    }

    /// Why nothing could be picked: the lists are empty, or no joke fits the options, named.
    private static func reason(
      _ request: Request, excluded: [String], _ sources: [JokeSource]
    ) -> String {
      var options: [String] = []
      if let category = request.category { options.append("--category \(category)") }
      if !excluded.isEmpty { options.append("not \(excluded.joined(separator: ", "))") }
      switch request.length {
      case .any: break
      case .short(let limit): options.append("at most \(limit) characters")
      case .long(let limit): options.append("more than \(limit) characters")
      }
      if let match = request.match {
        options.append("matching '\(match)'\(request.ignoreCase ? " (ignoring case)" : "")")
      }
      let lists = sources.count == 1 ? "\(sources[0].name) list" : "lists"
      return "no saved joke fits: " + options.joined(separator: ", ") + " (in your \(lists))"
    }

    /// The filter for one source, or `nil` for a source none of whose jokes fits (`--source
    /// all` with a category, which only some sources have).
    private static func filter(
      _ request: Request, named: [String], configured: [String], _ match: POSIXRegex?,
      _ source: JokeSource
    ) throws(ChuckError) -> PickFilter? {
      let many = request.scope == .all
      if !source.hasCategories, request.category != nil || !named.isEmpty {
        if many { return request.category == nil ? filter(request, [], match) : nil }
        throw .invalidArgument(source.noCategoriesMessage)
      }
      let excluded = source.hasCategories ? named + configured : []
      return filter(request, excluded, match)
    }

    private static func filter(_ request: Request, _ excluded: [String], _ match: POSIXRegex?)
      -> PickFilter
    {
      PickFilter(
        category: request.category, excluded: excluded, length: request.length, match: match)
    }

    /// One list: how many jokes it holds, which of them fit, its ids for the fingerprint, and
    /// how to print one of them.
    private struct Candidates {
      /// How many jokes the list holds.
      let saved: Int
      /// Whether the joke at a position fits the options.
      let fits: (Int) -> Bool
      /// Adds the list's ids to the rotation's fingerprint.
      let addIDs: (inout ShuffleBag.Fingerprint) -> Void
      let print: (Int, Request) throws(ChuckError) -> Void
    }

    private static func candidates<Kind: JokeKind>(
      of kind: Kind.Type, _ filter: PickFilter?, _ context: Context
    ) throws(ChuckError) -> Candidates {
      let saved = try context.components.list(kind).saved()
      let fits: (Int) -> Bool =
        if let filter { { filter.admits($0, in: saved) } } else { { _ in false } }
      let addIDs = { (fingerprint: inout ShuffleBag.Fingerprint) in
        saved.addIDs(to: &fingerprint, source: Kind.name)
      }
      return Candidates(saved: saved.count, fits: fits, addIDs: addIDs) {
        (position: Int, request: Request) throws(ChuckError) in
        let joke = try saved.joke(at: position)
        let showSource = request.showSource
        if context.json {
          context.terminal.out(JokeJSON.object(joke))
          return
        }
        if showSource { context.terminal.out("(\(sanitizing: Kind.name))\n%\n") }
        if let format = request.format {
          context.terminal.out(format.render(joke, source: Kind.source))
        } else {
          context.terminal.printJoke(joke, waitForPunchline: false)
        }
      }
    }
  }
}
