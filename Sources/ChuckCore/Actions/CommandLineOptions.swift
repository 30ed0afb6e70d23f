/// The options of `chuck pick`, `chuck list` and `chuck random` as typed, before any rule
/// between them: the one declaration of the start-up command line. The argument parser fills it
/// from its parsed options, the start-up fast path from its table of spellings; both then ask it
/// for a request, and every rule between options is here, once (ripgrep's low-level and
/// high-level arguments).
public struct CommandLineOptions: Equatable, Sendable {
  /// `--category NAME`.
  public var category: String?
  /// Every `--exclude NAME`, in order.
  public var exclude: [String] = []
  /// `-s`, `--short`.
  public var short = false
  /// `-l`, `--long`.
  public var long = false
  /// `-n`, `--length N`.
  public var length: Int?
  /// `-m`, `--match REGEX`.
  public var match: String?
  /// `-i`, `--ignore-case`.
  public var ignoreCase = false
  /// `-c`, `--show-source`.
  public var showSource = false
  /// `--daily`.
  public var daily = false
  /// `--no-rotate`.
  public var noRotate = false
  /// `--source NAME` (or `all`).
  public var source: String?
  /// `--format TEMPLATE`.
  public var format: String?
  /// `--oneline`.
  public var oneLine = false
  /// `--max-width N`.
  public var maximumWidth: Int?
  /// `--json`.
  public var json = false
  /// `--date-format FORMAT` (`pick` and `list`; `show` has it too), as typed.
  public var dateFormat: String?

  /// No option given.
  public init() {}

  /// The date format asked for, or `nil` for the configured one (``ShownDates``).
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for a bad format, saying what is wrong with it
  ///   and which fields there are.
  public func chosenDateFormat() throws(ChuckError) -> DateFormat? {
    guard let dateFormat else { return nil }
    do throws(ChuckError) {
      return try DateFormat(dateFormat)
    } catch .invalidArgument(let problem) {
      throw .invalidArgument("--date-format: " + problem)
    }
  }

  /// The output format asked for, or `nil` for the command's own output.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for `--json` with a format, or a bad template.
  public func jokeFormat() throws(ChuckError) -> JokeFormat? {
    guard format != nil || oneLine || maximumWidth != nil else { return nil }
    guard !json else {
      throw .invalidArgument(
        "--json and --format, --oneline or --max-width do not go together.")
    }
    return try JokeFormat(format, oneLine: oneLine, maximumWidth: maximumWidth)
  }

  /// `chuck pick`'s request.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` naming the options that do not go together.
  public func pickRequest() throws(ChuckError) -> PickRequest {
    guard !(short && long) else { throw .invalidArgument("-s and -l cannot go together.") }
    if let length, length < 0 { throw .invalidArgument("--length must be 0 or more.") }
    if length != nil, !short, !long { throw .invalidArgument("--length goes with -s or -l.") }
    if ignoreCase, match == nil { throw .invalidArgument("-i goes with --match.") }
    if daily, noRotate {
      throw .invalidArgument("--daily and --no-rotate cannot go together.")
    }
    var request = PickRequest()
    request.scope = try SourceScope(source)
    request.format = try jokeFormat()
    request.dateFormat = try chosenDateFormat()
    let threshold = length ?? PickFilter.defaultLength
    request.category = category
    request.exclusions = Exclusions(exclude)
    request.length = short ? .short(threshold) : long ? .long(threshold) : .any
    request.match = match
    request.ignoreCase = ignoreCase
    request.showSource = showSource
    request.order = daily ? .daily : noRotate ? .random : .rotation
    return request
  }

  /// `chuck list`'s request: the lists, the format and the date format.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for a bad source, format or date format.
  public func listRequest() throws(ChuckError) -> ListRequest {
    ListRequest(
      scope: try SourceScope(source), format: try jokeFormat(), dateFormat: try chosenDateFormat())
  }

  /// `chuck random`'s request.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for `--source all` (a fetch asks one service),
  ///   a bad source or format.
  public func randomRequest() throws(ChuckError) -> RandomRequest {
    let scope = try SourceScope(source)
    guard scope != .all else {
      throw .invalidArgument("'all' is no source to fetch from: \(JokeSource.names)")
    }
    var source: JokeSource?
    if case .one(let named) = scope { source = named }
    return RandomRequest(
      source: source, category: category, exclusions: Exclusions(exclude), format: try jokeFormat())
  }
}

/// What a `chuck list` command line asks for.
public struct ListRequest: Equatable, Sendable {
  /// Which lists.
  public var scope: SourceScope
  /// Each joke through this format, oldest first, and nothing else.
  public var format: JokeFormat?
  /// `--date-format`: the dates in this format, else the configured one (``ShownDates``).
  public var dateFormat: DateFormat?

  /// Makes a request.
  /// - Parameters:
  ///   - scope: which lists.
  ///   - format: the format.
  ///   - dateFormat: the date format given on the command line.
  public init(scope: SourceScope, format: JokeFormat?, dateFormat: DateFormat? = nil) {
    self.scope = scope
    self.format = format
    self.dateFormat = dateFormat
  }
}

/// What a `chuck random` command line asks for.
public struct RandomRequest: Equatable, Sendable {
  /// The source named, else the configured one.
  public var source: JokeSource?
  /// Only a joke of this category.
  public var category: String?
  /// The categories left out.
  public var exclusions: Exclusions
  /// The joke through this format, else plain.
  public var format: JokeFormat?

  /// Makes a request.
  /// - Parameters:
  ///   - source: the source named.
  ///   - category: the category.
  ///   - exclusions: the categories left out.
  ///   - format: the format.
  public init(
    source: JokeSource?, category: String?, exclusions: Exclusions, format: JokeFormat?
  ) {
    self.source = source
    self.category = category
    self.exclusions = exclusions
    self.format = format
  }
}
