import FoundationEssentials

/// A list of values stored on disk as `{"version": 1, "items": [ … ]}`: the saved jokes, and any
/// other value type that comes from the network.
///
/// - Reads do not lock: writes replace the file atomically, so a reader sees the old list or the
///   new one, never half (a reader of several files takes the lock shared:
///   ``FileStore/together(_:)``).
/// - Writes are serialized between processes by an advisory lock on a sibling file (the rename
///   replaces the list file itself, so locking it would lock nothing): the data folder's
///   `chuck.lock` for what the user saved, `<name>.lock` for a cache (``FileStore``).
/// - A file that cannot be read or parsed, or has an unknown version, is never overwritten.
/// - Directories are created 0700 and files 0600.
///
/// The file mechanics are ``FileStore``'s; the byte-level format is `ListEnvelope`'s.
public struct NetworkCache<T: Codable>: Sendable {
  /// The file, its lock and its writes.
  public let file: FileStore

  /// The list's file.
  public var fileURL: URL { file.fileURL }

  /// Makes a store for one file; nothing is read or created yet.
  /// - Parameters:
  ///   - fileURL: the list's file.
  ///   - contents: whether it holds what the user saved or a cache.
  ///   - lockTimeout: the most seconds to wait for another writer.
  public init(fileURL: URL, contents: FileStore.Contents = .saved, lockTimeout: Double = 10) {
    file = FileStore(
      fileURL: fileURL, contents: contents, lockTimeout: lockTimeout,
      maximumSize: contents == .cache ? FileStore.largestCache : FileStore.largestList)
  }

  /// When the list was last written, or `nil` when there is no file.
  public var lastWritten: Date? { file.lastWritten }

  /// Reads the list.
  /// - Returns: the items in the order they were saved; empty when the file does not exist.
  /// - Throws: ``ChuckError/storageUnreadable(path:reason:)``,
  ///   ``ChuckError/storageCorrupt(path:reason:)`` or
  ///   ``ChuckError/storageUnsupportedVersion(path:version:)``.
  public func load() throws(ChuckError) -> [T] {
    let raw = try loadRaw()
    guard raw.insertion != nil else { return [] }
    do {
      return try JSONDecoder().decode(Envelope.self, from: Data(raw.bytes)).items
    } catch {
      throw .storageCorrupt(path: file.path, reason: DecodingProblem.describe(error))
    }
  }

  /// The list file's bytes, checked to be the documented format, with each item's byte range:
  /// for readers that need a few fields of many items, where decoding every item would cost far
  /// more than the answer.
  /// - Returns: the raw items; none when the file does not exist.
  /// - Throws: the same errors as ``load()``.
  public func loadRaw() throws(ChuckError) -> RawItems {
    guard let bytes = try file.read() else { return .none }
    switch ListEnvelope.scan(bytes) {
    case .success(let raw): return raw
    case .failure(.unknownVersion(let version)):
      throw .storageUnsupportedVersion(path: file.path, version: version)
    case .failure(.invalid(let reason)):
      throw .storageCorrupt(path: file.path, reason: reason)
    }
  }

  /// Appends one item under the lock, after `check` has seen the current items, by splicing it
  /// into the file's bytes: the other items are written back byte for byte, not re-encoded.
  /// When `check` throws, nothing is written.
  ///
  /// The item is first read back as ``load()`` and ``loadRaw()`` will read it, with the same
  /// limits (nesting depth included): an item that the list could not be read with again is
  /// refused, so that one answer can never make the list unreadable.
  /// - Parameters:
  ///   - item: the item to append.
  ///   - check: looks at the current items; throws to refuse the append.
  ///   - readBack: a further reader of the list (a fast index), given a list of the new item
  ///     alone; what it throws refuses the item.
  /// - Returns: how many items the list holds now.
  /// - Throws: ``ChuckError/badResponse(_:)`` for an item that would not read back, what `check`
  ///   throws, ``ChuckError/lockTimeout(path:seconds:)``, any error of ``load()``, or
  ///   ``ChuckError/storageWriteFailed(path:reason:)``.
  public func append(
    _ item: T, check: (RawItems) throws(ChuckError) -> Void = { _ in },
    readBack: (RawItems) throws(ChuckError) -> Void = { _ in }
  ) throws(ChuckError) -> Int {
    let encoded = try Self.encode(item)
    try Self.checkReadsBack(encoded, readBack: readBack)
    return try file.exclusively { () throws(ChuckError) -> Int in
      let raw = try loadRaw()
      try check(raw)
      try file.replace(with: ListEnvelope.appending(encoded, to: raw))
      return raw.items.count + 1
    }
  }

  /// Appends the items that `select` keeps, under the lock, in one replacement of the file: the
  /// others are written back byte for byte, and each new item is read back before anything is
  /// written. When `select` keeps none, nothing is written and no file is created.
  /// - Parameters:
  ///   - items: the items, in the order to append them.
  ///   - select: looks at the current items and returns the positions in `items` to append.
  ///   - readBack: a further reader of the list, given a list of each new item alone.
  /// - Returns: the positions in `items` appended, and how many items the list holds now.
  /// - Throws: as ``append(_:check:readBack:)``.
  public func append(
    contentsOf items: [T], select: (RawItems) throws(ChuckError) -> [Int],
    readBack: (RawItems) throws(ChuckError) -> Void = { _ in }
  ) throws(ChuckError) -> (appended: [Int], count: Int) {
    var encoded: [[UInt8]] = []
    for item in items {
      let bytes = try Self.encode(item)
      try Self.checkReadsBack(bytes, readBack: readBack)
      encoded.append(bytes)
    }
    return try file.exclusively { () throws(ChuckError) -> (appended: [Int], count: Int) in
      let raw = try loadRaw()
      let kept = try select(raw)
      guard !kept.isEmpty else { return ([], raw.items.count) }
      let joined = Array(kept.map { encoded[$0] }.joined(separator: [UInt8(ascii: ",")]))
      try file.replace(with: ListEnvelope.appending(joined, to: raw))
      return (kept, raw.items.count + kept.count)
    }
  }

