import ChuckTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

extension StorageTests {
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
    #expect(sandbox.dataDirectoryEntries.filter { $0 != "chuck.lock" } == entries)
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
      sandbox.dataDirectoryEntries.allSatisfy { $0 == "jokes.json" || $0 == "chuck.lock" })
  }

  /// A lock held by another process makes `random` give up after 10 s with 74.
  @Test func lockHeldTooLong() async throws {
    let (_, sandbox) = try await startSandbox(pool: [Self.joke])
    try sandbox.writeList([MadeUpJoke(2, "Chuck Norris got here first.").object])
    let before = try #require(sandbox.listBytes)
    // Held until this test lets it go: a run that waits for a process slot on a busy machine
    // must still find the lock taken.
    let holder = try LockHolder(path: sandbox.dataDirectory.path + "/chuck.lock", seconds: 3600)
    let result = try await sandbox.chuck(["random"])
    #expect(result.status == 74)
    #expect(result.stdout == "")
    #expect(result.stderr.hasPrefix("error:"))
    #expect(result.stderr.contains("jokes.json"))
    #expect(result.stderr.contains("10"))
    #expect(result.seconds >= 9.5 && result.seconds < 16, "took \(result.seconds) s")
    #expect(sandbox.listBytes == before)
    withExtendedLifetime(holder) {}
  }

  /// A lock released within the limit is waited for, and the joke is then saved.
  @Test func lockReleasedInTimeIsWaitedFor() async throws {
    let (_, sandbox) = try await startSandbox(pool: [Self.joke])
    try sandbox.writeList([MadeUpJoke(2, "Chuck Norris got here first.").object])
    let holder = try LockHolder(path: sandbox.dataDirectory.path + "/chuck.lock", seconds: 1.5)
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
    for (process, _, err) in runs {
      let status = await process.exit(killingAfter: 60)
      let message = String(
        decoding: err.fileHandleForReading.readAllRetryingInterrupts(timeout: 5), as: UTF8.self)
      #expect(status == 0, "\(message)")
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
      sandbox.dataDirectoryEntries.allSatisfy { $0 == "jokes.json" || $0 == "chuck.lock" })
  }
}
