import FoundationEssentials

/// This machine's side of a sync in its data folder, beside the lists: `sync-log`, its own log
/// exactly as the sync folder gets it (sealed), and `sync-base`, the lists as the last sync left
/// them (what ``SyncDiff`` compares the lists with). Both are saved files of the data folder:
/// they change with the lists in one ``StorageTransaction``.
///
/// The lists are read and written here as a sync sees them: each source's items as its list file
/// holds them, byte for byte (``StoredJoke``), and the favourites.
public struct SyncLocalFiles: Sendable {
  /// This machine's own log: the copy the sync folder's is made from.
  public static let logName = "sync-log"
  /// The lists as the last sync left them.
  public static let baseName = "sync-base"
  /// Every record of the other machines read so far.
  public static let recordsName = "sync-records"
  static let recordsHeader = Array("chuck sync records 1\n".utf8)
  private static let baseHeader = Array("chuck sync base 2\n".utf8)

  /// What the environment built: where the lists are.
  public let components: ChuckComponents

  /// Makes the files of a data folder.
  /// - Parameter components: where the lists are.
  public init(components: ChuckComponents) {
    self.components = components
  }

  /// The own log's file.
  public var log: FileStore { file(Self.logName) }
  /// The base's file.
  public var base: FileStore { file(Self.baseName) }
  /// The other machines' records' file.
  public var records: FileStore { file(Self.recordsName) }

  private func file(_ name: String) -> FileStore {
    FileStore(fileURL: components.configuration.dataDirectory.appendingPath(name))
  }

  /// This machine's own log, read: the replica its first line names, and its records.
  /// - Parameters:
  ///   - bytes: the log's bytes (`sync-log`).
  ///   - sealer: what opens the records.
  /// - Returns: the replica (`nil` when the first line names none) and the reading.
  /// - Throws: the sealer's errors other than a refusal.
  public static func readOwnLog(_ bytes: [UInt8], sealer: any SyncSealer) throws(ChuckError)
    -> (replica: ReplicaID?, reading: SyncLog.Reading)
  {
    let header = bytes.prefix { $0 != UInt8(ascii: "\n") }.prefix(100)
    let words = String(decoding: header, as: UTF8.self).split(separator: " ")
    guard let last = words.last, let replica = try? ReplicaID(parsing: last) else {
      return (nil, SyncLog.Reading(refusals: ["\(logName), line 1: it is not a sync log"]))
    }
    return (
      replica, try SyncLog.read(bytes, fileName: SyncLog.fileName(for: replica), sealer: sealer)
    )
  }

  /// The sources whose lists this machine reads: every source it knows (built in or declared).
  public var sources: [JokeSource] { JokeSource.allCases }

  // MARK: The lists

  /// Reads every list and the favourites.
  /// - Returns: the lists as they are.
  /// - Throws: a storage error of a list or the favourites.
  public func lists() throws(ChuckError) -> SyncLists {
    var lists = SyncLists(favorites: try components.favorites.store.load())
    for source in sources {
      lists.saved[source] = try Self.stored(try source.kind, components)
    }
    return lists
  }

  private static func stored<Kind: JokeKind>(_ kind: Kind.Type, _ components: ChuckComponents)
    throws(ChuckError) -> [StoredJoke]
  {
    let store = components.list(kind).store
    let raw = try store.loadRaw()
    let index = try Kind.Index(raw, path: store.fileURL.path)
    var jokes: [StoredJoke] = []
    jokes.reserveCapacity(raw.items.count)
    for (position, range) in raw.items.enumerated() {
      jokes.append(StoredJoke(listItem: index.id(at: position), raw.bytes[range]))
    }
    return jokes
  }

