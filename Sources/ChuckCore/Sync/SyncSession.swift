import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// One `chuck sync` on this machine: its changes since the last sync recorded in its own log, every
/// machine's log merged into its lists, its log written to the sync folder.
///
/// Under the data folder's lock: the own log (`sync-log`, ``SyncLocalFiles``) gives this machine's
/// replica and records (a machine without one joins: its lists become its first records,
/// ``SyncReplica/snapshot(of:now:)``); every other log in the folder is read and opened
/// (``SyncLog``), what is refused said and the rest kept; the changes since the base
/// (``SyncDiff``) are stamped after every record read; everything is merged (``SyncFold``); the
/// lists, the own log and the base change in one ``StorageTransaction``, so a crash leaves them
/// as before or after. Then, still under the lock, the own log is copied into the folder (a file
/// replaced whole, by rename): the local copy is the one that counts, so a copy lost or damaged
/// in the folder is written again by the next sync.
public struct SyncSession: Sendable {
  /// The lists and this machine's sync files.
  public let files: SyncLocalFiles
  /// The sync folder.
  public let folder: String
  /// What seals and opens records.
  public let sealer: any SyncSealer
  /// The wall clock.
  public let now: @Sendable () -> Date

  /// The largest log read from the folder: 256 MiB, far more than a million changes; a larger
  /// file is refused, not read.
  public static let largestLog = 256 << 20

  /// Makes a sync.
  /// - Parameters:
  ///   - files: the lists and this machine's sync files.
  ///   - folder: the sync folder.
  ///   - sealer: what seals and opens records.
  ///   - now: the wall clock.
  public init(
    files: SyncLocalFiles, folder: String, sealer: any SyncSealer,
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.files = files
    self.folder = folder
    self.sealer = sealer
    self.now = now
  }

  /// What a sync did.
  public struct Report: Sendable, Equatable {
    /// This machine's replica.
    public var replica: ReplicaID
    /// Whether this sync set the replica up (its lists became its first records).
    public var joined = false
    /// The other replicas whose logs were read.
    public var others: [ReplicaID] = []
    /// This machine's changes recorded now.
    public var recorded = 0
    /// Jokes that came into the lists.
    public var added = 0
    /// Jokes that left them.
    public var removed = 0
    /// Favourites made, renamed or removed here by the merge.
    public var favoritesChanged = 0
    /// What was refused (a record that does not open or read, a log that is not one, a joke
    /// its source's reader refuses), one sentence each.
    public var refusals: [String] = []
    /// Changes the merge's rules did not apply as written (a favourite over the limit, a
    /// favourite whose joke was removed first), one sentence each.
    public var notes: [String] = []
  }

  /// Syncs.
  /// - Returns: what was done.
  /// - Throws: ``ChuckError/syncNotReady(_:)`` for a missing folder, a storage error (nothing
  ///   changed then), the sealer's errors.
  public func run() throws(ChuckError) -> Report {
    try files.log.exclusively { () throws(ChuckError) -> Report in
      let (report, ownLog) = try merge()
      guard let ownLog else { return report }
      do throws(ChuckError) {
        try copy(ownLog, of: report.replica)
      } catch {
        // The merge is made here: say so, not that nothing changed.
        let reason: String
        switch error {
        case .storageWriteFailed(_, let why), .storageNotDurable(_, let why): reason = why
        default: reason = error.errorDescription ?? "\(error)"
        }
        throw .syncEngineFailed(
          "this machine's log could not be written into \(folder) (\(reason)); the lists here "
            + "are merged, and the next chuck sync writes it")
      }
      return report
    }
  }

  /// Writes this machine's log into the folder when the copy there differs, under the data
  /// folder's lock (so two syncs of this machine never put an older copy over a newer one): a
  /// temporary file beside it, flushed, renamed over it. A temporary file a killed sync left
  /// there is removed first (only this machine writes files of that name).
  private func copy(_ log: [UInt8], of replica: ReplicaID) throws(ChuckError) {
    let name = SyncLog.fileName(for: replica)
    let url = URL(fileURLWithPath: folder + "/" + name)
    let temporary = FileStore.temporaryPrefix(of: name)
    for stale in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    where stale.hasPrefix(temporary) {
      unlink(folder + "/" + stale)
    }
    let copy = FileStore(fileURL: url, contents: .input, maximumSize: Self.largestLog)
    guard (try? copy.read()) != log else { return }
    try FileStore(fileURL: url).replace(with: log)
  }

