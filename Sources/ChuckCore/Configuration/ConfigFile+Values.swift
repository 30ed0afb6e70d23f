/// The values of the config file's lines, as TOML writes them.
extension ConfigLineScanner {
  /// What a value may be, as messages say it.
  static let allowedValues =
    "a value is a string in quotes, a number, true, false or an array in [ ] on one line"

  /// The value at the cursor.
  mutating func value() throws(ConfigSyntaxError) -> ConfigValue {
    switch peek {
    case nil, UInt8(ascii: "#"):
      throw ConfigSyntaxError(message: "the value is missing after =: " + Self.allowedValues)
    case UInt8(ascii: "\""):
      return .string(try basicString())
    case UInt8(ascii: "'"):
      return .string(try literalString())
    case UInt8(ascii: "["):
      return try array()
    case UInt8(ascii: "{"):
      throw ConfigSyntaxError(message: "inline tables ({…}) are not supported: use a [table]")
    default:
      return try bareValue()
    }
  }

  private static let unclosedString =
    "the string is not closed: it ends with a quote on its line (multi-line strings are not "
    + "supported: write \\n for a line break)"

  /// A string in double quotes, with TOML's escapes.
  private mutating func basicString() throws(ConfigSyntaxError) -> String {
    index += 1
    if looking(at: "\"\"") {
      throw ConfigSyntaxError(
        message: "multi-line strings (\"\"\") are not supported: write \\n for a line break")
    }
    var text: [UInt8] = []
    while let byte = peek {
      index += 1
      switch byte {
      case UInt8(ascii: "\""): return String(decoding: text, as: UTF8.self)
      case UInt8(ascii: "\\"): try escape(into: &text)
      default: text.append(byte)
      }
    }
    throw ConfigSyntaxError(message: Self.unclosedString)
  }

  /// The escape after a backslash.
  private mutating func escape(into text: inout [UInt8]) throws(ConfigSyntaxError) {
    guard let byte = peek else { throw ConfigSyntaxError(message: Self.unclosedString) }
    let simple: [UInt8: UInt8] = [
      UInt8(ascii: "b"): 0x08, UInt8(ascii: "t"): 0x09, UInt8(ascii: "n"): 0x0A,
      UInt8(ascii: "f"): 0x0C, UInt8(ascii: "r"): 0x0D, UInt8(ascii: "\""): 0x22,
      UInt8(ascii: "\\"): 0x5C,
    ]
    if let meaning = simple[byte] {
      index += 1
      text.append(meaning)
      return
    }
    guard byte == UInt8(ascii: "u") || byte == UInt8(ascii: "U") else {
      let shown = (0x21..<0x7F).contains(byte) ? "\\" + String(UnicodeScalar(byte)) : "this escape"
      throw ConfigSyntaxError(
        message: "\(shown) is not an escape of TOML: the escapes are \\\" \\\\ \\b \\t \\n \\f "
          + "\\r \\uXXXX and \\UXXXXXXXX")
    }
    index += 1
    let count = byte == UInt8(ascii: "u") ? 4 : 8
    let letter = byte == UInt8(ascii: "u") ? "u" : "U"
    let digits = bytes[index..<min(index + count, end)]
    guard digits.count == count,
      let number = UInt32(String(decoding: digits, as: UTF8.self), radix: 16),
      digits.allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") })
    else {
      throw ConfigSyntaxError(message: "\\\(letter) needs exactly \(count) hex digits")
    }
    guard let scalar = Unicode.Scalar(number) else {
      throw ConfigSyntaxError(
        message: "\\\(letter)\(String(decoding: digits, as: UTF8.self)) is not a character: "
          + "surrogates (D800 to DFFF) and numbers above 10FFFF are not allowed")
    }
    index += count
    UTF8.encode(scalar) { text.append($0) }
  }

  /// A string in single quotes, without escapes.
  private mutating func literalString() throws(ConfigSyntaxError) -> String {
    index += 1
    if looking(at: "''") {
      throw ConfigSyntaxError(
        message: "multi-line strings (''') are not supported: use a string in double quotes "
          + "and write \\n for a line break")
    }
    let start = index
    while let byte = peek {
      index += 1
      if byte == UInt8(ascii: "'") {
        return String(decoding: bytes[start..<index - 1], as: UTF8.self)
      }
    }
    throw ConfigSyntaxError(message: Self.unclosedString)
  }

  /// An array on one line, a comma after its last value allowed.
  private mutating func array() throws(ConfigSyntaxError) -> ConfigValue {
    guard depth < ConfigFile.deepestArray else {
      throw ConfigSyntaxError(
        message: "arrays are nested too deep: at most \(ConfigFile.deepestArray) in one another")
    }
    depth += 1
    defer { depth -= 1 }
    let unclosed =
      "the array is not closed: it ends with ] on its line (multi-line arrays are not supported)"
    index += 1
    var values: [ConfigValue] = []
    while true {
      skipSpace()
      guard let byte = peek, byte != UInt8(ascii: "#") else {
        throw ConfigSyntaxError(message: unclosed)
      }
      if consume("]") { return .array(values) }
      values.append(try value())
      skipSpace()
      if consume(",") { continue }
      if consume("]") { return .array(values) }
      guard peek != nil, peek != UInt8(ascii: "#") else {
        throw ConfigSyntaxError(message: unclosed)
      }
      throw ConfigSyntaxError(
        message: "unexpected \(word().debugDescription) in the array: values are separated by "
          + "commas")
    }
  }

