#if canImport(Glibc)
  import Glibc
#endif

extension Terminal {
  /// Whether a key can be waited for: stdin and stdout are both terminals.
  var canWaitForKey: Bool { isatty(STDIN_FILENO) == 1 && stdoutIsTTY }

  /// Waits for one key press on stdin, without echo and without waiting for Return; the
  /// terminal's settings are restored afterwards, and by any signal that ends `chuck` or a crash
  /// (Ctrl-C still ends it with status 130).
  /// - Parameter erasing: whether a signal that ends `chuck` during the wait erases the line of
  ///   the question (the accessible mode's question is a line of its own, and stays).
  func waitForKey(erasing: Bool = true) {
    var settings = termios()
    guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return }
    TerminalRestorer.arm(
      settings: settings, leave: erasing ? "\r\u{1B}[K" : "",
      signals: [SIGINT, SIGTERM, SIGHUP] + TerminalRestorer.endingSignals)
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
    TerminalRestorer.disarm()
    Signals.install()
  }
}
