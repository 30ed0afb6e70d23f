import FoundationEssentials

/// `chuck import`: the records of a file (``ImportReader``) added to a saved list, jokes already
/// saved or met earlier in the file skipped and counted, in one atomic write under the list's
/// lock — or, with a dry run, only counted.
///
/// - Into `mine`: each record's text becomes one of your jokes (``Mine/joke(_:at:)``), saved
///   now or at the object's own `saved_at`; a JSON object's text is its `joke`, `value`,
///   `content` or `text`, or its `setup` and `punchline` (or `delivery`) on two lines.
/// - Into another source: each JSON object is kept as that source's item, as a list file holds
///   it (a `saved_at` is added when it has none); an object that is not one is malformed.
/// - Into every source (``Target/all``): each object goes to the list its `source` field names
///   (what `chuck export --source all --format json` writes); every list changes, or none.
///
/// Every record is checked before anything is written: one that is malformed stops the import.
public struct JokeImport {
  /// Where the jokes go.
  public enum Target: Equatable, Sendable {
    /// One source's list.
    case source(JokeSource)
    /// The list each object's `source` field names.
    case all
  }

  /// What importing did, or would do, to one list.
  public struct Count: Equatable, Sendable {
    /// The list's source.
    public let source: JokeSource
    /// How many jokes are added.
    public var added: Int
    /// How many records were skipped as already saved or met earlier in the file.
    public var duplicates: Int

    /// `Imported 12 jokes into mine (3 duplicates skipped).`, or `Would import …` for a dry run.
    /// - Parameter dryRun: whether nothing was written.
    /// - Returns: the line, without a line break.
    public func message(dryRun: Bool) -> TerminalText {
      let jokes: TerminalText = added == 1 ? "joke" : "jokes"
      let skipped: TerminalText = duplicates == 1 ? "duplicate" : "duplicates"
      let verb: TerminalText = dryRun ? "Would import" : "Imported"
      return
        "\(verb) \(added) \(jokes) into \(sanitizing: source.name) (\(duplicates) \(skipped) skipped)."
    }
  }

  /// The largest file imported: 64 MiB.
  public static let maximumInputSize = 64 << 20

  /// The field that names an object's source (``JokeExport/sourceField``).
  static var sourceField: String { JokeExport.sourceField }
  /// The fields that hold a one-part joke's text, in order of preference.
  static let textFields = ["joke", "value", "content", "text"]
  /// The fields that hold a two-part joke's punchline.
  static let punchlineFields = ["punchline", "delivery"]

  /// One joke ready to be added: its id and its item's JSON.
  struct Item {
    let line: Int
    let id: String
    let bytes: [UInt8]
  }

  /// The jokes for one list.
  struct Batch {
    let source: JokeSource
    let file: FileStore
    var items: [Item] = []
    /// Reads the list.
    let loadRaw: () throws(ChuckError) -> RawItems
    /// Which ids the list holds.
    let savedIDs: (RawItems) throws(ChuckError) -> (String) -> Bool
  }

  let batches: [Batch]

  /// Checks every record and makes it a joke of the list it goes into; nothing is read or
  /// written yet.
  /// - Parameters:
  ///   - records: the file's records.
  ///   - target: where they go.
  ///   - components: where the lists are.
  ///   - time: when they are saved (`saved_at`).
  /// - Throws: ``MalformedRecord`` for the first record that cannot be a joke of its list.
  public init(
    _ records: [ImportRecord], into target: Target, components: ChuckComponents,
    at time: PostgresTimestamp
  ) throws(MalformedRecord) {
    var batches: [JokeSource: Batch] = [:]
    if case .source(let source) = target {
      batches[source] = Self.batch(of: try Self.kind(of: source, line: 1), components)
    }
    for record in records {
      let source = try Self.source(of: record, target)
      let item = try Self.item(record, for: source, at: time)
      if batches[source] == nil {
        batches[source] = Self.batch(of: try Self.kind(of: source, line: record.line), components)
      }
      batches[source]?.items.append(item)
    }
    self.batches = JokeSource.allCases.compactMap { batches[$0] }
  }

