import ChuckTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Holds an exclusive `flock` on a file from another process, as a second `chuck` would.
final class LockHolder: @unchecked Sendable {
  private let process = Process()
  private let input = Pipe()

  /// Starts the holder and returns once it holds the lock.
  /// - Parameters:
  ///   - path: the file to lock.
  ///   - seconds: the longest it holds it before exiting.
  init(path: String, seconds: Double) throws {
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", "-c",
      "import fcntl, select, sys\n"
        + "f = open(sys.argv[1], 'a')\n"
        + "fcntl.flock(f, fcntl.LOCK_EX)\n"
        + "print('locked', flush=True)\n"
        + "select.select([sys.stdin], [], [], float(sys.argv[2]))\n",
      path, String(seconds),
    ]
    let out = Pipe()
    process.standardOutput = out
    process.standardInput = input
    try process.run()
    let line = out.fileHandleForReading.readLineRetryingInterrupts()
    guard String(decoding: line, as: UTF8.self).hasPrefix("locked") else {
      throw HarnessError.unexpected("the lock holder did not lock")
    }
  }

  /// Releases the lock: the holder exits when its stdin closes (`python3` may be a wrapper
  /// script that would outlive a signal sent to it).
  deinit {
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
  }
}

@Suite struct StorageTests {
  static let joke = MadeUpJoke(1, "Chuck Norris keeps his jokes in a safe place.")

  struct LocationCase: Sendable, CustomTestStringConvertible {
    var name: String
    /// Values may start with `@`, which stands for the sandbox's root folder.
    var environment: [String: String?]
    /// Where the file or folder must be, `@` standing for the sandbox's root folder.
    var expected: String
    var testDescription: String { name }

    func environment(root: URL) -> [String: String?] {
      environment.mapValues { $0.map { $0.replacingOccurrences(of: "@", with: root.path) } }
    }

    func expected(root: URL) -> String {
      expected.replacingOccurrences(of: "@", with: root.path)
    }
  }

  /// Every regular file under `folder` whose name is `name` (or any, when `nil`), as paths.
  static func files(under folder: URL, named name: String? = nil) -> [String] {
    let paths =
      FileManager.default.enumerator(atPath: folder.path)?.allObjects
      .compactMap { $0 as? String } ?? []
    return paths.map { folder.appendingPathComponent($0).path }.filter { path in
      var isDirectory: ObjCBool = false
      return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        && !isDirectory.boolValue && (name == nil || path.hasSuffix("/" + name!))
    }.sorted()
  }