  /// `true`, `false` or a number: its bytes up to a space, comma, bracket or comment.
  private mutating func bareValue() throws(ConfigSyntaxError) -> ConfigValue {
    let start = index
    while index < end, Self.isBareValueByte(bytes[index]) { index += 1 }
    let token = bytes[start..<index]
    let text = String(decoding: token, as: UTF8.self)
    guard !token.isEmpty else {
      throw ConfigSyntaxError(
        message: "\(word().debugDescription) is not a value: " + Self.allowedValues)
    }
    switch text {
    case "true": return .boolean(true)
    case "false": return .boolean(false)
    case "inf", "+inf": return .float(.infinity)
    case "-inf": return .float(-.infinity)
    case "nan", "+nan", "-nan": return .float(.nan)
    default: break
    }
    if token.contains(UInt8(ascii: ":"))
      || (token.count >= 10 && token[start + 4] == UInt8(ascii: "-")
        && token[start + 7] == UInt8(ascii: "-"))
    {
      throw ConfigSyntaxError(
        message: "\(text) is a date or a time, which are not supported: write it in quotes")
    }
    if let number = try Self.number(token, text: text) { return number }
    let hint =
      token.allSatisfy({ ConfigFile.isKeyByte($0) }) && !ASCIIByte.isDigit(token.first!)
      ? "a string needs quotes (\"\(text)\")" : Self.allowedValues
    throw ConfigSyntaxError(message: "\(text) is not a value: " + hint)
  }

  private static func isBareValueByte(_ byte: UInt8) -> Bool {
    ConfigFile.isKeyByte(byte) || "+.:".utf8.contains(byte)
  }

  /// Whether `part` is digits with single `_` between them: `1_000`, not `_1`, `1__0` or `1_`.
  private static func isGrouped(_ part: ArraySlice<UInt8>, digit: (UInt8) -> Bool) -> Bool {
    guard let first = part.first, let last = part.last, digit(first), digit(last) else {
      return false
    }
    var previous: UInt8 = 0
    for byte in part {
      guard digit(byte) || (byte == UInt8(ascii: "_") && previous != byte) else { return false }
      previous = byte
    }
    return true
  }

  /// A TOML integer (decimal with a sign, or `0x`, `0o`, `0b`) or float, or `nil` when the
  /// token is not shaped as one.
  private static func number(_ token: ArraySlice<UInt8>, text: String)
    throws(ConfigSyntaxError) -> ConfigValue?
  {
    let plain = String(text.filter { $0 != "_" })
    let outOfRange = ConfigSyntaxError(
      message: "\(text) is out of range: an integer is from \(Int.min) to \(Int.max)")
    for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] where text.hasPrefix(prefix) {
      let digits = token.dropFirst(2)
      let grouped = isGrouped(digits) { byte in
        radix == 16
          ? ASCIIByte.isHexDigit(byte)
          : ASCIIByte.isDigit(byte) && Int(byte - UInt8(ascii: "0")) < radix
      }
      guard grouped else { return nil }
      guard let number = Int(plain.dropFirst(2), radix: radix) else { throw outOfRange }
      return .integer(number)
    }
    var rest = token
    if let sign = rest.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
      rest = rest.dropFirst()
    }
    let integerPart = rest.prefix { ASCIIByte.isDigit($0) || $0 == UInt8(ascii: "_") }
    rest = rest.dropFirst(integerPart.count)
    var fraction: ArraySlice<UInt8>?
    var exponent: ArraySlice<UInt8>?
    if rest.first == UInt8(ascii: ".") {
      fraction = rest.dropFirst().prefix { ASCIIByte.isDigit($0) || $0 == UInt8(ascii: "_") }
      rest = rest.dropFirst(1 + fraction!.count)
    }
    if let letter = rest.first, letter | 0x20 == UInt8(ascii: "e") {
      var digits = rest.dropFirst()
      if let sign = digits.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
        digits = digits.dropFirst()
      }
      exponent = digits
      rest = []
    }
    guard rest.isEmpty, isGrouped(integerPart, digit: ASCIIByte.isDigit),
      fraction.map({ isGrouped($0, digit: ASCIIByte.isDigit) }) ?? true,
      exponent.map({ isGrouped($0, digit: ASCIIByte.isDigit) }) ?? true
    else { return nil }
    if integerPart.count > 1, integerPart.first == UInt8(ascii: "0") {
      throw ConfigSyntaxError(message: "\(text) has a leading zero, which TOML does not allow")
    }
    guard fraction != nil || exponent != nil else {
      guard let number = Int(plain) else { throw outOfRange }
      return .integer(number)
    }
    guard let number = Double(plain), number.isFinite else {
      throw ConfigSyntaxError(message: "\(text) is too large for a number")
    }
    return .float(number)
  }
}
