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
}
