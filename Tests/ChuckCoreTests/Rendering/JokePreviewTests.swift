import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

@Suite struct JokePreviewTests {
  /// A text of exactly 30 characters is shown whole, without `...`.
  @Test func exactlyThirty() {
    let text = "Chuck Norris has counted to 0."
    #expect(text.count == 30)
    #expect(JokePreview.make(text) == text)
  }

  /// A text of 31 characters is cut to its first 30, followed by `...`.
  @Test func thirtyOne() {
    let text = "Chuck Norris has counted to 10."
    #expect(text.count == 31)
    #expect(JokePreview.make(text) == "Chuck Norris has counted to 10...")
  }

  /// Short and empty texts are shown whole.
  @Test func shortTexts() {
    #expect(JokePreview.make("Chuck Norris is.") == "Chuck Norris is.")
    #expect(JokePreview.make("") == "")
    #expect(JokePreview.make(" \n\t ") == "")
  }

  /// The length can be changed, and 0 leaves only `...` for any non-empty text.
  @Test func customLength() {
    #expect(JokePreview.make("abcdef", length: 3) == "abc...")
    #expect(JokePreview.make("abc", length: 3) == "abc")
    #expect(JokePreview.make("abc", length: 0) == "...")
  }

  /// Emoji ZWJ sequences, skin tones and flags count as one character and are never split.
  @Test(arguments: ["👨‍👩‍👧‍👦", "🏳️‍🌈", "🇨🇭", "👍🏽", "🐈‍⬛", "👨‍💻"])
  func emojiNeverSplit(emoji: String) {
    let text = String(repeating: "a", count: 29) + emoji + "bc"
    #expect(text.count == 32)
    let preview = JokePreview.make(text)
    #expect(preview == String(repeating: "a", count: 29) + emoji + "...")
    #expect(preview.unicodeScalars.count == 29 + emoji.unicodeScalars.count + 3)
  }

  /// A run of 30 flags is kept whole; 31 flags are cut between flags, never inside one.
  @Test func flagsOnly() {
    let thirty = String(repeating: "🇯🇵", count: 30)
    #expect(JokePreview.make(thirty) == thirty)
    let cut = JokePreview.make(String(repeating: "🇯🇵", count: 31))
    #expect(cut == thirty + "...")
  }

  /// A decomposed accent (`e` + U+0301) stays on its letter at the cut.
  @Test func combiningMarks() {
    let text = String(repeating: "x", count: 29) + "e\u{301}" + "z"
    #expect(text.count == 31)
    let preview = JokePreview.make(text)
    #expect(preview.unicodeScalars.suffix(5).map(\.value) == [0x65, 0x301, 0x2E, 0x2E, 0x2E])
    let thirty = String(repeating: "e\u{301}", count: 30)
    #expect(JokePreview.make(thirty) == thirty)
  }

  /// CJK text is cut at 30 characters.
  @Test func cjk() throws {
    let joke = try #require(try Samples.madeUpJokes().first { $0.id == "CJKw9Pq2Lr5Tn8Vx1Zb3Md" })
    let preview = JokePreview.make(joke.value)
    #expect(preview == String(joke.value.prefix(30)) + "...")
    #expect(preview.hasPrefix("チャック・ノリスは箸一本で寿司を食べる。"))
  }

  /// Runs of spaces, tabs and newlines collapse to one space; leading and trailing ones go.
  @Test func whitespace() {
    #expect(JokePreview.make("  a   b\t\tc\n\n\nd \r\n e  ") == "a b c d e")
    #expect(JokePreview.make("\u{A0}a\u{2003}b\u{85}c\u{2028}d") == "a b c d")
    let madeUp =
      "  Chuck Norris   doesn't\tindent\t\twith tabs.\n\n\nThe tabs\n\t\tindent themselves.   "
    #expect(JokePreview.make(madeUp) == "Chuck Norris doesn't indent wi...")
  }

  /// Collapsing whitespace keeps everything else as it is.
  @Test func collapsingWhitespace() {
    #expect(JokePreview.collapsingWhitespace("\n a\u{301}  b \t") == "a\u{301} b")
    #expect(JokePreview.collapsingWhitespace("") == "")
    #expect(JokePreview.collapsingWhitespace("one") == "one")
  }

  /// Escape sequences in a preview become the placeholder and no control character is left.
  @Test func hostileText() {
    let preview = JokePreview.make("\u{1B}[31mRED\u{1B}[0m \u{1B}]52;c;aGk=\u{07}x\u{7F}\u{202E}y")
    #expect(preview == "\u{FFFD}RED\u{FFFD} \u{FFFD}x\u{FFFD}\u{FFFD}y")
    let long = String(repeating: "\u{1B}[1m!", count: 40)
    let cut = JokePreview.make(long)
    #expect(!hasUnsafeScalar(cut, keepNewlines: false))
    #expect(cut == String(repeating: "\u{FFFD}!", count: 15) + "...")
  }

