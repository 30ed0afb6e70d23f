/// A flag given on the command line that overrides a setting (`--source dad`, `--no-color`,
/// `--accessible`, `--no-mouse`): the one mechanism of "a flag beats its variable, which beats
/// the config file, which beats the default" (``ChuckConfiguration/overridden(by:)``).
///
/// Two flags keep rules of their own, which no override can say: `--exclude` adds to the
/// configured names (`--exclude ''` lifts them), and `--date-format` beats a declared source's own
/// format as well as the setting (``ShownDates``).
public struct SettingFlag: Sendable, Equatable {
  /// The setting's key (`source`).
  public let key: String
  /// The flag as typed (`--no-color`), which the setting's origin names.
  public let flag: String
  /// The value it gives the setting.
  public let value: ConfigValue

  /// A flag's value for a setting.
  /// - Parameters:
  ///   - key: the setting's key; one of ``Setting/all``'s whose ``Setting/flags`` name the flag.
  ///   - flag: the flag as typed.
  ///   - value: the value, as the config file would hold it.
  public init(_ key: String, flag: String, value: ConfigValue) {
    self.key = key
    self.flag = flag
    self.value = value
  }
}

extension ChuckConfiguration {
  /// The configuration with the command line's flags applied: each value stored by its
  /// setting's own parser, over whatever its variable or the file set, and its origin the flag
  /// (`chuck config list --origin` says `flag:--color`).
  /// - Parameter flags: the flags given, in order (a later one wins).
  /// - Returns: the configuration in effect for the command.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for a value its setting refuses (the argument
  ///   parser checks them first).
  public func overridden(by flags: [SettingFlag]) throws(ChuckError) -> ChuckConfiguration {
    var configuration = self
    for flag in flags {
      guard let setting = Setting.named(flag.key), setting.store(flag.value, &configuration) else {
        throw .invalidArgument("\(flag.flag): \(flag.value.toml) is not usable")
      }
      configuration.origins[flag.key] = .flag(flag.flag)
    }
    return configuration
  }
}
