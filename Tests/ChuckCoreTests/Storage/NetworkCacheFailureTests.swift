import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

#if canImport(Glibc)
  import Glibc
#endif

/// Failures of the file mechanics and the lock, in the suite of `NetworkCacheTests`.
extension NetworkCacheTests {
  /// A list path that is a folder cannot be read, and says so.
  @Test func folderInsteadOfFile() throws {
    try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
    #expect(
      throws: ChuckError.storageUnreadable(
        path: file.path, reason: "not a regular file (a directory)")
    ) {
      try NetworkCache<String>(fileURL: file).load()
    }
  }

  /// A list whose folder is really a regular file cannot be read or written, and says so.
  @Test func parentIsRegularFile() throws {
    let blocker = root.appendingPathComponent("blocker")
    try Data("x".utf8).write(to: blocker)
    let cache = NetworkCache<String>(fileURL: blocker.appendingPathComponent("jokes.json"))
    #expect(throws: (any Error).self) { try cache.load() }
    do throws(ChuckError) {
      _ = try cache.load()
    } catch {
      guard case .storageUnreadable(let path, _) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(path == blocker.appendingPathComponent("jokes.json").path)
    }
    #expect(throws: ChuckError.storageWriteFailed(path: blocker.path, reason: "not a directory")) {
      try cache.modify { (items: inout [String]) throws(ChuckError) in items.append("x") }
    }
    let deeper = NetworkCache<String>(fileURL: blocker.appendingPathComponent("a/b/jokes.json"))
    #expect(throws: ChuckError.storageWriteFailed(path: blocker.path, reason: "not a directory")) {
      try deeper.modify { (items: inout [String]) throws(ChuckError) in items.append("x") }
    }
    #expect(try Data(contentsOf: blocker) == Data("x".utf8))
  }

  /// A folder that cannot be created (a name too long) fails with `storageWriteFailed`.
  @Test func folderCannotBeCreated() throws {
    let long = root.appendingPathComponent(String(repeating: "d", count: 300))
    let cache = NetworkCache<String>(fileURL: long.appendingPathComponent("jokes.json"))
    #expect(throws: (any Error).self) {
      try cache.modify { (items: inout [String]) throws(ChuckError) in items.append("x") }
    }
    do throws(ChuckError) {
      try cache.modify { (items: inout [String]) throws(ChuckError) in items.append("x") }
    } catch {
      guard case .storageWriteFailed(let path, _) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(path == long.path)
    }
  }

  /// A lock file that cannot be opened fails with `storageWriteFailed` naming it.
  @Test func lockCannotBeOpened() throws {
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent().appendingPathComponent("chuck.lock"),
      withIntermediateDirectories: true)
    do throws(ChuckError) {
      try NetworkCache<String>(fileURL: file).modify { (items: inout [String]) throws(ChuckError) in
        items.append("x")
      }
      Issue.record("modify succeeded")
    } catch {
      guard case .storageWriteFailed(let path, _) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(path == file.deletingLastPathComponent().path + "/chuck.lock")
    }
    #expect(!FileManager.default.fileExists(atPath: file.path))
  }

  /// A temporary file that cannot be made (its name too long) fails the write and leaves no file.
  @Test func temporaryFileCannotBeMade() throws {
    let longFile = root.appendingPathComponent(String(repeating: "j", count: 245))
    let cache = NetworkCache<String>(fileURL: longFile)
    do throws(ChuckError) {
      try cache.modify { (items: inout [String]) throws(ChuckError) in items.append("x") }
      Issue.record("modify succeeded")
    } catch {
      guard case .storageWriteFailed(let path, _) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(path == longFile.path)
    }
    #expect(!FileManager.default.fileExists(atPath: longFile.path))
  }

  /// While another holder keeps the lock, `modify` fails with `.lockTimeout` in time.
  @Test func lockTimeout() async throws {
    try write(#"{"version":1,"items":["old"]}"#)
    let holder = open(
      file.deletingLastPathComponent().path + "/chuck.lock", O_RDWR | O_CREAT, 0o600)
    #expect(holder >= 0)
    defer { close(holder) }
    #expect(flock(holder, LOCK_EX) == 0)
    let cache = NetworkCache<String>(fileURL: file, lockTimeout: 0.3)
    let (result, waited) = try await offPool { () -> (Result<Void, ChuckError>, Double) in
      let start = Date()
      do throws(ChuckError) {
        try cache.modify { (items: inout [String]) throws(ChuckError) in items.append("new") }
        return (.success(()), Date().timeIntervalSince(start))
      } catch {
        return (.failure(error), Date().timeIntervalSince(start))
      }
    }
    #expect(throws: ChuckError.lockTimeout(path: file.path, seconds: 0.3)) { try result.get() }
    #expect(waited >= 0.28 && waited < 8, "waited \(waited)")
    #expect(try cache.load() == ["old"])
  }

  /// A writer waiting for the lock goes on as soon as it is released.
  @Test func lockReleasedInTime() async throws {
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    let holder = open(
      file.deletingLastPathComponent().path + "/chuck.lock", O_RDWR | O_CREAT, 0o600)
    #expect(flock(holder, LOCK_EX) == 0)
    DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { close(holder) }
    let cache = NetworkCache<String>(fileURL: file, lockTimeout: 30)
    let waited = try await offPool {
      let start = Date()
      try cache.modify { (items: inout [String]) throws(ChuckError) in items.append("after") }
      return Date().timeIntervalSince(start)
    }
    #expect(waited >= 0.15 && waited < 10, "waited \(waited)")
    #expect(try cache.load() == ["after"])
  }

  /// Temporary files left by a killed writer are removed by the next `modify`; other files stay.
  @Test func staleTemporaryFilesRemoved() throws {
    try write(#"{"version":1,"items":["a"]}"#)
    let folder = file.deletingLastPathComponent()
    for name in [".jokes.json.tmp-abc123", ".jokes.json.tmp-ZZZZZZ", "notes.txt", ".other.tmp-x"] {
      try Data("half".utf8).write(to: folder.appendingPathComponent(name))
    }
    try NetworkCache<String>(fileURL: file).modify { (items: inout [String]) throws(ChuckError) in
      items.append("b")
    }
    #expect(
      try names(in: folder) == ["jokes.json", "chuck.lock", "notes.txt", ".other.tmp-x"])
    #expect(try NetworkCache<String>(fileURL: file).load() == ["a", "b"])
  }
}

