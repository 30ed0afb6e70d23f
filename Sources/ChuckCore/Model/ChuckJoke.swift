import FoundationEssentials

/// One joke exactly as api.chucknorris.io sends it.
///
/// The seven fields keep the strings that were received, so JSON output and the saved list repeat
/// them to the letter; fields the API may add later are kept in ``extraFields``. Decoding checks what
/// the API promises (timestamps in its PostgreSQL form, an id of safe characters) so that a bad
/// answer is refused before anything is saved.
public struct ChuckJoke: Codable, Sendable, Equatable, Identifiable {
  /// The category names; empty for an uncategorized joke.
  public let categories: [String]
  /// `created_at` as received, for example `2020-01-05 13:42:19.104863` (UTC).
  public let createdAt: String
  /// The icon's URL as received.
  public let iconURL: String
  /// The joke's id: 22 characters of `[A-Za-z0-9_-]` on the real API.
  public let id: String
  /// `updated_at` as received (UTC).
  public let updatedAt: String
  /// The joke's page on the API.
  public let url: String
  /// The joke's text, raw: it may hold anything, control characters included.
  public let value: String
  /// Fields the API sent beyond the seven above, kept so that they are saved unchanged.
  public let extraFields: [String: JSONValue]

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
    guard JokeID.isAcceptable(id) else { throw .badResponse("the joke id '\(id)' is malformed") }
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

  // MARK: Codable

  /// The seven fields of a joke object, by their JSON names: the one list that decoding,
  /// encoding and the list file's in-place check (`ChuckNorrisIndex`) all use.
  enum Field: String, CaseIterable, Sendable {
    case categories
    case createdAt = "created_at"
    case iconURL = "icon_url"
    case id
    case updatedAt = "updated_at"
    case url
    case value

    /// The JSON name as a static string: the list's fast reader compares keys with it in place.
    var name: StaticString {
      switch self {
      case .categories: "categories"
      case .createdAt: "created_at"
      case .iconURL: "icon_url"
      case .id: "id"
      case .updatedAt: "updated_at"
      case .url: "url"
      case .value: "value"
      }
    }
  }

  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ field: Field) { stringValue = field.rawValue }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }

    static let categories = Key(Field.categories)
    static let createdAt = Key(Field.createdAt)
    static let iconURL = Key(Field.iconURL)
    static let id = Key(Field.id)
    static let updatedAt = Key(Field.updatedAt)
    static let url = Key(Field.url)
    static let value = Key(Field.value)
    static let known = Set(Field.allCases.map(\.rawValue))
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
    guard JokeID.isAcceptable(id) else {
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