  /// The merge, and the own log to copy into the folder (`nil` when the copy there is whole and
  /// nothing changed: a sync with nothing new lists the folder, looks at each log's signature
  /// and reads only local files).
  private func merge() throws(ChuckError) -> (Report, [UInt8]?) {
    let clock = HybridLogicalClock.milliseconds(now())
    let own = try ownLog()
    var report = Report(replica: own.replica.id, joined: own.bytes == nil)
    let ownName = SyncLog.fileName(for: own.replica.id)
    var seen: [String: FileSignature] = [:]
    for name in try Self.logNames(in: folder) where name != ownName {
      seen[name] = FileSignature(path: folder + "/" + name)
    }
    let current = try files.lists()
    let base = own.bytes == nil ? SyncLocalFiles.Base() : try files.readBase()
    let limit = files.components.configuration.favoritesLimit
    if let bytes = own.bytes, !seen.isEmpty, base.seen == seen,
      SyncFold.limit(of: own.records) == limit,
      FileSignature(path: folder + "/" + ownName)?.size == Int64(bytes.count),
      SyncDiff.operations(from: base.lists, to: current, sources: files.sources).isEmpty
    {
      report.others = seen.keys.sorted().compactMap(SyncLog.replica(fromFileName:))
      return (report, nil)
    }
    let (cached, cachedBytes) =
      own.bytes == nil ? ([:], SyncLocalFiles.recordsHeader) : try files.readRecords()
    let reading = try readFolder(except: own.replica.id, cached: cached, seen: base.seen)
    report.others = reading.replicas
    report.refusals = reading.refusals
    var replica = own.replica
    let others = reading.records.values.flatMap(\.values)
    replica.receive(others, now: clock)
    var operations: [SyncRecord]
    if own.bytes == nil {
      operations = replica.snapshot(of: current, now: clock)
    } else {
      operations = SyncDiff.operations(from: base.lists, to: current, sources: files.sources)
        .map { replica.record($0, now: clock) }
    }
    report.recorded = operations.count
    // This machine's favorites-max, when it is not the one its log last said (not a change of
    // the lists: not counted).
    if SyncFold.limit(of: own.records) != limit {
      operations.append(replica.record(.favoritesLimit(limit), now: clock))
    }
    let fold = SyncFold(favoritesLimit: files.components.configuration.favoritesLimit).fold(
      own.records + operations + others, now: clock)
    report.notes = fold.notes.map(\.message)
    var (changes, written, refusals) = try files.changes(making: fold.lists, from: current)
    report.refusals += refusals
    count(from: current, to: written, in: &report)
    let logBytes = try SyncLog.appending(
      operations, to: own.bytes ?? SyncLog.header(for: replica.id), replica: replica.id,
      sealer: sealer)
    if logBytes != own.bytes { changes.append(FileChange(file: files.log, bytes: logBytes)) }
    // A record waiting for the clock, or anything refused, is read (and said) again next time.
    let waiting = fold.notes.contains {
      if case .aheadOfClock = $0.outcome { return true } else { return false }
    }
    let newBase = SyncLocalFiles.baseBytes(
      SyncLocalFiles.Base(lists: written, seen: waiting ? [:] : reading.seen))
    if let bytes = SyncLocalFiles.recordsBytes(reading.records, adding: cached, to: cachedBytes) {
      changes.append(FileChange(file: files.records, bytes: bytes))
    }
    if !changes.isEmpty || (try? files.base.read()) != newBase {
      changes.append(FileChange(file: files.base, bytes: newBase))
    }
    try StorageTransaction.commit(changes)
    return (report, logBytes)
  }

  /// This machine's log: its replica, records and bytes; a new replica (no bytes) when there is
  /// none yet.
  private func ownLog() throws(ChuckError) -> (
    replica: SyncReplica, records: [SyncRecord], bytes: [UInt8]?
  ) {
    guard let bytes = try files.log.read() else {
      return (SyncReplica(id: .random()), [], nil)
    }
    let (replica, reading) = try SyncLocalFiles.readOwnLog(bytes, sealer: sealer)
    guard let id = replica, reading.refusals.isEmpty else {
      throw .storageCorrupt(
        path: files.log.path,
        reason: (reading.refusals.first ?? "it is not a sync log")
          + " (this machine's own log; was the key changed?)")
    }
    return (SyncReplica(id: id, after: reading.records.last), reading.records, bytes)
  }

