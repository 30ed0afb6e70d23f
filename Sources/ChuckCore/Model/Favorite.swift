import FoundationEssentials

/// A saved joke marked as a favourite under a name: `{"name", "source", "id", "added_at"}`, an
/// item of `favorites.json`. The joke itself stays in its source's list.
public struct Favorite: Codable, Sendable, Equatable {
  /// The name, unique among the favourites compared case-insensitively.
  public let name: String
  /// The source whose list holds the joke.
  public let source: JokeSource
  /// The joke's full id.
  public let id: String
  /// When it was made a favourite (UTC, to the second).
  public let addedAt: PostgresTimestamp

  /// The longest name, in characters.
  public static let maximumNameLength = 60

  /// Makes a favourite.
  /// - Parameters:
  ///   - name: its name (see ``nameProblem(_:)``).
  ///   - source: the joke's source.
  ///   - id: the joke's full id.
  ///   - addedAt: when it was made a favourite.
  public init(name: String, source: JokeSource, id: String, addedAt: PostgresTimestamp) {
    self.name = name
    self.source = source
    self.id = id
    self.addedAt = addedAt
  }

  /// Why a name cannot be a favourite's, or `nil` when it can: 1 to 60 characters, no control
  /// characters, no space at either end.
  /// - Parameter name: the name asked for.
  /// - Returns: the reason, worded for an `error:` line.
  public static func nameProblem(_ name: String) -> String? {
    let shown = TerminalSafeText.render(name, keepNewlines: false)
    if name.isEmpty { return "a favourite's name cannot be empty" }
    if name.count > maximumNameLength {
      return "'\(shown)' is \(name.count) characters long; "
        + "a favourite's name has at most \(maximumNameLength)"
    }
    if name.unicodeScalars.contains(where: { TerminalSafeText.isUnsafe($0, keepNewlines: false) }) {
      return "'\(shown)' contains a control character; a favourite's name cannot"
    }
    if name.first!.isWhitespace || name.last!.isWhitespace {
      return "'\(shown)' starts or ends with a space; a favourite's name cannot"
    }
    return nil
  }

  /// Whether two names are the same name: compared case-insensitively.
  /// - Parameters:
  ///   - name: one name.
  ///   - other: the other.
  public static func sameName(_ name: String, _ other: String) -> Bool {
    name.lowercased() == other.lowercased()
  }

  /// The favourites' order: by name case-insensitively, then byte for byte.
  /// - Parameters:
  ///   - lhs: one favourite.
  ///   - rhs: another.
  public static func inNameOrder(_ lhs: Favorite, _ rhs: Favorite) -> Bool {
    let (left, right) = (lhs.name.lowercased(), rhs.name.lowercased())
    if left != right { return left.utf8.lexicographicallyPrecedes(right.utf8) }
    return lhs.name.utf8.lexicographicallyPrecedes(rhs.name.utf8)
  }

  private enum CodingKeys: String, CodingKey {
    case name, source, id
    case addedAt = "added_at"
  }

  /// Decodes a stored favourite, checking every field.
  /// - Parameter decoder: the decoder positioned at the object.
  /// - Throws: `DecodingError` for a missing or unusable field.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    name = try container.decode(String.self, forKey: .name)
    if let problem = Self.nameProblem(name) {
      throw DecodingError.dataCorruptedError(
        forKey: .name, in: container, debugDescription: problem)
    }
    let sourceName = try container.decode(String.self, forKey: .source)
    // A source the config file no longer declares is kept by name: the favourite is not lost.
    guard let source = JokeSource(saved: sourceName) else {
      throw DecodingError.dataCorruptedError(
        forKey: .source, in: container, debugDescription: "unknown source '\(sourceName)'")
    }
    self.source = source
    id = try container.decode(String.self, forKey: .id)
    guard JokeID.isAcceptable(id) else {
      throw DecodingError.dataCorruptedError(
        forKey: .id, in: container, debugDescription: "not a joke id")
    }
    let stamp = try container.decode(String.self, forKey: .addedAt)
    guard let addedAt = PostgresTimestamp(stamp) else {
      throw DecodingError.dataCorruptedError(
        forKey: .addedAt, in: container, debugDescription: "not a timestamp")
    }
    self.addedAt = addedAt
  }

  /// Encodes the favourite as stored and as `--json` prints it.
  /// - Parameter encoder: the encoder to write to.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .name)
    try container.encode(source.name, forKey: .source)
    try container.encode(id, forKey: .id)
    // The form it is read in: the Swedish formatter's Julian dates before 1582 would not read back.
    try container.encode(addedAt.text, forKey: .addedAt)
  }
}
