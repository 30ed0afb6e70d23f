/// Percent-encoding of URL parts (RFC 3986): every UTF-8 byte outside an allowed set is written
/// `%XX`. Tests compare it with Foundation's `addingPercentEncoding(withAllowedCharacters:)`.
enum PercentEncoding {
  private static let unreserved = Set(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)

  /// What a path segment may hold as it is: Foundation's `urlPathAllowed` without `/`.
  static let pathSegment = unreserved.union("!$&'()*+,=:@".utf8)

  /// What a query value may hold as it is: Foundation's `urlQueryAllowed` without `+&=#?`
  /// (servers read a raw `+` as a space).
  static let queryValue = unreserved.union("!$'()*,;:@/".utf8)

  /// `text` with every byte outside `allowed` percent-encoded.
  /// - Parameters:
  ///   - text: the text.
  ///   - allowed: the bytes left as they are.
  /// - Returns: the encoded text.
  static func encode(_ text: String, allowing allowed: Set<UInt8>) -> String {
    let hex = Array("0123456789ABCDEF".utf8)
    var output: [UInt8] = []
    output.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      if allowed.contains(byte) {
        output.append(byte)
      } else {
        output += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
      }
    }
    return String(decoding: output, as: UTF8.self)
  }
}
