import ChuckCore

/// When to colour output: `--color auto|always|never`.
enum ColorMode: String, CaseIterable, Sendable {
  case auto, always, never

  /// Whether a stream gets colour: `--color` wins; otherwise colour needs `NO_COLOR` unset or
  /// empty, and either `CLICOLOR_FORCE` set (not 0) or a terminal whose `TERM` is not `dumb`.
  func colors(isTTY: Bool, environment: [String: String]) -> Bool {
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
