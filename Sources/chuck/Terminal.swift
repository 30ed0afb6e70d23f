import ChuckCore
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// When to colour output.
enum ColorMode: String, CaseIterable, Sendable {
  case auto, always, never
}

/// The process's streams and what the terminal behind them can do, decided once at start-up.
struct Terminal: Sendable {
  let environment: [String: String]
  let stdoutIsTTY: Bool
  let stderrIsTTY: Bool
  let stdoutStyle: TextStyle
  let stderrStyle: TextStyle
  /// The columns output must fit in: `COLUMNS`, else the terminal's width, else 80.
  let width: Int

  init(color: ColorMode, environment: [String: String]) {
    self.environment = environment
    stdoutIsTTY = isatty(STDOUT_FILENO) == 1
    stderrIsTTY = isatty(STDERR_FILENO) == 1
    stdoutStyle = TextStyle(
      isEnabled: Self.colors(color, isTTY: stdoutIsTTY, environment: environment))
    stderrStyle = TextStyle(
      isEnabled: Self.colors(color, isTTY: stderrIsTTY, environment: environment))
    width = Self.width(environment: environment)
  }

  /// `--color` wins; otherwise colour needs `NO_COLOR` unset or empty, and either
  /// `CLICOLOR_FORCE` set (not 0) or a terminal whose `TERM` is not `dumb`.
  static func colors(_ mode: ColorMode, isTTY: Bool, environment: [String: String]) -> Bool {
    switch mode {
    case .always: return true
    case .never: return false
    case .auto:
      if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
      if let force = environment["CLICOLOR_FORCE"], !force.isEmpty, force != "0" { return true }
      return isTTY && environment["TERM"] != "dumb"
    }
  }

  static func width(environment: [String: String]) -> Int {
    if let text = environment["COLUMNS"], let columns = Int(text), columns > 0 { return columns }
    var size = winsize()
    if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
      return Int(size.ws_col)
    }
    return 80
  }

  /// Which inline-image protocol the terminal on stdout announces, if any. Inside tmux no image
  /// is sent: it would need passthrough wrapping that tmux may not allow.
  var imageProtocol: ImageProtocol? {
    guard stdoutIsTTY, environment["TMUX"] == nil else { return nil }
    if environment["TERM"] == "xterm-kitty" || environment["KITTY_WINDOW_ID"] != nil {
      return .kitty
    }
    if environment["TERM_PROGRAM"] == "iTerm.app" || environment["LC_TERMINAL"] == "iTerm2"
      || environment["TERM_PROGRAM"] == "WezTerm"
    {
      return .iTerm2
    }
    return nil
  }

  enum ImageProtocol { case kitty, iTerm2 }

  /// One `error:` line on stderr, red when colour is on, its text made safe.
  func report(_ error: ChuckError) {
    let message = TerminalSafeText.render(
      error.errorDescription ?? "unknown error", keepNewlines: false)
    err(stderrStyle.red("error: " + message) + "\n")
  }

  /// The line on stderr that says a joke was saved and how long the list is now.
  func saved(_ joke: ChuckJoke, count: Int) {
    err(
      stderrStyle.green("Saved \(joke.id)") + "; your list holds \(count) "
        + (count == 1 ? "joke" : "jokes") + ".\n")
  }

  /// One `note:` line on stderr, its text made safe.
  func note(_ message: String) {
    err("note: " + TerminalSafeText.render(message, keepNewlines: false) + "\n")
  }

  func out(_ text: String) { Self.write(text, to: STDOUT_FILENO) }
  func out(bytes: [UInt8]) { bytes.withUnsafeBufferPointer { Self.write($0, to: STDOUT_FILENO) } }
  func err(_ text: String) { Self.write(text, to: STDERR_FILENO) }

  /// Writes everything, retrying short writes; a reader that went away (`chuck list | head`)
  /// ends the process quietly.
  static func write(_ text: String, to fd: Int32) {
    var text = text
    text.withUTF8 { write($0, to: fd) }
  }

  static func write(_ buffer: UnsafeBufferPointer<UInt8>, to fd: Int32) {
    var offset = 0
    while offset < buffer.count {
      let count = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
      if count < 0 {
        if errno == EINTR || errno == EAGAIN { continue }
        if errno == EPIPE { _exit(0) }
        return
      }
      offset += count
    }
  }

  /// Runs `body` with a spinner on stderr, when stderr is a terminal.
  func withSpinner<T: Sendable>(
    _ message: String, _ body: () async throws(ChuckError) -> T
  ) async throws(ChuckError) -> T {
    guard stderrIsTTY, environment["TERM"] != "dumb" else { return try await body() }
    let spinner = Task {
      let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
      var index = 0
      while !Task.isCancelled {
        err("\r\(frames[index % frames.count]) \(message)\u{1B}[K")
        index += 1
        try? await Task.sleep(nanoseconds: 80_000_000)
      }
    }
    let result: Result<T, ChuckError>
    do throws(ChuckError) {
      result = .success(try await body())
    } catch {
      result = .failure(error)
    }
    spinner.cancel()
    await spinner.value
    err("\r\u{1B}[K")
    return try result.get()
  }
}

/// Signal dispositions for a command-line tool: Ctrl-C ends at once with status 130 (the list is
/// only ever replaced by an atomic rename, so it stays as it was); a closed pipe is an error on
/// the write, not a signal; a file-size limit fails the write instead of killing the process.
enum Signals {
  static func install() {
    signal(SIGINT) { _ in
      // Clears a spinner line; write(2) is async-signal-safe.
      let clear: StaticString = "\r\u{1B}[K"
      if isatty(STDERR_FILENO) == 1 {
        _ = clear.withUTF8Buffer { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
      }
      _exit(130)
    }
    signal(SIGPIPE, SIG_IGN)
    signal(SIGXFSZ, SIG_IGN)
  }
}
