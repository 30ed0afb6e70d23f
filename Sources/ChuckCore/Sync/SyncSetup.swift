import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// `chuck sync` and its `init`, `key`, `join` and `--status`, as this machine's settings make
/// them: the sync folder (`sync-dir`), the key (``SyncKey``, in `$XDG_CONFIG_HOME/chuck/`, never
/// in the folder), the engine that carries the folder (``SyncEngine``).
public struct SyncSetup: Sendable {
  /// What the environment built.
  public let components: ChuckComponents
  /// The sync folder.
  public let folder: String
  /// The key's file.
  public let keyPath: String
  /// What carries the folder.
  public let engine: SyncEngine

  /// The setup of this machine.
  /// - Parameter components: what the environment built.
  /// - Throws: ``ChuckError/syncNotReady(_:)`` when no sync folder is set.
  public init(_ components: ChuckComponents) throws(ChuckError) {
    let configuration = components.configuration
    guard let folder = configuration.sync.folder else {
      throw .syncNotReady(
        "no sync folder: set sync-dir in the config file (chuck config set sync-dir PATH) or "
          + "CHUCK_SYNC_DIR to a folder another engine replicates, or to a git clone")
    }
    self.components = components
    self.folder = folder
    keyPath = SyncKey.file(environment: configuration.environment)
    engine = SyncEngine(folder: folder)
  }

  /// `chuck sync init`: makes the key of a new set of machines and syncs this one.
  /// - Returns: the key, to show, and the sync's report.
  /// - Throws: ``ChuckError/syncNotReady(_:)`` when a key is already there, or the errors of
  ///   ``sync()``.
  public func start() throws(ChuckError) -> (key: SyncKey, report: SyncSession.Report) {
    if try SyncKey.read(from: keyPath) != nil {
      throw .syncNotReady(
        "this machine already has a key (\(keyPath)); chuck sync key shows it, chuck sync syncs")
    }
    try checkFolder()
    try engine.receive(in: folder)
    if let log = try SyncSession.logNames(in: folder).first(where: {
      SyncLog.replica(fromFileName: $0) != nil
    }) {
      throw .syncNotReady(
        "the sync folder already holds \(log), the log of a machine that syncs there: join "
          + "it with chuck sync join KEY (the key chuck sync key shows on that machine)")
    }
    let key = SyncKey.generate()
    try key.write(to: keyPath)
    return (key, try sync(with: key))
  }

  /// `chuck sync join KEY`: takes the key another machine shows, checks that it opens the logs
  /// already in the folder, keeps it and syncs.
  /// - Parameter text: the key as typed.
  /// - Returns: the sync's report.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for a mistyped key,
  ///   ``ChuckError/syncNotReady(_:)`` when another key is kept here or the key opens no log of
  ///   the folder; the errors of ``sync()``.
  public func join(_ text: String) throws(ChuckError) -> SyncSession.Report {
    let key = try SyncKey(text: text)
    if let kept = try SyncKey.read(from: keyPath), kept != key {
      throw .syncNotReady(
        "this machine already has another key (\(keyPath)); to move it to another set of "
          + "machines, move that file away first")
    }
    try checkFolder()
    try engine.receive(in: folder)
    let logs = try logs(openingWith: key)
    // A log without records (a machine that had nothing when it joined) proves nothing.
    if logs.contains(where: { $0.opens == false }), !logs.contains(where: { $0.opens == true }) {
      let names = logs.filter { $0.opens == false }.map(\.name).joined(separator: ", ")
      throw .syncNotReady(
        "this key opens none of the logs in \(folder) (\(names)): was it typed right? chuck "
          + "sync key shows it on a machine that syncs")
    }
    try key.write(to: keyPath)
    return try sync(with: key)
  }

  /// `sync = "auto"`: after a command changed a saved file, the sync, when this machine syncs
  /// (a folder and a key).
  /// - Parameter components: what the environment built.
  /// - Returns: the sync's report, or `nil` when nothing was to be done.
  /// - Throws: the errors of ``sync()``.
  public static func afterChange(_ components: ChuckComponents) throws(ChuckError)
    -> SyncSession.Report?
  {
    guard components.configuration.sync.automatic, FileStore.changedSavedFiles,
      components.configuration.sync.folder != nil
    else { return nil }
    let setup = try SyncSetup(components)
    guard try SyncKey.read(from: setup.keyPath) != nil else { return nil }
    return try setup.sync()
  }

  /// `chuck sync key`: the key kept on this machine.
  /// - Throws: ``ChuckError/syncNotReady(_:)`` when there is none.
  public func key() throws(ChuckError) -> SyncKey {
    guard let key = try SyncKey.read(from: keyPath) else {
      throw .syncNotReady(
        "no key on this machine (\(keyPath)): chuck sync init makes one for your first "
          + "machine, chuck sync join KEY takes the one another machine shows")
    }
    return key
  }

