import ChuckTestSupport
import Foundation
import Testing

/// `chuck sync` between machines, each a sandbox of its own (its own data folder and home, so its
/// own key), through one shared folder: the lists of every machine become one, nothing is in the
/// clear in the folder, and a wrong key, a damaged or hostile file are refused in words.
@Suite struct SyncTests {
  /// Machines sharing a sync folder.
  final class Machines: @unchecked Sendable {
    let folder: URL
    let machines: [ChuckSandbox]

    init(count: Int, config: String? = nil, api: FakeAPI? = nil) throws {
      folder = try TemporaryDirectory.make(prefix: "chuck-sync-folder")
      machines = try (0..<count).map { _ in try ChuckSandbox(api: api, config: config) }
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    subscript(index: Int) -> ChuckSandbox { machines[index] }

    /// Runs chuck on one machine with the sync folder set.
    func chuck(
      _ index: Int, _ arguments: [String], _ environment: [String: String?] = [:],
      timeout: Double = 60
    ) async throws -> ChuckResult {
      var environment = environment
      if environment["CHUCK_SYNC_DIR"] == nil { environment["CHUCK_SYNC_DIR"] = folder.path }
      return try await machines[index].chuck(arguments, environment, timeout: timeout)
    }

    /// `chuck sync init` on machine 0: the key it shows.
    func initialize() async throws -> String {
      let result = try await chuck(0, ["sync", "init"])
      #expect(result.status == 0, "\(result.stderr)")
      let key = result.stdout.lines.last?.trimmingCharacters(in: .whitespaces) ?? ""
      #expect(key.count > 40, "\(result.stdout)")
      return key
    }

    /// The texts of `mine` on a machine, in list order.
    func mine(_ index: Int) async throws -> [String] {
      let result = try await chuck(index, ["list", "--source", "mine", "--json"])
      guard result.status == 0, case .array(let items) = try JSON.parse(Data(result.stdout.utf8))
      else { return [] }
      return items.compactMap { item -> String? in
        guard case .object(let fields) = item, case .string(let text)? = fields["joke"] else {
          return nil
        }
        return text
      }
    }

    /// Every file of the folder, with its bytes (what the folder's host sees).
    func folderFiles() throws -> [String: Data] {
      var files: [String: Data] = [:]
      let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
      while let url = walker?.nextObject() as? URL {
        if let data = try? Data(contentsOf: url) { files[url.lastPathComponent] = data }
      }
      return files
    }
  }

  /// Two machines: each one's jokes reach the other, a remove travels, a favourite travels, and
  /// the folder holds one log a machine and nothing else.
  @Test func twoMachinesShareTheirLists() async throws {
    let machines = try Machines(count: 2)
    #expect(try await machines.chuck(0, ["add", "First machine's own joke."]).status == 0)
    #expect(try await machines.chuck(1, ["add", "Second machine's own joke."]).status == 0)
    let key = try await machines.initialize()
    let join = try await machines.chuck(1, ["sync", "join", key])
    #expect(join.status == 0, "\(join.stderr)")
    #expect(join.stdout.contains("This machine joined the sync"))
    #expect(join.stdout.contains("In: 1 joke added"), "\(join.stdout)")
    #expect(try await machines.chuck(0, ["sync"]).status == 0)
    #expect(
      Set(try await machines.mine(0)) == [
        "First machine's own joke.", "Second machine's own joke.",
      ]
    )
    #expect(Set(try await machines.mine(1)) == Set(try await machines.mine(0)))
    #expect(try machines.folderFiles().keys.allSatisfy { $0.hasSuffix(".chuck-sync") })
    #expect(try machines.folderFiles().count == 2)

    // A remove on one machine, then a favourite of the other joke, reach the other machine.
    let list = try await machines.chuck(1, ["list", "--source", "mine", "--json"])
    guard case .array(let items) = try JSON.parse(Data(list.stdout.utf8)) else {
      Issue.record("no list: \(list.stdout)")
      return
    }
    var ids: [String: String] = [:]
    for case .object(let fields) in items {
      if case .string(let id)? = fields["id"], case .string(let text)? = fields["joke"] {
        ids[text] = id
      }
    }
    let first = try #require(ids["First machine's own joke."])
    let second = try #require(ids["Second machine's own joke."])
    #expect(try await machines.chuck(1, ["remove", "--source", "mine", first]).status == 0)
    #expect(
      try await machines.chuck(1, ["favorite", "add", "--source", "mine", second, "Mine"]).status
        == 0)
    let out = try await machines.chuck(1, ["sync"])
    #expect(out.stdout.contains("Out: 2 changes"), "\(out.stdout)")
    let back = try await machines.chuck(0, ["sync"])
    #expect(back.stdout.contains("1 removed") && back.stdout.contains("1 favourite changed"))
    #expect(try await machines.mine(0) == ["Second machine's own joke."])
    let favorites = try await machines.chuck(0, ["favorite", "list"])
    #expect(favorites.stdout.contains("Mine"), "\(favorites.stdout)")

