import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

/// Syncs of machines in one process: each its own data folder and config folder, one sync folder
/// (or a git clone each of one bare repository), the real cipher.
@Suite struct SyncSessionTests {
  /// Machines and their shared folder, in a temporary folder removed at the end.
  final class Machines: @unchecked Sendable {
    let root: URL
    let folder: URL

    init() throws {
      root = try TemporaryDirectory.make(prefix: "chuck-sync-session")
      folder = root.appendingPathComponent("folder")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// Machine `name`'s components, its sync folder `folder` (the shared one by default).
    func components(_ name: String, folder: URL? = nil, auto: Bool = false) throws
      -> ChuckComponents
    {
      let home = root.appendingPathComponent(name)
      var configuration = try ChuckConfiguration(environment: [
        "HOME": home.path, "CHUCK_DATA_DIR": home.appendingPathComponent("data").path,
        "CHUCK_CACHE_DIR": home.appendingPathComponent("cache").path,
        "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
        "CHUCK_SYNC_DIR": (folder ?? self.folder).path, "CHUCK_SYNC": auto ? "auto" : "manual",
      ])
      configuration.favoritesLimit = 3
      return ChuckComponents(configuration: configuration)
    }
  }

  static let time = PostgresTimestamp("2026-11-27 10:00:00")!

  @discardableResult
  static func add(_ text: String, on components: ChuckComponents) throws -> String {
    let joke = try Mine.joke(text, at: time)
    _ = try components.list(Mine.self).add(joke)
    return joke.id
  }

  static func mine(_ components: ChuckComponents) throws -> [String] {
    try SyncLocalFiles(components: components).lists().saved[.mine]?.map(\.id) ?? []
  }

  /// Two machines: init, join, changes both ways, one answer; nothing new changes nothing.
  @Test func twoMachinesAgree() throws {
    let machines = try Machines()
    let a = try machines.components("a")
    let b = try machines.components("b")
    let first = try Self.add("First.", on: a)
    let second = try Self.add("Second.", on: b)
    let (key, started) = try SyncSetup(a).start()
    #expect(started.joined && started.recorded == 1 && started.others.isEmpty)
    let joined = try SyncSetup(b).join(key.text)
    #expect(joined.joined && joined.added == 1 && joined.others == [started.replica])
    let back = try SyncSetup(a).sync()
    #expect(back.added == 1 && back.recorded == 0)
    #expect(Set(try Self.mine(a)) == [first, second])
    #expect(try SyncLocalFiles(components: a).lists() == SyncLocalFiles(components: b).lists())

    _ = try a.removeJokes([second], from: .mine)
    _ = try a.favorites.add(
      name: "Best", idOrPrefix: first, in: a.list(Mine.self), at: Self.time)
    let sent = try SyncSetup(a).sync()
    #expect(sent.recorded == 2)
    let received = try SyncSetup(b).sync()
    #expect(received.removed == 1 && received.favoritesChanged == 1)
    #expect(try Self.mine(b) == [first])
    #expect(try b.favorites.sorted().map(\.name) == ["Best"])
    let nothing = try SyncSetup(b).sync()
    #expect(nothing.added == 0 && nothing.removed == 0 && nothing.recorded == 0)
    #expect(
      nothing.lines(folder: "/f").last == "In: 0 jokes added, 0 removed, 0 favourites "
        + "changed. Out: 0 changes of this machine.")

    let status = try SyncSetup(b).status()
    #expect(status.waiting == 0)
    #expect(status.replicas.map(\.isThisMachine) == [true, false])
    #expect(status.replicas[0].line.contains("(this machine)"))
    #expect(try SyncSetup(a).key() == key)
  }

