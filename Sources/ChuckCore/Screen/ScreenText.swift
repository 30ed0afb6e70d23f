/// Fitting lines into a terminal's columns, for the screen: a line never runs past the right edge.
public enum ScreenText {
  /// Cuts a line to at most `width` columns, counting wide characters as two and copying escape
  /// sequences (the renderer's own styles, an inline image) without counting them.
  /// - Parameters:
  ///   - text: one line.
  ///   - width: the most columns it may take.
  /// - Returns: the line, cut after its last whole character that fits.
  public static func fit(_ text: TerminalText, width: Int) -> TerminalText {
    TerminalText(verbatim: fit(text.string, width: width))
  }

  private static func fit(_ text: String, width: Int) -> String {
    if text.utf8.count <= width, text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
      return text
    }
    var output = ""
    var used = 0
    var characters = text.makeIterator()
    while let character = characters.next() {
      if character == "\u{1B}" {
        output.append(character)
        copyEscape(&characters, to: &output)
        continue
      }
      let characterWidth = TextWrapper.width(of: character)
      if used + characterWidth > width {
        // Whatever style is open ends with the line.
        if output.contains("\u{1B}[") { output += "\u{1B}[0m" }
        break
      }
      output.append(character)
      used += characterWidth
    }
    return output
  }

  /// The end of a plain line that fits in `width` columns (what is being typed stays in view).
  /// - Parameters:
  ///   - text: one line of plain text.
  ///   - width: the most columns it may take.
  /// - Returns: its last whole characters that fit.
  public static func tail(_ text: TerminalText, width: Int) -> TerminalText {
    var kept: [Character] = []
    var used = 0
    for character in text.string.reversed() {
      let characterWidth = TextWrapper.width(of: character)
      guard used + characterWidth <= width else { break }
      kept.append(character)
      used += characterWidth
    }
    return TerminalText(verbatim: String(kept.reversed()))
  }

  /// A line cut to `width` columns, then padded with spaces to exactly `width`.
  /// - Parameters:
  ///   - text: one line of plain text.
  ///   - width: the columns it takes.
  /// - Returns: the line.
  public static func pad(_ text: TerminalText, width: Int) -> TerminalText {
    let cut = fit(text, width: width)
    return cut + .spaces(width - visibleWidth(cut))
  }

  /// The columns a line takes, its escape sequences (styles) counting none.
  /// - Parameter text: one line.
  /// - Returns: the columns.
  public static func visibleWidth(_ text: TerminalText) -> Int {
    guard text.string.contains("\u{1B}") else { return text.width }
    var used = 0
    var characters = text.string.makeIterator()
    var skipped = ""
    while let character = characters.next() {
      if character == "\u{1B}" {
        copyEscape(&characters, to: &skipped)
        continue
      }
      used += TextWrapper.width(of: character)
    }
    return used
  }

  /// Copies the rest of an escape sequence whose ESC was just copied: a CSI up to its final
  /// byte, or a string (APC, OSC) up to BEL or ESC `\`.
  private static func copyEscape(
    _ characters: inout String.Iterator, to output: inout String
  ) {
    guard let kind = characters.next() else { return }
    output.append(kind)
    let isString = kind == "_" || kind == "]" || kind == "P"
    while let next = characters.next() {
      output.append(next)
      if isString {
        if next == "\u{07}" || next == "\\" { return }
      } else if let scalar = next.unicodeScalars.first, (0x40...0x7E).contains(scalar.value) {
        return
      }
    }
  }
}
