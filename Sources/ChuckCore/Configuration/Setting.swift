/// One setting a user keeps, declared once: its key in the config file, its environment
/// variable, the flags that override it, what it means, what values it allows, and how such a
/// value is read into the configuration. ``all`` is the list; the configuration's reading,
/// `chuck config`, `chuck help environment`, the help of `chuck config` and the checks of the
/// man page and `Documentation/` all come from it.
///
/// Every setting has the same precedence: a flag, else its variable, else the config file, else
/// its default.
public struct Setting: Sendable {
  /// The kind of value a setting takes, which decides how a variable's text (or the text of
  /// `chuck config set`) becomes a config value.
  public enum Form: Sendable, Equatable {
    /// A string: the text as it is.
    case text
    /// A number: an integer or a decimal.
    case number
    /// `true` or `false` (in a variable, also `1` or `0`).
    case boolean
    /// Strings: an array in the file, comma-separated in a variable.
    case list
  }

  /// The key in the config file: `timeout`, `api-url`.
  public let key: String
  /// The variable that sets it.
  public let variable: EnvironmentVariable
  /// The flags that override it, with their commands (`--source`), as help names them.
  public let flags: [String]
  /// What it is for, in a line.
  public let meaning: String
  /// The values it allows, as an error message names them after "expected".
  public let allowed: String
  /// The kind of value.
  public let form: Form
  /// Stores a value into a configuration; `false` when the value is not allowed.
  let store: @Sendable (ConfigValue, inout ChuckConfiguration) -> Bool
  /// The value a configuration holds, or `nil` when it holds none (no language).
  let current: @Sendable (ChuckConfiguration) -> ConfigValue?
  /// What having no value means, for a setting that may have none (`lang`, `sync-dir`): what
  /// `chuck config list` says in place of a value; `nil` for a setting that always has one.
  public let none: String?
  /// How help names the default, when its value alone does not say it (`accessible`, which
  /// `ACCESSIBLE` sets before its default); `nil`: the default value.
  let describedDefault: String?

  init(
    _ key: String, _ variable: EnvironmentVariable, flags: [String] = [], form: Form,
    meaning: String, allowed: String, none: String? = nil, describedDefault: String? = nil,
    store: @escaping @Sendable (ConfigValue, inout ChuckConfiguration) -> Bool,
    current: @escaping @Sendable (ChuckConfiguration) -> ConfigValue?
  ) {
    self.key = key
    self.variable = variable
    self.flags = flags
    self.form = form
    self.meaning = meaning
    self.allowed = allowed
    self.none = none
    self.describedDefault = describedDefault
    self.store = store
    self.current = current
  }

  /// The setting of a config key, or `nil` when no setting has it.
  /// - Parameter key: the key (`timeout`).
  /// - Returns: the setting.
  public static func named(_ key: String) -> Setting? {
    all.first { $0.key == key }
  }

  /// The setting that a variable sets, or `nil` when the variable is not a setting's.
  /// - Parameter variable: the variable.
  /// - Returns: the setting.
  public static func set(by variable: EnvironmentVariable) -> Setting? {
    all.first { $0.variable == variable }
  }

  /// The value a configuration holds for this setting (``ChuckConfiguration/value(of:)``).
  /// - Parameter configuration: the configuration.
  /// - Returns: the value, or `nil` when it holds none.
  public func value(in configuration: ChuckConfiguration) -> ConfigValue? {
    current(configuration)
  }

  /// Where a flag's value comes from when the flag is not given, in the order every setting
  /// follows (a flag, its variable, the config file, the default):
  /// `default: $CHUCK_SOURCE, else source in the config file, else chuck`. Each flag of a
  /// setting ends its help with it, so that no help can drift from the order.
  public var flagDefault: String {
    "default: $\(variable.name), else \(key) in the config file, else \(shownDefault)"
  }

  /// The default as help names it: a string as it is, no items as `none`.
  var shownDefault: String {
    if let describedDefault { return describedDefault }
    switch defaultValue {
    case .string(let text)?: return text
    case .array(let items)? where items.isEmpty: return "none"
    case let value?: return value.toml
    case nil: return "none"
    }
  }

  /// ``flagDefault`` of the setting of a key.
  /// - Parameter key: a setting's key, which a flag overrides.
  /// - Returns: the text; a key that no setting has is a programming error.
  public static func flagDefault(of key: String) -> String {
    guard let setting = named(key) else { preconditionFailure("no setting is named \(key)") }
    return setting.flagDefault
  }

  /// The setting's default: its value when neither a variable nor the file sets it.
  public var defaultValue: ConfigValue? {
    current(ChuckConfiguration.standard)
  }

  /// A variable's text, or the text of `chuck config set`, as a config value of this setting's
  /// form: `10` a number, `0` a boolean, `a,b` a list. Text that is not of the form stays a
  /// string, which the setting then refuses in words.
  /// - Parameter text: the text.
  /// - Returns: the value.
  public func value(of text: String) -> ConfigValue {
    let trimmed = text.trimmingWhitespace
    switch form {
    case .text:
      return .string(text)
    case .number:
      if let number = Int(trimmed) { return .integer(number) }
      if let number = Double(trimmed), number.isFinite { return .float(number) }
      return .string(text)
    case .boolean:
      switch trimmed.lowercased() {
      case "1", "true": return .boolean(true)
      case "0", "false": return .boolean(false)
      default: return .string(text)
      }
    case .list:
      return .array(
        text.split(separator: ",").map { $0.trimmingWhitespace }.filter { !$0.isEmpty }.map {
          .string($0)
        })
    }
  }

  /// A value as `chuck config get` prints it: a string as it is, an array one element per line.
  /// - Parameter value: the value.
  /// - Returns: the lines.
  public static func plainLines(_ value: ConfigValue) -> [String] {
    switch value {
    case .string(let text): return [text]
    case .array(let values): return values.flatMap(plainLines)
    default: return [value.toml]
    }
  }

  /// Two lines per setting: its key and its variable, then its meaning, indented (the help of
  /// `chuck config`; short lines, so that a narrow terminal wraps none of them mid-column).
  public static var table: String {
    all.map { setting in
      "  \(setting.key) (\(setting.variable.name))\n      \(setting.variable.meaning)"
    }.joined(separator: "\n")
  }

  /// The key of the setting of a variable named `CHUCK_…`: the rest of its name in lower case,
  /// `_` as `-` (`CHUCK_DAD_API_URL` → `dad-api-url`).
  /// - Parameter variable: the variable.
  /// - Returns: the key.
  static func key(of variable: EnvironmentVariable) -> String {
    String(variable.name.dropFirst("CHUCK_".count).lowercased().map { $0 == "_" ? "-" : $0 })
  }
}

/// Where a setting's value came from, as `chuck config list --origin` shows it.
public enum SettingOrigin: Sendable, Equatable, CustomStringConvertible {
  /// Its default.
  case standard
  /// A variable of the environment.
  case environment(String)
  /// A line of the config file.
  case file(path: String, line: Int)
  /// A flag of the command line (`--source`).
  case flag(String)

  /// `default`, `env:CHUCK_SOURCE`, `file:/home/me/.config/chuck/config:3`, `flag:--color`
  /// (git's `--show-origin` words).
  public var description: String {
    switch self {
    case .standard: return "default"
    case .environment(let name): return "env:" + name
    case .file(let path, let line): return "file:\(path):\(line)"
    case .flag(let name): return "flag:" + name
    }
  }
}
