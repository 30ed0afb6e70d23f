import Foundation
import Testing

@testable import ChuckCore

@Suite struct JSONValueTests {
  /// Every kind of JSON value decodes to its case and encodes back to equal JSON.
  @Test(arguments: [
    ("null", JSONValue.null), ("true", .bool(true)), ("false", .bool(false)),
    ("3.25", .number(3.25)), ("-7", .number(-7)), ("\"text é\"", .string("text é")),
    ("[1,\"a\",null]", .array([.number(1), .string("a"), .null])),
    ("{\"k\":{\"n\":[true]}}", .object(["k": .object(["n": .array([.bool(true)])])])),
    ("[]", .array([])), ("{}", .object([:])),
  ])
  func roundTrip(json: String, value: JSONValue) throws {
    let decoded = try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))
    #expect(decoded == value)
    let encoded = try JSONEncoder().encode(value)
    #expect(try JSONDecoder().decode(JSONValue.self, from: encoded) == value)
  }

  /// Numbers are not taken for booleans, nor booleans for numbers.
  @Test func numbersAndBooleansStayApart() throws {
    #expect(try JSONDecoder().decode(JSONValue.self, from: Data("1".utf8)) == .number(1))
    #expect(try JSONDecoder().decode(JSONValue.self, from: Data("0".utf8)) == .number(0))
    #expect(try JSONDecoder().decode(JSONValue.self, from: Data("true".utf8)) == .bool(true))
  }

  /// A number JSON cannot represent fails to encode rather than writing invalid JSON.
  @Test func infinityFailsToEncode() {
    #expect(throws: EncodingError.self) { try JSONEncoder().encode(JSONValue.number(.infinity)) }
  }
}
