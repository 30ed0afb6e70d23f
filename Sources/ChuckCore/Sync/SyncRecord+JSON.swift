/// A record's JSON, written and read by hand rather than through `Codable`, whose synthesized
/// conformances and keyed containers are code for each of these types.
///
/// The bytes written are those `JSONEncoder` wrote with `.sortedKeys` and
/// `.withoutEscapingSlashes` (strings through ``JSONText/appendQuoted(_:to:)``, which matches it
/// byte for byte), so logs written before read the same. Reading is the list reader's
/// (``JSONScanner``): strict JSON within its nesting limit, keys matched by meaning (escapes
/// decoded), the first of repeated keys counting as `JSONDecoder` counted it, other keys skipped.
extension SyncRecord {
  /// The record as one line of JSON, keys sorted: the same record always gives the same bytes.
  /// - Returns: the UTF-8 bytes, without a line break.
  public func encoded() -> [UInt8] {
    var json: [UInt8] = []
    json.reserveCapacity(200 + (operation.joke?.json.utf8.count ?? 0))
    json.append(contentsOf: #"{"clock":"#.utf8)
    JSONText.appendQuoted(clock.description, to: &json)
    json.append(contentsOf: #","operation":"#.utf8)
    operation.appendJSON(to: &json)
    json.append(contentsOf: #","replica":"#.utf8)
    JSONText.appendQuoted(replica.description, to: &json)
    json.append(contentsOf: #","sequence":\#(sequence)}"#.utf8)
    return json
  }

  /// Reads a record as ``encoded()`` writes it; fields this build does not know are skipped.
  /// - Parameter bytes: one record's JSON.
  /// - Returns: the record; an operation of a kind this build does not know is
  ///   ``SyncOperation/unknown(kind:)``.
  /// - Throws: ``ChuckError/syncRecordRefused(_:)`` saying what is wrong and where, for anything
  ///   else: not JSON, a field missing or of the wrong type, a value that is not one (a sequence
  ///   of 0, a clock, replica id, joke id, source, favourite name, time or stored joke that does
  ///   not read, a kind or reason that is not a word).
  public static func decode(_ bytes: some Collection<UInt8>) throws(ChuckError) -> SyncRecord {
    let bytes = Array(bytes)
    let result = bytes.withUnsafeBufferPointer { buffer -> Result<SyncRecord, RecordProblem> in
      do throws(RecordProblem) {
        return .success(try read(buffer))
      } catch {
        return .failure(error)
      }
    }
    switch result {
    case .success(let record): return record
    case .failure(let problem):
      throw .syncRecordRefused("it is not a record of chuck's sync log (\(problem.reason))")
    }
  }

  /// Outside text as a message quotes it: terminal controls made visible, and at most 40
  /// characters (a hostile line may hold a megabyte in one field).
  /// - Parameter text: the text.
  /// - Returns: the text to put between quotes.
  static func shown(_ text: some StringProtocol) -> String {
    let cut = text.count > 40 ? String(text.prefix(39)) + "…" : String(text)
    return TerminalSafeText.render(cut, keepNewlines: false)
  }

  private static let keys = ["clock", "operation", "replica", "sequence"]

  private static func read(_ buffer: UnsafeBufferPointer<UInt8>) throws(RecordProblem)
    -> SyncRecord
  {
    var scanner = JSONScanner(buffer)
    guard scanner.peek() == UInt8(ascii: "{") else { throw RecordProblem("not a JSON object") }
    let record = try Members(of: &scanner, keys: keys, path: "")
    scanner.skipWhitespace()
    guard scanner.isAtEnd else { throw RecordProblem("data after the record") }

    let replicaText = try record.string("replica")
    guard let replica = try? ReplicaID(parsing: replicaText) else {
      throw record.problem("replica", "'\(shown(replicaText))' is not one (\(ReplicaID.form))")
    }
    let sequenceText = record.text(try record.range("sequence"))
    guard let sequence = HybridTimestamp.number(sequenceText.utf8), sequence > 0 else {
      throw record.problem(
        "sequence", "\(shown(sequenceText)) is not a record's number (a whole number from 1)")
    }
    let clockText = try record.string("clock")
    guard let clock = HybridTimestamp(clockText) else {
      throw record.problem(
        "clock", "'\(shown(clockText))' is not a clock reading (MILLISECONDS-COUNTER in decimal)")
    }
    let operationRange = try record.range("operation")
    guard buffer[operationRange.lowerBound] == UInt8(ascii: "{") else {
      throw record.problem("operation", "it is not a JSON object")
    }
    var inner = JSONScanner(buffer, from: operationRange.lowerBound, checked: true)
    let operation = try SyncOperation(
      Members(of: &inner, keys: SyncOperation.keys, path: "operation."))
    return SyncRecord(replica: replica, sequence: sequence, clock: clock, operation: operation)
  }
}

extension SyncOperation {
  /// Every key an operation of a known kind has.
  fileprivate static let keys = [
    "kind", "source", "id", "item", "reason", "name", "new_name", "added_at", "limit",
  ]

  /// The saved joke of a save.
  var joke: StoredJoke? {
    if case .jokeSaved(_, let joke, _) = self { joke } else { nil }
  }

  /// Appends the change as a JSON object, keys sorted: `kind` and that kind's fields (an unknown
  /// kind as its kind alone: this build never writes one).
  /// - Parameter json: where to append it.
  func appendJSON(to json: inout [UInt8]) {
    // Each kind's keys in `.sortedKeys`' order, the order of their bytes.
    let members: [(key: String, value: String)]
    switch self {
    case .jokeSaved(let source, let joke, let reason):
      members = [
        ("id", joke.id), ("item", joke.json), ("kind", kind), ("reason", reason.rawValue),
        ("source", source.name),
      ]
    case .jokeRemoved(let source, let id):
      members = [("id", id), ("kind", kind), ("source", source.name)]
    case .favoriteAdded(let name, let source, let id, let addedAt):
      members = [
        ("added_at", addedAt.text), ("id", id), ("kind", kind), ("name", name),
        ("source", source.name),
      ]
    case .favoriteRenamed(let name, let newName, let source, let id):
      members = [
        ("id", id), ("kind", kind), ("name", name), ("new_name", newName), ("source", source.name),
      ]
    case .favoriteRemoved(let name, let source, let id):
      members = [("id", id), ("kind", kind), ("name", name), ("source", source.name)]
    case .favoritesLimit(let limit):
      members = [("kind", kind), ("limit", String(limit))]
    case .unknown:
      members = [("kind", kind)]
    }
    json.append(UInt8(ascii: "{"))
    for (index, member) in members.enumerated() {
      if index > 0 { json.append(UInt8(ascii: ",")) }
      JSONText.appendQuoted(member.key, to: &json)
      json.append(UInt8(ascii: ":"))
      JSONText.appendQuoted(member.value, to: &json)
    }
    json.append(UInt8(ascii: "}"))
  }

  /// Reads a change, checking every field of a known kind.
  fileprivate init(_ members: Members) throws(RecordProblem) {
    let kind = try members.string("kind")
    guard Self.isWord(kind) else {
      throw members.problem(
        "kind", "'\(SyncRecord.shown(kind))' is not a kind of change \(Self.word)")
    }
    switch kind {
    case "joke-saved":
      let id = try Self.id(members)
      let item = try members.string("item")
      guard let joke = try? StoredJoke(id: id, json: item) else {
        throw members.problem("item", StoredJoke.problem(id: id, json: item) ?? "not a joke")
      }
      let reason = try members.string("reason")
      guard Self.isWord(reason) else {
        throw members.problem(
          "reason", "'\(SyncRecord.shown(reason))' is not a reason to save \(Self.word)")
      }
      self = .jokeSaved(
        source: try Self.source(members), joke: joke, reason: SaveReason(rawValue: reason))
    case "joke-removed":
      self = .jokeRemoved(source: try Self.source(members), id: try Self.id(members))
    case "favorite-added":
      let stamp = try members.string("added_at")
      guard let addedAt = PostgresTimestamp(stamp) else {
        throw members.problem(
          "added_at", "'\(SyncRecord.shown(stamp))' is not a time (yyyy-MM-dd HH:mm:ss)")
      }
      self = .favoriteAdded(
        name: try Self.name("name", members), source: try Self.source(members),
        id: try Self.id(members), addedAt: addedAt)
    case "favorite-renamed":
      self = .favoriteRenamed(
        name: try Self.name("name", members), newName: try Self.name("new_name", members),
        source: try Self.source(members), id: try Self.id(members))
    case "favorite-removed":
      self = .favoriteRemoved(
        name: try Self.name("name", members), source: try Self.source(members),
        id: try Self.id(members))
    case "favorites-limit":
      let text = try members.string("limit")
      guard let limit = Int(text), Favorites.limits.contains(limit), String(limit) == text else {
        throw members.problem(
          "limit", "'\(SyncRecord.shown(text))' is not a favourites limit (1 to 1000)")
      }
      self = .favoritesLimit(limit)
    default:
      self = .unknown(kind: kind)
    }
  }

  /// What a kind or a reason may be: a word a message can show as it is.
  private static let word = "(1 to 64 characters of a-z, 0-9 and -)"

  private static func isWord(_ text: String) -> Bool {
    (1...64).contains(text.utf8.count)
      && text.utf8.allSatisfy {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || ASCIIByte.isDigit($0)
          || $0 == UInt8(ascii: "-")
      }
  }

  /// A source by name; one the config file does not declare here is kept by name (a dormant
  /// source), as the favourites keep it: another machine may declare it.
  private static func source(_ members: Members) throws(RecordProblem) -> JokeSource {
    let name = try members.string("source")
    guard let source = JokeSource(saved: name) else {
      throw members.problem("source", "no source could be named '\(SyncRecord.shown(name))'")
    }
    return source
  }

  private static func id(_ members: Members) throws(RecordProblem) -> String {
    let id = try members.string("id")
    guard JokeID.isAcceptable(id) else {
      throw members.problem(
        "id", "'\(SyncRecord.shown(id))' is not a joke id (\(JokeID.anyForm))")
    }
    return id
  }

  private static func name(_ key: String, _ members: Members) throws(RecordProblem) -> String {
    let name = try members.string(key)
    // Favorite.nameProblem shows the whole name; a record's may be a megabyte long.
    guard name.count <= Favorite.maximumNameLength else {
      throw members.problem(
        key,
        "'\(SyncRecord.shown(name))' is \(name.count) characters long; a favourite's name has "
          + "at most \(Favorite.maximumNameLength)")
    }
    if let problem = Favorite.nameProblem(name) { throw members.problem(key, problem) }
    return name
  }
}

/// Why bytes are not a record, for ``ChuckError/syncRecordRefused(_:)``.
private struct RecordProblem: Error {
  let reason: String

  init(_ reason: String) { self.reason = reason }
}

/// The members of one JSON object of a record that this build reads: each key's value, as a byte
/// range of the validated text. The first of repeated keys counts, as `JSONDecoder` read them;
/// other keys are skipped.
private struct Members {
  let buffer: UnsafeBufferPointer<UInt8>
  /// Where the object is, for messages: empty at the top, else `operation.`.
  let path: String
  private let keys: [String]
  private let values: [Range<Int>?]

  /// Validates the object at the scanner's position and finds the values of `keys`.
  init(of scanner: inout JSONScanner, keys: [String], path: String) throws(RecordProblem) {
    var values = [Range<Int>?](repeating: nil, count: keys.count)
    do throws(JSONScanner.Failure) {
      try scanner.object { (key, scanner) throws(JSONScanner.Failure) in
        let known = keys.indices.first {
          values[$0] == nil && scanner.string(at: key, is: keys[$0].utf8)
        }
        if let known {
          values[known] = try scanner.value()
        } else {
          _ = try scanner.value()
        }
      }
    } catch {
      throw RecordProblem("not valid JSON: \(error.reason) at byte \(error.offset)")
    }
    buffer = scanner.bytes
    self.path = path
    self.keys = keys
    self.values = values
  }

  /// The problem of a member's value.
  func problem(_ key: String, _ reason: String) -> RecordProblem {
    RecordProblem("'\(path)\(key)': \(reason)")
  }

  /// The value of `key`, as a byte range of ``buffer``.
  func range(_ key: String) throws(RecordProblem) -> Range<Int> {
    guard let index = keys.firstIndex(of: key), let range = values[index] else {
      throw RecordProblem("'\(path)\(key)' is missing")
    }
    return range
  }

  /// The text of `key`'s string value, its escapes decoded.
  func string(_ key: String) throws(RecordProblem) -> String {
    let range = try range(key)
    guard buffer[range.lowerBound] == UInt8(ascii: "\"") else {
      throw RecordProblem("'\(path)\(key)' is not a string")
    }
    return JSONScanner.decodeString(buffer, range)
  }

  /// A value's JSON text as it is written.
  func text(_ range: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
  }
}