  /// The other machines' records: those read before (`cached`), and those of each log whose
  /// signature is not the one `seen` recorded, read and opened now. A record read now that
  /// differs from the one read before at its place is refused (the one read before stays); a
  /// log gone from the folder keeps its records here.
  /// - Returns: the records, the replicas whose logs are in the folder, the refusals, and the
  ///   signature of each log read whole without a refusal (or not read: unchanged).
  private func readFolder(
    except own: ReplicaID, cached: [ReplicaID: [UInt64: SyncRecord]],
    seen: [String: FileSignature]
  ) throws(ChuckError) -> (
    records: [ReplicaID: [UInt64: SyncRecord]], replicas: [ReplicaID], refusals: [String],
    seen: [String: FileSignature]
  ) {
    var records = cached
    records[own] = nil
    var replicas: [ReplicaID] = []
    var refusals: [String] = []
    var signatures: [String: FileSignature] = [:]
    for name in try Self.logNames(in: folder) {
      guard let replica = SyncLog.replica(fromFileName: name) else {
        // Meant as a log, named as none (a conflict copy, a stranger's file): said, not read.
        refusals += try SyncLog.read([], fileName: name, sealer: sealer).refusals
        continue
      }
      guard replica != own else { continue }
      let path = folder + "/" + name
      let signature = FileSignature(path: path)
      replicas.append(replica)
      if let signature, seen[name] == signature, cached[replica] != nil {
        signatures[name] = signature
        continue
      }
      let file = FileStore(
        fileURL: URL(fileURLWithPath: path), contents: .input, maximumSize: Self.largestLog)
      let bytes: [UInt8]
      do throws(ChuckError) {
        guard let read = try file.read() else { continue }
        bytes = read
      } catch {
        refusals.append("\(name) was not read: \(error.errorDescription ?? "\(error)")")
        continue
      }
      let reading = try SyncLog.read(bytes, fileName: name, sealer: sealer)
      var refused = reading.refusals
      for record in reading.records {
        if let earlier = records[replica]?[record.sequence] {
          if earlier != record {
            refused.append(
              "\(name): record \(record.sequence) is not the one read there before; "
                + "the one read before is kept")
          }
        } else {
          records[replica, default: [:]][record.sequence] = record
        }
      }
      refusals += refused
      if refused.isEmpty, let signature { signatures[name] = signature }
    }
    return (records, replicas, refusals, signatures)
  }

  /// The names of the files of a folder meant as logs (``SyncLog/isMeantAsLog(_:)``), sorted;
  /// every other file (what the engine keeps there, `.git`, `.stfolder`, a replicator's hidden
  /// temporary files) is not looked at.
  /// - Parameter folder: the sync folder.
  /// - Throws: ``ChuckError/syncNotReady(_:)`` when it cannot be listed.
  static func logNames(in folder: String) throws(ChuckError) -> [String] {
    do {
      return try FileManager.default.contentsOfDirectory(atPath: folder).sorted().filter(
        SyncLog.isMeantAsLog)
    } catch {
      throw .syncNotReady("the sync folder \(folder) cannot be listed: \(error)")
    }
  }

  /// Counts what the merge brought: jokes in and out, favourites changed.
  private func count(from current: SyncLists, to written: SyncLists, in report: inout Report) {
    for source in files.sources {
      let before = Set((current.saved[source] ?? []).map(\.id))
      let after = Set((written.saved[source] ?? []).map(\.id))
      report.added += after.subtracting(before).count
      report.removed += before.subtracting(after).count
    }
    func names(_ favorites: [Favorite]) -> [String: String] {
      Dictionary(favorites.map { ($0.source.name + " " + $0.id, $0.name) }) { first, _ in first }
    }
    let (before, after) = (names(current.favorites), names(written.favorites))
    report.favoritesChanged = Set(before.keys).union(after.keys).count { before[$0] != after[$0] }
  }
}