  /// No sample's preview holds a newline, tab or unsafe scalar, or exceeds 33 characters.
  @Test func samplesAreOneLine() throws {
    for joke in try Samples.realJokes() + Samples.madeUpJokes() {
      let preview = JokePreview.make(joke.value)
      #expect(!hasUnsafeScalar(preview, keepNewlines: false), "\(joke.id)")
      #expect(preview.count <= 33)
      #expect(preview.hasSuffix("...") == (JokePreview.collapsingWhitespace(joke.value).count > 30))
    }
  }

  /// The preview by its definition: collapse whitespace over the whole text, make it safe, cut it.
  private static func reference(_ text: String, length: Int = JokePreview.length) -> String {
    let collapsed = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    let safe = TerminalSafeText.render(collapsed)
    return safe.count > length ? String(safe.prefix(length)) + "..." : safe
  }

  /// Pieces of hostile and international text, chosen to meet at the cut.
  private static let pieces: [String] = [
    "a", "Chuck", " Norris", "x", ".", "!", "0", "~", "\"", " ", "  ", "\t", "\n", "\r\n",
    "\r", "\u{0B}", "\u{0C}", "\u{A0}", "\u{2028}", "\u{2029}", "\u{85}", "\u{2003}",
    "\u{3000}", " \t\n \r\n ", "\u{301}", "\u{308}\u{323}", "e\u{301}", "\u{1F3FD}", "\u{200D}",
    "\u{FE0F}", "👨‍👩‍👧‍👦", "🏳️‍🌈", "🇸🇪", "🇨🇭", "\u{1F1F8}", "👍🏽", "1️⃣", "é", "中", "チャ",
    "\u{1B}[31m", "\u{1B}[0m", "\u{1B}[38;5;200;1m", "\u{1B}", "\u{1B}(B", "\u{1B}7", "\u{1B} (",
    "\u{1B}]8;;https://x.example/\u{07}", "\u{1B}P1$r\u{1B}\\", "\u{9B}1m", "\u{9D}0;t\u{9C}",
    "\u{0}", "\u{7}", "\u{7F}", "\u{85}", "\u{9F}", "\u{202E}", "\u{2066}", "\u{200E}",
    "\u{1B}[", "\u{1B}]",
  ]

  /// A random text, sometimes with a long escape sequence or a special piece placed at the cut.
  private static func randomText(_ generator: inout SeededGenerator) -> String {
    var text = ""
    switch Int.random(in: 0..<4, using: &generator) {
    case 0:
      // Plain text of 29 to 33 characters, then a piece that may join the last one.
      text = String(repeating: "a", count: Int.random(in: 26...33, using: &generator))
      text += pieces.randomElement(using: &generator)!
      text += pieces.randomElement(using: &generator)!
    case 1:
      // An OSC with a long payload, terminated or not, somewhere near the start.
      let payload = String(
        (0..<200).map { _ in "abc;é/: \t".randomElement(using: &generator)! })
      let terminator = ["\u{07}", "\u{1B}\\", "\u{9C}", "", "\n"].randomElement(using: &generator)!
      text = String(repeating: "w ", count: Int.random(in: 0...16, using: &generator))
      text += "\u{1B}]52;c;" + payload + terminator
    default:
      break
    }
    for _ in 0..<Int.random(in: 0...40, using: &generator) {
      text += pieces.randomElement(using: &generator)!
    }
    return text
  }

  /// Thousands of random texts: `make` (its fast paths included) equals the definition.
  @Test func matchesReference() {
    var generator = SeededGenerator(seed: 0xC0FFEE)
    var fastPath = 0
    for round in 0..<6000 {
      let text = Self.randomText(&generator)
      let expected = Self.reference(text)
      let preview = JokePreview.make(text)
      #expect(
        preview == expected, "round \(round): \(text.unicodeScalars.map { $0.value })")
      if let fast = JokePreview.printableASCIIPreview(text, length: JokePreview.length) {
        fastPath += 1
        #expect(fast == expected, "round \(round)")
      }
      #expect(Array(preview.unicodeScalars) == Array(expected.unicodeScalars), "round \(round)")
    }
    #expect(fastPath > 300)
  }

  /// Plain ASCII texts with whitespace runs take the fast path and equal the definition.
  @Test func asciiAroundTheCut() throws {
    var generator = SeededGenerator(seed: 31)
    let alphabet = Array("ab Z.!~\t\n\r\u{0B}\u{0C}  ")
    for _ in 0..<3000 {
      let count = Int.random(in: 0...40, using: &generator)
      let text = String((0..<count).map { _ in alphabet.randomElement(using: &generator)! })
      for length in [0, 1, 29, 30, 31] {
        let fast = try #require(JokePreview.printableASCIIPreview(text, length: length))
        #expect(fast == Self.reference(text, length: length), "\(Array(text.utf8))")
        #expect(JokePreview.make(text, length: length) == Self.reference(text, length: length))
      }
    }
  }

  /// The fast path gives up on anything but printable ASCII and ASCII whitespace.
  @Test(arguments: ["é", "\u{1B}[1m", "\u{7F}", "\u{0}", "\u{1F}", "\u{A0}", "\u{85}"])
  func fastPathGivesUp(piece: String) {
    #expect(JokePreview.printableASCIIPreview("ab " + piece + " cd", length: 30) == nil)
    #expect(JokePreview.make("ab " + piece + " cd") == Self.reference("ab " + piece + " cd"))
  }
}
