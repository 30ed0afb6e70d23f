/// The rules for joke ids and for the prefixes that stand for them, with their wording: the one
/// place that commands, the saved list and the list file's check ask.
public enum JokeID {
  /// The shortest prefix that may stand for an id.
  public static let minimumPrefixLength = 4

  /// What a real id looks like, for messages.
  public static let form = "22 characters of A-Z, a-z, 0-9, _ and -"

  /// What any source's id looks like (``isAcceptable(_:)``), for messages.
  public static let anyForm = "1 to 64 characters of A-Z, a-z, 0-9, _ and -"

  /// Why `prefix` cannot stand for a saved joke's id, or `nil` when it can.
  /// - Parameter prefix: a full id or the start of one.
  /// - Returns: the problem, worded for the user.
  public static func prefixProblem(_ prefix: String) -> String? {
    prefix.count >= minimumPrefixLength
      ? nil : "an id prefix needs at least \(minimumPrefixLength) characters"
  }

  /// Checks that `prefix` may stand for a saved joke's id.
  /// - Parameter prefix: a full id or the start of one.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for one that is too short.
  public static func checkPrefix(_ prefix: String) throws(ChuckError) {
    if let problem = prefixProblem(prefix) { throw .invalidArgument(problem) }
  }

  /// Whether `id` has the form of a real joke id: exactly 22 characters of `[A-Za-z0-9_-]`.
  /// - Parameter id: the text to check.
  /// - Returns: `true` for a well-formed full id.
  public static func isWellFormed(_ id: String) -> Bool {
    id.utf8.count == 22 && id.utf8.allSatisfy(isIDByte)
  }

  /// Ids from a server are accepted when they are 1 to 64 characters of `[A-Za-z0-9_-]`: safe in a
  /// terminal, a path and a URL, and lenient enough for a future id length. The form of the other
  /// sources' ids too (icanhazdadjoke's 11 characters, the Official Joke API's numbers).
  /// - Parameter id: the text to check.
  /// - Returns: `true` for an acceptable id.
  public static func isAcceptable(_ id: String) -> Bool {
    (1...64).contains(id.utf8.count) && id.utf8.allSatisfy(isIDByte)
  }

  /// The id of a service whose ids are whole numbers (the Official Joke API, JokeAPI): the
  /// number's digits, or `nil` for anything else (a fraction, a sign, a number too large).
  /// - Parameter value: the `id` field as sent.
  public static func wholeNumber(_ value: JSONValue?) -> String? {
    guard case .number(let number)? = value, number >= 0, number < 1e15,
      number == number.rounded()
    else { return nil }
    return String(Int64(number))
  }

  /// Whether `id` is an id ``wholeNumber(_:)`` makes: a number's digits, without a leading zero
  /// (but `0` itself), at most 15 of them (which may be shorter than a prefix).
  /// - Parameter id: what the user typed.
  public static func isWholeNumber(_ id: String) -> Bool {
    let digits = Array(id.utf8)
    return (1...15).contains(digits.count)
      && digits.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
      && (digits.count == 1 || digits[0] != UInt8(ascii: "0"))
  }

  /// The same rule on UTF-8 bytes (the list file's fast read path).
  static func isAcceptable(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    (1...64).contains(bytes.count) && bytes.allSatisfy(isIDByte)
  }

  private static func isIDByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
      return true
    default:
      return false
    }
  }
}
