#if canImport(Glibc)
  import Glibc
#endif

/// The terminal's settings while `waitForKey` reads one key, for the Ctrl-C handler to restore.
nonisolated(unsafe) private var settingsBeforeKey = termios()

extension Terminal {
  /// Whether a key can be waited for: stdin and stdout are both terminals.
  var canWaitForKey: Bool { isatty(STDIN_FILENO) == 1 && stdoutIsTTY }

  /// Waits for one key press on stdin, without echo and without waiting for Return; the
  /// terminal's settings are restored afterwards, and by Ctrl-C (which still ends `chuck` with
  /// status 130).
  func waitForKey() {
    var settings = termios()
    guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return }
    settingsBeforeKey = settings
    signal(SIGINT) { _ in
      tcsetattr(STDIN_FILENO, TCSANOW, &settingsBeforeKey)
      let clear: StaticString = "\r\u{1B}[K"
      _ = clear.withUTF8Buffer { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
      _exit(130)
    }
    var raw = settings
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    tcsetattr(STDIN_FILENO, TCSANOW, &raw)
    var byte: UInt8 = 0
    while read(STDIN_FILENO, &byte, 1) < 0, errno == EINTR {}
    tcsetattr(STDIN_FILENO, TCSANOW, &settings)
    Signals.install()
  }
}
