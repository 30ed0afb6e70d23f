import ChuckCore

extension Terminal {
  /// Runs `body` with a spinner on stderr, when stderr is a terminal; in the accessible mode,
  /// the message said once on a line of its own and its end on the next (``Terminal/done``),
  /// nothing redrawn: a screen reader reads each line once, a braille display shows no dots.
  func withSpinner<T: Sendable>(
    _ message: TerminalText, _ body: () async throws(ChuckError) -> T
  ) async throws(ChuckError) -> T {
    guard stderrIsTTY else { return try await body() }
    if accessible {
      err(message + .newline)
      let result = try await body()
      err(Self.done + .newline)
      return result
    }
    guard environment[EnvironmentVariable.term.name] != "dumb" else {
      return try await body()
    }
    let spinner = Task {
      var index = 0
      while !Task.isCancelled {
        err("\r\(SpinnerFrames.frame(index)) \(message)\u{1B}[K")
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

  /// What the accessible mode says when the work a message announced is done; a failure is
  /// said by its `error:` line instead.
  static let done: TerminalText = "Done."
}