extension NetworkCacheTests {
  /// An item nested deeper than the list reader reads is refused as a bad response before
  /// anything is written: the list stays readable.
  @Test func itemTooDeepToReadBackIsRefused() throws {
    let cache = NetworkCache<JSONValue>(fileURL: file)
    _ = try cache.append(.string("first"))
    let before = try Data(contentsOf: file)
    var deep = JSONValue.string("bottom")
    for _ in 0..<300 { deep = .array([deep]) }
    #expect(throws: ChuckError.self) { try cache.append(deep) }
    do throws(ChuckError) {
      _ = try cache.append(deep)
    } catch {
      guard case .badResponse(let reason) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(reason.contains("nested too deeply"))
    }
    #expect(try Data(contentsOf: file) == before)
    #expect(try cache.load() == [.string("first")])
    var shallow = JSONValue.string("bottom")
    for _ in 0..<200 { shallow = .array([shallow]) }
    #expect(try cache.append(shallow) == 2)
  }

  /// An item that a further reader of the list (the fast index of Chuck Norris jokes) would
  /// call corrupt is refused as a bad response before it is saved.
  @Test func itemTheFastReaderRefusesIsRefused() throws {
    let cache = NetworkCache<String>(fileURL: file)
    #expect(
      throws: ChuckError.badResponse(
        "it cannot be saved: the list could not read it back (item 1: bad id)")
    ) {
      _ = try cache.append("x") { _ throws(ChuckError) in
      } readBack: { (raw: RawItems) throws(ChuckError) in
        #expect(raw.items.count == 1)
        throw .storageCorrupt(path: "elsewhere", reason: "item 1: bad id")
      }
    }
    #expect(!FileManager.default.fileExists(atPath: file.path))
  }

  /// When the change that goes with a removal cannot be made (the favourites could not be
  /// read), nothing is removed.
  @Test func removeWhoseCompanionThrowsRemovesNothing() throws {
    let cache = NetworkCache<String>(fileURL: file)
    _ = try cache.append("a")
    _ = try cache.append("b")
    let before = try Data(contentsOf: file)
    #expect(throws: ChuckError.cancelled) {
      _ = try cache.remove { _ throws(ChuckError) in
        [0]
      } alongWith: {
        () throws(ChuckError) -> [FileChange] in
        throw .cancelled
      }
    }
    #expect(try Data(contentsOf: file) == before)
  }
}
