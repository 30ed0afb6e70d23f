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
        scope == .all ? "pick-all.json" : "pick-\(sources.first?.name ?? "chuck").json"
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
      var found: [Candidates] = []
      for source in sources {
        let kind = source.kind
        let filter = try Self.filter(request, named: named, configured: configured, match, source)
        if let filter { found.append(try Self.candidates(of: kind, filter, context)) }
      }
      let total = found.reduce(0) { $0 + $1.count }
      // Empty lists print nothing (a shell start-up file on a fresh install stays quiet); saved
      // jokes that none fits are the options' doing, said with exit 66.
      guard total > 0 else {
        guard found.contains(where: { $0.saved > 0 }) else { return }
        throw .nothingToPick(Self.reason(request, excluded: named + configured, sources))
      }
      var chosen = Self.choose(among: total, found, request, sources, context)
      for candidates in found {
        guard chosen >= candidates.count else {
          try candidates.print(chosen, request)
          return
        }
        chosen -= candidates.count
      }
    }

    /// The position among every candidate: at random, the day's, or the rotation's next (its
    /// state read and written here; a state that cannot be read starts a new round, one that
    /// cannot be written is lost, and neither stops the pick).
    private static func choose(
      among total: Int, _ found: [Candidates], _ request: Request, _ sources: [JokeSource],
      _ context: Context
    ) -> Int {
      guard request.order != .random else { return Int.random(in: 0..<total) }
      let fingerprint = ShuffleBag.fingerprint(of: found.lazy.flatMap { $0.ids() })
      guard request.order == .rotation else {
        return ShuffleBag.daily(day: Self.today(), count: total, fingerprint: fingerprint)
      }
      let folder = context.components.configuration.stateDirectory
      let store = FileStore(
        fileURL: folder.appendingPathComponent(request.stateName(sources)), contents: .cache,
        maximumSize: 4096)
      var generator = SystemRandomNumberGenerator()
      let (position, state) = ShuffleBag.next(
        after: ShuffleBag.decode(try? store.read()), count: total, fingerprint: fingerprint,
        using: &generator)
      do throws(ChuckError) {
        try store.makeDirectory(folder)
        try store.replace(with: state.encoded, durable: false)
      } catch {
        // Lost state only reshuffles.
      }
      return position
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

    /// The filter for one source, or `nil` for a source left out (`--source all` with a
    /// category, which only some sources have).
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

    /// The jokes of one list that may be picked, and how to print one of them.
    private struct Candidates {
      /// How many jokes the list holds.
      let saved: Int
      /// How many of them may be picked.
      let count: Int
      /// Their ids, with the source's name, in order (the rotation's fingerprint).
      let ids: () -> [String]
      let print: (Int, Request) throws(ChuckError) -> Void
    }

    private static func candidates<Kind: JokeKind>(
      of kind: Kind.Type, _ filter: PickFilter, _ context: Context
    ) throws(ChuckError) -> Candidates {
      let saved = try context.components.list(kind).saved()
      let positions = filter.positions(in: saved)
      let ids = { positions.map { Kind.name + ":" + saved.id(at: $0) } }
      return Candidates(saved: saved.count, count: positions.count, ids: ids) {
        (index: Int, request: Request) throws(ChuckError) in
        let joke = try saved.joke(at: positions[index])
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
