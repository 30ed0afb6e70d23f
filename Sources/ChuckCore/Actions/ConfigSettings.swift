import FoundationEssentials

/// `chuck config`'s work on the config file: each setting's value with its origin, `set` and
/// `unset` (one line changed, every other byte kept, the file written atomically under a lock,
/// 0600), and `check`, which finds every problem at once.
public struct ConfigSettings: Sendable {
  /// The config file.
  public let path: String

  /// The process's variables, which a declared source's headers name (`${API_TOKEN}`).
  public let environment: [String: String]

  /// Works on one config file.
  /// - Parameters:
  ///   - path: the file (``ChuckConfiguration/configFile(in:)``).
  ///   - environment: the process's variables, for the declared sources' headers.
  public init(path: String, environment: [String: String] = [:]) {
    self.path = path
    self.environment = environment
  }

  /// One setting as `chuck config list` shows it.
  public struct Entry: Sendable, Equatable {
    /// The key: `timeout`, `keys.joke`.
    public let key: String
    /// The value in effect; `nil` for a setting that has none (``Setting/none`` says what that
    /// means).
    public let value: ConfigValue?
    /// Where it came from.
    public let origin: SettingOrigin
    /// What having no value means, for an entry without one.
    public let none: String?

    /// How `chuck config list` writes it: `key = value`, or, for a setting without a value, a
    /// comment that says what that means (`# lang: none: …`), so that the list stays a config
    /// file and still names every setting.
    public var line: String {
      guard let value else { return "# \(key): \(none ?? "none")" }
      return key + " = " + value.toml
    }
  }

  /// Every setting, in ``Setting/all``'s order, with its value in effect (or none, and what that
  /// means) and where it came from.
  /// - Parameter configuration: the configuration in effect.
  /// - Returns: the entries.
  public static func entries(of configuration: ChuckConfiguration) -> [Entry] {
    let settings = Setting.all.map { setting in
      Entry(
        key: setting.key, value: setting.value(in: configuration),
        origin: configuration.origins[setting.key] ?? .standard, none: setting.none)
    }
    let keys = ScreenAction.allCases.map { action in
      let key = keyPrefix + action.name
      return Entry(
        key: key, value: keysValue(of: action, in: configuration.keymap),
        origin: configuration.origins[key] ?? .standard, none: nil)
    }
    return settings + keys
  }

  /// `keys.`: the keys of the `[keys]` table as `chuck config` names them (`keys.joke`).
  public static let keyPrefix = ScreenKeymap.configTable + "."

  /// An action's keys in a keymap, as the `[keys]` table writes them.
  static func keysValue(of action: ScreenAction, in keymap: ScreenKeymap) -> ConfigValue {
    var names: [String] = []
    for binding in keymap.bindings where binding.action == action {
      for name in binding.keys.compactMap(\.name) where !names.contains(name) {
        names.append(name)
      }
    }
    return .array(names.map { .string($0) })
  }

  /// The value `chuck config get` prints for a key: a setting's, or an action's keys.
  /// - Parameters:
  ///   - key: a setting's key, or `keys.ACTION`.
  ///   - configuration: the configuration in effect.
  /// - Returns: the value, or `nil` when the setting has none.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for a key that names nothing.
  public static func value(of key: String, in configuration: ChuckConfiguration)
    throws(ChuckError) -> ConfigValue?
  {
    if let action = try action(key) { return keysValue(of: action, in: configuration.keymap) }
    return try setting(key).value(in: configuration)
  }

  /// The action a `keys.ACTION` key names, or `nil` for another key.
  private static func action(_ key: String) throws(ChuckError) -> ScreenAction? {
    guard key.hasPrefix(keyPrefix) else { return nil }
    let name = String(key.dropFirst(keyPrefix.count))
    guard let action = ScreenAction(name: name) else {
      throw .invalidArgument(
        "no action is named '\(name)'; the actions: "
          + ScreenAction.allCases.map(\.name).joined(separator: ", "))
    }
    return action
  }

  /// The setting of a key, for `get`, `set` and `unset`.
  /// - Parameter key: the key.
  /// - Returns: its setting.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` naming the settings, for a key no setting
  ///   has.
  public static func setting(_ key: String) throws(ChuckError) -> Setting {
    guard let setting = Setting.named(key) else {
      throw .invalidArgument(
        "no setting is named '\(key)'; the settings: "
          + Setting.all.map(\.key).joined(separator: ", "))
    }
    return setting
  }

