/// The words of the one-line reports that `chuck` gives on stderr and the screen gives in its
/// status line: one place, so that both say the same thing.
public enum ReportText {
  /// `error: ` and the error's message, made safe for a terminal, on one line.
  /// - Parameter error: the failure.
  /// - Returns: the line, without colour and without a line break.
  public static func error(_ error: ChuckError) -> TerminalText {
    "error: \(sanitizing: error.errorDescription ?? "unknown error")"
  }

  /// What saving a joke says: `Saved <id>` (shown green on stderr), then how long the list is.
  /// - Parameters:
  ///   - id: the saved joke's id.
  ///   - count: how many jokes the list holds now.
  /// - Returns: the two parts of the line.
  public static func saved(id: String, count: Int) -> (saved: TerminalText, rest: TerminalText) {
    (
      "Saved \(sanitizing: id)",
      "; your list holds \(count) \(count == 1 ? "joke" : "jokes" as TerminalText)."
    )
  }

  /// What removing a joke says: `Removed <id> “<preview>”`.
  /// - Parameter joke: the removed joke.
  /// - Returns: the line, without a line break.
  public static func removed(_ joke: Removal.Joke) -> TerminalText {
    "Removed \(sanitizing: joke.id) \u{201C}\(sanitizing: joke.preview)\u{201D}"
  }
}