  /// A sync reads only the logs whose signature (inode, size, time) changed since it last read
  /// them; with nothing new it reads none. Shown by changing another log's bytes behind its
  /// signature: nothing notices, not even a sync that records a change here. Once the file's
  /// time changes, it is read, refused in words, and what it brought before stays: the records
  /// read before are kept here, so a damaged copy takes nothing back.
  @Test func unchangedLogsAreNotReadAndDamageTakesNothingBack() throws {
    let machines = try Machines()
    let a = try machines.components("a")
    let b = try machines.components("b")
    try Self.add("On a.", on: a)
    let (key, _) = try SyncSetup(a).start()
    try Self.add("On b.", on: b)
    let joined = try SyncSetup(b).join(key.text)
    _ = try SyncSetup(a).sync()
    #expect(try Self.mine(a).count == 2)
    let other = machines.folder.appendingPathComponent(SyncLog.fileName(for: joined.replica))
    var info = stat()
    #expect(stat(other.path, &info) == 0)
    let size = Int(info.st_size)
    let handle = try FileHandle(forWritingTo: other)
    try handle.write(contentsOf: Data(repeating: UInt8(ascii: "x"), count: size))
    try handle.close()
    var times = [info.st_atim, info.st_mtim]
    #expect(utimensat(AT_FDCWD, other.path, &times, 0) == 0)
    let quiet = try SyncSetup(a).sync()
    #expect(quiet.refusals.isEmpty && quiet.others == [joined.replica] && quiet.recorded == 0)
    try Self.add("Another on a.", on: a)
    let recorded = try SyncSetup(a).sync()
    #expect(recorded.recorded == 1 && recorded.refusals.isEmpty)
    times[1].tv_sec += 1
    #expect(utimensat(AT_FDCWD, other.path, &times, 0) == 0)
    let damaged = try SyncSetup(a).sync()
    #expect(damaged.refusals.count == 1, "\(damaged.refusals)")
    #expect(damaged.removed == 0)
    #expect(try Self.mine(a).count == 3)
    // Refused again, in words, until the log is whole again.
    #expect(try SyncSetup(a).sync().refusals.count == 1)
    _ = try SyncSetup(b).sync()
    #expect(try SyncSetup(a).sync().refusals.isEmpty)
    #expect(try Self.mine(b).count == 3)
  }

