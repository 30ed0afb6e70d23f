/// Decoding a validated JSON string's escapes, for the few strings that have them.
extension JSONScanner {
  /// Decodes the validated string at `range` (quotes included).
  static func decodeString(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
    let inner = UnsafeBufferPointer(
      rebasing: bytes[(range.lowerBound + 1)..<(range.upperBound - 1)])
    guard inner.contains(UInt8(ascii: "\\")) else { return String(decoding: inner, as: UTF8.self) }
    // The decoded text as UTF-8, each run between escapes copied whole: one String at the end
    // (a sync record's item is a whole joke with a `\"` every few bytes).
    var utf8: [UInt8] = []
    utf8.reserveCapacity(inner.count)
    var index = 0
    func hex4(_ at: Int) -> UInt32 {
      (0..<4).reduce(0) { $0 << 4 | (hexValue(inner[at + $1]) ?? 0) }
    }
    func append(_ scalar: Unicode.Scalar) {
      utf8.append(contentsOf: UTF8.encode(scalar)!)
    }
    while index < inner.count {
      var end = index
      while end < inner.count, inner[end] != UInt8(ascii: "\\") { end += 1 }
      if end > index {
        utf8.append(contentsOf: UnsafeBufferPointer(rebasing: inner[index..<end]))
        index = end
        continue
      }
      let escape = inner[index + 1]
      index += 2
      switch escape {
      case UInt8(ascii: "b"): utf8.append(0x08)
      case UInt8(ascii: "f"): utf8.append(0x0C)
      case UInt8(ascii: "n"): utf8.append(0x0A)
      case UInt8(ascii: "r"): utf8.append(0x0D)
      case UInt8(ascii: "t"): utf8.append(0x09)
      case UInt8(ascii: "u"):
        var code = hex4(index)
        index += 4
        if (0xD800...0xDBFF).contains(code), index + 6 <= inner.count,
          inner[index] == UInt8(ascii: "\\"), inner[index + 1] == UInt8(ascii: "u")
        {
          let low = hex4(index + 2)
          if (0xDC00...0xDFFF).contains(low) {
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            index += 6
          }
        }
        append(Unicode.Scalar(code) ?? "\u{FFFD}")
      default: utf8.append(escape)
      }
    }
    return String(decoding: utf8, as: UTF8.self)
  }
}
