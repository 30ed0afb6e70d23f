import Foundation

/// One joke exactly as api.chucknorris.io sends it.
///
/// The seven fields keep the strings that were received, so JSON output and the saved list repeat
/// them to the letter; fields the API may add later are kept in ``extraFields``. Decoding checks what
/// the API promises (timestamps in its PostgreSQL form, an id of safe characters) so that a bad
/// answer is refused before anything is saved.
public struct ChuckJoke: Codable, Sendable, Equatable, Identifiable {
  /// The category names; empty for an uncategorized joke.
  public var categories: [String]
  /// `created_at` as received, for example `2020-01-05 13:42:19.104863` (UTC).
  public var createdAt: String
  /// The icon's URL as received.
  public var iconURL: String
  /// The joke's id: 22 characters of `[A-Za-z0-9_-]` on the real API.
  public var id: String
  /// `updated_at` as received (UTC).
  public var updatedAt: String
  /// The joke's page on the API.
  public var url: String
  /// The joke's text, raw: it may hold anything, control characters included.
  public var value: String
  /// Fields the API sent beyond the seven above, kept so that they are saved unchanged.
  public var extraFields: [String: JSONValue]

  /// `created_at` parsed as UTC.
  public let created: PostgresTimestamp
  /// `updated_at` parsed as UTC.
  public let updated: PostgresTimestamp

  /// Makes a joke from its fields.
  /// - Throws: ``ChuckError/badResponse(_:)`` when a timestamp or the id is not of the API's form.
  public init(
    id: String, value: String, categories: [String] = [],
    createdAt: String, updatedAt: String? = nil,
    iconURL: String = "https://api.chucknorris.io/img/avatar/chuck-norris.png",
    url: String? = nil, extraFields: [String: JSONValue] = [:]
  ) throws(ChuckError) {
    guard Self.isAcceptableID(id) else { throw .badResponse("the joke id '\(id)' is malformed") }
    guard let created = PostgresTimestamp(createdAt),
      let updated = PostgresTimestamp(updatedAt ?? createdAt)
    else { throw .badResponse("a joke timestamp is not of the form yyyy-MM-dd HH:mm:ss") }
    self.id = id
    self.value = value
    self.categories = categories
    self.createdAt = createdAt
    self.updatedAt = updatedAt ?? createdAt
    self.iconURL = iconURL
    self.url = url ?? "https://api.chucknorris.io/jokes/\(id)"
    self.extraFields = extraFields
    self.created = created
    self.updated = updated
  }

  /// Whether `id` has the form of a real joke id: exactly 22 characters of `[A-Za-z0-9_-]`.
  /// - Parameter id: the text to check.
  /// - Returns: `true` for a well-formed full id.
  public static func isWellFormedID(_ id: String) -> Bool {
    id.utf8.count == 22 && id.utf8.allSatisfy(isIDByte)
  }

  /// Ids from a server are accepted when they are 1 to 64 characters of `[A-Za-z0-9_-]`: safe in a
  /// terminal, a path and a URL, and lenient enough for a future id length.
  static func isAcceptableID(_ id: String) -> Bool {
    (1...64).contains(id.utf8.count) && id.utf8.allSatisfy(isIDByte)
  }

  static func isAcceptableID(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
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

  // MARK: Codable

  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }

    static let categories = Key("categories")
    static let createdAt = Key("created_at")
    static let iconURL = Key("icon_url")
    static let id = Key("id")
    static let updatedAt = Key("updated_at")
    static let url = Key("url")
    static let value = Key("value")
    static let known: Set<String> = [
      "categories", "created_at", "icon_url", "id", "updated_at", "url", "value",
    ]
  }

  /// Decodes a joke object, refusing one whose timestamps or id are not of the API's form.
  /// - Parameter decoder: the decoder positioned at the object.
  /// - Throws: `DecodingError` for a missing field, a wrong type or an impossible value.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    let createdAt = try container.decode(String.self, forKey: .createdAt)
    let updatedAt = try container.decode(String.self, forKey: .updatedAt)
    guard let created = PostgresTimestamp(createdAt) else {
      throw DecodingError.dataCorruptedError(
        forKey: .createdAt, in: container, debugDescription: "not a timestamp: \(createdAt)")
    }
    guard let updated = PostgresTimestamp(updatedAt) else {
      throw DecodingError.dataCorruptedError(
        forKey: .updatedAt, in: container, debugDescription: "not a timestamp: \(updatedAt)")
    }
    let id = try container.decode(String.self, forKey: .id)
    guard Self.isAcceptableID(id) else {
      throw DecodingError.dataCorruptedError(
        forKey: .id, in: container, debugDescription: "not a joke id")
    }
    self.id = id
    self.categories = try container.decode([String].self, forKey: .categories)
    self.iconURL = try container.decode(String.self, forKey: .iconURL)
    self.url = try container.decode(String.self, forKey: .url)
    self.value = try container.decode(String.self, forKey: .value)
    self.createdAt = createdAt
    self.updatedAt = updatedAt
    self.created = created
    self.updated = updated
    var extras: [String: JSONValue] = [:]
    for key in container.allKeys where !Key.known.contains(key.stringValue) {
      extras[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
    }
    self.extraFields = extras
  }

  /// Encodes the seven fields as received, then any extra fields.
  /// - Parameter encoder: the encoder to write to.
  /// - Throws: `EncodingError` only for an extra field JSON cannot represent.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    try container.encode(categories, forKey: .categories)
    try container.encode(createdAt, forKey: .createdAt)
    try container.encode(iconURL, forKey: .iconURL)
    try container.encode(id, forKey: .id)
    try container.encode(updatedAt, forKey: .updatedAt)
    try container.encode(url, forKey: .url)
    try container.encode(value, forKey: .value)
    for (key, value) in extraFields where !Key.known.contains(key) {
      try container.encode(value, forKey: Key(key))
    }
  }

  /// Jokes are equal when every field, extra fields included, is equal.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.id == rhs.id && lhs.value == rhs.value && lhs.categories == rhs.categories
      && lhs.createdAt == rhs.createdAt && lhs.updatedAt == rhs.updatedAt
      && lhs.iconURL == rhs.iconURL && lhs.url == rhs.url && lhs.extraFields == rhs.extraFields
  }
}
