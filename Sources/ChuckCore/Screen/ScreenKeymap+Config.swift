/// The config file's `[keys]` table: `action = "key"` or `action = ["key", …]`, read into a
/// keymap.
///
/// ```toml
/// [keys]
/// joke = ["n", "+"]
/// quit = "q"
/// ```
///
/// An action named answers to its new keys only, in every view where it worked (``remapping(_:)``);
/// the others keep theirs. Every action stays reachable: an empty array is refused, not read as
/// "no key".
extension ScreenKeymap {
  /// The table of the config file that holds the keys.
  public static let configTable = "keys"

  /// What a key may be written as, for the messages of the `[keys]` table.
  static var allowedKeys: String {
    "a key is one character (q, G, ?, +) or one of: "
      + ScreenKey.longNames.joined(separator: ", ")
  }

  /// This keymap with the config file's `[keys]` table applied, and every problem the table has,
  /// all at once: an action that does not exist, a value that is not a key or an array of keys,
  /// an empty array, a key bound to two actions in one view. Each problem names its line, its
  /// key (`keys.joke`) and what is allowed instead.
  /// - Parameter entries: the file's settings (``ConfigFile/entries``); those of other tables
  ///   are left alone.
  /// - Returns: the keymap, and the problems in line order. When there is a problem, the keymap
  ///   is this one unchanged (the file is refused as a whole).
  public func configured(by entries: [ConfigEntry]) -> (
    keymap: ScreenKeymap, problems: [ConfigProblem]
  ) {
    var problems: [ConfigProblem] = []
    // An array, not a dictionary: a dictionary keyed by action is made at run time from its
    // mangled name (a scan of every protocol conformance), and this runs at every start of a
    // command whose config file has keys.
    var overrides: [(action: ScreenAction, keys: [ScreenKey], line: Int)] = []
    for entry in entries where entry.table == Self.configTable {
      func refuse(_ message: String) {
        problems.append(ConfigProblem(line: entry.line, key: entry.name, message: message))
      }
      guard let action = ScreenAction(name: entry.key) else {
        refuse(
          "\(entry.key.debugDescription) is not an action: the actions are "
            + ScreenAction.allCases.map(\.name).joined(separator: ", "))
        continue
      }
      // The file sets a key once in its table (the parser refuses it twice): the first counts.
      guard !overrides.contains(where: { $0.action == action }) else { continue }
      guard let keys = Self.keys(of: entry.value, for: action, refuse) else { continue }
      overrides.append((action, keys, entry.line))
    }
    guard problems.isEmpty else { return (self, problems) }
    var bindings = self.bindings
    for index in bindings.indices {
      guard let keys = overrides.first(where: { $0.action == bindings[index].action })?.keys
      else { continue }
      bindings[index].keys = keys
      bindings[index].unlistedKeys = []
    }
    let configured = ScreenKeymap(unchecked: bindings)
    problems = configured.clashes(among: overrides.flatMap(\.keys)).compactMap { clash in
      Self.problem(clash) { action in overrides.first { $0.action == action }?.line }
    }
    guard problems.isEmpty else { return (self, problems.sorted { $0.line ?? 0 < $1.line ?? 0 }) }
    return (configured, [])
  }

  /// The keys a value of the `[keys]` table names, or `nil` after refusing it.
  private static func keys(
    of value: ConfigValue, for action: ScreenAction, _ refuse: (String) -> Void
  ) -> [ScreenKey]? {
    let example = "write a key in quotes (\"n\") or an array of keys ([\"n\", \"+\"])"
    let names: [String]
    switch value {
    case .string(let name):
      names = [name]
    case .array(let values):
      guard !values.isEmpty else {
        refuse(
          "an empty array would leave \(action.name) without a key: every action keeps at least "
            + "one; give it a key, or remove the line for its standard keys")
        return nil
      }
      var strings: [String] = []
      for value in values {
        guard case .string(let name) = value else {
          refuse("\(value.kind) is not a key: \(example); \(allowedKeys)")
          return nil
        }
        strings.append(name)
      }
      names = strings
    default:
      refuse("\(value.kind) is not a key: \(example); \(allowedKeys)")
      return nil
    }
    var keys: [ScreenKey] = []
    var isValid = true
    for name in names {
      guard let key = try? ScreenKey(parsing: name) else {
        refuse("\(name.debugDescription) is not a key: \(allowedKeys)")
        isValid = false
        continue
      }
      if !keys.contains(key) { keys.append(key) }
    }
    return isValid ? keys : nil
  }

  /// The problem a clash makes, on the line of the action the file binds last; `nil` when the
  /// file binds neither (the keymap's own keys never clash).
  private static func problem(_ clash: Clash, lines: (ScreenAction) -> Int?) -> ConfigProblem? {
    let key = clash.key.name ?? clash.key.label
    let views = clash.contexts.map(\.described)
    let place =
      views.count == 1 ? views[0] : views.dropLast().joined(separator: ", ") + " and " + views.last!
    let start = "\(key.debugDescription) is bound to two actions"
    switch (lines(clash.first), lines(clash.second)) {
    case (let first?, let second?):
      let (here, there) = first > second ? (clash.first, clash.second) : (clash.second, clash.first)
      return ConfigProblem(
        line: max(first, second), key: "\(configTable).\(here.name)",
        message: "\(start), \(here.name) and \(there.name) (line \(min(first, second))), in "
          + "\(place): a key does one action in a view; choose another key for one of them")
    case (let line?, nil), (nil, let line?):
      let (here, there) =
        lines(clash.first) == nil ? (clash.second, clash.first) : (clash.first, clash.second)
      return ConfigProblem(
        line: line, key: "\(configTable).\(here.name)",
        message: "\(start), \(here.name) and \(there.name) (one of \(there.name)'s standard "
          + "keys), in \(place): choose another key, or give \(there.name) other keys in "
          + "[keys] too")
    case (nil, nil):
      return nil
    }
  }
}

extension ScreenContext {
  /// The view as a message names it: `the list`, `a joke's detail`.
  var described: String {
    switch self {
    case .list: "the list"
    case .favorites: "the favourites"
    case .search: "a search's results"
    case .detail: "a joke's detail"
    case .punchline: "a two-part joke"
    case .help: "the list of keys"
    }
  }
}
