/// What a `chuck pick` command line asks for, with every rule between its options applied
/// (``CommandLineOptions/pickRequest()``).
public struct PickRequest: Equatable, Sendable {
  /// Only a joke of this category.
  public var category: String?
  /// The categories left out.
  public var exclusions = Exclusions()
  /// The length wanted.
  public var length: PickFilter.Length = .any
  /// A POSIX extended regular expression the text must match.
  public var match: String?
  /// Whether `match` ignores case.
  public var ignoreCase = false
  /// Which lists to pick from.
  public var scope = SourceScope.configured
  /// Whether the joke's source is named first (`-c`).
  public var showSource = false
  /// How the joke is chosen among those that fit.
  public var order = Order.rotation
  /// The joke through this format (`--format`, `--oneline`, `--max-width`), else plain.
  public var format: JokeFormat?
  /// `--date-format`: `{date}` in this format, else the configured one (``ShownDates``).
  public var dateFormat: DateFormat?

  /// How the joke is chosen among those that fit.
  public enum Order: Equatable, Sendable {
    /// No joke twice before all were shown (the default).
    case rotation
    /// The same joke all day.
    case daily
    /// Each pick on its own (`--no-rotate`).
    case random
  }

  /// Makes a request: any joke, by rotation, of the configured source.
  public init() {}

  /// The rotation's state file's name: one per source, and one for `--source all`.
  /// - Parameter sources: the sources picked from.
  /// - Returns: the name, in the state folder.
  public func stateName(_ sources: [JokeSource]) -> String {
    scope == .all ? "pick-all.state" : "pick-\(sources.first?.name ?? "chuck").state"
  }

  /// Why nothing could be picked: no saved joke fits the options, named.
  /// - Parameters:
  ///   - excluded: every name left out.
  ///   - sources: the sources picked from.
  /// - Returns: the reason, for ``ChuckError/nothingToPick(_:)``.
  public func reason(excluded: [String], _ sources: [JokeSource]) -> String {
    var options: [String] = []
    if let category { options.append("--category \(category)") }
    if !excluded.isEmpty { options.append("not \(excluded.joined(separator: ", "))") }
    switch length {
    case .any: break
    case .short(let limit): options.append("at most \(limit) characters")
    case .long(let limit): options.append("more than \(limit) characters")
    }
    if let match { options.append("matching '\(match)'\(ignoreCase ? " (ignoring case)" : "")") }
    let lists = sources.count == 1 ? "\(sources[0].name) list" : "lists"
    return "no saved joke fits: " + options.joined(separator: ", ") + " (in your \(lists))"
  }
}