  /// Adds the jokes that are not saved yet: under the data directory's lock, every changed list
  /// in one ``StorageTransaction``, the jokes appended after the saved ones and the saved ones
  /// kept byte for byte; a list with nothing to add is not written. A dry run only reads.
  /// - Parameter dryRun: whether to count without writing.
  /// - Returns: what was, or would be, added to each list, in ``JokeSource`` order.
  /// - Throws: a storage error; then no list has changed.
  public func run(dryRun: Bool = false) throws(ChuckError) -> [Count] {
    if dryRun {
      return try batches.map { (batch) throws(ChuckError) in try Self.plan(batch).count }
    }
    let write = { () throws(ChuckError) -> [Count] in
      let plans = try batches.map { (batch) throws(ChuckError) in try Self.plan(batch) }
      try StorageTransaction.commit(
        plans.compactMap { plan in plan.bytes.map { FileChange(file: plan.file, bytes: $0) } })
      return plans.map(\.count)
    }
    // Every list shares the data directory's lock.
    guard let file = batches.first(where: { !$0.items.isEmpty })?.file else { return try write() }
    return try file.exclusively(write)
  }

  // MARK: Records to items

  private static func source(of record: ImportRecord, _ target: Target) throws(MalformedRecord)
    -> JokeSource
  {
    if case .source(let source) = target { return source }
    guard case .object(let object) = record.content,
      case .string(let name)? = object[sourceField]
    else {
      throw MalformedRecord(
        line: record.line, reason: "no '\(sourceField)' field naming the list it goes into")
    }
    guard let source = JokeSource(rawValue: name) else {
      throw MalformedRecord(
        line: record.line, reason: "'\(name)' is no source (\(JokeSource.names))")
    }
    return source
  }

  private static func item(
    _ record: ImportRecord, for source: JokeSource, at time: PostgresTimestamp
  )
    throws(MalformedRecord) -> Item
  {
    if source == .mine {
      let joke: MyJoke
      do throws(ChuckError) {
        joke = try Mine.joke(try text(of: record), at: savedAt(of: record) ?? time)
      } catch {
        throw MalformedRecord(line: record.line, reason: error.errorDescription ?? "not a joke")
      }
      return try checked(Mine.self, joke, line: record.line)
    }
    guard case .object(var object) = record.content else {
      throw MalformedRecord(
        line: record.line, reason: "a text alone is no \(source.name) joke; import texts into mine")
    }
    if case .string(let name)? = object[sourceField] {
      guard name == source.name else {
        throw MalformedRecord(
          line: record.line, reason: "a \(name) joke cannot go into the \(source.name) list")
      }
      object[sourceField] = nil
    }
    return try item(
      of: try kind(of: source, line: record.line), object, line: record.line, at: time)
  }

  /// The kind of a list's source; a source without one (a dormant source, which no name given
  /// to import takes) is refused on the line.
  private static func kind(of source: JokeSource, line: Int) throws(MalformedRecord)
    -> any JokeKind.Type
  {
    do throws(ChuckError) {
      return try source.kind
    } catch {
      throw MalformedRecord(line: line, reason: error.errorDescription ?? "\(error)")
    }
  }

  /// When an object says it was saved (a list's item): kept, so that a list moves whole.
  private static func savedAt(of record: ImportRecord) -> PostgresTimestamp? {
    guard case .object(let object) = record.content,
      case .string(let stamp)? = object[ServiceJoke<Mine>.savedAtField]
    else { return nil }
    return PostgresTimestamp(stamp)
  }

  /// A record's text, for your own jokes.
  private static func text(of record: ImportRecord) throws(ChuckError) -> String {
    switch record.content {
    case .text(let text):
      return text
    case .object(let object):
      if case .string(let setup)? = object["setup"] {
        for field in punchlineFields {
          if case .string(let punchline)? = object[field] {
            return JokeExport.wholeText(setup, punchline: punchline)
          }
        }
      }
      for field in textFields {
        if case .string(let text)? = object[field] { return text }
      }
      throw .invalidArgument(
        "no joke text (" + (textFields + ["setup"]).joined(separator: ", ") + ")")
    }
  }