  /// Sets a key in the file: the text is read as the setting's variable would be (`10`, `true`,
  /// `a,b`) and checked by the same parser; the key's line is changed in place, or added at the
  /// end of the top level, and every other byte stays.
  /// - Parameters:
  ///   - key: the key.
  ///   - text: the value, as a variable would hold it.
  /// - Returns: the value written.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for an unknown key or a value the setting
  ///   refuses (nothing written); ``ChuckError/badConfiguration(path:problems:)`` for a file
  ///   that cannot be read or parsed; a storage error when it cannot be written.
  @discardableResult
  public func set(_ key: String, to text: String) throws(ChuckError) -> ConfigValue {
    if let action = try Self.action(key) { return try setKeys(of: action, to: text) }
    let setting = try Self.setting(key)
    let value = setting.value(of: text)
    var scratch = ChuckConfiguration.standard
    guard setting.store(value, &scratch) else {
      throw .invalidArgument(
        "\(key): \(text.debugDescription) is not usable: expected \(setting.allowed)")
    }
    try rewrite { file in file.setting(key, in: "", to: value) }
    return value
  }

  /// Removes a key's lines from the file.
  /// - Parameter key: the key.
  /// - Returns: whether the file set it.
  /// - Throws: as ``set(_:to:)``.
  @discardableResult
  public func unset(_ key: String) throws(ChuckError) -> Bool {
    var (name, table) = (key, "")
    if let action = try Self.action(key) {
      (name, table) = (action.name, ScreenKeymap.configTable)
    } else {
      _ = try Self.setting(key)
    }
    var found = false
    try rewrite { file in
      found = file.entry(name, in: table) != nil
      return found ? file.removing(name, in: table) : nil
    }
    return found
  }

  /// Gives an action keys of its own in the `[keys]` table: key names separated by spaces
  /// (`n +`), checked as the file's table is (a key bound to two actions is refused).
  private func setKeys(of action: ScreenAction, to text: String) throws(ChuckError)
    -> ConfigValue
  {
    let names = text.split(whereSeparator: { $0 == " " }).map(String.init)
    let value: ConfigValue =
      names.count == 1 ? .string(names[0]) : .array(names.map { .string($0) })
    try rewrite { (file) throws(ChuckError) -> [UInt8]? in
      let changed = file.setting(action.name, in: ScreenKeymap.configTable, to: value)
      let (keymap, problems) = ScreenKeymap.standard.configured(
        by: ConfigFile.parse(changed).file.entries)
      _ = keymap
      if let problem = problems.first {
        throw .invalidArgument(
          [problem.key, problem.message].compactMap(\.self).joined(separator: ": ")
            + "; nothing written")
      }
      return changed
    }
    return value
  }

  /// What `check` found: every problem (each makes the file unusable) and every warning.
  public struct Report: Sendable, Equatable {
    /// Whether the file exists.
    public var exists = false
    /// The settings it holds.
    public var settings = 0
    /// The sources it declares, checked.
    public var sources = 0
    /// Every problem, in line order.
    public var problems: [ConfigProblem] = []
    /// What this chuck does not know and ignores.
    public var warnings: [String] = []
  }

  /// Reads the file and finds every problem: of the file itself, of its syntax, of each value.
  /// - Returns: the report.
  public func check() -> Report {
    var report = Report()
    let bytes: [UInt8]?
    do throws(ConfigFileError) {
      bytes = try ConfigFile.read(path: path)
    } catch {
      report.exists = true
      report.problems = error.problems
      return report
    }
    guard let bytes else { return report }
    report.exists = true
    let (file, problems) = ConfigFile.parse(bytes)
    var configuration = ChuckConfiguration.defaults(environment: environment)
    let valueProblems = configuration.apply(file, path: path)
    report.sources = configuration.declarations.count
    let declared = SourceDeclaration.configTable + "."
    report.settings = file.entries.filter { !$0.table.hasPrefix(declared) }.count
    report.problems = (problems + valueProblems).sorted { ($0.line ?? 0) < ($1.line ?? 0) }
    report.warnings = configuration.warnings
    return report
  }

  /// Reads the file under the config folder's lock, lets `change` make its new bytes from it,
  /// and writes them atomically; `nil` from `change` writes nothing.
  private func rewrite(_ change: (ConfigFile) throws(ChuckError) -> [UInt8]?) throws(ChuckError) {
    let store = FileStore(fileURL: URL(fileURLWithPath: path), contents: .saved)
    try store.exclusively { () throws(ChuckError) in
      let bytes: [UInt8]?
      do throws(ConfigFileError) {
        bytes = try ConfigFile.read(path: path)
      } catch {
        throw .badConfiguration(path: path, problems: error.problems)
      }
      let (file, problems) = ConfigFile.parse(bytes ?? [])
      // A line chuck cannot read is not rewritten around: the user mends it first.
      guard problems.isEmpty else { throw .badConfiguration(path: path, problems: problems) }
      guard let changed = try change(file) else { return }
      try store.replace(with: changed)
    }
  }
}
