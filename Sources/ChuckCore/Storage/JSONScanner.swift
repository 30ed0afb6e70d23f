#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A strict, allocation-free JSON scanner over UTF-8 bytes: it validates the grammar (RFC 8259,
/// UTF-8 included) and reports where values are, without building them.
///
/// It is the fast read path of ``NetworkCache``: listing 100,000 jokes needs three fields of each,
/// not 700,000 decoded strings.
struct JSONScanner {
  /// Why the bytes are not JSON, and where.
  struct Failure: Error, Equatable {
    var offset: Int
    var reason: String
  }

  let bytes: UnsafeBufferPointer<UInt8>
  private(set) var position: Int
  private var depth = 0

  /// Deeper nesting is refused rather than risking the stack on a hostile file.
  static let maximumDepth = 256

  /// Whether the bytes were already checked by a scanner (``RawItems`` holds only such bytes):
  /// strings are then only delimited, not checked again.
  private let checked: Bool

  /// Makes a scanner.
  /// - Parameters:
  ///   - bytes: the JSON text.
  ///   - position: where to start.
  ///   - checked: whether a scanner already validated these bytes, so that a second pass (the
  ///     index of a list that ``ListEnvelope`` read) only needs to find where strings end.
  init(_ bytes: UnsafeBufferPointer<UInt8>, from position: Int = 0, checked: Bool = false) {
    self.bytes = bytes
    self.position = position
    self.checked = checked
  }

  var isAtEnd: Bool { position >= bytes.count }

  private func fail(_ reason: String) -> Failure {
    Failure(offset: position, reason: position >= bytes.count ? "unexpected end" : reason)
  }

