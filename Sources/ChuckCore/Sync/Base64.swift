import FoundationEssentials

/// Standard base64 (RFC 4648, section 4: `A-Z a-z 0-9 + /`, padded with `=`), as a sync log's
/// lines hold sealed records: FoundationEssentials' codec, and the one check a log needs on top
/// of it. Only the canonical form is read — no line breaks or spaces, the padding that the length
/// asks for and no more, and zero in the bits the last digit does not fill — so that one record
/// has exactly one line: the text must be what encoding its bytes gives back.
enum Base64 {
  /// How many bytes of base64 `count` bytes make.
  static func encodedCount(_ count: Int) -> Int { (count + 2) / 3 * 4 }

  /// Appends the base64 form of `bytes`.
  /// - Parameters:
  ///   - bytes: the bytes.
  ///   - output: where to append their digits.
  static func encode(_ bytes: [UInt8], to output: inout [UInt8]) {
    output.append(contentsOf: Data(bytes).base64EncodedData())
  }

  /// Reads the canonical base64 form of some bytes.
  /// - Parameter text: the digits.
  /// - Returns: the bytes, or `nil` for anything but the canonical form (empty text is no
  ///   bytes).
  static func decode(_ text: some Collection<UInt8>) -> [UInt8]? {
    let text = Data(text)
    guard let bytes = Data(base64Encoded: text), bytes.base64EncodedData() == text else {
      return nil
    }
    return Array(bytes)
  }
}
