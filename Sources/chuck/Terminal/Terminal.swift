import ChuckCore

#if canImport(Glibc)
  import Glibc
#endif

/// The process's streams and what the terminal behind them can do, decided once at start-up.
struct Terminal: Sendable {
  let environment: [String: String]
  let stdoutIsTTY: Bool
  let stderrIsTTY: Bool
  let stdoutStyle: TextStyle
  let stderrStyle: TextStyle
  /// The columns output must fit in: `COLUMNS`, else the terminal's width, else 80.
  let width: Int
  /// Whether the accessible mode is on: progress said once in words, never redrawn; no dim
  /// text; words for state; icons as text (`chuck help accessibility`).
  let accessible: Bool

  init(color: ColorMode, accessible: Bool = false, environment: [String: String]) {
    self.environment = environment
    self.accessible = accessible
    stdoutIsTTY = isatty(STDOUT_FILENO) == 1
    stderrIsTTY = isatty(STDERR_FILENO) == 1
    stdoutStyle = TextStyle(
      isEnabled: color.colors(isTTY: stdoutIsTTY, environment: environment))
    stderrStyle = TextStyle(
      isEnabled: color.colors(isTTY: stderrIsTTY, environment: environment))
    width = Self.width(environment: environment)
  }

  /// The columns text for a stream must fit in: `COLUMNS`, else the width of the terminal the
  /// stream is (stdout by default), else 80.
  static func width(environment: [String: String], of descriptor: Int32 = STDOUT_FILENO) -> Int {
    if let text = EnvironmentVariable.columns.value(in: environment), let columns = Int(text),
      columns > 0
    {
      return columns
    }
    var size = winsize()
    if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
      return Int(size.ws_col)
    }
    return 80
  }

  /// Which inline-image protocol the terminal on stdout announces, if any; none in the
  /// accessible mode, where an icon is its text alternative.
  var imageProtocol: InlineImage.Kind? {
    accessible ? nil : InlineImage.Kind.announced(in: environment, isTerminal: stdoutIsTTY)
  }
}