  mutating func skipWhitespace() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x0A, 0x0D, 0x09: position += 1
      default: return
      }
    }
  }

  /// The next byte after whitespace, not consumed.
  mutating func peek() -> UInt8? {
    skipWhitespace()
    return position < bytes.count ? bytes[position] : nil
  }

  mutating func expect(_ byte: UInt8) throws(Failure) {
    guard peek() == byte else { throw fail("expected '\(Character(Unicode.Scalar(byte)))'") }
    position += 1
  }

  /// Validates one value of any kind and returns its byte range.
  mutating func value() throws(Failure) -> Range<Int> {
    guard let first = peek() else { throw fail("unexpected end") }
    let start = position
    switch first {
    case UInt8(ascii: "\""): return try string()
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      guard depth < Self.maximumDepth else { throw fail("nested too deeply") }
      depth += 1
      defer { depth -= 1 }
      if first == UInt8(ascii: "{") {
        try object { (_, scanner) throws(Failure) in _ = try scanner.value() }
      } else {
        try array { (scanner) throws(Failure) in _ = try scanner.value() }
      }
    case UInt8(ascii: "t"): try literal("true")
    case UInt8(ascii: "f"): try literal("false")
    case UInt8(ascii: "n"): try literal("null")
    default: try number()
    }
    return start..<position
  }

  /// Validates an object; `member` is called with each key's range (quotes included) and must
  /// consume the member's value.
  mutating func object(
    _ member: (Range<Int>, inout JSONScanner) throws(Failure) -> Void
  ) throws(Failure) {
    try expect(UInt8(ascii: "{"))
    if peek() == UInt8(ascii: "}") {
      position += 1
      return
    }
    while true {
      guard peek() == UInt8(ascii: "\"") else { throw fail("expected a key") }
      let key = try string()
      try expect(UInt8(ascii: ":"))
      try member(key, &self)
      guard let next = peek() else { throw fail("unexpected end") }
      position += 1
      if next == UInt8(ascii: "}") { return }
      guard next == UInt8(ascii: ",") else { throw fail("expected ',' or '}'") }
    }
  }

  /// Validates an array; `element` is called for each element and must consume it.
  mutating func array(_ element: (inout JSONScanner) throws(Failure) -> Void) throws(Failure) {
    try expect(UInt8(ascii: "["))
    if peek() == UInt8(ascii: "]") {
      position += 1
      return
    }
    while true {
      try element(&self)
      guard let next = peek() else { throw fail("unexpected end") }
      position += 1
      if next == UInt8(ascii: "]") { return }
      guard next == UInt8(ascii: ",") else { throw fail("expected ',' or ']'") }
    }
  }

  /// Validates a string (escapes, no raw control characters, well-formed UTF-8) and returns its
  /// range, quotes included.
  mutating func string() throws(Failure) -> Range<Int> {
    skipWhitespace()
    let start = position
    guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
      throw fail("expected a string")
    }
    position += 1
    if checked { return try checkedString(from: start) }
    while position < bytes.count {
      // Eight plain bytes at a time: a joke's text is mostly ASCII without quotes or escapes.
      while position + 8 <= bytes.count, Self.special(word(at: position)) == 0 {
        position += 8
      }
      guard position < bytes.count else { break }
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        position += 1
        return start..<position
      }
      if byte == UInt8(ascii: "\\") {
        position += 1
        guard position < bytes.count else { break }
        switch bytes[position] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
          UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
          position += 1
        case UInt8(ascii: "u"):
          guard position + 4 < bytes.count,
            (1...4).allSatisfy({ Self.hexValue(bytes[position + $0]) != nil })
          else { throw fail("bad \\u escape") }
          position += 5
        default:
          throw fail("bad escape")
        }
      } else if byte < 0x20 {
        throw fail("a control character in a string")
      } else if byte < 0x80 {
        position += 1
      } else {
        position += try utf8Sequence(at: position)
      }
    }
    throw fail("unterminated string")
  }

  /// The rest of a string in checked text, whose opening quote is at `start`: it ends at the
  /// first quote that an odd run of backslashes does not escape (glibc's `memchr` finds quotes
  /// many bytes at a time).
  private mutating func checkedString(from start: Int) throws(Failure) -> Range<Int> {
    let base = bytes.baseAddress!
    while position < bytes.count {
      guard let found = memchr(base + position, 0x22, bytes.count - position) else { break }
      let quote = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
      var backslashes = 0
      while quote - backslashes - 1 > start, bytes[quote - backslashes - 1] == UInt8(ascii: "\\") {
        backslashes += 1
      }
      position = quote + 1
      if backslashes % 2 == 0 { return start..<position }
    }
    position = bytes.count
    throw fail("unterminated string")
  }

  /// The eight bytes at `index` (at most `bytes.count - 8`), in memory order.
  private func word(at index: Int) -> UInt64 {
    UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)
  }

  /// Nonzero unless eight bytes may all stand in a string as they are: ASCII, none a control
  /// character, a quote or a backslash (the bit tricks of "Bit Twiddling Hacks": a byte below
  /// `n` sets its high bit in `(w - n×0x01…) & ~w & 0x80…`, equality is a zero after xor).
  static func special(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    func below(_ value: UInt64, _ limit: UInt64) -> UInt64 {
      (value &- limit &* ones) & ~value & highs
    }
    let quote = below(word ^ (0x22 &* ones), 1)
    let backslash = below(word ^ (0x5C &* ones), 1)
    return (word & highs) | below(word, 0x20) | quote | backslash
  }

  /// The length of the well-formed UTF-8 sequence starting at `index`.
  private func utf8Sequence(at index: Int) throws(Failure) -> Int {
    let lead = bytes[index]
    let length: Int
    var lower: UInt8 = 0x80
    var upper: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      lower = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      upper = 0x9F
    case 0xF0:
      length = 4
      lower = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      upper = 0x8F
    default: throw Failure(offset: index, reason: "invalid UTF-8")
    }
    guard index + length <= bytes.count else {
      throw Failure(offset: index, reason: "invalid UTF-8")
    }
    let second = bytes[index + 1]
    guard second >= lower, second <= upper else {
      throw Failure(offset: index, reason: "invalid UTF-8")
    }
    for offset in 2..<max(2, length) where bytes[index + offset] & 0xC0 != 0x80 {
      throw Failure(offset: index, reason: "invalid UTF-8")
    }
    return length
  }

  private mutating func literal(_ word: StaticString) throws(Failure) {
    let count = word.utf8CodeUnitCount
    guard position + count <= bytes.count else { throw fail("unexpected end") }
    for index in 0..<count where bytes[position + index] != word.utf8Start[index] {
      throw fail("unknown literal")
    }
    position += count
  }

  private mutating func number() throws(Failure) {
    func digits(_ scanner: inout JSONScanner) -> Int {
      let start = scanner.position
      while scanner.position < scanner.bytes.count,
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(scanner.bytes[scanner.position])
      {
        scanner.position += 1
      }
      return scanner.position - start
    }
    if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
    let integerStart = position
    let integerDigits = digits(&self)
    guard integerDigits > 0 else { throw fail("expected a value") }
    guard integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else {
      throw fail("a number with a leading zero")
    }
    if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
      position += 1
      guard digits(&self) > 0 else { throw fail("a number without fraction digits") }
    }
    if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
      position += 1
      if position < bytes.count,
        bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")
      {
        position += 1
      }
      guard digits(&self) > 0 else { throw fail("a number without exponent digits") }
    }
  }

  /// A non-negative integer value (like the list's `version`), or `nil` for any other value.
  mutating func integer() throws(Failure) -> Int? {
    let range = try value()
    var result = 0
    for index in range {
      let digit = bytes[index] &- UInt8(ascii: "0")
      guard digit < 10, result < Int.max / 20 else { return nil }
      result = result * 10 + Int(digit)
    }
    return range.isEmpty ? nil : result
  }

  static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
    default: return nil
    }
  }

  /// Whether the string at `range` (quotes included) means exactly `literal`: its bytes are the
  /// literal's, or its escapes (`"v\u0061lue"`) decode to it, as `JSONDecoder` reads keys.
  func string(at range: Range<Int>, is literal: StaticString) -> Bool {
    let bytes = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
    return string(at: range, is: bytes)
  }

  /// Whether the string at `range` (quotes included) means exactly `literal`: its bytes are the
  /// literal's, or its escapes (`"v\u0061lue"`) decode to it, as `JSONDecoder` reads keys.
  func string(at range: Range<Int>, is literal: some Collection<UInt8>) -> Bool {
    let start = range.lowerBound + 1
    let count = range.count - 2
    var index = 0
    // The usual case, no escapes: compare in place.
    for expected in literal {
      guard index < count else { return false }
      let byte = bytes[start + index]
      if byte == UInt8(ascii: "\\") {
        return Self.decodeString(bytes, range).utf8.elementsEqual(literal)
      }
      if byte != expected { return false }
      index += 1
    }
    // More left (an escape included) decodes to more than the literal.
    return index == count
  }
}
