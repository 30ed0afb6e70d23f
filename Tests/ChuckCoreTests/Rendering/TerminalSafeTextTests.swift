import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

@Suite struct TerminalSafeTextTests {
  private let mark = String(TerminalSafeText.placeholder)

  private func render(_ text: String, keepNewlines: Bool = true) -> String {
    TerminalSafeText.render(text, keepNewlines: keepNewlines)
  }

  /// Every C0 control but newline, tab and ESC is replaced by one placeholder, nothing else eaten.
  @Test func c0Controls() throws {
    for value in UInt32(0x00)...0x1F where ![0x0A, 0x09, 0x1B].contains(value) {
      let scalar = try #require(Unicode.Scalar(value))
      #expect(render("a\(Character(scalar))b") == "a\(mark)b", "U+\(String(value, radix: 16))")
    }
  }

  /// A lone ESC at the end and DEL are replaced.
  @Test func escapeAndDelete() {
    #expect(render("a\u{1B}") == "a\(mark)")
    #expect(render("a\u{7F}b") == "a\(mark)b")
  }

  /// C1 controls that do not start a sequence are replaced one for one.
  @Test func c1Controls() throws {
    let starters: Set<UInt32> = [0x90, 0x98, 0x9B, 0x9D, 0x9E, 0x9F]
    for value in UInt32(0x80)...0x9F where !starters.contains(value) {
      let scalar = try #require(Unicode.Scalar(value))
      #expect(render("a\(Character(scalar))b") == "a\(mark)b", "U+\(String(value, radix: 16))")
    }
  }

  /// Newline and tab are kept by default and replaced when `keepNewlines` is false.
  @Test func newlinesAndTabs() {
    #expect(render("a\nb\tc") == "a\nb\tc")
    #expect(render("a\nb\tc", keepNewlines: false) == "a\(mark)b\(mark)c")
    #expect(render("a\r\nb") == "a\(mark)\nb")
    #expect(render("a\r\nb", keepNewlines: false) == "a\(mark)\(mark)b")
  }

  /// A carriage return, which would let text overwrite its own line, is replaced.
  @Test func carriageReturn() {
    #expect(render("safe\rEVIL") == "safe\(mark)EVIL")
  }

  /// Whole escape sequences are replaced by one placeholder each, and the text around survives.
  @Test(arguments: [
    ("CSI colour", "x\u{1B}[31mred\u{1B}[0my", "x\u{FFFD}red\u{FFFD}y"),
    ("CSI with params", "x\u{1B}[38;5;196;1mz", "x\u{FFFD}z"),
    ("CSI cursor", "\u{1B}[2J\u{1B}[Hclear", "\u{FFFD}\u{FFFD}clear"),
    ("CSI private", "\u{1B}[?1049hx", "\u{FFFD}x"),
    ("OSC 52 BEL", "x\u{1B}]52;c;aGk=\u{07}y", "x\u{FFFD}y"),
    ("OSC 52 ST", "x\u{1B}]52;c;aGk=\u{1B}\\y", "x\u{FFFD}y"),
    ("OSC 52 C1 ST", "x\u{1B}]52;c;aGk=\u{9C}y", "x\u{FFFD}y"),
    ("OSC 0 title", "\u{1B}]0;pwned\u{07}ok", "\u{FFFD}ok"),
    (
      "OSC 8 link", "\u{1B}]8;;https://evil.example/\u{1B}\\link\u{1B}]8;;\u{1B}\\!",
      "\u{FFFD}link\u{FFFD}!"
    ),
    ("DCS", "a\u{1B}P1$r0m\u{1B}\\b", "a\u{FFFD}b"),
    ("APC kitty", "a\u{1B}_Ga=T;AAAA\u{1B}\\b", "a\u{FFFD}b"),
    ("PM", "a\u{1B}^secret\u{1B}\\b", "a\u{FFFD}b"),
    ("SOS", "a\u{1B}Xsecret\u{1B}\\b", "a\u{FFFD}b"),
    ("8-bit CSI", "a\u{9B}31mb", "a\u{FFFD}b"),
    ("8-bit OSC", "a\u{9D}52;c;aGk=\u{07}b", "a\u{FFFD}b"),
    ("8-bit DCS", "a\u{90}q\u{9C}b", "a\u{FFFD}b"),
    ("8-bit SOS", "a\u{98}x\u{9C}b", "a\u{FFFD}b"),
    ("8-bit PM", "a\u{9E}x\u{9C}b", "a\u{FFFD}b"),
    ("8-bit APC", "a\u{9F}x\u{9C}b", "a\u{FFFD}b"),
    ("ESC 7", "a\u{1B}7b", "a\u{FFFD}b"),
    ("ESC c reset", "a\u{1B}cb", "a\u{FFFD}b"),
    ("ESC ( B charset", "a\u{1B}(Bb", "a\u{FFFD}b"),
    ("ESC # 8", "a\u{1B}#8b", "a\u{FFFD}b"),
  ])
  func escapeSequences(name: String, input: String, expected: String) {
    #expect(render(input) == expected, "\(name)")
  }

