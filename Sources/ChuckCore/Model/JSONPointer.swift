/// Where a value is in a JSON document, as RFC 6901 writes it: `""` for the whole document,
/// `/joke` for the member `joke` of an object, `/items/0/title` for the title of an array's
/// first item. A declared source says with pointers where each field of its answer is.
///
/// Each `/` starts a reference token; in a token, `~1` stands for `/` and `~0` for `~`, and no
/// other `~` is allowed. A token is compared with an object's member names exactly, scalar by
/// scalar (`é` written as one scalar does not match `e` followed by a combining accent), and
/// names an array's element when it is `0` or digits without a leading zero, within the array.
/// `-` (the element after the last) and everything else name nothing in an array.
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible {
  /// The reference tokens, unescaped, in order: `/a~1b/0` has `a/b` and `0`.
  public let tokens: [String]
  /// The pointer as it was written.
  public let description: String

  /// The pointer to the whole document, `""`.
  public static let document = JSONPointer(tokens: [], description: "")

  /// Makes a pointer from its tokens and its text, which must agree.
  private init(tokens: [String], description: String) {
    self.tokens = tokens
    self.description = description
  }

  /// Reads a pointer's text.
  /// - Parameter text: `""`, or text that starts with `/`, such as `/joke` or `/items/0/title`.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for text that does not start with `/`, or that
  ///   holds a `~` not followed by `0` or `1`; the message says which and gives examples.
  public init(parsing text: String) throws(ChuckError) {
    guard !text.isEmpty else {
      self = .document
      return
    }
    guard text.hasPrefix("/") else {
      throw .invalidArgument(
        "\(text.debugDescription) is not a JSON pointer: a pointer starts with /, as in /joke "
          + "or /items/0/title (\"\" is the whole answer)")
    }
    // Split on scalars, not characters: a `/` followed by a combining mark is one character.
    var tokens: [String] = []
    for part in text.unicodeScalars.dropFirst().split(
      separator: "/", omittingEmptySubsequences: false)
    {
      tokens.append(try Self.unescaped(part, in: text))
    }
    self.tokens = tokens
    description = text
  }

  /// A token with `~1` made `/` and `~0` made `~`, in that order.
  private static func unescaped(_ part: Substring.UnicodeScalarView, in text: String)
    throws(ChuckError) -> String
  {
    guard part.contains("~") else { return String(part) }
    var token = String.UnicodeScalarView()
    var scalars = part.makeIterator()
    while let scalar = scalars.next() {
      guard scalar == "~" else {
        token.append(scalar)
        continue
      }
      switch scalars.next() {
      case "0": token.append("~")
      case "1": token.append("/")
      case let next:
        let found =
          next.map { "\"~\(Character($0))\" is not an escape" }
          ?? "a ~ with nothing after it is not an escape"
        throw .invalidArgument(
          "\(text.debugDescription) is not a JSON pointer: \(found); in a pointer, ~ is written "
            + "~0 and a / inside a name ~1, as in /a~1b for the member \"a/b\" (a pointer is like "
            + "/joke or /items/0/title)")
      }
    }
    return String(token)
  }

  /// The value the pointer names in a document.
  /// - Parameter document: the document, such as a source's answer.
  /// - Returns: the value, or `nil` when a token names no member or element: a member that is
  ///   not there, an index that is not a number written without a leading zero or is past the
  ///   end, `-`, or anything under a string, number, boolean or `null`.
  public func resolve(in document: JSONValue) -> JSONValue? {
    var value = document
    for token in tokens {
      switch value {
      case .object(let members):
        // Swift's strings compare canonically (a composed é equals e and a combining accent):
        // the one member a lookup finds must also have the token's very scalars.
        guard let index = members.index(forKey: token),
          members[index].key.unicodeScalars.elementsEqual(token.unicodeScalars)
        else { return nil }
        value = members[index].value
      case .array(let elements):
        guard let index = Self.arrayIndex(token), index < elements.count else { return nil }
        value = elements[index]
      case .null, .bool, .number, .string:
        return nil
      }
    }
    return value
  }

  /// The index a token names: `0`, or ASCII digits without a leading zero that fit an `Int`.
  private static func arrayIndex(_ token: String) -> Int? {
    let digits = token.utf8
    guard let first = digits.first,
      digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
      first != UInt8(ascii: "0") || digits.count == 1
    else { return nil }
    return Int(token)
  }
}