  /// An object as a joke of the kind: as it is, else with a `saved_at` of now.
  private static func item<Kind: JokeKind>(
    of kind: Kind.Type, _ object: [String: JSONValue], line: Int, at time: PostgresTimestamp
  ) throws(MalformedRecord) -> Item {
    func decode(_ object: [String: JSONValue]) -> Result<Kind.Joke, MalformedRecord> {
      do {
        let data = try JSONEncoder().encode(object)
        return .success(try JSONDecoder().decode(Kind.Joke.self, from: data))
      } catch {
        return .failure(
          MalformedRecord(
            line: line, reason: "not a \(Kind.name) joke (\(DecodingProblem.describe(error)))"))
      }
    }
    var result = decode(object)
    let savedAt = ServiceJoke<Mine>.savedAtField
    if case .failure = result, object[savedAt] == nil {
      var stamped = object
      stamped[savedAt] = .string(SwedishDateFormatter().dateTime(time))
      if case .success(let joke) = decode(stamped) { result = .success(joke) }
    }
    switch result {
    case .success(let joke): return try checked(kind, joke, line: line)
    case .failure(let problem): throw problem
    }
  }

  /// The joke's item, once the list's readers have read it back (as `chuck random` checks an
  /// answer): an item that would make the list unreadable is malformed.
  private static func checked<Kind: JokeKind>(_ kind: Kind.Type, _ joke: Kind.Joke, line: Int)
    throws(MalformedRecord) -> Item
  {
    do throws(ChuckError) {
      let bytes: [UInt8]
      do {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        bytes = Array(try encoder.encode(joke))
      } catch {
        throw ChuckError.badResponse(DecodingProblem.describe(error))
      }
      try NetworkCache<Kind.Joke>.checkReadsBack(bytes) { (raw: RawItems) throws(ChuckError) in
        _ = try Kind.Index(raw, path: Kind.listFileName)
      }
      return Item(line: line, id: joke.id, bytes: bytes)
    } catch {
      let reason: String
      if case .badResponse(let why) = error { reason = why } else { reason = "\(error)" }
      throw MalformedRecord(line: line, reason: "not a \(Kind.name) joke: \(reason)")
    }
  }

  // MARK: Writing

  private static func batch<Kind: JokeKind>(of kind: Kind.Type, _ components: ChuckComponents)
    -> Batch
  {
    let store = components.list(kind).store
    let path = store.fileURL.path
    return Batch(
      source: Kind.source, file: store.file,
      loadRaw: { () throws(ChuckError) -> RawItems in try store.loadRaw() },
      savedIDs: { (raw: RawItems) throws(ChuckError) -> (String) -> Bool in
        let saved = try Kind.Index(raw, path: path)
        return { saved.position(of: $0) != nil }
      })
  }

  /// A list's new bytes (`nil` when nothing is added) and what changes.
  private struct Plan {
    let file: FileStore
    let bytes: [UInt8]?
    let count: Count
  }

  private static func plan(_ batch: Batch) throws(ChuckError) -> Plan {
    let raw = try batch.loadRaw()
    let isSaved = try batch.savedIDs(raw)
    var seen: Set<String> = []
    var added: [[UInt8]] = []
    var duplicates = 0
    for item in batch.items {
      if isSaved(item.id) || !seen.insert(item.id).inserted {
        duplicates += 1
      } else {
        added.append(item.bytes)
      }
    }
    let count = Count(source: batch.source, added: added.count, duplicates: duplicates)
    guard !added.isEmpty else { return Plan(file: batch.file, bytes: nil, count: count) }
    let items = Array(added.joined(separator: [UInt8(ascii: ",")]))
    return Plan(file: batch.file, bytes: ListEnvelope.appending(items, to: raw), count: count)
  }
}
