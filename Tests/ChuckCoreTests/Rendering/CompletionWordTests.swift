import Testing

@testable import ChuckCore

@Suite struct CompletionWordTests {
  /// Of ASCII, exactly the letters, the digits and `-_.+@,/` may appear in a completion word.
  @Test func asciiAllowlist() throws {
    let allowed = Set(
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.+@,/".unicodeScalars)
    for value in UInt32(0)...0x7F {
      let scalar = try #require(Unicode.Scalar(value))
      #expect(
        CompletionWord.isInert(scalar) == allowed.contains(scalar),
        "U+\(String(value, radix: 16)) \(Character(scalar).debugDescription)")
      #expect((CompletionWord("a\(Character(scalar))b") != nil) == allowed.contains(scalar))
    }
  }

  /// The words of the issue and every other shape a shell would expand, split, run or misread
  /// are refused whole.
  @Test(arguments: [
    "$(id>/tmp/x)", "`id`", "<(id)", ">(id)", "$HOME", "${IFS}", "$((1+1))", "*", "?", "[ab]",
    "a b", "a\tb", "two\nlines", "it's", "say\"hi\"", "back\\slash", "~root", "~", "{a,b}", "!!",
    "#comment", "^old^new", "=ls", "%self", "a:b", "a=b", "a;b", "a&b", "a|b", "", "bell\u{7}",
    "esc\u{1B}[31m", "del\u{7F}", "csi\u{9B}31m", "\u{202E}ved", "nbsp\u{A0}x", "line\u{2028}x",
    "zero\u{200B}width", "\u{FF04}(id)", "\u{FF5C}sh", "smile\u{1F600}",
  ])
  func hostileWordsAreRefused(word: String) {
    #expect(CompletionWord(word) == nil)
    #expect(!CompletionWord.isInert(word))
  }

  /// Letters, marks and digits of any script are accepted, as they are: names are not only
  /// English.
  @Test(arguments: [
    "dev", "science-fiction", "v1.2", "a+b", "me@home", "x,y", "a/b", "-leading", "_x",
    "\u{E9}t\u{E9}", "e\u{301}", "日本語", "Ελληνικά", "кино", "\u{661}\u{662}", "\u{216B}", "x\u{B2}",
  ])
  func wordsOfAnyScriptAreAccepted(word: String) throws {
    let accepted = try #require(CompletionWord(word))
    #expect(accepted.text.unicodeScalars.elementsEqual(word.unicodeScalars))
    #expect(accepted.description == word)
  }

  /// No scalar that may appear in a completion word is whitespace or would act on a terminal.
  @Test func noInertScalarIsWhitespaceOrControl() {
    var inert = 0
    for value in UInt32(0)...0x10FFFF {
      guard let scalar = Unicode.Scalar(value), CompletionWord.isInert(scalar) else { continue }
      inert += 1
      #expect(!scalar.properties.isWhitespace, "U+\(String(value, radix: 16))")
      #expect(!TerminalSafeText.isUnsafe(scalar), "U+\(String(value, radix: 16))")
      #expect(scalar.properties.generalCategory != .format, "U+\(String(value, radix: 16))")
    }
    #expect(inert > 100_000)
  }

  /// `offered` keeps the inert names that start with the prefix, in their order, and leaves the
  /// others out rather than quoting them.
  @Test func offeredFiltersByPrefixAndRule() {
    let names = ["movie", "$(>m)", "money", "mo ney", "music", "mo`x`", "dev", "mo:b", "modèle"]
    #expect(
      CompletionWord.offered(names, prefix: "mo").map(\.text) == ["movie", "money", "modèle"])
    #expect(
      CompletionWord.offered(names, prefix: "").map(\.text) == [
        "movie", "money", "music", "dev", "modèle",
      ])
    #expect(CompletionWord.offered(names, prefix: "$").isEmpty)
  }
}
