import FoundationEssentials

/// The screen's `y`: text put on the clipboard by the terminal, through OSC 52 (`ESC ] 52 ; c ;`
/// base64 `BEL`), which works over ssh and inside tmux (with its `set-clipboard` on), where no
/// clipboard program could reach the user's desktop.
public enum ScreenClipboard {
  /// The most bytes of text sent: terminals cap OSC 52 (xterm at about 100 kB of base64).
  public static let maximumBytes = 65_536

  /// The sequence that puts `text` on the clipboard, or `nil` when it is too long to send.
  /// - Parameter text: the text (sent as UTF-8, base64-encoded: nothing in it reaches the
  ///   terminal as text).
  /// - Returns: the sequence.
  public static func sequence(for text: String) -> TerminalText? {
    let bytes = Data(text.utf8)
    guard bytes.count <= maximumBytes else { return nil }
    return TerminalText(verbatim: "\u{1B}]52;c;" + bytes.base64EncodedString() + "\u{07}")
  }
}
