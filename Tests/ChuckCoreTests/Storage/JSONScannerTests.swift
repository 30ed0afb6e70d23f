import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

@Suite struct JSONScannerTests {
  /// Thousands of random and damaged texts: the scanner accepts exactly what Foundation accepts.
  @Test func agreesWithFoundation() {
    var fuzzer = JSONFuzzer(random: SeededGenerator(seed: 0x5EED_0001))
    var bothAccept = 0
    var bothRefuse = 0
    var excluded: [String: Int] = [:]
    var disagreements = 0
    for round in 0..<10000 {
      let valid = fuzzer.document()
      let document = round % 3 == 0 ? valid : fuzzer.mutate(valid)
      if let reason = legitimateDifference(document) {
        excluded[reason, default: 0] += 1
        if reason == "trailing comma" || reason == "nesting" {
          #expect(!scannerAccepts(document), "round \(round): \(reason)")
        }
        continue
      }
      let scanner = scannerAccepts(document)
      let foundation = foundationAccepts(document)
      if scanner != foundation {
        disagreements += 1
        if disagreements <= 10 {
          Issue.record(
            "round \(round): scanner \(scanner), Foundation \(foundation): \(document.map { String($0, radix: 16) })"
          )
        }
      } else if scanner {
        bothAccept += 1
      } else {
        bothRefuse += 1
      }
    }
    #expect(disagreements == 0)
    #expect(bothAccept > 2000, "too few valid texts: \(bothAccept)")
    #expect(bothRefuse > 2000, "too few invalid texts: \(bothRefuse)")
    #expect(excluded.values.reduce(0, +) < 1500, "\(excluded)")
    #expect(excluded["nesting", default: 0] > 0)
  }

  /// For a valid text, `value()` returns the value's range, the surrounding whitespace left out.
  @Test func valueRangeIsTheValue() {
    var fuzzer = JSONFuzzer(random: SeededGenerator(seed: 7))
    for _ in 0..<500 {
      let value = fuzzer.value()
      let leading = Array(" \n\t".utf8.prefix(fuzzer.int(0...3)))
      let document = leading + value + Array("\r\n".utf8)
      document.withUnsafeBufferPointer { buffer in
        var scanner = JSONScanner(buffer)
        #expect((try? scanner.value()) == leading.count..<(leading.count + value.count))
      }
    }
  }

  /// Each kind of damage is refused, as Foundation refuses it.
  @Test(arguments: [
    "", " ", "01", "-01", "1.", "-", "1e", "1e+", "1E-", ".5", "+1", "-.5", "0x10", "[1 2]",
    "{\"a\" 1}", "{a:1}", "{\"a\":}", "[", "{", "]", "\"abc", "\"a\\\"",
    "\"\\x\"", "\"\\u12\"", "\"\\u12G4\"", "\"\\U0041\"", "\"\\'\"", "\"tab\there\"",
    "\"nl\nhere\"", "\"\u{0}\"", "\"\u{1F}\"", "\"\u{1B}[1m\"", "\"\r\"", "tru", "truex", "nul",
    "NaN", "Infinity", "1 2", "[] []",
    "\u{0C}1", "1\u{0B}", "\u{A0}1", "[1]]", "'a'",
  ])
  func refusesDamage(text: String) {
    let bytes = Array(text.utf8)
    #expect(!scannerAccepts(bytes))
    #expect(!foundationAccepts(bytes))
  }

  /// Trailing commas are refused, as RFC 8259 says (Foundation on Linux tolerates them).
  @Test(arguments: ["[1,]", "{\"a\":1,}", "[1,\n]", "[[],]", "{\"a\":[1,],\"b\":2}", "[,]", "{,}"])
  func refusesTrailingComma(text: String) {
    #expect(!scannerAccepts(Array(text.utf8)))
  }

  /// Ill-formed UTF-8 in a string (overlong, surrogate, > U+10FFFF, stray, cut off) is refused.
  @Test(arguments: JSONFuzzer.invalidUTF8)
  func refusesInvalidUTF8(sequence: [UInt8]) throws {
    let bytes = Array("\"a".utf8) + sequence + Array("b\"".utf8)
    let failure = try #require(scannerFailure(bytes))
    #expect(failure.reason == "invalid UTF-8")
    #expect(failure.offset == 2)
    #expect(!foundationAccepts(bytes))
    #expect(!scannerAccepts(sequence + Array("\"".utf8)))
  }