  /// The list lives in `CHUCK_DATA_DIR`, else an absolute `XDG_DATA_HOME`, else `~/.local/share`.
  @Test(arguments: [
    LocationCase(
      name: "CHUCK_DATA_DIR wins",
      environment: ["CHUCK_DATA_DIR": "@/own", "XDG_DATA_HOME": "@/xdg"],
      expected: "@/own/jokes.json"),
    LocationCase(
      name: "XDG_DATA_HOME", environment: ["CHUCK_DATA_DIR": nil, "XDG_DATA_HOME": "@/xdg"],
      expected: "@/xdg/chuck/jokes.json"),
    LocationCase(
      name: "home", environment: ["CHUCK_DATA_DIR": nil, "XDG_DATA_HOME": nil],
      expected: "@/home/.local/share/chuck/jokes.json"),
    LocationCase(
      name: "empty XDG_DATA_HOME", environment: ["CHUCK_DATA_DIR": nil, "XDG_DATA_HOME": ""],
      expected: "@/home/.local/share/chuck/jokes.json"),
    LocationCase(
      name: "relative XDG_DATA_HOME",
      environment: ["CHUCK_DATA_DIR": nil, "XDG_DATA_HOME": "relative/data"],
      expected: "@/home/.local/share/chuck/jokes.json"),
  ])
  func listLocation(_ row: LocationCase) async throws {
    let (_, sandbox) = try await startSandbox(pool: [Self.joke])
    let workdir = sandbox.root.appendingPathComponent("workdir")
    try FileManager.default.createDirectory(at: workdir, withIntermediateDirectories: true)
    var environment = row.environment(root: sandbox.root)
    environment["WORKDIR"] = workdir.path
    let random = try await sandbox.shell(#"cd "$WORKDIR" && "$CHUCK" random"#, environment)
    #expect(random.status == 0, "\(random.stderr)")
    #expect(
      Self.files(under: sandbox.root, named: "jokes.json") == [row.expected(root: sandbox.root)])
    #expect(Self.files(under: workdir).isEmpty)
    let list = try await sandbox.shell(#"cd "$WORKDIR" && "$CHUCK" list"#, environment)
    #expect(list.stdout.contains(Self.joke.id))
  }

  /// Icons live in `CHUCK_CACHE_DIR`, else an absolute `XDG_CACHE_HOME`, else `~/.cache`.
  @Test(arguments: [
    LocationCase(
      name: "CHUCK_CACHE_DIR wins",
      environment: ["CHUCK_CACHE_DIR": "@/own", "XDG_CACHE_HOME": "@/xdg"], expected: "@/own"),
    LocationCase(
      name: "XDG_CACHE_HOME", environment: ["CHUCK_CACHE_DIR": nil, "XDG_CACHE_HOME": "@/xdg"],
      expected: "@/xdg/chuck"),
    LocationCase(
      name: "home", environment: ["CHUCK_CACHE_DIR": nil, "XDG_CACHE_HOME": nil],
      expected: "@/home/.cache/chuck"),
    LocationCase(
      name: "empty XDG_CACHE_HOME", environment: ["CHUCK_CACHE_DIR": nil, "XDG_CACHE_HOME": ""],
      expected: "@/home/.cache/chuck"),
    LocationCase(
      name: "relative XDG_CACHE_HOME",
      environment: ["CHUCK_CACHE_DIR": nil, "XDG_CACHE_HOME": "relative/cache"],
      expected: "@/home/.cache/chuck"),
  ])
  func cacheLocation(_ row: LocationCase) async throws {
    let (api, sandbox) = try await startSandbox()
    let joke = ShowTests.joke(1, on: api)
    try sandbox.writeList([joke.object])
    let workdir = sandbox.root.appendingPathComponent("workdir")
    try FileManager.default.createDirectory(at: workdir, withIntermediateDirectories: true)
    var environment = row.environment(root: sandbox.root)
    environment["WORKDIR"] = workdir.path
    environment["COLUMNS"] = "300"
    let show = try await sandbox.shell(
      #"cd "$WORKDIR" && "$CHUCK" show "$ID""#, environment.merging(["ID": joke.id]) { $1 })
    #expect(show.status == 0, "\(show.stderr)")
    let expected = row.expected(root: sandbox.root)
    let icon = try #require(ShowOutput(show.stdout)["icon"])
    #expect(icon.hasPrefix(expected + "/"), "\(icon)")
    let everything = Self.files(under: sandbox.root).filter {
      !$0.hasPrefix(sandbox.dataDirectory.path)
    }
    #expect(everything == [icon])
  }

  /// Directories chuck creates (parents included) are 0700 and its files 0600, whatever the umask.
  @Test func permissions() async throws {
    let (api, sandbox) = try await startSandbox(pool: [
      Self.joke, MadeUpJoke(2, "Chuck Norris again."),
    ])
    let data = sandbox.root.appendingPathComponent("deep/er/data")
    let cache = sandbox.root.appendingPathComponent("cdeep/cache")
    let environment: [String: String?] = [
      "CHUCK_DATA_DIR": data.path, "CHUCK_CACHE_DIR": cache.path,
    ]
    let listFile = data.appendingPathComponent("jokes.json")
    // Created, then replaced: both writes must leave it 0600.
    for _ in 1...2 {
      #expect(try await sandbox.shell(#"umask 000; "$CHUCK" random"#, environment).status == 0)
      #expect(try FileIdentity(path: listFile.path).permissions == 0o600)
    }
    let shown = ShowTests.joke(3, on: api)
    var items = try JSON.parse(Data(contentsOf: listFile))["items"]?.elements ?? []
    items.append(shown.object)
    try Data(JSON.object(["version": .number(1), "items": .array(items)]).text.utf8).write(
      to: listFile)
    chmod(listFile.path, 0o600)
    let show = try await sandbox.shell(
      #"umask 000; "$CHUCK" show "$ID""#, environment.merging(["ID": shown.id]) { $1 })
    #expect(show.status == 0)

    for folder in ["deep", "deep/er", "deep/er/data", "cdeep", "cdeep/cache"] {
      let path = sandbox.root.appendingPathComponent(folder).path
      #expect(try FileIdentity(path: path).permissions == 0o700, "\(folder)")
    }
    let created = Self.files(under: data) + Self.files(under: cache)
    #expect(Self.files(under: cache).count == 1)
    for file in created {
      #expect(try FileIdentity(path: file).permissions == 0o600, "\(file)")
    }
    let folders = (FileManager.default.enumerator(atPath: cache.path)?.allObjects ?? [])
      .compactMap { $0 as? String }.map { cache.appendingPathComponent($0).path }
      .filter { !created.contains($0) }
    for folder in folders {
      #expect(try FileIdentity(path: folder).permissions == 0o700, "\(folder)")
    }
  }

  /// The list file is `{"version":1,"items":[…]}`, items as received, in saved order.
  @Test func documentedFormat() async throws {
    let pool = [
      MadeUpJoke(1, "Saved first, created last.", createdAt: "2023-06-21 12:03:51.94"),
      MadeUpJoke(
        2, "Saved second, created first.", categories: ["dev"], createdAt: "2016-05-01 10:51:41"),
    ]
    let (api, sandbox) = try await startSandbox(pool: pool)
    for _ in pool { #expect(try await sandbox.chuck(["random"]).status == 0) }
    let document = try JSON.parse(Data(contentsOf: sandbox.listFile))
    #expect(document["version"] == .number(1))
    let items = document["items"]?.elements ?? []
    #expect(items.map { $0.only(MadeUpJoke.keys) } == pool.map { $0.served(by: api) })
  }

  struct BadFile: Sendable, CustomTestStringConvertible {
    var name: String
    /// The file's bytes, or `nil` for a directory in its place.
    var bytes: [UInt8]?
    var testDescription: String { name }

    init(_ name: String, _ text: String) {
      self.name = name
      bytes = Array(text.utf8)
    }

    init(_ name: String, bytes: [UInt8]?) {
      self.name = name
      self.bytes = bytes
    }
  }

  /// An unreadable, corrupt or other-version list fails every command with 74, untouched.
  @Test(arguments: [
    BadFile("truncated JSON", #"{"version":1,"items":["#),
    BadFile("empty file", ""),
    BadFile("binary", bytes: [0xFF, 0xFE, 0x00, 0x41, 0x1B]),
    BadFile("an array", "[]"),
    BadFile("items not an array", #"{"version":1,"items":{}}"#),
    BadFile("no version", #"{"items":[]}"#),
    BadFile("version as text", #"{"version":"1","items":[]}"#),
    BadFile("version 2", #"{"version":2,"items":[]}"#),
    BadFile("version 2 of another shape", #"{"version":2,"items":[{"text":"x"}],"next":true}"#),
    BadFile("version 0", #"{"version":0,"items":[]}"#),
    BadFile("item missing fields", #"{"version":1,"items":[{"id":"madeUpJoke000000000001"}]}"#),
    BadFile("a directory", bytes: nil),
  ])
  func unusableListIsNeverOverwritten(_ row: BadFile) async throws {
    let (api, sandbox) = try await startSandbox(pool: [Self.joke])
    try FileManager.default.createDirectory(
      at: sandbox.dataDirectory, withIntermediateDirectories: true)
    if let bytes = row.bytes {
      try Data(bytes).write(to: sandbox.listFile)
    } else {
      try FileManager.default.createDirectory(
        at: sandbox.listFile, withIntermediateDirectories: true)
    }
    let identity = try FileIdentity(path: sandbox.listFile.path)
    let entries = sandbox.dataDirectoryEntries
    try await Task.sleep(nanoseconds: 20_000_000)

    for arguments in [["random"], ["list"], ["list", "--json"], ["show", Self.joke.id]] {
      let result = try await sandbox.chuck(arguments)
      #expect(result.status == 74, "\(arguments)")
      #expect(result.stdout == "", "\(arguments)")
      #expect(result.stderr.hasPrefix("error:"), "\(arguments)")
      #expect(result.stderr.contains(sandbox.listFile.path), "\(arguments): \(result.stderr)")
    }
    if let bytes = row.bytes { #expect(sandbox.listBytes == Data(bytes)) }
    #expect(try FileIdentity(path: sandbox.listFile.path) == identity)
    #expect(sandbox.dataDirectoryEntries.filter { $0 != "jokes.json.lock" } == entries)
    _ = api
  }

  /// A missing list file is an empty list: `list` says so and `random` starts it.
  @Test func missingFileIsEmpty() async throws {
    let (_, sandbox) = try await startSandbox(pool: [Self.joke])
    let list = try await sandbox.chuck(["list"])
    #expect(list.status == 0)
    #expect(list.stdout.contains("chuck random"))
    let random = try await sandbox.chuck(["random"])
    #expect(random.status == 0)
    #expect(try sandbox.savedIDs() == [Self.joke.id])
  }

  /// Unknown fields in saved items are tolerated and kept when the list is rewritten.
  @Test func unknownFieldsAreKept() async throws {
    let (_, sandbox) = try await startSandbox(pool: [Self.joke])
    let extras: [String: JSON] = [
      "saved_at": "2024-01-01T00:00:00Z",
      "mood": .object([
        "level": [.number(1), .number(2.5), .null, .bool(true)], "note": "é\u{301}",
      ]),
    ]
    guard case .object(var fields) = MadeUpJoke(2, "Chuck Norris was here first.").object else {
      return
    }
    for (key, value) in extras { fields[key] = value }
    let old = JSON.object(fields)
    try sandbox.writeListText(
      #"{"items":["# + old.text + #"],"version":1,"written_by":"a future chuck"}"#)

    #expect(try await sandbox.chuck(["list"]).status == 0)
    #expect(try await sandbox.chuck(["show", "madeUp"]).status == 0)
    #expect(try await sandbox.chuck(["random"]).status == 0)
    let items = try sandbox.savedItems()
    #expect(items.count == 2)
    #expect(items.first == old)
  }

  /// A data directory that cannot be created fails `random` with 74 naming it.
  @Test func unwritableDataDirectory() async throws {
    let (_, sandbox) = try await startSandbox(pool: [Self.joke])
    let blocker = sandbox.root.appendingPathComponent("blocker")
    try Data("not a folder".utf8).write(to: blocker)
    let result = try await sandbox.chuck(
      ["random"], ["CHUCK_DATA_DIR": blocker.appendingPathComponent("data").path])
    #expect(result.status == 74)
    #expect(result.stdout == "")
    #expect(result.stderr.hasPrefix("error:"))
    #expect(result.stderr.contains(blocker.path))
  }

  /// A write that fails part-way exits 74 and leaves the old list whole.
  @Test func failedWriteLeavesTheListWhole() async throws {
    let (_, sandbox) = try await startSandbox(pool: [MadeUpJoke(99, "Chuck Norris fills disks.")])
    let value = String(repeating: "Chuck Norris needs a lot of room. ", count: 40)
    try sandbox.writeList((1...3).map { MadeUpJoke($0, value).object })
    let before = try #require(sandbox.listBytes)
    #expect(before.count > 3000)
    let result = try await sandbox.shell(#"ulimit -f 2; exec "$CHUCK" random"#)
    #expect(result.status == 74)
    #expect(result.stdout == "")
    #expect(result.stderr.hasPrefix("error:"))
    #expect(sandbox.listBytes == before)
    #expect(
      sandbox.dataDirectoryEntries.allSatisfy { $0 == "jokes.json" || $0 == "jokes.json.lock" })
  }

  /// A lock held by another process makes `random` give up after 10 s with 74.
  @Test func lockHeldTooLong() async throws {
    let (_, sandbox) = try await startSandbox(pool: [Self.joke])
    try sandbox.writeList([MadeUpJoke(2, "Chuck Norris got here first.").object])
    let before = try #require(sandbox.listBytes)
    let holder = try LockHolder(path: sandbox.listFile.path + ".lock", seconds: 60)
    let result = try await sandbox.chuck(["random"])
    #expect(result.status == 74)
    #expect(result.stdout == "")
    #expect(result.stderr.hasPrefix("error:"))
    #expect(result.stderr.contains("jokes.json"))
    #expect(result.stderr.contains("10"))
    #expect(result.seconds >= 9.5 && result.seconds < 16, "took \(result.seconds) s")
    #expect(sandbox.listBytes == before)
    _ = holder
  }

  /// A lock released within the limit is waited for, and the joke is then saved.
  @Test func lockReleasedInTimeIsWaitedFor() async throws {
    let (_, sandbox) = try await startSandbox(pool: [Self.joke])
    try sandbox.writeList([MadeUpJoke(2, "Chuck Norris got here first.").object])
    let holder = try LockHolder(path: sandbox.listFile.path + ".lock", seconds: 1.5)
    let started = Date()
    // Not throttled: the wait must overlap the lock.
    let result = try await onThread { try sandbox.run(["random"]) }
    #expect(result.status == 0)
    #expect(Date().timeIntervalSince(started) >= 1.4, "took \(result.seconds) s")
    #expect(try sandbox.savedIDs() == [MadeUpJoke.id(2), Self.joke.id])
    _ = holder
  }

  /// Twenty `chuck random` at once all succeed and the list holds all twenty jokes.
  @Test func concurrentRandomsLoseNothing() async throws {
    let (api, sandbox) = try await startSandbox(arguments: ["--order", "cycle"])
    let runs = try (1...20).map { _ in try sandbox.launch(["random"]) }
    var readers: [ChuckResult] = []
    for _ in 1...5 { readers.append(try await sandbox.chuck(["list", "--json"])) }
    for (process, out, err) in runs {
      _ = out.fileHandleForReading.readAllRetryingInterrupts()
      let message = String(
        decoding: err.fileHandleForReading.readAllRetryingInterrupts(), as: UTF8.self)
      process.waitUntilExit()
      #expect(process.terminationStatus == 0, "\(message)")
    }
    for reader in readers {
      #expect(reader.status == 0, "\(reader.stderr)")
      #expect(throws: Never.self) { try JSON.parse(reader.stdout) }
    }
    let ids = try sandbox.savedIDs()
    #expect(ids.count == 20)
    #expect(Set(ids).count == 20)
    #expect(try api.requests().count == 20)
    #expect(
      sandbox.dataDirectoryEntries.allSatisfy { $0 == "jokes.json" || $0 == "jokes.json.lock" })
  }
}
