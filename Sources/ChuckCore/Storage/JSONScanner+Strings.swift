/// Decoding a validated JSON string's escapes, for the few strings that have them.
extension JSONScanner {
  /// Decodes the validated string at `range` (quotes included).
  static func decodeString(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
    let inner = UnsafeBufferPointer(
      rebasing: bytes[(range.lowerBound + 1)..<(range.upperBound - 1)])
    guard inner.contains(UInt8(ascii: "\\")) else { return String(decoding: inner, as: UTF8.self) }
    var scalars = String.UnicodeScalarView()
    var utf8: [UInt8] = []
    var index = 0
    func flush() {
      if !utf8.isEmpty {
        scalars.append(contentsOf: String(decoding: utf8, as: UTF8.self).unicodeScalars)
        utf8.removeAll(keepingCapacity: true)
      }
    }
    func hex4(_ at: Int) -> UInt32 {
      (0..<4).reduce(0) { $0 << 4 | (hexValue(inner[at + $1]) ?? 0) }
    }
    while index < inner.count {
      let byte = inner[index]
      guard byte == UInt8(ascii: "\\") else {
        utf8.append(byte)
        index += 1
        continue
      }
      flush()
      let escape = inner[index + 1]
      index += 2
      switch escape {
      case UInt8(ascii: "b"): scalars.append("\u{08}")
      case UInt8(ascii: "f"): scalars.append("\u{0C}")
      case UInt8(ascii: "n"): scalars.append("\n")
      case UInt8(ascii: "r"): scalars.append("\r")
      case UInt8(ascii: "t"): scalars.append("\t")
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
        scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
      default: scalars.append(Unicode.Scalar(escape))
      }
    }
    flush()
    return String(scalars)
  }
}
