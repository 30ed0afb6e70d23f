import ChuckCore

#if canImport(Glibc)
  import Glibc
#endif

extension Terminal {
  /// The `error:` report on stderr, red when colour is on, its text made safe; wrapped at
  /// words to the width (see ``wrappedForStderr(_:)``).
  func report(_ error: ChuckError) {
    for line in wrappedForStderr(ReportText.error(error)) {
      err(stderrStyle.red(line) + .newline)
    }
  }

  /// A message for stderr in lines: wrapped at words to `COLUMNS`, else stderr's terminal's
  /// width, when `COLUMNS` is set or stderr is a terminal, as `list` and `show` wrap theirs (a word wider than a line, such as
  /// a path or a link, stays whole on a line of its own, to be copied); one line when stderr is
  /// a file or a pipe and `COLUMNS` says nothing, so that a log keeps one line per message.
  func wrappedForStderr(_ message: TerminalText) -> [TerminalText] {
    guard stderrIsTTY || EnvironmentVariable.columns.value(in: environment) != nil else {
      return [message]
    }
    // Asked here, not at start-up: only a message pays for it.
    let width = Self.width(environment: environment, of: STDERR_FILENO)
    return TextWrapper.wrap(message, width: width, keepingWords: true)
  }

  /// The line on stderr that says a joke was saved and how long the list is now.
  func saved(id: String, count: Int) {
    let (saved, rest) = ReportText.saved(id: id, count: count)
    err(stderrStyle.green(saved) + rest + .newline)
  }

  /// The line on stderr that says how many items of a feed's latest list were new: `3 new of 8
  /// in the latest list (11 in your list)`.
  func savedFromFeed(new: Int, sent: Int, count: Int) {
    let words = "\(new) new"
    err(
      (new > 0 ? stderrStyle.green("\(sanitizing: words)") : "\(sanitizing: words)")
        + " of \(sanitizing: String(sent)) in the latest list (\(sanitizing: String(count)) in "
        + "your list)\n")
  }

  /// One `warning:` line on stderr, its text made safe.
  func warn(_ message: String) {
    for line in wrappedForStderr("warning: \(sanitizing: message)") { err(line + .newline) }
  }

  /// One `note:` line on stderr, its text made safe.
  func note(_ message: String) {
    for line in wrappedForStderr("note: \(sanitizing: message)") { err(line + .newline) }
  }

  /// Writes the result on stdout: only terminal text, which the sanitiser or chuck's own code
  /// made. A reader that went away (`chuck list | head`) ends the process quietly with status 0;
  /// any other failure (a full disk behind `> file`) ends it with an `error:` line and status
  /// 74, so that a failed backup never looks like a good one.
  func out(_ text: TerminalText) {
    var text = text.string
    text.withUTF8 { out(UnsafeRawBufferPointer($0)) }
  }

  /// The same, for JSON that ``JSONText`` has escaped (the fast `list --json`).
  func out(escapedJSON bytes: [UInt8]) { bytes.withUnsafeBytes { out($0) } }

  private func out(_ buffer: UnsafeRawBufferPointer) {
    let failure = FileDescriptorOutput.writeAll(buffer, to: STDOUT_FILENO)
    guard failure != 0 else { return }
    if failure == EPIPE { _exit(0) }
    let error = ChuckError.outputFailed(reason: FileDescriptorOutput.describe(failure))
    report(error)
    _exit(error.exitStatus)
  }

  /// Writes a message on stderr; there is nowhere to report a failure of that.
  func err(_ text: TerminalText) {
    var text = text.string
    _ = text.withUTF8 {
      FileDescriptorOutput.writeAll(UnsafeRawBufferPointer($0), to: STDERR_FILENO)
    }
  }
}
