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
  public static func make(_ text: String, length: Int = JokePreview.length) -> TerminalText {
    TerminalText(verbatim: safePreview(text, length: length))
  }

  private static func safePreview(_ text: String, length: Int) -> String {
    if let preview = printableASCIIPreview(text, length: length) { return preview }
    // Only the start of the text can reach the preview: work on a prefix of it, growing it until
    // it yields two characters more than the cut (so the last kept grapheme, whitespace run or
    // escape sequence is complete) or it is the whole text.
    var scalars = 2 * length + 8
    while true {
      let head = text.unicodeScalars.prefix(scalars)
      let isWhole = head.endIndex == text.unicodeScalars.endIndex
      let safe = TerminalSafeText.render(
        collapsingWhitespace(isWhole ? text : String(String.UnicodeScalarView(head))))
      if let cut = safe.index(safe.startIndex, offsetBy: length, limitedBy: safe.endIndex),
        cut != safe.endIndex
      {
        if isWhole || safe[cut...].count >= 2 { return safe[..<cut] + "..." }
      } else if isWhole {
        return safe
      }
      scalars *= 4
    }
  }

  /// The preview of a text that starts with printable ASCII and ASCII whitespace, computed on its
  /// bytes (where a byte is a character); `nil` as soon as anything else could reach the preview,
  /// which then takes the general path.
  static func printableASCIIPreview(_ text: String, length: Int) -> String? {
    var output: [UInt8] = []
    output.reserveCapacity(length + 3)
    var pendingSpace = false
    for byte in text.utf8 {
      switch byte {
      case 0x09...0x0D, 0x20:
        pendingSpace = !output.isEmpty
      case 0x21...0x7E:
        if pendingSpace {
          if output.count == length {
            return String(decoding: output + Array("...".utf8), as: UTF8.self)
          }
          output.append(0x20)
          pendingSpace = false
        }
        if output.count == length {
          return String(decoding: output + Array("...".utf8), as: UTF8.self)
        }
        output.append(byte)
      default:
        return nil
      }
    }
    return String(decoding: output, as: UTF8.self)
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
