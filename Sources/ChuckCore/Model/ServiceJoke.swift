import FoundationEssentials

/// What tells one service's jokes from another's, for a service whose answers are JSON objects
/// kept as sent (``ServiceJoke``): which fields hold the id and the text, whether a joke comes in
/// two parts, and where a search's and the categories' answers hold them.
public protocol JokeShape: JokeKind
where
  Joke == ServiceJoke<Self>, Index == DecodedIndex<ServiceJoke<Self>>,
  JokeAnswer == [String: JSONValue], SearchAnswer == JSONValue, CategoriesAnswer == JSONValue
{
  /// The field that holds the joke's text, or its setup for a two-part joke.
  static var textField: String { get }
  /// The field that holds the punchline of a two-part joke; `nil` for one-part jokes.
  static var punchlineField: String? { get }
  /// The joke's id, read from the object (`nil` when it has none that `chuck` accepts), or made
  /// from its text for a service that sends none (and then stored as `id`).
  static func id(in object: [String: JSONValue], text: String) -> String?

  /// The fields that hold this joke's text and punchline, when they depend on the joke (a
  /// service whose jokes come in one or two parts); ``textField`` and ``punchlineField`` else.
  static func fieldNames(in object: [String: JSONValue]) -> (text: String, punchline: String?)
  /// The joke's categories, for a service that has them.
  static func categories(in object: [String: JSONValue]) -> [String]
  /// The flags the joke is marked with, for a service that has flags (``JokeKind/flagNames``).
  static func flags(in object: [String: JSONValue]) -> [String]
  /// Whether an answer the service sent as a joke says there is none (an error object).
  static func isNoJoke(_ object: [String: JSONValue]) -> Bool

  /// The joke objects of a search's answer (a service that searches).
  /// - Throws: ``ChuckError/badResponse(_:)`` for an answer of another shape.
  static func searchResults(in answer: JSONValue) throws(ChuckError) -> [[String: JSONValue]]

  /// The joke's text (or setup) and punchline, or why the object has none; by default the
  /// fields ``fieldNames(in:)`` names (a declared source's pointers point anywhere).
  static func textParts(in object: [String: JSONValue]) throws(ServiceJokeProblem)
    -> (text: String, punchline: String?)
  /// The detail's label of ``sentDate(in:)``: `date` by default.
  static var sentDateLabel: String { get }
  /// What an item without a usable id is told: `no joke id` by default.
  static var missingIDReason: String { get }
  /// The date the service sent with the joke (a declared source's `date`); none by default.
  static func sentDate(in object: [String: JSONValue]) -> PostgresTimestamp?
  /// The joke's image URL (a declared source's `image`); none by default.
  static func image(in object: [String: JSONValue]) -> String?
  /// The text a list shows under the joke's (a declared source's `summary`); none by default.
  static func summary(in object: [String: JSONValue]) -> String?
  /// The detail's rows after `saved_at`, for a kind that chooses them (a declared source's
  /// fields); `nil` by default: the text, then every other field by name.
  static func detailRows(in object: [String: JSONValue], text: String, punchline: String?)
    -> [(label: String, value: String)]?
}

/// Why an object is not a joke of a shape, in words.
public struct ServiceJokeProblem: Error {
  /// What is missing or wrong.
  public let reason: String
  /// Makes a problem.
  /// - Parameter reason: what is missing or wrong.
  public init(reason: String) { self.reason = reason }
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

  /// Its categories, for a service that has them.
  public var categories: [String] { Shape.categories(in: object) }
  /// Its categories and its flags.
  public var exclusionNames: [String] { Shape.categories(in: object) + Shape.flags(in: object) }

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

  private init(checking object: [String: JSONValue]) throws(ServiceJokeProblem) {
    let (text, punchline) = try Shape.textParts(in: object)
    guard case .string(let stamp)? = object[Self.savedAtField],
      let savedAt = PostgresTimestamp(stamp)
    else { throw ServiceJokeProblem(reason: "'\(Self.savedAtField)' missing or not a timestamp") }
    guard let id = Shape.id(in: object, text: text), JokeID.isAcceptable(id) else {
      throw ServiceJokeProblem(reason: Shape.missingIDReason)
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
  /// 4 to 64 safe characters.
  public static var idForm: String { "4 to 64 characters of A-Z, a-z, 0-9, _ and -" }

  /// The same for every joke.
  public static func fieldNames(in object: [String: JSONValue]) -> (
    text: String, punchline: String?
  ) { (textField, punchlineField) }
  /// None.
  public static func categories(in object: [String: JSONValue]) -> [String] { [] }
  /// None.
  public static func flags(in object: [String: JSONValue]) -> [String] { [] }
  /// The fields ``fieldNames(in:)`` names.
  public static func textParts(in object: [String: JSONValue]) throws(ServiceJokeProblem)
    -> (text: String, punchline: String?)
  {
    let names = fieldNames(in: object)
    guard case .string(let text)? = object[names.text] else {
      throw ServiceJokeProblem(reason: "'\(names.text)' missing or not text")
    }
    guard let field = names.punchline else { return (text, nil) }
    guard case .string(let punchline)? = object[field] else {
      throw ServiceJokeProblem(reason: "'\(field)' missing or not text")
    }
    return (text, punchline)
  }
  /// `date`.
  public static var sentDateLabel: String { "date" }
  /// `no joke id`.
  public static var missingIDReason: String { "no joke id" }
  /// None.
  public static func sentDate(in object: [String: JSONValue]) -> PostgresTimestamp? { nil }
  /// None.
  public static func image(in object: [String: JSONValue]) -> String? { nil }
  /// None.
  public static func summary(in object: [String: JSONValue]) -> String? { nil }
  /// The text, then every other field.
  public static func detailRows(
    in object: [String: JSONValue], text: String, punchline: String?
  ) -> [(label: String, value: String)]? { nil }
  /// Never: an answer that is no joke fails its field checks.
  public static func isNoJoke(_ object: [String: JSONValue]) -> Bool { false }
  /// None.
  public static func searchResults(in answer: JSONValue) throws(ChuckError)
    -> [[String: JSONValue]]
  { [] }
  /// None.
  public static func categoryNames(in answer: JSONValue) throws(ChuckError) -> [String] { [] }

  /// The object as sent, saved now; `nil` for an object that says there is no joke. A joke asked
  /// for by id must have that id (JokeAPI's `idRange` could send another).
  public static func joke(
    in answer: [String: JSONValue], askedFor id: String?, savedAt: PostgresTimestamp
  ) throws(ChuckError) -> ServiceJoke<Self>? {
    if isNoJoke(answer) { return nil }
    let joke = try ServiceJoke<Self>(received: answer, savedAt: savedAt)
    if let id, joke.id != id { throw .badResponse("asked for joke \(id), got \(joke.id)") }
    return joke
  }

  /// The objects of ``searchResults(in:)``, saved now, in the service's order; none for an
  /// answer that says there is no joke.
  public static func jokes(found answer: JSONValue, savedAt: PostgresTimestamp)
    throws(ChuckError) -> [ServiceJoke<Self>]
  {
    if case .object(let object) = answer, isNoJoke(object) { return [] }
    var jokes: [ServiceJoke<Self>] = []
    for object in try searchResults(in: answer) {
      jokes.append(try ServiceJoke(received: object, savedAt: savedAt))
    }
    return jokes
  }
}
