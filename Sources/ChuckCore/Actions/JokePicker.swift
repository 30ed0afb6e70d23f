#if canImport(Glibc)
  import Glibc
#endif

/// `chuck pick`: one saved joke among those that fit the request, from one list or all of them,
/// without the network. Values in, a joke out; the command prints it.
public struct JokePicker: Sendable {
  /// The lists, the configuration and the state folder.
  public let components: ChuckComponents
  /// The local date, `YYYY-MM-DD`: `--daily`'s joke is the day's.
  public let today: String

  /// A joke picked, and its source.
  public struct Picked {
    /// The joke.
    public let joke: any SavedJoke
    /// Its source.
    public let source: JokeSource
  }

  /// Makes a picker.
  /// - Parameters:
  ///   - components: the components.
  ///   - today: the local date, `YYYY-MM-DD` (``today()`` by default).
  public init(components: ChuckComponents, today: String = JokePicker.today()) {
    self.components = components
    self.today = today
  }

  /// Picks a joke with the system's random numbers.
  /// - Parameter request: what the command line asks for.
  /// - Returns: the joke; `nil` when the lists are empty (a shell start-up file on a fresh
  ///   install stays quiet).
  /// - Throws: ``ChuckError/nothingToPick(_:)`` when jokes are saved but none fits, saying why;
  ///   ``ChuckError/invalidArgument(_:)`` for a bad expression or a category of a source
  ///   without categories; a storage error.
  public func pick(_ request: PickRequest) throws(ChuckError) -> Picked? {
    var generator = SystemRandomNumberGenerator()
    return try pick(request, using: &generator)
  }

  /// Picks a joke with these random numbers.
  /// - Parameters:
  ///   - request: what the command line asks for.
  ///   - generator: the random numbers.
  /// - Returns: as ``pick(_:)``.
  /// - Throws: as ``pick(_:)``.
  public func pick(_ request: PickRequest, using generator: inout some RandomNumberGenerator)
    throws(ChuckError) -> Picked?
  {
    let match = try request.match.map { (pattern: String) throws(ChuckError) in
      try POSIXRegex(pattern, ignoringCase: request.ignoreCase)
    }
    let configuration = components.configuration
    let sources = request.scope.sources(configuration)
    let named = request.exclusions.named
    let configured = request.exclusions.configured(configuration)
    var lists: [Candidates] = []
    for source in sources {
      let filter = try Self.filter(request, named: named, configured: configured, match, source)
      lists.append(try candidates(of: source, filter))
    }
    let total = lists.reduce(0) { $0 + $1.saved.count }
    guard total > 0 else { return nil }
    // A position among every list's jokes, as the list and the position in it.
    func locate(_ position: Int) -> (list: Candidates, position: Int) {
      var position = position
      for list in lists.dropLast() {
        guard position >= list.saved.count else { return (list, position) }
        position -= list.saved.count
      }
      return (lists[lists.count - 1], position)
    }
    let fits = { (position: Int) -> Bool in
      let (list, local) = locate(position)
      return list.fits(local)
    }
    guard let chosen = choose(among: total, fits, lists, request, sources, &generator) else {
      throw .nothingToPick(request.reason(excluded: named + configured, sources))
    }
    let (list, local) = locate(chosen)
    return Picked(joke: try list.saved.joke(at: local), source: list.source)
  }

  /// The position among every list's jokes of one that fits: at random, the day's, or the
  /// rotation's next (its state read and written here; a state that cannot be read starts a
  /// new round, one that cannot be written is lost, and neither stops the pick). Jokes are
  /// tested in the round's order only until one fits.
  private func choose(
    among total: Int, _ fits: (Int) -> Bool, _ lists: [Candidates], _ request: PickRequest,
    _ sources: [JokeSource], _ generator: inout some RandomNumberGenerator
  ) -> Int? {
    guard request.order != .random else {
      return PickRotation.random(count: total, using: &generator, where: fits)
    }
    var fingerprint = PickRotation.Fingerprint()
    for list in lists { list.saved.addIDs(to: &fingerprint, source: list.source.name) }
    guard request.order == .rotation else {
      return PickRotation.daily(day: today, count: total, fingerprint: fingerprint.hex, where: fits)
    }
    let state = StateFile(
      fileURL: components.configuration.stateDirectory.appendingPath(
        request.stateName(sources)), maximumSize: 4096)
    var chosen: Int?
    let advance = { (state: PickRotation?) -> [UInt8]? in
      let next = PickRotation.next(
        after: state, count: total, fingerprint: fingerprint.hex, using: &generator, where: fits)
      chosen = next?.position
      return next?.state.encoded
    }
    state.rewrite(reading: { PickRotation.decode($0) }, advance)
    return chosen
  }

  /// The local date, `YYYY-MM-DD`.
  public static func today() -> String {
    var now = time(nil)
    var local = tm()
    localtime_r(&now, &local)
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(local.tm_year + 1900)-\(two(local.tm_mon + 1))-\(two(local.tm_mday))"
  }

  /// The filter for one source, or `nil` for a source none of whose jokes fits (`--source
  /// all` with a category, which only some sources have).
  private static func filter(
    _ request: PickRequest, named: [String], configured: [String], _ match: POSIXRegex?,
    _ source: JokeSource
  ) throws(ChuckError) -> PickFilter? {
    if !source.hasCategories, request.category != nil || !named.isEmpty {
      guard request.scope == .all else { throw .invalidArgument(source.noCategoriesMessage) }
      guard request.category == nil else { return nil }
    }
    return PickFilter(
      category: request.category, excluded: source.hasCategories ? named + configured : [],
      length: request.length, match: match)
  }

  /// One list: its jokes, and which of them fit.
  private struct Candidates {
    let source: JokeSource
    let saved: any JokeIndex
    let fits: (Int) -> Bool
  }

  private func candidates(of source: JokeSource, _ filter: PickFilter?)
    throws(ChuckError) -> Candidates
  {
    let saved = try source.kind.savedIndex(components)
    let fits: (Int) -> Bool =
      if let filter { { filter.admits($0, in: saved) } } else { { _ in false } }
    return Candidates(source: source, saved: saved, fits: fits)
  }
}
