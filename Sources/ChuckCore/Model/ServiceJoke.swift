import FoundationEssentials

/// What tells one service's jokes from another's: which fields hold the id and the text, and
/// whether a joke comes in two parts.
public protocol JokeShape: JokeKind
where Joke == ServiceJoke<Self>, Index == DecodedJokes<ServiceJoke<Self>> {
  /// The field that holds the joke's text, or its setup for a two-part joke.
  static var textField: String { get }
  /// The field that holds the punchline of a two-part joke; `nil` for one-part jokes.
  static var punchlineField: String? { get }
  /// The joke's id, read from the object (`nil` when it has none that `chuck` accepts), or made
  /// from its text for a service that sends none (and then stored as `id`).
  static func id(in object: [String: JSONValue], text: String) -> String?
}

/// A joke of another service than api.chucknorris.io, kept as the service sent it plus the
/// `saved_at` that `chuck` adds (UTC, `yyyy-MM-dd HH:mm:ss`), and the `id` it makes for a service
/// that sends none: every field is saved and printed back unchanged, those it does not know too.
/// `NetworkCache<DadJoke>` and its siblings store them; `NetworkCache` knows nothing of them.
public struct ServiceJoke<Shape: JokeShape>: SavedJoke {
  /// Every field, as received, with `saved_at` (and a made `id`).
  public let object: [String: JSONValue]
  /// The joke's id, for duplicates and for `show`, `remove` and favourites.
  public let id: String
  /// The text, or the setup of a two-part joke (what the list's preview shows).
  public let text: String
  /// The punchline of a two-part joke.
  public let punchline: String?
  /// When it was saved, as stored.
  public let savedAtText: String
  /// When it was saved.
  public let savedAt: PostgresTimestamp

  /// None: these services have no categories.
  public var categories: [String] { [] }

  /// The field `chuck` adds.
  public static var savedAtField: String { "saved_at" }

  /// A joke as the service sent it, saved now.
  /// - Parameters:
  ///   - object: the service's JSON object.
  ///   - savedAt: when it is saved (the timestamp's fraction is dropped).
  /// - Throws: ``ChuckError/badResponse(_:)`` when a field the joke needs is missing or malformed.
  public init(received object: [String: JSONValue], savedAt: PostgresTimestamp)
    throws(ChuckError)
  {
    let stamp = SwedishDateFormatter().dateTime(savedAt)
    var object = object
    object[Self.savedAtField] = .string(stamp)
    do {
      try self.init(checking: object)
    } catch {
      throw .badResponse(error.reason)
    }
  }

  /// Decodes a saved joke (a list item), which must have its `saved_at`.
  /// - Parameter decoder: the decoder positioned at the object.
  /// - Throws: `DecodingError` when a field is missing or malformed.
  public init(from decoder: any Decoder) throws {
    let object = try [String: JSONValue](from: decoder)
    do {
      try self.init(checking: object)
    } catch {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(codingPath: decoder.codingPath, debugDescription: error.reason))
    }
  }

  /// Encodes every field as it is kept.
  /// - Parameter encoder: the encoder to write to.
  public func encode(to encoder: any Encoder) throws {
    try object.encode(to: encoder)
  }

  /// Why an object is not a joke of this shape.
  struct Problem: Error {
    let reason: String
  }

  private init(checking object: [String: JSONValue]) throws(Problem) {
    guard case .string(let text)? = object[Shape.textField] else {
      throw Problem(reason: "'\(Shape.textField)' missing or not text")
    }
    var punchline: String?
    if let field = Shape.punchlineField {
      guard case .string(let value)? = object[field] else {
        throw Problem(reason: "'\(field)' missing or not text")
      }
      punchline = value
    }
    guard case .string(let stamp)? = object[Self.savedAtField],
      let savedAt = PostgresTimestamp(stamp)
    else { throw Problem(reason: "'\(Self.savedAtField)' missing or not a timestamp") }
    guard let id = Shape.id(in: object, text: text), JokeID.isAcceptable(id) else {
      throw Problem(reason: "no joke id")
    }
    var object = object
    if object["id"] == nil { object["id"] = .string(id) }
    self.id = id
    self.object = object
    self.text = text
    self.punchline = punchline
    self.savedAtText = stamp
    self.savedAt = savedAt
  }
}

extension JokeShape {
  /// An acceptable id (``JokeID/isAcceptable(_:)``) no shorter than a prefix: a shorter text is
  /// taken for a prefix that is too short, as for Chuck Norris jokes.
  public static func isFullID(_ id: String) -> Bool {
    JokeID.isAcceptable(id) && JokeID.prefixProblem(id) == nil
  }
}

/// icanhazdadjoke's jokes: `{"id": "R7UfaahVfFd", "joke": "…", "status": 200}`.
public enum DadShape: JokeShape {
  /// The service.
  public static var source: JokeSource { .dad }
  /// The text field.
  public static var textField: String { "joke" }
  /// The punchline field, if any.
  public static var punchlineField: String? { nil }
  /// The joke's id.
  public static func id(in object: [String: JSONValue], text: String) -> String? {
    if case .string(let id)? = object["id"] { return id }
    return nil
  }
}

/// The Official Joke API's two-part jokes: `{"id": 1, "type": "general", "setup": "…",
/// "punchline": "…"}`; the id is a whole number.
public enum OfficialShape: JokeShape {
  /// The service.
  public static var source: JokeSource { .official }
  /// The text field.
  public static var textField: String { "setup" }
  /// The punchline field, if any.
  public static var punchlineField: String? { "punchline" }
  /// The joke's id.
  public static func id(in object: [String: JSONValue], text: String) -> String? {
    guard case .number(let number)? = object["id"], number >= 0, number < 1e15,
      number == number.rounded()
    else { return nil }
    return String(Int64(number))
  }
  /// A whole number: its digits, without a sign.
  public static func isFullID(_ id: String) -> Bool {
    JokeID.isAcceptable(id)
      && id.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
  }
}

/// Switter's jokes: `{"content": "…"}`, with no id: `chuck` makes one from the text (``TextID``)
/// and stores it as `id`.
public enum SwitterShape: JokeShape {
  /// The service.
  public static var source: JokeSource { .switter }
  /// The text field.
  public static var textField: String { "content" }
  /// The punchline field, if any.
  public static var punchlineField: String? { nil }
  /// The joke's id.
  public static func id(in object: [String: JSONValue], text: String) -> String? {
    if case .string(let id)? = object["id"] { return id }
    return TextID.make(text)
  }
  /// The form of the ids `chuck` makes (``TextID``): 22 characters.
  public static func isFullID(_ id: String) -> Bool { JokeID.isWellFormed(id) }
}

/// A dad joke.
public typealias DadJoke = ServiceJoke<DadShape>
/// A two-part joke of the Official Joke API.
public typealias OfficialJoke = ServiceJoke<OfficialShape>
/// A Switter joke.
public typealias SwitterJoke = ServiceJoke<SwitterShape>