  /// The changes that make the lists `wanted`, for a transaction: each list that differs, and
  /// the favourites when they differ. A joke whose item its source's reader does not read back
  /// with its id (a damaged or foreign record) is left out, and so is a favourite whose name no
  /// favourite may have, or whose joke is left out; each is a refusal in words.
  /// - Parameters:
  ///   - wanted: the lists a merge made.
  ///   - current: the lists as they are.
  /// - Returns: the changes, the lists as written, and the refusals.
  /// - Throws: ``ChuckError/internalError(_:)`` if the favourites cannot be encoded.
  public func changes(making wanted: SyncLists, from current: SyncLists) throws(ChuckError) -> (
    changes: [FileChange], written: SyncLists, refusals: [String]
  ) {
    var changes: [FileChange] = []
    var written = wanted
    var refusals: [String] = []
    for source in sources {
      let jokes = wanted.saved[source] ?? []
      guard jokes != current.saved[source] ?? [], let kind = try? source.kind else { continue }
      let list = Self.listFile(kind, jokes, components)
      written.saved[source] = list.kept
      refusals += list.refusals
      if list.kept != current.saved[source] ?? [] {
        changes.append(FileChange(file: list.file, bytes: list.bytes))
      }
    }
    var favorites: [Favorite] = []
    for favorite in wanted.favorites {
      if let problem = Favorite.nameProblem(favorite.name) {
        refusals.append("a favourite from another machine was left out: \(problem)")
      } else if let jokes = written.saved[favorite.source],
        !jokes.contains(where: { $0.id == favorite.id })
      {
        refusals.append(
          "the favourite \(favorite.name) was left out: its joke \(favorite.id) was refused")
      } else {
        favorites.append(favorite)
      }
    }
    written.favorites = favorites
    if favorites != current.favorites {
      let store = components.favorites.store
      changes.append(
        FileChange(file: store.file, bytes: try NetworkCache<Favorite>.file(holding: favorites)))
    }
    return (changes, written, refusals)
  }

  /// A list file of the jokes that its kind's reader reads back, each with its own id.
  private static func listFile<Kind: JokeKind>(
    _ kind: Kind.Type, _ jokes: [StoredJoke], _ components: ChuckComponents
  ) -> (file: FileStore, bytes: [UInt8], kept: [StoredJoke], refusals: [String]) {
    let store = components.list(kind).store
    func file(_ jokes: [StoredJoke]) -> [UInt8] {
      ListEnvelope.file(
        holding: Array(jokes.map { Array($0.json.utf8) }.joined(separator: [UInt8(ascii: ",")])))
    }
    func readsBack(_ jokes: [StoredJoke]) -> String? {
      guard case .success(let raw) = ListEnvelope.scan(file(jokes)), raw.items.count == jokes.count
      else { return "it is not one JSON object" }
      do throws(ChuckError) {
        let index = try Kind.Index(raw, path: store.fileURL.path)
        for (position, joke) in jokes.enumerated() where index.id(at: position) != joke.id {
          return "its \(Kind.name) reader finds the id \(index.id(at: position))"
        }
        return nil
      } catch {
        return "it is not a \(Kind.name) joke"
      }
    }
    guard readsBack(jokes) != nil else { return (store.file, file(jokes), jokes, []) }
    var kept: [StoredJoke] = []
    var refusals: [String] = []
    for joke in jokes {
      if let problem = readsBack([joke]) {
        refusals.append(
          "the \(Kind.name) joke \(joke.id) from another machine was refused: \(problem)")
      } else {
        kept.append(joke)
      }
    }
    return (store.file, file(kept), kept, refusals)
  }

  // MARK: The base

  /// The base: the lists as the last sync left them, and the other machines' logs as it found
  /// them (each file's signature), so that a sync with nothing new reads no log.
  public struct Base: Sendable, Equatable {
    /// The lists: each saved joke by its id alone (its item is not kept: what changed is told
    /// by ids), and the favourites.
    public var lists = SyncLists()
    /// Each other log's signature, by file name, when the last sync read them all and refused
    /// nothing; empty to read them all next time.
    public var seen: [String: FileSignature] = [:]
  }

  /// Reads the base.
  /// - Returns: the base; empty before the first sync.
  /// - Throws: a storage error, or ``ChuckError/storageCorrupt(path:reason:)`` for a damaged one.
  public func readBase() throws(ChuckError) -> Base {
    guard let bytes = try base.read() else { return Base() }
    guard bytes.starts(with: Self.baseHeader), bytes.last == UInt8(ascii: "\n") else {
      throw .storageCorrupt(path: base.path, reason: "it is not chuck's sync base")
    }
    var result = Base()
    var number = 1
    for line in bytes.dropFirst(Self.baseHeader.count).split(separator: UInt8(ascii: "\n")) {
      number += 1
      let text = String(decoding: line, as: UTF8.self)
      let words = text.split(separator: " ", maxSplits: 5)
      func damaged() -> ChuckError {
        .storageCorrupt(path: base.path, reason: "line \(number) is damaged")
      }
      switch words.first {
      case "seen":
        guard words.count == 6, let inode = UInt64(words[2]), let size = Int64(words[3]),
          let seconds = Int(words[4]), let nanoseconds = Int(words[5])
        else { throw damaged() }
        result.seen[String(words[1])] = FileSignature(
          inode: inode, size: size, seconds: seconds, nanoseconds: nanoseconds)
      case "saved":
        guard words.count == 3, let source = JokeSource(saved: String(words[1])) else {
          throw damaged()
        }
        result.lists.saved[source, default: []].append(StoredJoke(idOnly: String(words[2])))
      case "favorite":
        // favorite SOURCE ID DATE TIME NAME (the name last: it may hold spaces)
        guard words.count == 6, let source = JokeSource(saved: String(words[1])),
          let addedAt = PostgresTimestamp(words[3] + " " + words[4])
        else { throw damaged() }
        result.lists.favorites.append(
          Favorite(name: String(words[5]), source: source, id: String(words[2]), addedAt: addedAt))
      default:
        throw damaged()
      }
    }
    return result
  }

