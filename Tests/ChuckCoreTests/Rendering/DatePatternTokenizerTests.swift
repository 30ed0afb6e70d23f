import Testing

@testable import ChuckCore

@Suite struct DatePatternTokenizerTests {
  private typealias Token = DatePatternTokenizer.Token

  private func tokens(_ pattern: String) -> [Token] {
    Array(DatePatternTokenizer(Array(pattern.unicodeScalars)))
  }

  private func conversion(_ letter: Unicode.Scalar, unpadded: Bool = false) -> Token {
    .conversion(DatePatternTokenizer.Conversion(letter: letter, unpadded: unpadded))
  }

  /// Literal text comes whole, in one token, up to the next conversion; `%%` is a `%` in it.
  @Test func literalText() {
    #expect(tokens("") == [])
    #expect(tokens("Week 1, 年") == [.literal("Week 1, 年")])
    #expect(tokens("%%") == [.literal("%")])
    #expect(tokens("100%% sure, %%d") == [.literal("100% sure, %d")])
    #expect(
      tokens("%a, %b %-d, '%y") == [
        conversion("a"), .literal(", "), conversion("b"), .literal(" "),
        conversion("d", unpadded: true), .literal(", '"), conversion("y"),
      ])
    #expect(tokens("%%%d%%") == [.literal("%"), conversion("d"), .literal("%")])
  }

  /// `-` between `%` and the letter asks for no padding; the name is the conversion as written.
  @Test func flags() {
    #expect(
      tokens("%-m/%-d") == [
        conversion("m", unpadded: true), .literal("/"), conversion("d", unpadded: true),
      ])
    #expect(DatePatternTokenizer.Conversion(letter: "d", unpadded: true).name == "%-d")
    #expect(DatePatternTokenizer.Conversion(letter: "Y", unpadded: false).name == "%Y")
    // After `%-`, even `%` and `-` are letters: the caller refuses them.
    #expect(tokens("%-%") == [conversion("%", unpadded: true)])
    #expect(tokens("%--") == [conversion("-", unpadded: true)])
  }

  /// A `%` or `%-` that nothing follows is the last token, after the literal text before it.
  @Test func trailingPercent() {
    #expect(tokens("%") == [.trailingPercent])
    #expect(tokens("%Y-%") == [conversion("Y"), .literal("-"), .trailingPercent])
    #expect(tokens("%%%") == [.literal("%"), .trailingPercent])
    #expect(tokens("%d %-") == [conversion("d"), .literal(" "), .trailingFlag])
  }

  /// The tokenizer does not know which conversions exist: any scalar after `%` is one, and the
  /// caller decides. Tokens come in order, so the caller meets an unknown one before a later
  /// trailing `%`.
  @Test func unknownConversion() {
    #expect(tokens("%q") == [conversion("q")])
    #expect(tokens("%é %j") == [conversion("é"), .literal(" "), conversion("j")])
    var tokenizer = DatePatternTokenizer(Array("%q%".unicodeScalars))
    #expect(tokenizer.next() == conversion("q"))
    #expect(tokenizer.next() == .trailingPercent)
    #expect(tokenizer.next() == nil)
    #expect(tokenizer.next() == nil)
  }
}