  /// Reads an encoded item back inside a list file of its own, by the readers of a list file.
  /// - Parameters:
  ///   - item: the item's JSON.
  ///   - readBack: a further reader of the list.
  /// - Throws: ``ChuckError/badResponse(_:)`` saying why it would not read back.
  static func checkReadsBack(
    _ item: [UInt8], readBack: (RawItems) throws(ChuckError) -> Void = { _ in }
  ) throws(ChuckError) {
    let file = ListEnvelope.file(holding: item)
    let problem: String
    switch ListEnvelope.scan(file) {
    case .success(let raw):
      do {
        _ = try JSONDecoder().decode(Envelope.self, from: Data(file))
        do throws(ChuckError) {
          try readBack(raw)
          return
        } catch {
          guard case .storageCorrupt(_, let reason) = error else { throw error }
          problem = reason
        }
      } catch let error as ChuckError {
        throw error
      } catch {
        problem = DecodingProblem.describe(error)
      }
    case .failure(.invalid(let reason)):
      problem = reason
    case .failure(.unknownVersion(let version)):
      problem = "version \(version)"
    }
    throw .badResponse("it cannot be saved: the list could not read it back (\(problem))")
  }

  /// Removes items under the lock, by writing back the others byte for byte. When `select`
  /// throws or selects nothing, nothing is written; without a file, nothing is created.
  /// - Parameters:
  ///   - select: looks at the current items and returns the positions to remove.
  ///   - alongWith: runs when something is removed, under the lock, and returns the changes to
  ///     other saved files of the same directory that go with this one: all of them are made as
  ///     one ``StorageTransaction``. When it throws, nothing changes.
  /// - Returns: the positions removed, sorted.
  /// - Throws: what `select` or `alongWith` throws, the errors of
  ///   ``append(_:check:readBack:)``, or those of ``StorageTransaction/commit(_:)``.
  public func remove(
    _ select: (RawItems) throws(ChuckError) -> Set<Int>,
    alongWith: () throws(ChuckError) -> [FileChange] = { [] }
  ) throws(ChuckError) -> [Int] {
    guard file.exists else {
      _ = try select(.none)
      return []
    }
    return try file.exclusively { () throws(ChuckError) -> [Int] in
      let (removed, change) = try removal(select)
      guard let change else { return [] }
      try StorageTransaction.commit([change] + alongWith())
      return removed
    }
  }

  /// The change that removes items, for a transaction; the caller holds the lock.
  /// - Parameter select: looks at the current items and returns the positions to remove.
  /// - Returns: the positions removed, sorted, and the list's new content (`nil` when nothing is
  ///   removed).
  /// - Throws: what `select` throws, or the errors of ``loadRaw()``.
  public func removal(_ select: (RawItems) throws(ChuckError) -> Set<Int>) throws(ChuckError)
    -> (removed: [Int], change: FileChange?)
  {
    let raw = try loadRaw()
    let removed = try select(raw).filter { raw.items.indices.contains($0) }
    guard !removed.isEmpty else { return ([], nil) }
    return (
      removed.sorted(), FileChange(file: file, bytes: ListEnvelope.removing(removed, from: raw))
    )
  }

  /// Changes the list under the lock: `change` gets the items as they are and returns them as
  /// they are to be, written back atomically (every item encoded anew: for a small list, such
  /// as the favourites). When `change` throws, nothing is written.
  /// - Parameter change: makes the new items from the current ones.
  /// - Throws: what `change` throws, or the errors of ``append(_:check:readBack:)``.
  public func rewrite(_ change: ([T]) throws(ChuckError) -> [T]) throws(ChuckError) {
    try file.exclusively { () throws(ChuckError) -> Void in
      let items = try change(try load())
      try file.replace(with: try Self.encode(Envelope(items: items)))
    }
  }

  /// Replaces the whole list without reading it (for a cache, whose old content, even corrupt,
  /// is worth nothing), under the lock and atomically.
  /// - Parameter items: the new items.
  /// - Throws: ``ChuckError/lockTimeout(path:seconds:)`` or a write error.
  public func replace(with items: [T]) throws(ChuckError) {
    let bytes = try Self.encode(Envelope(items: items))
    try file.exclusively { () throws(ChuckError) -> Void in try file.replace(with: bytes) }
  }

  /// A whole list file holding `items`, as ``replace(with:)`` writes it, for a transaction.
  /// - Parameter items: the items.
  /// - Returns: the file's bytes.
  /// - Throws: ``ChuckError/internalError(_:)`` if the encoder fails.
  public static func file(holding items: [T]) throws(ChuckError) -> [UInt8] {
    try encode(Envelope(items: items))
  }

  private struct Envelope: Codable {
    var version: Int
    var items: [T]

    init(items: [T]) {
      version = ListEnvelope.version
      self.items = items
    }
  }

  private static func encode<V: Encodable>(_ value: V) throws(ChuckError) -> [UInt8] {
    do {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      return Array(try encoder.encode(value))
    } catch {
      throw .internalError("cannot encode the list: \(error)")
    }
  }
}
