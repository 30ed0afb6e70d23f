import ChuckCore

extension Terminal {
  /// Runs `body` with a spinner on stderr, when stderr is a terminal.
  func withSpinner<T: Sendable>(
    _ message: TerminalText, _ body: () async throws(ChuckError) -> T
  ) async throws(ChuckError) -> T {
    guard stderrIsTTY, environment[EnvironmentVariable.term.name] != "dumb" else {
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
}
