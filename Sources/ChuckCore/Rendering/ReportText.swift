/// The words of the one-line reports that `chuck` gives on stderr and the screen gives in its
/// status line: one place, so that both say the same thing.
public enum ReportText {
  /// `error: ` and the error's message, made safe for a terminal, on one line.
  /// - Parameter error: the failure.
  /// - Returns: the line, without colour and without a line break.
  public static func error(_ error: ChuckError) -> String {
    "error: "
      + TerminalSafeText.render(error.errorDescription ?? "unknown error", keepNewlines: false)
  }

  /// What saving a joke says: `Saved <id>` (shown green on stderr), then how long the list is.
  /// - Parameters:
  ///   - id: the saved joke's id.
  ///   - count: how many jokes the list holds now.
  /// - Returns: the two parts of the line.
  public static func saved(id: String, count: Int) -> (saved: String, rest: String) {
    ("Saved \(id)", "; your list holds \(count) " + (count == 1 ? "joke" : "jokes") + ".")
  }

  /// What removing a joke says: `Removed <id> “<preview>”`.
  /// - Parameter joke: the removed joke.
  /// - Returns: the line, without a line break.
  public static func removed(_ joke: JokeCollection.Removed) -> String {
    "Removed \(joke.id) \u{201C}\(joke.preview)\u{201D}"
  }
}