  /// Without a folder, a key, or with a second init: what to do, in words.
  @Test func notReady() throws {
    let machines = try Machines()
    var configuration = try machines.components("a").configuration
    configuration.sync.folder = nil
    #expect(throws: ChuckError.self) {
      try SyncSetup(ChuckComponents(configuration: configuration))
    }
    let a = try machines.components("a")
    #expect { try SyncSetup(a).sync() } throws: { error in
      guard case .syncNotReady(let why) = error as? ChuckError else { return false }
      return why.contains("chuck sync init")
    }
    let missing = try machines.components("m", folder: machines.root.appendingPathComponent("no"))
    #expect(throws: ChuckError.self) { try SyncSetup(missing).start() }
    _ = try SyncSetup(a).start()
    #expect(throws: ChuckError.self) { try SyncSetup(a).start() }
    // A second machine's init where a log is: refused, join instead.
    let b = try machines.components("b")
    #expect { try SyncSetup(b).start() } throws: { error in
      guard case .syncNotReady(let why) = error as? ChuckError else { return false }
      return why.contains("chuck sync join")
    }
    // Another key than the one kept: refused.
    #expect(throws: ChuckError.self) { try SyncSetup(a).join(SyncKey.generate().text) }
    // No auto: nothing after a change.
    #expect(try SyncSetup.afterChange(a) == nil)
  }

  /// A forged record (a joke its source's reader refuses), a record sealed with another key, and
  /// a damaged own log.
  @Test func refusals() throws {
    let machines = try Machines()
    let a = try machines.components("a")
    try Self.add("Kept.", on: a)
    let (key, _) = try SyncSetup(a).start()
    let forger = ReplicaID.random()
    let bad = try StoredJoke(id: "forged1", json: #"{"id":"forged1","no":"text"}"#)
    let records = [
      SyncRecord(
        replica: forger, sequence: 1, clock: HybridTimestamp(physical: 1, logical: 0),
        operation: .jokeSaved(source: .mine, joke: bad, reason: .saved))
    ]
    let sealer = SodiumSealer(key: key)
    let log = try SyncLog.encode(records, replica: forger, sealer: sealer)
    try Data(log).write(to: machines.folder.appendingPathComponent(SyncLog.fileName(for: forger)))
    let stranger = ReplicaID.random()
    let foreign = try SyncLog.appending(
      [
        SyncRecord(
          replica: stranger, sequence: 1, clock: HybridTimestamp(physical: 1, logical: 0),
          operation: .jokeRemoved(source: .mine, id: "x"))
      ], to: [], replica: stranger, sealer: SodiumSealer(key: .generate()))
    try Data(foreign).write(
      to: machines.folder.appendingPathComponent(SyncLog.fileName(for: stranger)))
    let report = try SyncSetup(a).sync()
    #expect(report.refusals.count == 2, "\(report.refusals)")
    #expect(report.refusals.contains { $0.contains("forged1") })
    #expect(report.refusals.contains { $0.contains("does not open") })
    #expect(try Self.mine(a).count == 1)

    let files = SyncLocalFiles(components: a)
    try Data("chuck sync log 1 nonsense\n".utf8).write(to: files.log.fileURL)
    #expect { try SyncSetup(a).sync() } throws: { error in
      guard case .storageCorrupt = error as? ChuckError else { return false }
      return true
    }
    try Data("not a base".utf8).write(to: files.base.fileURL)
    #expect(throws: ChuckError.self) { try files.readBase() }
  }

  /// `sync = "auto"`: after a saved file changed in this process, a machine that syncs syncs.
  @Test func automatic() throws {
    let machines = try Machines()
    let a = try machines.components("a", auto: true)
    _ = try SyncSetup(a).start()
    try Self.add("After.", on: a)
    let report = try #require(try SyncSetup.afterChange(a))
    #expect(report.recorded == 1)
  }

  /// Three machines, each a clone of one bare repository, cloned while it was empty: git pull,
  /// commit and push carry the logs (the first push makes the branch, the others follow it);
  /// every machine ends with every joke, and the repository holds one log a machine.
  @Test func threeGitClones() throws {
    let machines = try Machines()
    let bare = machines.root.appendingPathComponent("origin.git")
    func git(_ arguments: [String], in folder: URL? = nil) throws {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
      process.arguments = (folder.map { ["-C", $0.path] } ?? []) + arguments
      process.environment = [
        "HOME": machines.root.path, "GIT_CONFIG_NOSYSTEM": "1", "PATH": "/usr/bin:/bin",
      ]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
      #expect(process.terminationStatus == 0, "git \(arguments)")
    }
    try git(["init", "--quiet", "--bare", "--initial-branch=main", bare.path])
    var components: [ChuckComponents] = []
    for name in ["a", "b", "c"] {
      let clone = machines.root.appendingPathComponent("clone-" + name)
      try git(["clone", "--quiet", bare.path, clone.path])
      try git(["checkout", "--quiet", "-B", "main"], in: clone)
      components.append(try machines.components(name, folder: clone))
      #expect(SyncEngine(folder: clone.path) == .git)
    }
    try Self.add("From a.", on: components[0])
    try Self.add("From b.", on: components[1])
    try Self.add("From c.", on: components[2])
    // Every clone was made while the repository was empty: the first machine's sync makes its
    // branch, and each next one follows it.
    let (key, _) = try SyncSetup(components[0]).start()
    for machine in components.dropFirst() { _ = try SyncSetup(machine).join(key.text) }
    for machine in components { _ = try SyncSetup(machine).sync() }
    for machine in components {
      #expect(try Self.mine(machine).count == 3)
    }
    let listing = Process()
    listing.executableURL = URL(fileURLWithPath: "/usr/bin/git")
    listing.arguments = ["--git-dir", bare.path, "ls-tree", "--name-only", "main"]
    let names = Pipe()
    listing.standardOutput = names
    try listing.run()
    listing.waitUntilExit()
    let files = String(decoding: names.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(files.split(separator: "\n").count == 3, "\(files)")
    #expect(files.split(separator: "\n").allSatisfy { $0.hasSuffix(".chuck-sync") })
  }
}
