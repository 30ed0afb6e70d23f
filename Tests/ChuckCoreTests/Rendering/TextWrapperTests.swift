import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

@Suite struct TextWrapperTests {
  /// Characters take 1 column (Latin, combining marks) or 2 (CJK, Hangul, emoji, VS16).
  @Test(
    arguments: [
      ("a", 1), (" ", 1), ("~", 1), ("\u{E9}", 1), ("e\u{301}", 1), ("e\u{301}\u{323}", 1),
      ("Ч", 1), ("Ω", 1), ("∞", 1), ("❤", 1), ("漢", 2), ("チ", 2), ("척", 2), ("ᄀ", 2),
      ("Ａ", 2), ("。", 2), ("😀", 2), ("👨‍👩‍👧‍👦", 2), ("🇨🇭", 2), ("👍🏽", 2), ("❤️", 2), ("©️", 2),
      ("𠀀", 2), ("\u{FFFD}", 1),
    ] as [(Character, Int)])
  func characterWidth(character: Character, width: Int) {
    #expect(TextWrapper.width(of: character) == width)
  }

  /// A string's width is the sum of its characters' widths.
  @Test func stringWidth() {
    #expect(TextWrapper.width(of: "") == 0)
    #expect(TextWrapper.width(of: "abc") == 3)
    #expect(TextWrapper.width(of: "a漢😀e\u{301}") == 6)
    #expect(TextWrapper.width(of: "チャック"[...]) == 8)
  }

  /// Lines break at spaces, as many words as fit on each line.
  @Test func wrapsAtSpaces() {
    #expect(
      TextWrapper.wrap("the quick brown fox jumps over the lazy dog", width: 10) == [
        "the quick", "brown fox", "jumps over", "the lazy", "dog",
      ])
    #expect(TextWrapper.wrap("exactly ten", width: 11) == ["exactly ten"])
    #expect(TextWrapper.wrap("exactly ten", width: 10) == ["exactly", "ten"])
  }

  /// A word wider than the line is cut into line-wide pieces.
  @Test func hardCutsLongWords() {
    #expect(TextWrapper.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
    #expect(TextWrapper.wrap("ab cdefghij k", width: 4) == ["ab", "cdef", "ghij", "k"])
    #expect(TextWrapper.wrap("abcdefgh", width: 4) == ["abcd", "efgh"])
    #expect(
      TextWrapper.wrap("https://api.chucknorris.io/jokes/7ver3y48qqsfktpelir7ua", width: 20) == [
        "https://api.chucknor", "ris.io/jokes/7ver3y4", "8qqsfktpelir7ua",
      ])
  }

  /// Keeping words, a word wider than the line is never cut: it stands whole on a line of its
  /// own, and every other line fits. East Asian text still breaks between its characters.
  @Test func keepsLongWordsWhole() {
    let link: TerminalText = "https://api.chucknorris.io/jokes/7ver3y48qqsfktpelir7ua"
    #expect(TextWrapper.wrap("abcdefghij", width: 4, keepingWords: true) == ["abcdefghij"])
    #expect(
      TextWrapper.wrap("ab cdefghij k", width: 4, keepingWords: true) == ["ab", "cdefghij", "k"])
    #expect(
      TextWrapper.wrap("see " + link + " now", width: 20, keepingWords: true) == [
        "see", link, "now",
      ])
    #expect(TextWrapper.wrap(link + "\n\nb", width: 20, keepingWords: true) == [link, "", "b"])
    #expect(TextWrapper.wrap("漢字漢字漢 a", width: 4, keepingWords: true) == ["漢字", "漢字", "漢 a"])
    #expect(
      TextWrapper.wrap("the quick brown fox", width: 10, keepingWords: true)
        == TextWrapper.wrap("the quick brown fox", width: 10))
  }

  /// Wide characters are cut by columns, never split, never past the line.
  @Test func hardCutsWideCharacters() {
    #expect(TextWrapper.wrap("漢字漢字漢", width: 4) == ["漢字", "漢字", "漢"])
    #expect(TextWrapper.wrap("a漢字", width: 4) == ["a漢", "字"])
    #expect(TextWrapper.wrap("😀😀😀", width: 5) == ["😀😀", "😀"])
    #expect(
      TextWrapper.wrap("e\u{301}e\u{301}e\u{301}", width: 2) == ["e\u{301}e\u{301}", "e\u{301}"])
  }

  /// Line breaks in the text are kept, empty lines included.
  @Test func keepsParagraphs() {
    #expect(TextWrapper.wrap("one\n\ntwo three", width: 5) == ["one", "", "two", "three"])
    #expect(TextWrapper.wrap("a\n", width: 5) == ["a", ""])
    #expect(TextWrapper.wrap("", width: 5) == [""])
  }

  /// Runs of spaces and tabs separate words like one space; leading and trailing ones go.
  @Test func spacesAndTabs() {
    #expect(TextWrapper.wrap("  a \t\t b   ", width: 20) == ["a b"])
    #expect(TextWrapper.wrap("\t", width: 20) == [""])
  }

  /// Width 1 puts each narrow character on its own line; width 0 or less counts as 1.
  @Test func widthOne() {
    #expect(TextWrapper.wrap("ab c", width: 1) == ["a", "b", "c"])
    #expect(TextWrapper.wrap("ab", width: 0) == ["a", "b"])
    #expect(TextWrapper.wrap("ab", width: -5) == ["a", "b"])
  }

  /// A wide character on a 1-column line still comes out, alone on its line.
  @Test func wideCharacterAtWidthOne() {
    #expect(TextWrapper.wrap("漢字", width: 1) == ["漢", "字"])
  }

  /// Random mixed text never makes a line wider than asked and keeps every character.
  @Test func neverExceedsWidth() {
    var generator = SeededGenerator(seed: 7)
    let pieces: [String] = [
      "a", "b", "Chuck", "Norris", "e\u{301}", "漢", "字", "😀", "👨‍👩‍👧‍👦", "🇸🇪", " ", " ", " ", "  ",
      "\t", "\n", "supercalifragilisticexpialidocious", "\u{FFFD}", "Ω",
    ]
    let narrow = pieces.filter { $0.allSatisfy { TextWrapper.width(of: $0) == 1 } }
    for round in 0..<3000 {
      let width = round % 10 == 0 ? 1 : Int.random(in: 2...60, using: &generator)
      let source = width == 1 ? narrow : pieces
      var text = ""
      for _ in 0..<Int.random(in: 0...60, using: &generator) {
        text += source.randomElement(using: &generator)!
      }
      let lines = TextWrapper.wrap(TerminalText(sanitizing: text), width: width).map(\.string)
      #expect(!lines.isEmpty)
      for line in lines {
        #expect(TextWrapper.width(of: line) <= width, "\(text.debugDescription) at \(width)")
        #expect(!line.hasPrefix(" ") && !line.hasSuffix(" "))
      }
      let kept = lines.joined().filter { $0 != " " }
      let expected = text.filter { $0 != " " && $0 != "\t" && $0 != "\n" }
      #expect(kept == expected, "\(text.debugDescription) at \(width)")
      #expect(lines.count >= text.split(separator: "\n", omittingEmptySubsequences: false).count)
    }
  }
}
