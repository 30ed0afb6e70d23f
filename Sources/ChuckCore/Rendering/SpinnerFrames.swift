/// The frames of the spinner shown while a request runs (braille dots, as many CLIs use).
public enum SpinnerFrames {
  /// The frames, in order.
  public static let all: [TerminalText] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

  /// The frame to show at step `step`.
  /// - Parameter step: how many times the spinner has turned.
  /// - Returns: one frame.
  public static func frame(_ step: Int) -> TerminalText { all[abs(step) % all.count] }
}
