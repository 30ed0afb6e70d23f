import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

/// Whether the scanner accepts `bytes` as one whole JSON text (a value and surrounding whitespace).
func scannerAccepts(_ bytes: [UInt8]) -> Bool {
  bytes.withUnsafeBufferPointer { buffer in
    var scanner = JSONScanner(buffer)
    guard (try? scanner.value()) != nil else { return false }
    scanner.skipWhitespace()
    return scanner.isAtEnd
  }
}

/// The scanner's failure for `bytes`, or `nil` when it accepts them whole.
func scannerFailure(_ bytes: [UInt8]) -> JSONScanner.Failure? {
  bytes.withUnsafeBufferPointer { buffer in
    var scanner = JSONScanner(buffer)
    do throws(JSONScanner.Failure) {
      _ = try scanner.value()
      scanner.skipWhitespace()
      return scanner.isAtEnd ? nil : JSONScanner.Failure(offset: scanner.position, reason: "rest")
    } catch {
      return error
    }
  }
}

/// Whether Foundation accepts `bytes` as JSON, fragments allowed.
func foundationAccepts(_ bytes: [UInt8]) -> Bool {
  (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) != nil
}

/// Random JSON texts, valid by construction, and mutations of them that mostly are not.
struct JSONFuzzer {
  var random: SeededGenerator

