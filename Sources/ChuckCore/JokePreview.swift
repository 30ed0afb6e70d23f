/// The one-line preview of a joke that `chuck list` shows.
public enum JokePreview {
  /// How many characters a preview keeps before `...`.
  public static let length = 30

  /// The joke's text trimmed, every run of whitespace (line breaks included) collapsed to one space,
  /// made safe for a terminal, and cut to its first `length` `Character`s followed by `...`.
  /// - Parameters:
  ///   - text: the joke's raw text.
  ///   - length: how many characters to keep.
  /// - Returns: the text whole when it is `length` characters or fewer, else the cut text plus
  ///   `...`. A grapheme (an emoji, a letter with combining marks) is never split.
  public static func make(_ text: String, length: Int = JokePreview.length) -> String {
    let safe = TerminalSafeText.render(collapsingWhitespace(text))
    guard let cut = safe.index(safe.startIndex, offsetBy: length, limitedBy: safe.endIndex),
      cut != safe.endIndex
    else { return safe }
    return safe[..<cut] + "..."
  }

  /// Trims `text` and replaces every run of whitespace inside it with one space.
  /// - Parameter text: any text.
  /// - Returns: the text on one line.
  public static func collapsingWhitespace(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    var pendingSpace = false
    for character in text {
      if character.isWhitespace {
        pendingSpace = !result.isEmpty
      } else {
        if pendingSpace { result.append(" ") }
        pendingSpace = false
        result.append(character)
      }
    }
    return result
  }
}
