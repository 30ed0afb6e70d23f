/// Standard base64 (RFC 4648, section 4: `A-Z a-z 0-9 + /`, padded with `=`), as a sync log's
/// lines hold sealed records. Only the canonical form is read: no line breaks or spaces, the
/// padding that the length asks for and no more, and zero in the bits the last digit does not
/// fill, so that one record has exactly one line.
enum Base64 {
  private static let digits = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  /// How many bytes of base64 `count` bytes make.
  static func encodedCount(_ count: Int) -> Int { (count + 2) / 3 * 4 }

  /// Appends the base64 form of `bytes`.
  /// - Parameters:
  ///   - bytes: the bytes.
  ///   - output: where to append their digits.
  static func encode(_ bytes: [UInt8], to output: inout [UInt8]) {
    output.reserveCapacity(output.count + encodedCount(bytes.count))
    var index = 0
    while index < bytes.count {
      let left = bytes.count - index
      let chunk =
        UInt32(bytes[index]) << 16
        | (left > 1 ? UInt32(bytes[index + 1]) << 8 : 0) | (left > 2 ? UInt32(bytes[index + 2]) : 0)
      for digit in 0..<4 {
        output.append(
          digit <= min(left, 3) ? digits[Int(chunk >> (18 - 6 * digit) & 0x3F)] : UInt8(ascii: "="))
      }
      index += 3
    }
  }

  /// Reads the canonical base64 form of some bytes.
  /// - Parameter text: the digits.
  /// - Returns: the bytes, or `nil` for anything but the canonical form (empty text is no
  ///   bytes).
  static func decode(_ text: some Collection<UInt8>) -> [UInt8]? {
    let text = Array(text)
    guard text.count % 4 == 0 else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.count / 4 * 3)
    var index = 0
    while index < text.count {
      let isLast = index + 4 == text.count
      let padding =
        isLast
        ? (text[index + 3] == UInt8(ascii: "=") ? 1 : 0)
          + (text[index + 2] == UInt8(ascii: "=") ? 1 : 0) : 0
      var chunk: UInt32 = 0
      for offset in 0..<4 {
        if offset >= 4 - padding {
          chunk <<= 6
          continue
        }
        guard let value = value(text[index + offset]) else { return nil }
        chunk = chunk << 6 | UInt32(value)
      }
      // `xx=x` is not base64, and neither is a digit with bits the padding leaves over.
      if padding == 1, text[index + 2] == UInt8(ascii: "=") { return nil }
      guard chunk & (padding == 2 ? 0xFFFF : padding == 1 ? 0xFF : 0) == 0 else { return nil }
      bytes.append(UInt8(chunk >> 16))
      if padding < 2 { bytes.append(UInt8(chunk >> 8 & 0xFF)) }
      if padding < 1 { bytes.append(UInt8(chunk & 0xFF)) }
      index += 4
    }
    return bytes
  }

  private static func value(_ digit: UInt8) -> UInt8? {
    switch digit {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): digit - UInt8(ascii: "A")
    case UInt8(ascii: "a")...UInt8(ascii: "z"): digit - UInt8(ascii: "a") + 26
    case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0") + 52
    case UInt8(ascii: "+"): 62
    case UInt8(ascii: "/"): 63
    default: nil
    }
  }
}
