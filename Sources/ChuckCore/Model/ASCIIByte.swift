/// Tests of one byte of ASCII text, and ASCII's lower case: the config file's keys, paths, header
/// names and variables are ASCII, read at every start, where `Character` and `Unicode.Scalar`
/// properties cost Unicode's tables.
enum ASCIIByte {
  /// `0` to `9`.
  static func isDigit(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
  }

  /// `A` to `Z` and `a` to `z`.
  static func isLetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
  }

  /// A letter or a digit.
  static func isLetterOrDigit(_ byte: UInt8) -> Bool {
    isLetter(byte) || isDigit(byte)
  }

  /// `0` to `9`, `A` to `F` and `a` to `f`.
  static func isHexDigit(_ byte: UInt8) -> Bool {
    isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
  }

  /// `text` with its ASCII letters in lower case, every other byte as it is.
  static func lowercased(_ text: String) -> String {
    String(decoding: text.utf8.map { isLetter($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
  }
}
