/// A value of the config file, as its flat subset of TOML writes it: a string, an integer, a
/// float, `true` or `false`, or an array of values on one line.
public enum ConfigValue: Sendable, Hashable, CustomStringConvertible {
  /// A string, written in double quotes.
  case string(String)
  /// A whole number, 64 bits with a sign.
  case integer(Int)
  /// A number with a fraction or an exponent, or `inf` or `nan`.
  case float(Double)
  /// `true` or `false`.
  case boolean(Bool)
  /// Values in brackets, separated by commas (`["explicit", "nsfw"]`).
  case array([ConfigValue])

  /// The value as TOML text, as ``ConfigFile/setting(_:in:to:)`` writes it: a basic string with
  /// every control character escaped, an integer in decimal, a float as Swift prints it (which
  /// TOML reads back as the same number), an array as `[a, b]`.
  public var toml: String {
    switch self {
    case .string(let text): return Self.quoted(text)
    case .integer(let number): return String(number)
    case .float(let number): return number.isNaN ? "nan" : number.description
    case .boolean(let flag): return flag ? "true" : "false"
    case .array(let values): return "[" + values.map(\.toml).joined(separator: ", ") + "]"
    }
  }

  /// The value as TOML text (``toml``).
  public var description: String { toml }

  /// What kind of value it is, as a message names it: `a string`, `an integer`, `a number`,
  /// `true or false`, `an array`.
  public var kind: String {
    switch self {
    case .string: return "a string"
    case .integer: return "an integer"
    case .float: return "a number"
    case .boolean: return "true or false"
    case .array: return "an array"
    }
  }

  /// Values are equal when they read the same: a float `nan` equals a float `nan`, as the file
  /// holds the same text, though the numbers compare unequal.
  public static func == (left: ConfigValue, right: ConfigValue) -> Bool {
    switch (left, right) {
    case (.string(let a), .string(let b)): return a == b
    case (.integer(let a), .integer(let b)): return a == b
    case (.float(let a), .float(let b)): return a == b || (a.isNaN && b.isNaN)
    case (.boolean(let a), .boolean(let b)): return a == b
    case (.array(let a), .array(let b)): return a == b
    default: return false
    }
  }

  /// Hashes the value consistently with ``==(_:_:)``: every `nan` hashes alike.
  public func hash(into hasher: inout Hasher) {
    switch self {
    case .string(let text):
      hasher.combine(0)
      hasher.combine(text)
    case .integer(let number):
      hasher.combine(1)
      hasher.combine(number)
    case .float(let number):
      hasher.combine(2)
      hasher.combine(number.isNaN ? .nan : number)
    case .boolean(let flag):
      hasher.combine(3)
      hasher.combine(flag)
    case .array(let values):
      hasher.combine(4)
      hasher.combine(values)
    }
  }

  /// A TOML basic string: `"` and `\` escaped, and every control character (TOML allows none but
  /// tab, which is escaped too, so that the line stays plain).
  static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\u{8}": result += "\\b"
      case "\t": result += "\\t"
      case "\n": result += "\\n"
      case "\u{C}": result += "\\f"
      case "\r": result += "\\r"
      case "\u{0}"..."\u{1F}", "\u{7F}":
        let hex = String(scalar.value, radix: 16, uppercase: true)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
