/// When to colour output: `--color auto|always|never`, the `color` setting.
public enum ColorMode: String, CaseIterable, Sendable {
  /// Colour on a terminal, unless `NO_COLOR` says no.
  case auto
  /// Colour always, even into a pipe.
  case always
  /// Never colour.
  case never

  /// Whether a stream gets colour: `--color` wins; otherwise colour needs `NO_COLOR` unset or
  /// empty, and either `CLICOLOR_FORCE` set (not 0) or a terminal whose `TERM` is not `dumb`.
  /// - Parameters:
  ///   - isTTY: whether the stream is a terminal.
  ///   - environment: the process's variables.
  /// - Returns: whether to colour it.
  public func colors(isTTY: Bool, environment: [String: String]) -> Bool {
    switch self {
    case .always: return true
    case .never: return false
    case .auto:
      if EnvironmentVariable.noColor.value(in: environment) != nil { return false }
      if let force = EnvironmentVariable.clicolorForce.value(in: environment), force != "0" {
        return true
      }
      return isTTY && environment[EnvironmentVariable.term.name] != "dumb"
    }
  }
}
