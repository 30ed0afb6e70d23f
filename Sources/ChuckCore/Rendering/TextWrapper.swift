/// Fits text into terminal columns: display widths and word wrapping.
public enum TextWrapper {
  /// The columns a character takes on a terminal: 2 for East Asian wide characters and emoji, 1
  /// otherwise (combining marks ride on their base character).
  /// - Parameter character: one grapheme.
  /// - Returns: 1 or 2.
  public static func width(of character: Character) -> Int {
    guard let first = character.unicodeScalars.first else { return 0 }
    if first.isASCII { return 1 }
    if first.properties.isEmojiPresentation { return 2 }
    if first.properties.isEmoji, character.unicodeScalars.contains("\u{FE0F}") { return 2 }
    switch first.value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x20000...0x3FFFD:
      return 2
    default:
      return 1
    }
  }

  /// The columns a string takes on a terminal.
  /// - Parameter text: one line of text.
  /// - Returns: the sum of its characters' widths.
  public static func width(of text: some StringProtocol) -> Int {
    var total = 0
    for character in text { total += width(of: character) }
    return total
  }

  /// Breaks text into lines of at most `width` columns, at spaces where possible; a word wider
  /// than a line is cut (where every line must fit, as on the screen), or, `keepingWords` and
  /// when it has no wide character (East Asian text breaks anywhere), put whole on a line of its
  /// own (the one line wider than `width`: a command's output, where the
  /// terminal folds it and an id, a link or a path stays whole to read and to copy). Line breaks
  /// in the text are kept; tabs count as spaces.
  /// - Parameters:
  ///   - text: the text.
  ///   - width: the most columns a line may take (at least 1 is used).
  ///   - keepingWords: whether a word wider than a line stays whole on its own line.
  /// - Returns: the lines, without line terminators; at least one.
  public static func wrap(_ text: TerminalText, width: Int, keepingWords: Bool = false)
    -> [TerminalText]
  {
    wrap(text.string, width: width, keepingWords: keepingWords).map(TerminalText.init(verbatim:))
  }

  private static func wrap(_ text: String, width: Int, keepingWords: Bool) -> [String] {
    let width = max(width, 1)
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = ""
      var lineWidth = 0
      let paragraphStart = lines.count
      for word in paragraph.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
        var wordWidth = self.width(of: word)
        if lineWidth > 0, lineWidth + 1 + wordWidth <= width {
          line += " " + word
          lineWidth += 1 + wordWidth
          continue
        }
        if lineWidth > 0 {
          lines.append(line)
          line = ""
          lineWidth = 0
        }
        var rest = Substring(word)
        // East Asian text breaks between its characters: only a word of narrow characters is
        // kept whole.
        if keepingWords, wordWidth > width, wordWidth == word.count {
          lines.append(String(word))
          continue
        }
        // Cut pieces off a word too wide for a line; the last piece starts the next line.
        while wordWidth > width {
          var piece = ""
          var pieceWidth = 0
          var index = rest.startIndex
          while index < rest.endIndex {
            let characterWidth = self.width(of: rest[index])
            if pieceWidth + characterWidth > width, pieceWidth > 0 { break }
            piece.append(rest[index])
            pieceWidth += characterWidth
            index = rest.index(after: index)
          }
          rest = rest[index...]
          wordWidth -= pieceWidth
          if rest.isEmpty {
            // The word ends with a character wider than a whole line (a wide one at width 1).
            rest = Substring(piece)
            wordWidth = pieceWidth
            break
          }
          lines.append(piece)
        }
        line = String(rest)
        lineWidth = wordWidth
      }
      // Not after a word kept whole on its own line, unless the paragraph is empty.
      if !line.isEmpty || lines.count == paragraphStart { lines.append(line) }
    }
    return lines
  }
}
