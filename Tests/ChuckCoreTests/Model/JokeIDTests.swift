import Foundation
import Testing

@testable import ChuckCore

/// `JokeID`, the rules for ids and prefixes. `isWellFormed`'s lengths and characters are checked
/// in `ChuckJokeTests.wellFormedID`; here, what that leaves out.
@Suite struct JokeIDTests {
  /// Every byte an id may hold, written out independently of the code under test.
  private static let idBytes = Set(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-".utf8)

  /// A prefix needs four characters (not bytes, not scalars); a shorter one is refused with the
  /// one message, as a usage error.
  @Test func prefixNeedsFourCharacters() {
    let message = "an id prefix needs at least 4 characters"
    #expect(JokeID.minimumPrefixLength == 4)
    let short = ["", "a", "abc", "ab\u{E9}", "e\u{301}e\u{301}e\u{301}", "\u{1F600}\u{1F600}x"]
    for prefix in short {
      #expect(JokeID.prefixProblem(prefix) == message, "\(prefix.debugDescription)")
      #expect(throws: ChuckError.invalidArgument(message)) { try JokeID.checkPrefix(prefix) }
    }
    for prefix in ["abcd", "abc\u{E9}", "7ver3y48qqsfktpelir7ua", "-_-_", "1234"] {
      #expect(JokeID.prefixProblem(prefix) == nil, "\(prefix.debugDescription)")
      #expect(throws: Never.self) { try JokeID.checkPrefix(prefix) }
    }
  }

  /// A well-formed id takes each of the 128 ASCII characters only when it is of the id set, and
  /// 22 characters that are 23 bytes are not well formed.
  @Test func wellFormedTakesOnlyTheIDBytes() throws {
    for value in UInt8(0)...0x7F {
      let id = "7ver3y48qqsfktpelir7u" + String(UnicodeScalar(value))
      #expect(JokeID.isWellFormed(id) == Self.idBytes.contains(value), "byte \(value)")
    }
    #expect(!JokeID.isWellFormed("7ver3y48qqsfktpelir7u\u{E9}"))
    #expect(!JokeID.isWellFormed("7ver3y48qqsfktpelir7\u{FF21}"))
  }

  /// Any source's id: 1 to 64 bytes of the id set.
  @Test func acceptableLengths() {
    #expect(!JokeID.isAcceptable(""))
    #expect(JokeID.isAcceptable("a"))
    #expect(JokeID.isAcceptable("7"))
    #expect(JokeID.isAcceptable(String(repeating: "Z9_-", count: 16)))
    #expect(!JokeID.isAcceptable(String(repeating: "Z9_-", count: 16) + "x"))
    #expect(!JokeID.isAcceptable(String(repeating: "x", count: 1000)))
  }

  /// Each ASCII character alone is acceptable only when it is of the id set; nothing beyond ASCII
  /// is, however it looks; the rule on bytes (the list file's) says the same.
  @Test func acceptableBytes() {
    var samples: [String] = []
    for value in UInt8(0)...0x7F {
      let id = "id" + String(UnicodeScalar(value)) + "x"
      #expect(JokeID.isAcceptable(id) == Self.idBytes.contains(value), "byte \(value)")
      samples.append(id)
    }
    let foreign = [
      "\u{E9}", "\u{FF21}", "\u{0661}", "a\u{301}", "\u{1F600}", "\u{85}", "ab\u{200E}",
    ]
    for id in foreign {
      #expect(!JokeID.isAcceptable(id), "\(id.debugDescription)")
    }
    samples += foreign + ["", String(repeating: "a", count: 64), String(repeating: "a", count: 65)]
    for id in samples {
      var copy = id
      let onBytes = copy.withUTF8 { JokeID.isAcceptable(bytes: $0) }
      #expect(onBytes == JokeID.isAcceptable(id), "\(id.debugDescription)")
    }
  }

  /// A numeric id field becomes its digits when it is a whole number from 0 below 10^15.
  @Test(arguments: [
    (JSONValue.number(55), "55"), (.number(0), "0"), (.number(-0.0), "0"), (.number(1), "1"),
    (.number(1e14), "100000000000000"), (.number(999_999_999_999_999), "999999999999999"),
  ])
  func wholeNumberDigits(value: JSONValue, digits: String) {
    #expect(JokeID.wholeNumber(value) == digits)
  }

  /// Fractions, negatives, 10^15 and more, infinities, NaN and whatever is not a number have none.
  @Test(arguments: [
    JSONValue.number(1.5), .number(0.1), .number(999_999_999_999_999.5), .number(-1),
    .number(-0.5), .number(1e15), .number(1e15 + 1), .number(1e300), .number(.infinity),
    .number(-.infinity), .number(.nan), .string("55"), .bool(true), .null, .array([.number(1)]),
    .object(["id": .number(1)]),
  ])
  func notAWholeNumber(value: JSONValue) {
    #expect(JokeID.wholeNumber(value) == nil)
  }

  /// No id field at all.
  @Test func missingIsNotAWholeNumber() {
    #expect(JokeID.wholeNumber(nil) == nil)
  }

  /// What a user types is a whole id when it is what ``JokeID/wholeNumber(_:)`` makes of a
  /// number: ASCII digits without a leading zero (but `0`), at most 15 of them; nothing else (no
  /// sign, point, exponent, space, or digit of another script): `007` is no id, as no service's
  /// joke is saved as `007`.
  @Test func wholeNumberAsTyped() {
    let digits = ["0", "7", "55", "1234", "999999999999999"]
    for id in digits {
      #expect(JokeID.wholeNumber(.number(Double(id)!)) == id)
    }
    for id in digits {
      #expect(JokeID.isWholeNumber(id), "\(id)")
    }
    let others = [
      "", "-1", "+1", "1.5", "1e3", "12a", " 1", "1 ", "0x1F", "\u{0661}", "\u{FF11}",
      "1\u{301}", String(repeating: "9", count: 65), "7ver3y48qqsfktpelir7ua", "007", "00",
      "1000000000000000",
    ]
    for id in others {
      #expect(!JokeID.isWholeNumber(id), "\(id.debugDescription)")
    }
  }
}
