import Foundation

/// A JSON value for assertions. Strings compare by their exact Unicode scalars: "e\u{301}" and "é"
/// are different values to a program reading the JSON, even though Swift finds them equal.
enum JSON: Sendable, Equatable, Decodable, CustomStringConvertible {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSON])
  case object([String: JSON])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSON].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSON].self))
    }
  }

  /// Parses JSON text.
  static func parse(_ data: Data) throws -> JSON {
    try JSONDecoder().decode(JSON.self, from: data)
  }

  /// Parses JSON text.
  static func parse(_ text: String) throws -> JSON {
    try parse(Data(text.utf8))
  }

  static func == (lhs: JSON, rhs: JSON) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.number(let a), .number(let b)): return a == b
    case (.string(let a), .string(let b)): return a.scalars == b.scalars
    case (.array(let a), .array(let b)): return a == b
    case (.object(let a), .object(let b)):
      return a.count == b.count && a.allSatisfy { key, value in b[key] == value }
    default: return false
    }
  }

  /// The value of `key` in an object.
  subscript(key: String) -> JSON? {
    guard case .object(let fields) = self else { return nil }
    return fields[key]
  }

  /// The elements of an array (empty for anything else).
  /// An object's keys, sorted; none for any other value.
  var keys: [String] {
    guard case .object(let fields) = self else { return [] }
    return fields.keys.sorted()
  }

  var elements: [JSON] {
    guard case .array(let items) = self else { return [] }
    return items
  }

  /// The string, for a string value.
  var string: String? {
    guard case .string(let value) = self else { return nil }
    return value
  }

  /// An object keeping only `keys`.
  func only(_ keys: [String]) -> JSON {
    guard case .object(let fields) = self else { return self }
    return .object(fields.filter { keys.contains($0.key) })
  }

  /// Compact JSON text, object keys sorted; strings escaped only where JSON requires it.
  var text: String {
    switch self {
    case .null: return "null"
    case .bool(let value): return value ? "true" : "false"
    case .number(let value):
      return value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    case .string(let value): return Self.quote(value)
    case .array(let items): return "[" + items.map(\.text).joined(separator: ",") + "]"
    case .object(let fields):
      return "{"
        + fields.sorted { $0.key < $1.key }.map { Self.quote($0.key) + ":" + $0.value.text }
        .joined(separator: ",") + "}"
    }
  }

  var description: String { text }

  private static func quote(_ text: String) -> String {
    var output = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      default:
        if scalar.value < 0x20 {
          output += String(format: "\\u%04x", scalar.value)
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    return output + "\""
  }
}

extension JSON: ExpressibleByStringLiteral, ExpressibleByArrayLiteral {
  init(stringLiteral value: String) { self = .string(value) }
  init(arrayLiteral elements: JSON...) { self = .array(elements) }
}