  /// Sequences cut short or broken still never let an unsafe scalar through.
  @Test(arguments: [
    ("unterminated OSC", "a\u{1B}]52;c;AAAA", "a\u{FFFD}"),
    ("OSC ended by newline", "\u{1B}]0;title\nnext", "\u{FFFD}\nnext"),
    ("OSC ended by ESC at end", "\u{1B}]0;title\u{1B}", "\u{FFFD}"),
    ("OSC with ESC not ST", "\u{1B}]0;t\u{1B}Xok", "\u{FFFD}Xok"),
    ("unterminated CSI", "a\u{1B}[31", "a\u{FFFD}"),
    ("CSI broken by control", "\u{1B}[31\u{01}x", "\u{FFFD}\u{FFFD}x"),
    ("CSI broken by letter", "\u{1B}[31\u{E9}x", "\u{FFFD}\u{E9}x"),
    ("double ESC", "\u{1B}\u{1B}[31mx", "\u{FFFD}\u{FFFD}x"),
    ("ESC then control", "\u{1B}\u{01}x", "\u{FFFD}\u{FFFD}x"),
    ("ESC then non-ASCII", "\u{1B}\u{E9}x", "\u{FFFD}\u{E9}x"),
    ("ESC intermediate cut off", "a\u{1B}(", "a\u{FFFD}("),
    ("ESC intermediate then control", "\u{1B}(\u{01}x", "\u{FFFD}\u{FFFD}x"),
    ("ESC intermediate then non-final", "\u{1B}(\u{E9}x", "\u{FFFD}\u{E9}x"),
    ("8-bit CSI at end", "a\u{9B}", "a\u{FFFD}"),
  ])
  func brokenSequences(name: String, input: String, expected: String) {
    #expect(render(input) == expected, "\(name)")
    #expect(!hasUnsafeScalar(render(input)), "\(name)")
  }

  /// Bidirectional formatting characters are each replaced.
  @Test(
    arguments: [
      0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F,
      0x061C,
    ] as [UInt32])
  func bidiControls(value: UInt32) throws {
    let scalar = try #require(Unicode.Scalar(value))
    #expect(render("abc\(Character(scalar))def") == "abc\(mark)def")
    #expect(TerminalSafeText.isUnsafe(scalar))
  }

  /// The fake's hostile joke is rendered without any unsafe scalar, its words intact.
  @Test func hostileJoke() {
    let hostile =
      "Chuck Norris \u{1B}[31;1mpaints your terminal red\u{1B}[0m, "
      + "\u{1B}]52;c;aGk=\u{07}fills your clipboard, "
      + "\u{1B}]8;;https://evil.example/\u{1B}\\links anywhere\u{1B}]8;;\u{1B}\\,"
      + "\rOVERWRITES THE LINE, sends C1 \u{85} NEL and \u{9B}31m CSI, rubs out\u{7F}, "
      + "\u{202E}reverses text\u{202C} and \u{2066}isolates it\u{2069}."
    let safe = render(hostile)
    #expect(!hasUnsafeScalar(safe))
    #expect(!safe.contains("aGk="))
    #expect(!safe.contains("evil.example"))
    for words in ["paints your terminal red", "links anywhere", "OVERWRITES THE LINE", "CSI,"] {
      #expect(safe.contains(words))
    }
    #expect(safe.hasPrefix("Chuck Norris \u{FFFD}paints"))
  }