  mutating func pick<T>(_ choices: [T]) -> T { choices.randomElement(using: &random)! }
  mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
  mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }

  mutating func whitespace() -> [UInt8] {
    guard chance(30) else { return [] }
    return (0..<int(1...3)).flatMap { _ in Array(pick([" ", "\n", "\r", "\t", "\r\n  "]).utf8) }
  }

  /// Raw characters that need no escape, edge code points of each UTF-8 length included.
  static let rawPieces: [String] = [
    "a", "Z", "0", " ", "~", "\u{7F}", "é", "ß", "中", "😀", "🇸🇪", "👨‍👩‍👧", "e\u{301}",
    "\u{80}", "\u{7FF}", "\u{800}", "\u{D7FF}", "\u{E000}", "\u{FFFD}", "\u{FFFF}", "\u{10000}",
    "\u{10FFFF}", "\u{2028}", "\u{A0}",
  ]

  /// One character of a JSON string as it is written, and the scalars it stands for.
  mutating func stringPiece() -> (text: String, scalars: [Unicode.Scalar]) {
    switch int(0...9) {
    case 0...4:
      let raw = pick(Self.rawPieces)
      return (raw, Array(raw.unicodeScalars))
    case 5:
      let (escape, scalar): (String, Unicode.Scalar) = pick([
        ("\\\"", "\""), ("\\\\", "\\"), ("\\/", "/"), ("\\b", "\u{08}"), ("\\f", "\u{0C}"),
        ("\\n", "\n"), ("\\r", "\r"), ("\\t", "\t"),
      ])
      return (escape, [scalar])
    case 6, 7:
      // A \u escape of a scalar of the Basic Multilingual Plane, surrogates excluded.
      var value = UInt32(int(0...0xFFFF))
      if (0xD800...0xDFFF).contains(value) { value = UInt32(int(0...0x1F)) }
      return (Self.unicodeEscape(value, upper: chance(50)), [Unicode.Scalar(value)!])
    case 8:
      // A surrogate pair for a scalar beyond the BMP.
      let value = UInt32(int(0x10000...0x10FFFF))
      let high = 0xD800 + ((value - 0x10000) >> 10)
      let low = 0xDC00 + ((value - 0x10000) & 0x3FF)
      let upper = chance(50)
      return (
        Self.unicodeEscape(high, upper: upper) + Self.unicodeEscape(low, upper: !upper),
        [Unicode.Scalar(value)!]
      )
    default:
      let ascii = Unicode.Scalar(UInt8(int(0x20...0x7E)))
      if ascii == "\"" || ascii == "\\" { return ("x", ["x"]) }
      return (String(ascii), [ascii])
    }
  }

  static func unicodeEscape(_ value: UInt32, upper: Bool) -> String {
    let hex = String(value, radix: 16, uppercase: upper)
    return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
  }

  /// A string literal, quotes included, and the scalars it decodes to.
  mutating func string() -> (bytes: [UInt8], scalars: [Unicode.Scalar]) {
    var text = "\""
    var scalars: [Unicode.Scalar] = []
    for _ in 0..<int(0...8) {
      let piece = stringPiece()
      text += piece.text
      scalars += piece.scalars
    }
    return (Array((text + "\"").utf8), scalars)
  }

  mutating func number() -> [UInt8] {
    var text = chance(30) ? "-" : ""
    text += chance(20) ? "0" : String(int(1...9)) + String(int(0...99_999)).prefix(int(0...5))
    if chance(30) { text += "." + String(int(0...999_999)) }
    if chance(25) {
      text += pick(["e", "E"]) + pick(["", "+", "-"]) + String(int(0...20))
    }
    return Array(text.utf8)
  }

  mutating func value(depth: Int = 0) -> [UInt8] {
    let kind = depth >= 4 ? int(0...3) : int(0...5)
    switch kind {
    case 0: return Array(pick(["true", "false", "null"]).utf8)
    case 1: return number()
    case 2, 3: return string().bytes
    case 4:
      let elements = (0..<int(0...4)).map { _ in whitespace() + value(depth: depth + 1) }
      return Array("[".utf8) + Array(elements.joined(separator: whitespace() + Array(",".utf8)))
        + whitespace() + Array("]".utf8)
    default:
      let members = (0..<int(0...4)).map { _ in
        whitespace() + string().bytes + whitespace() + Array(":".utf8) + whitespace()
          + value(depth: depth + 1)
      }
      return Array("{".utf8) + Array(members.joined(separator: whitespace() + Array(",".utf8)))
        + whitespace() + Array("}".utf8)
    }
  }

  /// A whole text: a value, sometimes wrapped in nesting around the scanner's depth limit.
  mutating func document() -> [UInt8] {
    var bytes = whitespace() + value() + whitespace()
    if chance(4) {
      let levels = int(250...262)
      let isArray = chance(50)
      let open = Array((isArray ? "[" : "{\"k\":").utf8)
      let close = Array((isArray ? "]" : "}").utf8)
      bytes =
        Array(Array(repeating: open, count: levels).joined()) + bytes
        + Array(Array(repeating: close, count: levels).joined())
    }
    return bytes
  }

  static let invalidUTF8: [[UInt8]] = [
    [0xC0, 0x80], [0xC1, 0xBF], [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xF5, 0x80, 0x80, 0x80],
    [0xF8, 0x88, 0x80, 0x80, 0x80], [0xFF], [0xFE], [0x80], [0xBF], [0xE0, 0x80, 0x80],
    [0xE0, 0x9F, 0xBF], [0xF0, 0x80, 0x80, 0x80], [0xF0, 0x8F, 0xBF, 0xBF],
    [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0xC3], [0xF0, 0x9F, 0x98], [0xC3, 0x28],
    [0xE2, 0x28, 0xA1],
  ]

  static let badSnippets: [String] = [
    "\\x", "\\u12", "\\uZZZZ", "\\'", "\\", "\\U0041", "01", "-01", "1.", "-", "1e", "1e+", ".5",
    "+1", "0x1F", ",", ",]", ",}", "]", "}", "[", "{", ":", "\"", "tru", "nul", "NaN",
    "Infinity", "\u{0C}", "\u{0B}", "\u{A0}", "\u{FEFF}", "1e400", "\\uD800", "\\uDC00x",
  ]

  /// Applies one to three random damages.
  mutating func mutate(_ document: [UInt8]) -> [UInt8] {
    var bytes = document
    for _ in 0..<int(1...3) {
      let at = int(0...bytes.count)
      // Right after a quote: most often inside a string, where encoding errors matter.
      let quotes = bytes.indices.filter { bytes[$0] == UInt8(ascii: "\"") }
      let inString = quotes.isEmpty ? at : pick(quotes) + 1
      switch int(0...10) {
      case 0: bytes = Array(bytes.prefix(at))
      case 1 where !bytes.isEmpty:
        bytes[min(at, bytes.count - 1)] = UInt8(int(0...255))
      case 2: bytes.insert(UInt8(int(0...0x1F)), at: at)
      case 3: bytes.insert(contentsOf: pick(Self.invalidUTF8), at: at)
      case 4: bytes.insert(contentsOf: Array(pick(Self.badSnippets).utf8), at: at)
      case 5 where !bytes.isEmpty: bytes.remove(at: min(at, bytes.count - 1))
      case 6:
        // A trailing comma before the last closing bracket or brace.
        if let close = bytes.lastIndex(where: { $0 == UInt8(ascii: "]") || $0 == UInt8(ascii: "}") }
        ) {
          bytes.insert(UInt8(ascii: ","), at: close)
        }
      case 7:
        // Drop a closing quote: an unterminated string.
        if let quote = bytes.lastIndex(of: UInt8(ascii: "\"")) { bytes.remove(at: quote) }
      case 9: bytes.insert(UInt8(int(0...0x1F)), at: inString)
      case 10:
        let random = (0..<int(1...4)).map { _ in UInt8(int(0x80...0xFF)) }
        bytes.insert(contentsOf: chance(50) ? random : pick(Self.invalidUTF8), at: inString)
      default:
        let end = min(bytes.count, at + int(1...8))
        bytes.insert(contentsOf: bytes[at..<end], at: at)
      }
    }
    return bytes
  }
}

