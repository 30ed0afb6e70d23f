import Foundation
import Testing

@testable import ChuckCore

@Suite struct JSONPointerTests {
  /// The example document of RFC 6901, section 5.
  private static let rfcDocument = """
    {
      "foo": ["bar", "baz"],
      "": 0,
      "a/b": 1,
      "c%d": 2,
      "e^f": 3,
      "g|h": 4,
      "i\\\\j": 5,
      "k\\"l": 6,
      " ": 7,
      "m~n": 8
    }
    """

  private func document(_ json: String) throws -> JSONValue {
    try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))
  }

  private func resolve(_ pointer: String, in json: String) throws -> JSONValue? {
    try JSONPointer(parsing: pointer).resolve(in: document(json))
  }

  /// Every pointer of RFC 6901's section 5 names the value the RFC says.
  @Test(arguments: [
    ("/foo", JSONValue.array([.string("bar"), .string("baz")])), ("/foo/0", .string("bar")),
    ("/", .number(0)), ("/a~1b", .number(1)), ("/c%d", .number(2)), ("/e^f", .number(3)),
    ("/g|h", .number(4)), ("/i\\j", .number(5)), ("/k\"l", .number(6)), ("/ ", .number(7)),
    ("/m~0n", .number(8)),
  ])
  func rfcExamples(pointer: String, expected: JSONValue) throws {
    #expect(try resolve(pointer, in: Self.rfcDocument) == expected)
  }

  /// `""` is the whole document, and the pointer to it.
  @Test func emptyPointerIsTheDocument() throws {
    let whole = try document(Self.rfcDocument)
    #expect(try JSONPointer(parsing: "").resolve(in: whole) == whole)
    #expect(try JSONPointer(parsing: "") == .document)
    #expect(JSONPointer.document.tokens == [])
    #expect(JSONPointer.document.resolve(in: .string("x")) == .string("x"))
  }

  /// The tokens are unescaped, `~1` before `~0`, so `~01` is `~1`, not `/`; the description is
  /// the text as written.
  @Test func tokensAndDescription() throws {
    let pointer = try JSONPointer(parsing: "/a~1b/m~0n/~01//0")
    #expect(pointer.tokens == ["a/b", "m~n", "~1", "", "0"])
    #expect(pointer.description == "/a~1b/m~0n/~01//0")
    #expect("\(pointer)" == "/a~1b/m~0n/~01//0")
    #expect(try resolve("/~01", in: #"{"~1": "tilde one", "/": "slash"}"#) == .string("tilde one"))
    #expect(try resolve("/~1", in: #"{"~1": "tilde one", "/": "slash"}"#) == .string("slash"))
  }

  /// A nested path through objects and arrays: `/items/0/title`.
  @Test func nested() throws {
    let json = #"{"items": [{"title": "first"}, {"title": "second"}], "total": 2}"#
    #expect(try resolve("/items/0/title", in: json) == .string("first"))
    #expect(try resolve("/items/1/title", in: json) == .string("second"))
    #expect(try resolve("/items/2/title", in: json) == nil)
    #expect(try resolve("/items/0/author", in: json) == nil)
  }

  /// An array's element is named by `0` or digits without a leading zero, within the array;
  /// `-`, a sign, a space, an exponent, a leading zero or a number past the end name nothing.
  @Test(arguments: [
    ("/foo/1", JSONValue?.some(.string("baz"))), ("/foo/01", nil), ("/foo/00", nil),
    ("/foo/2", nil), ("/foo/-", nil), ("/foo/+1", nil), ("/foo/-1", nil), ("/foo/ 1", nil),
    ("/foo/1e0", nil), ("/foo/", nil), ("/foo/\u{661}", nil),
    ("/foo/99999999999999999999999", nil),
  ])
  func arrayIndexes(pointer: String, expected: JSONValue?) throws {
    #expect(try resolve(pointer, in: Self.rfcDocument) == expected)
  }

  /// A member that is not there, or a token under a string, number, boolean or `null`, names
  /// nothing.
  @Test func missingValues() throws {
    let json = #"{"s": "text", "n": 1, "b": true, "z": null}"#
    for pointer in ["/nope", "/s/0", "/s/length", "/n/0", "/b/x", "/z/x", "/S"] {
      #expect(try resolve(pointer, in: json) == nil, "\(pointer)")
    }
    #expect(try resolve("/z", in: json) == .null)
  }

  /// Member names compare scalar by scalar: a composed é does not name a member written as e and
  /// a combining accent, though Swift's strings call them equal.
  @Test func exactMemberNames() throws {
    let decomposed = JSONValue.object(["e\u{301}": .number(1)])
    #expect(try JSONPointer(parsing: "/e\u{301}").resolve(in: decomposed) == .number(1))
    #expect(try JSONPointer(parsing: "/\u{E9}").resolve(in: decomposed) == nil)
  }

  /// A `/` followed by a combining mark still separates tokens (the split is by scalars).
  @Test func slashBeforeACombiningMark() throws {
    let pointer = try JSONPointer(parsing: "/a/\u{301}b")
    #expect(pointer.tokens == ["a", "\u{301}b"])
  }

  /// Text that does not start with `/` is refused, with examples of pointers.
  @Test(arguments: ["joke", " /joke", "#/joke", "items/0"])
  func refusesNoLeadingSlash(text: String) {
    #expect(
      throws: ChuckError.invalidArgument(
        "\(text.debugDescription) is not a JSON pointer: a pointer starts with /, as in /joke or "
          + "/items/0/title (\"\" is the whole answer)")
    ) {
      try JSONPointer(parsing: text)
    }
  }

  /// A `~` not followed by `0` or `1` is refused, saying which and how to write `~` and `/`.
  @Test(arguments: [
    ("/a~2b", "\"~2\" is not an escape"), ("/a~", "a ~ with nothing after it is not an escape"),
    ("/a~/b", "a ~ with nothing after it is not an escape"), ("/~~0", "\"~~\" is not an escape"),
    ("/ok/x~é", "\"~é\" is not an escape"),
  ])
  func refusesBadEscapes(text: String, found: String) {
    #expect(
      throws: ChuckError.invalidArgument(
        "\(text.debugDescription) is not a JSON pointer: \(found); in a pointer, ~ is written ~0 "
          + "and a / inside a name ~1, as in /a~1b for the member \"a/b\" (a pointer is like "
          + "/joke or /items/0/title)")
    ) {
      try JSONPointer(parsing: text)
    }
  }

  /// Pointers are equal when written alike.
  @Test func equality() throws {
    #expect(try JSONPointer(parsing: "/a~1b") == JSONPointer(parsing: "/a~1b"))
    #expect(try JSONPointer(parsing: "/a") != JSONPointer(parsing: "/b"))
  }
}