  /// The boundary code points of each UTF-8 length are accepted, as Foundation accepts them.
  @Test func acceptsEdgeCodePoints() {
    for piece in JSONFuzzer.rawPieces {
      let bytes = Array("\"\(piece)\"".utf8)
      #expect(scannerAccepts(bytes), "\(piece.unicodeScalars.map(\.value))")
      #expect(foundationAccepts(bytes))
    }
  }

  /// Nesting is accepted up to 256 levels and refused at 257, arrays and objects alike.
  @Test func nestingLimit() throws {
    for (open, close) in [("[", "]"), ("{\"k\":", "}")] {
      let limit = JSONScanner.maximumDepth
      #expect(limit == 256)
      let deepest =
        String(repeating: open, count: limit) + "1" + String(repeating: close, count: limit)
      #expect(scannerAccepts(Array(deepest.utf8)))
      let tooDeep = open + deepest + close
      let failure = try #require(scannerFailure(Array(tooDeep.utf8)))
      #expect(failure.reason == "nested too deeply")
      #expect(failure.offset == limit * open.utf8.count)
      let siblings = "[" + Array(repeating: deepest, count: 3).joined(separator: ",") + "]"
      #expect(!scannerAccepts(Array(siblings.utf8)))
      let inner =
        String(repeating: open, count: limit - 1) + "1" + String(repeating: close, count: limit - 1)
      let siblingsWithin = "[" + Array(repeating: inner, count: 3).joined(separator: ",") + "]"
      #expect(scannerAccepts(Array(siblingsWithin.utf8)), "depth is counted back down")
    }
  }

  /// Every proper prefix of a valid text is refused, within its length.
  @Test func truncationIsRefused() throws {
    let text = Array(#"{"a":[1,2.5e3,"x\u00e9",true,null,{"b":false}]}"#.utf8)
    for length in 0..<text.count {
      let failure = try #require(scannerFailure(Array(text.prefix(length))), "\(length)")
      #expect(failure.offset <= length)
      #expect(["unexpected end", "bad \\u escape"].contains(failure.reason), "\(length)")
    }
    #expect(scannerFailure(text) == nil)
  }

  /// `decodeString` gives Foundation's decoding for random valid strings of every kind of escape.
  @Test func decodeStringAgreesWithFoundation() throws {
    var fuzzer = JSONFuzzer(random: SeededGenerator(seed: 99))
    for _ in 0..<3000 {
      let (bytes, scalars) = fuzzer.string()
      let foundation = try #require(
        try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
          as? String)
      let decoded = bytes.withUnsafeBufferPointer { buffer in
        var scanner = JSONScanner(buffer)
        let range = try? scanner.string()
        #expect(range == 0..<bytes.count)
        return JSONScanner.decodeString(buffer, 0..<bytes.count)
      }
      #expect(Array(decoded.unicodeScalars) == scalars)
      #expect(Array(decoded.unicodeScalars) == Array(foundation.unicodeScalars))
    }
  }

