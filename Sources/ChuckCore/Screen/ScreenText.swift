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

  /// Text wrapped at word boundaries into lines of at most `width` columns, its escape
  /// sequences (a filter's underline) counting none; a word is cut only when it is wider than a
  /// line (then without its styles, so that no sequence is split).
  /// - Parameters:
  ///   - text: one line.
  ///   - width: the most columns a line may take.
  /// - Returns: the lines (at least one).
  public static func wrap(_ text: TerminalText, width: Int) -> [TerminalText] {
    guard text.string.contains("\u{1B}") else { return TextWrapper.wrap(text, width: width) }
    let width = max(1, width)
    let words = text.string.split(separator: " ").map { TerminalText(verbatim: String($0)) }
    guard words.allSatisfy({ visibleWidth($0) <= width }) else {
      return TextWrapper.wrap(plain(text), width: width)
    }
    var lines: [TerminalText] = []
    var line = TerminalText.empty
    var used = 0
    for word in words {
      let wordWidth = visibleWidth(word)
      if used > 0, used + 1 + wordWidth <= width {
        line += " " + word
        used += 1 + wordWidth
        continue
      }
      if used > 0 || !line.isEmpty { lines.append(line) }
      line = word
      used = wordWidth
    }
    lines.append(line)
    return lines
  }

  /// A line shortened to end in `…` within `width` columns, cut after a whole word when one
  /// fits (inside a word only when the first word alone is too wide).
  /// - Parameters:
  ///   - text: one line.
  ///   - width: the most columns it may take, `…` included.
  /// - Returns: the line and `…`.
  public static func shortened(_ text: TerminalText, width: Int) -> TerminalText {
    guard width > 1 else { return fit("\u{2026}", width: width) }
    let kept = wrap(text, width: width - 1).first ?? .empty
    return fit(kept, width: width - 1) + "\u{2026}"
  }

  /// A line cut at a word boundary to fit `width` columns: whole when it fits, else its first
  /// words and `…`.
  /// - Parameters:
  ///   - text: one line.
  ///   - width: the most columns it may take.
  /// - Returns: the line.
  public static func fitWords(_ text: TerminalText, width: Int) -> TerminalText {
    visibleWidth(text) <= width ? text : shortened(text, width: width)
  }

  /// A line without its escape sequences.
  /// - Parameter text: one line.
  /// - Returns: its characters only.
  public static func plain(_ text: TerminalText) -> TerminalText {
    guard text.string.contains("\u{1B}") else { return text }
    var output = ""
    var skipped = ""
    var characters = text.string.makeIterator()
    while let character = characters.next() {
      if character == "\u{1B}" {
        copyEscape(&characters, to: &skipped)
        continue
      }
      output.append(character)
    }
    return TerminalText(verbatim: output)
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