  /// Plain text, non-ASCII text and text with newlines come back unchanged.
  @Test(arguments: [
    "", "Chuck Norris counts to infinity. Twice.", "caf\u{E9} cafe\u{301} 👨‍👩‍👧‍👦 🇨🇭 漢字 Чак",
    "line one\nline two\twith tab", "\u{A0}non-breaking\u{200B}zero width\u{200D}joiner",
    "[31m looks like CSI without ESC", "\u{FFFD} is already a placeholder",
  ])
  func plainTextUnchanged(text: String) {
    #expect(render(text) == text)
  }

  /// Every real and made-up joke is already safe and comes back unchanged.
  @Test func samplesUnchanged() throws {
    for joke in try Samples.realJokes() + Samples.madeUpJokes() {
      #expect(render(joke.value) == joke.value)
    }
  }

  /// `isUnsafe` judges exactly C0 (but newline and tab), DEL, C1 and bidi controls.
  @Test func isUnsafeBoundaries() throws {
    let unsafe: [UInt32] = [0x00, 0x1F, 0x7F, 0x80, 0x9F, 0x061C, 0x200E, 0x202E, 0x2069]
    let safe: [UInt32] = [0x20, 0x7E, 0xA0, 0x061B, 0x200D, 0x2029, 0x202F, 0x2065, 0x206A, 0xFFFD]
    for value in unsafe {
      #expect(TerminalSafeText.isUnsafe(try #require(Unicode.Scalar(value))))
    }
    for value in safe {
      #expect(!TerminalSafeText.isUnsafe(try #require(Unicode.Scalar(value))))
    }
    #expect(!TerminalSafeText.isUnsafe("\n") && !TerminalSafeText.isUnsafe("\t"))
    #expect(TerminalSafeText.isUnsafe("\n", keepNewlines: false))
    #expect(TerminalSafeText.isUnsafe("\t", keepNewlines: false))
  }

  /// Thousands of random control-dense strings never keep an unsafe scalar.
  @Test func randomStringsNeverKeepUnsafeScalars() throws {
    var generator = SeededGenerator(seed: 0xC0FF_EE00_1234)
    let interesting: [UInt32] = [
      0x1B, 0x1B, 0x1B, 0x5B, 0x5D, 0x50, 0x58, 0x5E, 0x5F, 0x5C, 0x07, 0x9C, 0x9B, 0x9D, 0x90,
      0x0A, 0x09, 0x0D, 0x00, 0x7F, 0x85, 0x28, 0x23, 0x3B, 0x33, 0x31, 0x6D, 0x41, 0x20, 0xE9,
      0x301, 0x202E, 0x2066, 0x2069, 0x200E, 0x061C, 0x1F600, 0x200D, 0x6F22, 0xFFFD,
    ]
    let started = Date()
    var count = 0
    while count < 5000, Date().timeIntervalSince(started) < 5 {
      var scalars = String.UnicodeScalarView()
      for _ in 0..<Int.random(in: 0...40, using: &generator) {
        let value =
          Bool.random(using: &generator)
          ? interesting.randomElement(using: &generator)!
          : UInt32.random(in: 0...0x2100, using: &generator)
        if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
      }
      let text = String(scalars)
      for keep in [true, false] {
        let safe = render(text, keepNewlines: keep)
        #expect(!hasUnsafeScalar(safe, keepNewlines: keep), "\(Array(text.unicodeScalars))")
        #expect(render(safe, keepNewlines: keep) == safe)
      }
      count += 1
    }
    #expect(count >= 1000)
  }
}
