import Testing

@testable import ChuckCore

@Suite struct PickFilterTests {
  /// POSIX extended expressions as fortune takes them: alternation, anchors, classes; `-i`
  /// folds case beyond ASCII; a bad one says why.
  @Test func posixRegex() throws {
    let regex = try POSIXRegex("^Chuck (Norris|Berry)[[:space:]]+(eats|runs)")
    #expect(regex.matches("Chuck Norris  eats"))
    #expect(!regex.matches("chuck norris eats"))
    #expect(try POSIXRegex("ÉCLAIR", ignoringCase: true).matches("un éclair"))
    #expect(try POSIXRegex("^.$").matches("é"), "a dot is one character, not one byte")
    #expect(throws: ChuckError.self) { try POSIXRegex("a{2") }
  }

  /// Length counts the preview's characters (whitespace collapsed, a grapheme one character),
  /// a two-part joke's setup and punchline with one space between.
  @Test func length() {
    #expect(PickFilter.length(of: "  a \n\t b  ", punchline: nil) == 3)
    #expect(PickFilter.length(of: "Why?", punchline: "Because.") == 13)
    #expect(PickFilter.length(of: "👨‍👩‍👧 e\u{301}", punchline: nil) == 3)
  }
}