/// Why the scanner and Foundation may rightly disagree on `bytes`, or `nil` when they must agree.
///
/// - Foundation guesses UTF-16 or UTF-32 from NUL bytes among the first four and skips byte order
///   marks; the list file is UTF-8 only, so the scanner reads bytes as UTF-8 and nothing else.
/// - Foundation allows 512 levels of nesting, the scanner 256 (a hostile file must not use up
///   the stack).
/// - A lone surrogate escape (`"\uD800"`) matches RFC 8259's grammar, which the scanner checks,
///   but Foundation refuses it; the scanner's `decodeString` makes it U+FFFD.
/// - A number beyond `Double`'s range (`1e400`) matches the grammar; Foundation refuses it.
/// - Foundation accepts a trailing comma (`[1,]`, `{"a":1,}`), which RFC 8259 does not allow and
///   the scanner refuses.
func legitimateDifference(_ bytes: [UInt8]) -> String? {
  if bytes.prefix(4).contains(0) || bytes.starts(with: [0xEF, 0xBB, 0xBF])
    || bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE])
  {
    return "encoding detection"
  }
  var depth = 0
  var deepest = 0
  var inString = false
  var index = 0
  func hex4(_ at: Int) -> UInt32? {
    guard at + 4 <= bytes.count else { return nil }
    var value: UInt32 = 0
    for byte in bytes[at..<(at + 4)] {
      guard let digit = JSONScanner.hexValue(byte) else { return nil }
      value = value << 4 | digit
    }
    return value
  }
  var numberTooLarge = false
  var loneSurrogate = false
  var trailingComma = false
  while index < bytes.count {
    let byte = bytes[index]
    if inString {
      if byte == UInt8(ascii: "\"") {
        inString = false
      } else if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
        if bytes[index + 1] == UInt8(ascii: "u"), let code = hex4(index + 2) {
          if (0xD800...0xDBFF).contains(code), index + 12 <= bytes.count,
            bytes[index + 6] == UInt8(ascii: "\\"), bytes[index + 7] == UInt8(ascii: "u"),
            let low = hex4(index + 8), (0xDC00...0xDFFF).contains(low)
          {
            index += 12
            continue
          }
          if (0xD800...0xDFFF).contains(code) { loneSurrogate = true }
          index += 6
          continue
        }
        index += 1
      }
    } else {
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += 1
        deepest = max(deepest, depth)
      case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
      case UInt8(ascii: ","):
        let next = bytes[(index + 1)...].first { !" \n\r\t".utf8.contains($0) }
        if next == UInt8(ascii: "]") || next == UInt8(ascii: "}") { trailingComma = true }
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        var end = index + 1
        while end < bytes.count,
          "0123456789.eE+-".utf8.contains(bytes[end])
        {
          end += 1
        }
        if let value = Double(String(decoding: bytes[index..<end], as: UTF8.self)),
          value.isInfinite
        {
          numberTooLarge = true
        }
        index = end
        continue
      default: break
      }
    }
    index += 1
  }
  if deepest > JSONScanner.maximumDepth { return "nesting" }
  if loneSurrogate { return "lone surrogate" }
  if numberTooLarge { return "number beyond Double" }
  if trailingComma { return "trailing comma" }
  return nil
}