  /// The escapes of RFC 8259 and raw non-ASCII text decode to exactly their scalars.
  @Test(arguments: [
    (#""\n\t\"\\\/\b\f\r""#, "\n\t\"\\/\u{08}\u{0C}\r"),
    (#""caf\u00e9 \u00E9""#, "café é"),
    (#""\ud83d\ude00 and \uD83D\uDE00""#, "😀 and 😀"),
    (#""\u0000\u001f\u007f""#, "\u{0}\u{1F}\u{7F}"),
    ("\"raw é 中 😀 🇸🇪 e\u{301}\"", "raw é 中 😀 🇸🇪 e\u{301}"),
    (#""é\n中\t😀""#, "é\n中\t😀"),
    (#""\\u0041""#, "\\u0041"),
    ("\"\"", ""),
    (#""a\"""#, "a\""),
  ])
  func decodeStringExamples(literal: String, expected: String) throws {
    let bytes = Array(literal.utf8)
    #expect(scannerAccepts(bytes))
    let decoded = bytes.withUnsafeBufferPointer {
      JSONScanner.decodeString($0, 0..<bytes.count)
    }
    #expect(Array(decoded.unicodeScalars) == Array(expected.unicodeScalars))
    let foundation = try #require(
      try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) as? String)
    #expect(Array(foundation.unicodeScalars) == Array(expected.unicodeScalars))
  }

  /// A lone surrogate escape matches the grammar and decodes to U+FFFD (Foundation refuses it).
  @Test(arguments: [
    (#""\uD800""#, "\u{FFFD}"), (#""\uDC00x""#, "\u{FFFD}x"),
    (#""\ud800\ud800""#, "\u{FFFD}\u{FFFD}"),
    (#""\uD83D\u0041""#, "\u{FFFD}A"), (#""\uDE00\uD83D""#, "\u{FFFD}\u{FFFD}"),
  ])
  func loneSurrogates(literal: String, expected: String) {
    let bytes = Array(literal.utf8)
    #expect(scannerAccepts(bytes))
    #expect(!foundationAccepts(bytes))
    let decoded = bytes.withUnsafeBufferPointer { JSONScanner.decodeString($0, 0..<bytes.count) }
    #expect(Array(decoded.unicodeScalars) == Array(expected.unicodeScalars))
  }

  /// `integer()` reads a non-negative whole number and nothing else.
  @Test(
    arguments: [
      ("1", 1), ("0", 0), ("42", 42), (" 7 ", 7), ("9223372036854775807", nil), ("-1", nil),
      ("1.0", nil), ("1e0", nil), ("\"1\"", nil), ("true", nil), ("[1]", nil), ("null", nil),
    ] as [(String, Int?)])
  func integer(text: String, expected: Int?) throws {
    let bytes = Array(text.utf8)
    let value = bytes.withUnsafeBufferPointer { buffer in
      var scanner = JSONScanner(buffer)
      return try? scanner.integer()
    }
    #expect(value == expected)
  }

  /// Strings are read eight bytes at a time while the bytes are plain: a quote, a backslash, a
  /// control character, DEL or a byte of a multi-byte character (valid or not) at any offset of a
  /// long string is still seen, as Foundation sees it; and a scanner over checked bytes (the
  /// index's second pass, which only looks for the closing quote) ends each string where the
  /// validating one does, escaped quotes and runs of backslashes included.
  @Test func longStringsAtEveryOffset() {
    let specials: [[UInt8]] = [
      [0x22], [0x5C, 0x22], [0x5C, 0x5C], [0x5C, 0x5C, 0x5C, 0x22], [0x5C, 0x6E], [0x01], [0x1F],
      [0x7F], [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x98, 0x80], [0xC3], [0xFF],
      [0xED, 0xA0, 0x80], [0x5C, 0x75, 0x30, 0x30, 0x65, 0x39], [0x5C, 0x75, 0x30],
    ]
    for special in specials {
      for offset in 0..<26 {
        for tail in [0, 1, 7, 8, 9, 17] {
          let text =
            Array(repeating: UInt8(ascii: "a"), count: offset) + special
            + Array(repeating: UInt8(ascii: "b"), count: tail)
          let document = [UInt8(ascii: "\"")] + text + [UInt8(ascii: "\"")]
          let accepted = scannerAccepts(document)
          #expect(accepted == foundationAccepts(document), "\(special) at \(offset), \(tail) after")
          guard accepted else { continue }
          let list = Array("[".utf8) + document + Array(",".utf8) + document + Array("]".utf8)
          list.withUnsafeBufferPointer { buffer in
            var validating = JSONScanner(buffer, from: 1)
            var checked = JSONScanner(buffer, from: 1, checked: true)
            #expect((try? validating.string()) == (try? checked.string()))
            #expect(validating.position == document.count + 1)
            #expect(checked.position == validating.position)
          }
        }
      }
    }
  }

  /// A checked scanner never reads past the bytes: an unterminated string still fails.
  @Test func checkedUnterminated() {
    let quote = UInt8(ascii: "\"")
    let backslash = UInt8(ascii: "\\")
    let a = UInt8(ascii: "a")
    for text in [
      [quote, a, a], [quote, a, backslash, quote], [quote, backslash, backslash, backslash, quote],
      [quote], [quote, backslash],
    ] {
      text.withUnsafeBufferPointer { buffer in
        var scanner = JSONScanner(buffer, checked: true)
        #expect((try? scanner.string()) == nil, "\(text)")
      }
    }
  }

  /// `string(at:is:)` matches a key by what it means, as `JSONDecoder` does: escaped or not.
  @Test func stringAtIs() {
    let bytes = Array(#""version" "versions" "vers\u0069on" "item""#.utf8)
    bytes.withUnsafeBufferPointer { buffer in
      var scanner = JSONScanner(buffer)
      var ranges: [Range<Int>] = []
      while let range = try? scanner.string() { ranges.append(range) }
      #expect(ranges.count == 4)
      #expect(
        ranges.map { scanner.string(at: $0, is: Array("version".utf8)) } == [
          true, false, true, false,
        ])
      #expect(scanner.string(at: ranges[3], is: Array("items".utf8)) == false)
    }
  }
}