  /// `chuck sync`: brings the other machines' logs in, merges, sends this machine's log out.
  /// - Returns: what was done.
  /// - Throws: ``ChuckError/syncNotReady(_:)`` without a key or folder, the engine's errors,
  ///   a storage error (then the lists are as they were).
  public func sync() throws(ChuckError) -> SyncSession.Report {
    try sync(with: try key())
  }

  private func sync(with key: SyncKey) throws(ChuckError) -> SyncSession.Report {
    try checkFolder()
    try engine.receive(in: folder)
    let report = try session(key).run()
    try engine.send(from: folder, replica: report.replica)
    return report
  }

  /// The sync of this machine with a key.
  public func session(_ key: SyncKey) -> SyncSession {
    SyncSession(
      files: SyncLocalFiles(components: components), folder: folder,
      sealer: SodiumSealer(key: key))
  }

  private func checkFolder() throws(ChuckError) {
    var info = stat()
    guard stat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
      throw .syncNotReady(
        "the sync folder \(folder) is not a folder (\(FileDescriptorOutput.describe(errno))); "
          + "create it, or set sync-dir to the folder another engine replicates")
    }
  }

  /// The logs of the folder, and whether their records open with a key (`nil` for a log
  /// without records).
  private func logs(openingWith key: SyncKey) throws(ChuckError) -> [(name: String, opens: Bool?)] {
    let sealer = SodiumSealer(key: key)
    var logs: [(name: String, opens: Bool?)] = []
    for name in try SyncSession.logNames(in: folder)
    where SyncLog.replica(fromFileName: name) != nil {
      let file = FileStore(
        fileURL: URL(fileURLWithPath: folder + "/" + name), contents: .input,
        maximumSize: SyncSession.largestLog)
      guard let bytes = try? file.read() else { continue }
      let reading = try SyncLog.read(bytes, fileName: name, sealer: sealer)
      let empty = reading.records.isEmpty && reading.refusals.isEmpty
      logs.append((name, empty ? nil : !reading.records.isEmpty))
    }
    return logs
  }

  /// One machine's log, as `chuck sync --status` shows it.
  public struct Replica: Sendable, Equatable {
    /// Its id.
    public let id: ReplicaID
    /// Whether it is this machine.
    public let isThisMachine: Bool
    /// How many of its records open and read.
    public let records: Int
    /// When its last change was made, by its clock; `nil` without one.
    public let lastChange: Date?
    /// When its log last changed in the folder; `nil` when it is not there.
    public let lastWritten: Date?
    /// What of it was refused.
    public let refusals: [String]
  }

  /// `chuck sync --status`: every replica whose log is in the folder (this machine first), and
  /// this machine's changes not synced yet. Reads only.
  /// - Returns: the replicas and the count of changes waiting.
  /// - Throws: ``ChuckError/syncNotReady(_:)`` without a key or folder, a storage error.
  public func status() throws(ChuckError) -> (replicas: [Replica], waiting: Int) {
    let key = try key()
    try checkFolder()
    let sealer = SodiumSealer(key: key)
    let files = SyncLocalFiles(components: components)
    var replicas: [Replica] = []
    var own: ReplicaID?
    var waiting = 0
    try components.together { () throws(ChuckError) in
      if let bytes = try files.log.read() {
        let (replica, reading) = try SyncLocalFiles.readOwnLog(bytes, sealer: sealer)
        own = replica
        if let id = own {
          let copy = FileStore(
            fileURL: URL(fileURLWithPath: folder + "/" + SyncLog.fileName(for: id)),
            contents: .input)
          replicas.append(
            Replica(
              id: id, isThisMachine: true, records: reading.records.count,
              lastChange: reading.records.last.map(Self.date), lastWritten: copy.lastWritten,
              refusals: reading.refusals))
        }
        waiting =
          SyncDiff.operations(
            from: try files.readBase().lists, to: try files.lists(), sources: files.sources
          ).count
      }
    }
    for name in try SyncSession.logNames(in: folder) {
      guard let id = SyncLog.replica(fromFileName: name), id != own else { continue }
      let file = FileStore(
        fileURL: URL(fileURLWithPath: folder + "/" + name), contents: .input,
        maximumSize: SyncSession.largestLog)
      let reading: SyncLog.Reading
      do throws(ChuckError) {
        reading = try SyncLog.read(try file.read() ?? [], fileName: name, sealer: sealer)
      } catch {
        replicas.append(
          Replica(
            id: id, isThisMachine: false, records: 0, lastChange: nil,
            lastWritten: file.lastWritten, refusals: [error.errorDescription ?? "\(error)"]))
        continue
      }
      replicas.append(
        Replica(
          id: id, isThisMachine: false, records: reading.records.count,
          lastChange: reading.records.map(\.clock).max().map { Self.date($0) },
          lastWritten: file.lastWritten, refusals: reading.refusals))
    }
    return (replicas, waiting)
  }

  private static func date(_ record: SyncRecord) -> Date { date(record.clock) }

  private static func date(_ clock: HybridTimestamp) -> Date {
    Date(timeIntervalSince1970: Double(clock.physical) / 1000)
  }
}
