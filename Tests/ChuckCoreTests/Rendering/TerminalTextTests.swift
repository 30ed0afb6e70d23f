import Testing

@testable import ChuckCore

@Suite struct TerminalTextTests {
  /// The sanitising constructor replaces every control, escape sequence and bidi control.
  @Test func sanitizingMakesSafe() {
    let text = TerminalText(sanitizing: "a\u{1B}]52;c;eA==\u{07}b\u{202E}c\r\nd")
    #expect(text.string == "a\u{FFFD}b\u{FFFD}c\u{FFFD}\nd")
    #expect(
      TerminalText(sanitizing: "x\ny\tz", keepNewlines: false).string == "x\u{FFFD}y\u{FFFD}z")
  }

  /// A literal keeps its own escapes (they are chuck's); an interpolation takes terminal text,
  /// numbers, or untrusted text made safe on one line.
  @Test func literalsAndInterpolations() {
    let bold: TerminalText = "\u{1B}[1m"
    #expect(bold.string == "\u{1B}[1m")
    let id = "\u{1B}[2Jid\n"
    let text: TerminalText = "Saved \(sanitizing: id) \(3) \(bold)"
    #expect(text.string == "Saved \u{FFFD}id\u{FFFD} 3 \u{1B}[1m")
  }

  /// Joining, appending, spaces and lines keep the text as it is.
  @Test func composing() {
    var text: TerminalText = "a"
    text += .newline + "b"
    #expect(text.lines() == [TerminalText("a"), TerminalText("b")])
    #expect(TerminalText.joined(["x", "y"], separator: ", ").string == "x, y")
    #expect(TerminalText.spaces(3).string == "   ")
    #expect(TerminalText.spaces(-1).isEmpty)
    #expect(TerminalText(sanitizing: "漢字").width == 4)
  }
}