    // Nothing new: a sync changes nothing and says so.
    let again = try await machines.chuck(0, ["sync"])
    #expect(again.stdout.contains("In: 0 jokes added, 0 removed, 0 favourites changed"))
    #expect(again.stdout.contains("Out: 0 changes"))
  }

  /// No joke's text, and no favourite's name, is anywhere in the folder in the clear.
  @Test func nothingInTheClearInTheFolder() async throws {
    let machines = try Machines(count: 2)
    let texts = ["Plaintext canary one.", "Plaintext canary two, with unicode é."]
    for text in texts { #expect(try await machines.chuck(0, ["add", text]).status == 0) }
    let key = try await machines.initialize()
    #expect(try await machines.chuck(1, ["sync", "join", key]).status == 0)
    #expect(Set(try await machines.mine(1)) == Set(texts))
    let files = try machines.folderFiles()
    #expect(!files.isEmpty)
    for (name, data) in files {
      for needle in texts + ["canary", "Plaintext"] {
        #expect(data.range(of: Data(needle.utf8)) == nil, "\(needle) in \(name)")
      }
    }
    // The key is not in the folder either.
    let keyBytes = Data(key.replacingOccurrences(of: "-", with: "").utf8)
    #expect(files.values.allSatisfy { $0.range(of: keyBytes.prefix(16)) == nil })
  }

  /// A key that opens none of the folder's logs is refused before it is kept; a mistyped one is
  /// found by its checksum. Nothing is written on the machine that tried.
  @Test func wrongAndMistypedKeys() async throws {
    let machines = try Machines(count: 3)
    #expect(try await machines.chuck(0, ["add", "A joke."]).status == 0)
    let key = try await machines.initialize()
    // Machine 2 makes a key of its own in another folder: a real key, but not this set's.
    let elsewhere = try TemporaryDirectory.make(prefix: "chuck-sync-other")
    defer { try? FileManager.default.removeItem(at: elsewhere) }
    let other = try await machines.chuck(2, ["sync", "init"], ["CHUCK_SYNC_DIR": elsewhere.path])
    let otherKey = try #require(other.stdout.lines.last?.trimmingCharacters(in: .whitespaces))
    let wrong = try await machines.chuck(1, ["sync", "join", otherKey])
    #expect(wrong.status == 78)
    #expect(wrong.stderr.contains("opens none of the logs"), "\(wrong.stderr)")
    #expect(
      !FileManager.default.fileExists(atPath: machines[1].home.path + "/.config/chuck/sync-key"))
    var typo = Array(key)
    let index = typo.firstIndex { $0 != "-" && $0 != "a" }!
    typo[index] = "a"
    let mistyped = try await machines.chuck(1, ["sync", "join", String(typo)])
    #expect(mistyped.status == 64, "\(mistyped.stderr)")
    #expect(try await machines.chuck(1, ["sync", "join", key]).status == 0)
    #expect(try await machines.mine(1) == ["A joke."])
  }

  /// A hostile file named like a log, and a log cut short by a half-finished copy: refused in
  /// words (exit 65), the rest merged, nothing local lost; the engine's own files are left alone.
  @Test func damagedAndHostileLogsAreRefused() async throws {
    let machines = try Machines(count: 2)
    #expect(try await machines.chuck(0, ["add", "One."]).status == 0)
    #expect(try await machines.chuck(0, ["add", "Two."]).status == 0)
    let key = try await machines.initialize()
    #expect(try await machines.chuck(1, ["add", "Local."]).status == 0)
    // The engine's own files and a stranger's file named like a log.
    let stfolder = machines.folder.appendingPathComponent(".stfolder")
    try FileManager.default.createDirectory(at: stfolder, withIntermediateDirectories: true)
    let hostile = machines.folder.appendingPathComponent(
      String(repeating: "ab", count: 16) + ".chuck-sync")
    try Data("chuck sync log 1 \(String(repeating: "ab", count: 16))\n1 AAAA\n".utf8).write(
      to: hostile)
    // Machine 0's log cut short in the middle of a line.
    let log = try #require(
      try machines.folderFiles().first { $0.key != hostile.lastPathComponent }?.key)
    let logURL = machines.folder.appendingPathComponent(log)
    let whole = try Data(contentsOf: logURL)
    // Cut in the middle of its third line, the second joke's record (the header, One, Two, …).
    let lineEnds = whole.indices.filter { whole[$0] == UInt8(ascii: "\n") }
    try whole.prefix(lineEnds[1] + 10).write(to: logURL)
    let join = try await machines.chuck(1, ["sync", "join", key])
    #expect(join.status == 65, "\(join.stdout)\n\(join.stderr)")
    #expect(join.stderr.contains("warning:"))
    // One of machine 0's two jokes arrived; the local one stayed.
    #expect(try await machines.mine(1).count == 2)
    #expect(try await machines.mine(1).contains("Local."))
    #expect(FileManager.default.fileExists(atPath: stfolder.path))
    // Machine 0 writes its whole log again; then everything arrives.
    #expect(try await machines.chuck(0, ["sync"]).status == 65)
    try FileManager.default.removeItem(at: hostile)
    #expect(try await machines.chuck(1, ["sync"]).status == 0)
    #expect(Set(try await machines.mine(1)) == ["One.", "Two.", "Local."])
  }

  /// With `sync = "auto"`, a change syncs at once: the other machine sees it on its next sync.
  @Test func automaticSyncAfterAChange() async throws {
    let machines = try Machines(count: 2, config: "sync = \"auto\"\n")
    let key = try await machines.initialize()
    #expect(try await machines.chuck(1, ["sync", "join", key]).status == 0)
    let add = try await machines.chuck(0, ["add", "Made and sent at once."])
    #expect(add.status == 0, "\(add.stderr)")
    #expect(!add.stderr.contains("warning"), "\(add.stderr)")
    #expect(try await machines.chuck(1, ["sync"]).status == 0)
    #expect(try await machines.mine(1) == ["Made and sent at once."])
    // A read-only command does not sync: the folder's logs are not rewritten.
    let before = try machines.folderFiles()
    #expect(try await machines.chuck(0, ["list", "--source", "mine"]).status == 0)
    #expect(try machines.folderFiles() == before)
  }

  /// `chuck random`, which the fast path runs without the argument parser, syncs after the joke
  /// it saved too.
  @Test func automaticSyncAfterRandom() async throws {
    let api = try await startFake()
    let machines = try Machines(count: 2, config: "sync = \"auto\"\n", api: api)
    let key = try await machines.initialize()
    #expect(try await machines.chuck(1, ["sync", "join", key]).status == 0)
    let random = try await machines.chuck(0, ["random"])
    #expect(random.status == 0, "\(random.stderr)")
    #expect(!random.stderr.contains("warning"), "\(random.stderr)")
    let saved = try machines[0].savedIDs()
    #expect(saved.count == 1)
    #expect(try await machines.chuck(1, ["sync"]).status == 0)
    #expect(try machines[1].savedIDs() == saved)
  }

  /// `chuck sync --status` names each machine; `chuck sync key` shows the key `init` showed;
  /// without a folder or a key, sync says what to do (exit 78).
  @Test func statusKeyAndNotReady() async throws {
    let machines = try Machines(count: 2)
    let noFolder = try await machines.chuck(0, ["sync"], ["CHUCK_SYNC_DIR": ""])
    #expect(noFolder.status == 78)
    #expect(noFolder.stderr.contains("sync-dir"), "\(noFolder.stderr)")
    let noKey = try await machines.chuck(0, ["sync"])
    #expect(noKey.status == 78)
    #expect(noKey.stderr.contains("chuck sync init"), "\(noKey.stderr)")
    let key = try await machines.initialize()
    #expect(try await machines.chuck(0, ["sync", "key"]).stdout == key + "\n")
    #expect(try await machines.chuck(1, ["sync", "join", key]).status == 0)
    #expect(try await machines.chuck(1, ["add", "Not synced yet."]).status == 0)
    let status = try await machines.chuck(1, ["sync", "--status"])
    #expect(status.status == 0, "\(status.stderr)")
    #expect(status.stdout.contains("(this machine)"))
    #expect(status.stdout.contains("(another machine)"))
    #expect(status.stdout.contains("not synced yet: 1"), "\(status.stdout)")
    let twice = try await machines.chuck(0, ["sync", "init"])
    #expect(twice.status == 78)
    // --json: one object, for scripts.
    let json = try await machines.chuck(1, ["sync", "--json"])
    guard case .object(let report) = try JSON.parse(Data(json.stdout.utf8)) else {
      Issue.record("not an object: \(json.stdout)")
      return
    }
    #expect(report["recorded"] == .number(1) && report["refusals"] == .array([]))
    let statusJSON = try await machines.chuck(1, ["sync", "--status", "--json"])
    guard case .object(let fields) = try JSON.parse(Data(statusJSON.stdout.utf8)),
      case .array(let replicas)? = fields["replicas"]
    else {
      Issue.record("not a status: \(statusJSON.stdout)")
      return
    }
    #expect(replicas.count == 2 && fields["waiting"] == .number(0))
    #expect(try await machines.chuck(1, ["sync", "bogus"]).status == 64)
    #expect(try await machines.chuck(1, ["sync", "--status", "key"]).status == 64)
  }

  /// `pick` never reads the sync folder, even with `sync = "auto"` and a key: a log there that
  /// is a FIFO with no writer would hang any reader of it.
  @Test func pickNeverReadsTheSyncFolder() async throws {
    let machines = try Machines(count: 1, config: "sync = \"auto\"\n")
    #expect(try await machines.chuck(0, ["add", "Picked offline."]).status == 0)
    _ = try await machines.initialize()
    let trap = machines.folder.appendingPathComponent(
      String(repeating: "cd", count: 16) + ".chuck-sync")
    #expect(mkfifo(trap.path, 0o600) == 0)
    let pick = try await machines.chuck(0, ["pick", "--source", "mine"], timeout: 10)
    #expect(pick.status == 0, "\(pick.stderr)")
    #expect(pick.stdout.contains("Picked offline."))
    try FileManager.default.removeItem(at: trap)
  }
}
