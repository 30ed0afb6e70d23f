/// A saved joke exactly as its source's list file stores it: its full id and its JSON object,
/// byte for byte. A sync carries this form, not a decoded joke, so that every field (those this
/// build does not know included) reaches the other machines unchanged, for every source alike.
///
/// Only the form is checked here (an acceptable id, one JSON object); whether the object is a joke
/// of its source, with this id, is for the writer of the list to check with the source's own
/// reader, as a save does.
public struct StoredJoke: Sendable, Hashable {
  /// The joke's full id (``JokeID/isAcceptable(_:)``).
  public let id: String
  /// The JSON object, as the list file holds it.
  public let json: String

  /// Makes a stored joke, checking its form.
  /// - Parameters:
  ///   - id: the joke's full id.
  ///   - json: its JSON object, as the list file holds it.
  /// - Throws: ``ChuckError/syncRecordRefused(_:)`` for an id that is no joke id or a text that
  ///   is not one JSON object.
  public init(id: String, json: String) throws(ChuckError) {
    if let problem = Self.problem(id: id, json: json) { throw .syncRecordRefused(problem) }
    self.id = id
    self.json = json
  }

  /// A joke known by its id alone, as the sync base keeps it (its item is not needed there).
  /// - Parameter id: the joke's full id.
  init(idOnly id: String) {
    self.id = id
    json = ""
  }

  /// An item of a list file, which the list's reader has already read whole (one JSON object
  /// within the nesting limit, its id found by its kind's reader): not checked again.
  /// - Parameters:
  ///   - id: the id the kind's reader found.
  ///   - item: the item's bytes.
  init(listItem id: String, _ item: some Collection<UInt8>) {
    self.id = id
    json = String(decoding: item, as: UTF8.self)
  }

  /// Makes a stored joke from a list file's item.
  /// - Parameters:
  ///   - id: the joke's full id, as the source's reader found it.
  ///   - bytes: the item's bytes.
  /// - Throws: as ``init(id:json:)``.
  public init(id: String, bytes: some Collection<UInt8>) throws(ChuckError) {
    try self.init(id: id, json: String(decoding: bytes, as: UTF8.self))
  }

  /// Why an id and a text are not a stored joke, or `nil` when they are.
  static func problem(id: String, json: String) -> String? {
    guard JokeID.isAcceptable(id) else {
      return "'\(TerminalSafeText.render(id, keepNewlines: false))' is not a joke id "
        + "(\(JokeID.anyForm))"
    }
    // Read inside a list file of its own, as the list's reader will read it (depth limit too).
    guard case .success(let raw) = ListEnvelope.scan(ListEnvelope.file(holding: Array(json.utf8))),
      raw.items.count == 1, raw.bytes[raw.items[0]].first == UInt8(ascii: "{")
    else { return "the joke \(id) is not one JSON object" }
    return nil
  }
}

/// Why a joke was saved, kept with its save so that a sync can say what it brings: the issue's
/// "a joke saved, added to `mine`, imported". The merge treats every reason alike. A reason
/// from a newer chuck is kept as it is written.
public struct SaveReason: RawRepresentable, Sendable, Hashable {
  /// The reason as written in a record.
  public let rawValue: String

  /// A reason as written in a record.
  /// - Parameter rawValue: the word.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// Saved from a service (`random`, `save`, Joke!, a feed).
  public static let saved = SaveReason(rawValue: "saved")
  /// Added to `mine` with `chuck add`.
  public static let added = SaveReason(rawValue: "added")
  /// Imported with `chuck import`, into any source's list.
  public static let imported = SaveReason(rawValue: "imported")
  /// In the list when sync was set up on this machine (``SyncReplica/snapshot(of:now:)``).
  public static let existing = SaveReason(rawValue: "existing")
}
