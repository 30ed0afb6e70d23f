/// One change to the lists, as a machine's sync log records it: the issue's "a joke saved (the
/// item as stored), removed, added to `mine`, imported; a favourite added, renamed, removed".
/// Adding to `mine` and importing are saves, told apart by their ``SaveReason``.
///
/// A favourite is known by its joke (a joke is a favourite at most once), so a rename elsewhere
/// does not hide it from a later rename or remove; its name travels too, for messages.
///
/// Coded as an object with a `kind` (`joke-saved`, `joke-removed`, `favorite-added`,
/// `favorite-renamed`, `favorite-removed`) and that kind's fields. A kind this build does not
/// know, written by a newer chuck, decodes as ``unknown(kind:)`` instead of failing: the merge
/// skips it and says so, and every other record of the log is merged.
public enum SyncOperation: Sendable, Hashable {
  /// A joke was saved to its source's list: from a service, added to `mine`, or imported.
  case jokeSaved(source: JokeSource, joke: StoredJoke, reason: SaveReason)
  /// A joke was removed from its source's list (and its favourite with it).
  case jokeRemoved(source: JokeSource, id: String)
  /// A saved joke was made a favourite under a name, at a time (``Favorite/addedAt``).
  case favoriteAdded(name: String, source: JokeSource, id: String, addedAt: PostgresTimestamp)
  /// The favourite of a joke was renamed from `name` to `newName`.
  case favoriteRenamed(name: String, newName: String, source: JokeSource, id: String)
  /// The favourite of a joke, named `name`, was removed; the joke stays saved.
  case favoriteRemoved(name: String, source: JokeSource, id: String)
  /// A kind of change this build does not know (from a newer chuck): skipped by the merge.
  case unknown(kind: String)

  /// The word that names the kind in a record.
  public var kind: String {
    switch self {
    case .jokeSaved: "joke-saved"
    case .jokeRemoved: "joke-removed"
    case .favoriteAdded: "favorite-added"
    case .favoriteRenamed: "favorite-renamed"
    case .favoriteRemoved: "favorite-removed"
    case .unknown(let kind): kind
    }
  }

  /// The joke the change is about, `nil` for an unknown kind.
  public var subject: (source: JokeSource, id: String)? {
    switch self {
    case .jokeSaved(let source, let joke, _): (source, joke.id)
    case .jokeRemoved(let source, let id), .favoriteAdded(_, let source, let id, _),
      .favoriteRenamed(_, _, let source, let id), .favoriteRemoved(_, let source, let id):
      (source, id)
    case .unknown: nil
    }
  }
}

extension SyncOperation: Codable {
  private enum CodingKeys: String, CodingKey {
    case kind, source, id, item, reason, name
    case newName = "new_name"
    case addedAt = "added_at"
  }

  /// Decodes a change, checking every field of a known kind.
  /// - Parameter decoder: the decoder positioned at the object.
  /// - Throws: `DecodingError` for a known kind with a missing or unusable field.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let kind = try container.decode(String.self, forKey: .kind)
    switch kind {
    case "joke-saved":
      let id = try Self.id(in: container)
      let json = try container.decode(String.self, forKey: .item)
      if let problem = StoredJoke.problem(id: id, json: json) {
        throw DecodingError.dataCorruptedError(
          forKey: .item, in: container, debugDescription: problem)
      }
      self = .jokeSaved(
        source: try Self.source(in: container), joke: try StoredJoke(id: id, json: json),
        reason: try container.decode(SaveReason.self, forKey: .reason))
    case "joke-removed":
      self = .jokeRemoved(source: try Self.source(in: container), id: try Self.id(in: container))
    case "favorite-added":
      let stamp = try container.decode(String.self, forKey: .addedAt)
      guard let addedAt = PostgresTimestamp(stamp) else {
        throw DecodingError.dataCorruptedError(
          forKey: .addedAt, in: container, debugDescription: "not a timestamp")
      }
      self = .favoriteAdded(
        name: try Self.name(.name, in: container), source: try Self.source(in: container),
        id: try Self.id(in: container), addedAt: addedAt)
    case "favorite-renamed":
      self = .favoriteRenamed(
        name: try Self.name(.name, in: container), newName: try Self.name(.newName, in: container),
        source: try Self.source(in: container), id: try Self.id(in: container))
    case "favorite-removed":
      self = .favoriteRemoved(
        name: try Self.name(.name, in: container), source: try Self.source(in: container),
        id: try Self.id(in: container))
    default:
      self = .unknown(kind: kind)
    }
  }

  /// Encodes the change (an unknown kind as its kind alone: this build never writes one).
  /// - Parameter encoder: the encoder to write to.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(kind, forKey: .kind)
    switch self {
    case .jokeSaved(let source, let joke, let reason):
      try container.encode(source.name, forKey: .source)
      try container.encode(joke.id, forKey: .id)
      try container.encode(joke.json, forKey: .item)
      try container.encode(reason, forKey: .reason)
    case .jokeRemoved(let source, let id):
      try container.encode(source.name, forKey: .source)
      try container.encode(id, forKey: .id)
    case .favoriteAdded(let name, let source, let id, let addedAt):
      try container.encode(name, forKey: .name)
      try container.encode(source.name, forKey: .source)
      try container.encode(id, forKey: .id)
      try container.encode(addedAt.text, forKey: .addedAt)
    case .favoriteRenamed(let name, let newName, let source, let id):
      try container.encode(name, forKey: .name)
      try container.encode(newName, forKey: .newName)
      try container.encode(source.name, forKey: .source)
      try container.encode(id, forKey: .id)
    case .favoriteRemoved(let name, let source, let id):
      try container.encode(name, forKey: .name)
      try container.encode(source.name, forKey: .source)
      try container.encode(id, forKey: .id)
    case .unknown:
      break
    }
  }

  /// A source by name; one the config file does not declare here is kept by name (a dormant
  /// source), as the favourites keep it: another machine may declare it.
  private static func source(in container: KeyedDecodingContainer<CodingKeys>) throws
    -> JokeSource
  {
    let name = try container.decode(String.self, forKey: .source)
    guard let source = JokeSource(saved: name) else {
      throw DecodingError.dataCorruptedError(
        forKey: .source, in: container, debugDescription: "no source could be named '\(name)'")
    }
    return source
  }

  private static func id(in container: KeyedDecodingContainer<CodingKeys>) throws -> String {
    let id = try container.decode(String.self, forKey: .id)
    guard JokeID.isAcceptable(id) else {
      throw DecodingError.dataCorruptedError(
        forKey: .id, in: container, debugDescription: "not a joke id")
    }
    return id
  }

  private static func name(
    _ key: CodingKeys, in container: KeyedDecodingContainer<CodingKeys>
  ) throws -> String {
    let name = try container.decode(String.self, forKey: key)
    if let problem = Favorite.nameProblem(name) {
      throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: problem)
    }
    return name
  }
}
