#if canImport(Glibc)
  import Glibc
#endif

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
