import ChuckCore

extension Terminal {
  /// Prints a joke's text on stdout; a two-part joke's punchline on the next line, after a key
  /// when asked to wait and stdin and stdout are a terminal. The question is erased once the key
  /// comes; in the accessible mode it is a whole sentence on a line of its own and stays, since
  /// stderr is never rewritten there (a screen reader has read it, a braille line still shows
  /// it).
  /// - Parameters:
  ///   - joke: the joke.
  ///   - waitForPunchline: whether the punchline waits for a key (`random`), or follows at once.
  func printJoke(_ joke: some SavedJoke, waitForPunchline: Bool) {
    out(TerminalText(sanitizing: joke.text) + .newline)
    guard let punchline = joke.punchline else { return }
    if waitForPunchline, canWaitForKey {
      if accessible {
        err("Press any key for the punchline.\n")
        waitForKey(erasing: false)
      } else {
        err("(press any key for the punchline)")
        waitForKey()
        err("\r\u{1B}[K")
      }
    }
    out(TerminalText(sanitizing: punchline) + .newline)
  }
}