  /// The base's bytes: a header, then a line for each other log's signature (`seen NAME INODE
  /// SIZE SECONDS NANOSECONDS`), each saved joke (`saved SOURCE ID`) and each favourite
  /// (`favorite SOURCE ID ADDED_AT NAME`).
  /// - Parameter base: the lists and the logs' signatures.
  /// - Returns: the file's bytes.
  public static func baseBytes(_ base: Base) -> [UInt8] {
    var text = ""
    for (name, signature) in base.seen.sorted(by: { $0.key < $1.key }) {
      text += "seen \(name) \(signature.inode) \(signature.size) \(signature.seconds) "
      text += "\(signature.nanoseconds)\n"
    }
    for source in base.lists.sources {
      for joke in base.lists.saved[source] ?? [] { text += "saved \(source.name) \(joke.id)\n" }
    }
    for favorite in base.lists.favorites {
      text += "favorite \(favorite.source.name) \(favorite.id) \(favorite.addedAt.text) "
      text += favorite.name + "\n"
    }
    return baseHeader + Array(text.utf8)
  }

  // MARK: The other machines' records

  /// Every record of the other machines that a sync has read, by replica and sequence: what the
  /// merge starts from, so that a log cut short, damaged or gone from the folder never takes back
  /// a change already merged here (its records stay), and an unchanged log is not read again.
  /// Plain text, one record a line, in the data folder (0600) as the lists are.
  /// - Returns: the records; none before the first sync.
  /// - Throws: a storage error, or ``ChuckError/storageCorrupt(path:reason:)``.
  public func readRecords() throws(ChuckError) -> (
    records: [ReplicaID: [UInt64: SyncRecord]], bytes: [UInt8]
  ) {
    guard let bytes = try records.read() else { return ([:], Self.recordsHeader) }
    guard bytes.starts(with: Self.recordsHeader), bytes.last == UInt8(ascii: "\n") else {
      throw .storageCorrupt(path: records.path, reason: "it is not chuck's record cache")
    }
    var result: [ReplicaID: [UInt64: SyncRecord]] = [:]
    var number = 1
    for line in bytes.dropFirst(Self.recordsHeader.count).split(separator: UInt8(ascii: "\n")) {
      number += 1
      do throws(ChuckError) {
        let record = try SyncRecord.decode(line)
        result[record.replica, default: [:]][record.sequence] = record
      } catch {
        throw .storageCorrupt(path: records.path, reason: "line \(number): \(error)")
      }
    }
    return (result, bytes)
  }

  /// The record cache's bytes with records added: the cache only grows, so the records read
  /// before keep their bytes and the new ones are appended, one a line.
  /// - Parameters:
  ///   - records: every record, those read before included.
  ///   - cached: the records read before.
  ///   - bytes: the cache's bytes now.
  /// - Returns: the new bytes, or `nil` when no record is new.
  public static func recordsBytes(
    _ records: [ReplicaID: [UInt64: SyncRecord]], adding cached: [ReplicaID: [UInt64: SyncRecord]],
    to bytes: [UInt8]
  ) -> [UInt8]? {
    var bytes = bytes
    let before = bytes.count
    for replica in records.keys.sorted() {
      let known = cached[replica] ?? [:]
      for (sequence, record) in records[replica]!.sorted(by: { $0.key < $1.key })
      where known[sequence] == nil {
        bytes += record.encoded()
        bytes.append(UInt8(ascii: "\n"))
      }
    }
    return bytes.count == before ? nil : bytes
  }
}
