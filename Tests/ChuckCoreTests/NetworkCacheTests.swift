import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct NetworkCacheTests {
  private struct Category: Codable, Equatable {
    var name: String
  }

  private let root: URL
  private let file: URL

  init() throws {
    root = try TemporaryDirectory.make(prefix: "network-cache")
    file = root.appendingPathComponent("data/jokes.json")
  }

  private func write(_ text: String) throws {
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
  }

  private func names(in directory: URL) throws -> Set<String> {
    Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
  }

  /// A missing file, or a missing folder, is an empty list.
  @Test func missingFileIsEmpty() throws {
    #expect(try NetworkCache<ChuckJoke>(fileURL: file).load().isEmpty)
    #expect(!FileManager.default.fileExists(atPath: file.deletingLastPathComponent().path))
  }

  /// What `modify` appends, `load` reads back in order, in the documented format.
  @Test func roundTrip() throws {
    let cache = NetworkCache<ChuckJoke>(fileURL: file)
    let jokes = try Samples.madeUpJokes()
    for joke in jokes {
      try cache.modify { (items: inout [ChuckJoke]) throws(ChuckError) in items.append(joke) }
    }
    #expect(try cache.load() == jokes)
    let object = try #require(
      JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
    #expect(object["version"] as? Int == 1)
    #expect((object["items"] as? [[String: Any]])?.count == jokes.count)
    #expect(Set(object.keys) == ["version", "items"])
  }

  /// `modify` passes on what its body returns.
  @Test func modifyReturnsBodyResult() throws {
    let cache = NetworkCache<String>(fileURL: file)
    let count = try cache.modify { (items: inout [String]) throws(ChuckError) -> Int in
      items += ["a", "b"]
      return items.count
    }
    #expect(count == 2)
  }

  /// The same store serves other value types unchanged: a category struct and plain strings.
  @Test func genericOverOtherTypes() throws {
    let categories = NetworkCache<Category>(fileURL: root.appendingPathComponent("categories.json"))
    try categories.modify { (items: inout [Category]) throws(ChuckError) in
      items = [Category(name: "dev"), Category(name: "movie")]
    }
    #expect(try categories.load() == [Category(name: "dev"), Category(name: "movie")])
    let strings = NetworkCache<String>(fileURL: root.appendingPathComponent("strings.json"))
    try strings.modify { (items: inout [String]) throws(ChuckError) in items = ["é", "👍🏽", ""] }
    #expect(try strings.load() == ["é", "👍🏽", ""])
    #expect(NetworkCache<String>.formatVersion == 1)
  }

  /// The file is 0600 and every folder created, nested parents included, 0700, any umask.
  @Test func permissions() throws {
    let nested = root.appendingPathComponent("a/b/c/jokes.json")
    let saved = umask(0)
    defer { umask(saved) }
    try NetworkCache<String>(fileURL: nested).modify { (items: inout [String]) throws(ChuckError) in
      items.append("x")
    }
    #expect(try ChuckCoreTests.permissions(nested) == 0o600)
    #expect(try ChuckCoreTests.permissions(nested.appendingPathExtension("lock")) == 0o600)
    for folder in ["a", "a/b", "a/b/c"] {
      #expect(
        try ChuckCoreTests.permissions(root.appendingPathComponent(folder)) == 0o700, "\(folder)")
    }
  }

  /// `makeDirectory` accepts a folder that exists and leaves its mode alone.
  @Test func makeDirectoryExisting() throws {
    try NetworkCache<String>.makeDirectory(root)
    try NetworkCache<String>.makeDirectory(root.appendingPathComponent("x/../y/"))
    #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("y").path))
  }

  /// A write leaves only the list and its lock file: no temporary file.
  @Test func atomicWriteLeavesNoTemporaryFile() throws {
    let cache = NetworkCache<String>(fileURL: file)
    for index in 0..<5 {
      try cache.modify { (items: inout [String]) throws(ChuckError) in items.append("\(index)") }
    }
    #expect(try names(in: file.deletingLastPathComponent()) == ["jokes.json", "jokes.json.lock"])
  }

  /// Each write replaces the file by a rename (a new inode), never rewriting it in place.
  @Test func writeReplacesFile() throws {
    let cache = NetworkCache<String>(fileURL: file)
    try cache.modify { (items: inout [String]) throws(ChuckError) in items.append("a") }
    let before = try inode(file)
    try cache.modify { (items: inout [String]) throws(ChuckError) in items.append("b") }
    #expect(try inode(file) != before)
  }

  /// A file that is not JSON of the documented shape is corrupt and never overwritten.
  @Test(arguments: [
    ("not json", "not valid JSON"),
    ("", "not valid JSON"),
    ("[]", "wrong type at the top level"),
    ("{\"items\":[]}", "'version' missing at the top level"),
    ("{\"version\":1}", "'items' missing at the top level"),
    ("{\"version\":\"1\",\"items\":[]}", "wrong type at version"),
    ("{\"version\":1,\"items\":{}}", "wrong type at items"),
    ("{\"version\":1,\"items\":[{\"id\":\"x\"}]}", "'created_at' missing at items.0"),
  ])
  func corruptFile(text: String, reason: String) throws {
    try write(text)
    let cache = NetworkCache<ChuckJoke>(fileURL: file)
    let expected = ChuckError.storageCorrupt(path: file.path, reason: reason)
    #expect(throws: expected) { try cache.load() }
    #expect(throws: expected) {
      try cache.modify { (items: inout [ChuckJoke]) throws(ChuckError) in items.removeAll() }
    }
    #expect(try Data(contentsOf: file) == Data(text.utf8))
  }

  /// An impossible value inside a saved joke is reported with its place in the file.
  @Test func badValueInItem() throws {
    let joke = jokeJSON().replacingOccurrences(
      of: "\"created_at\":\"2020-01-05 13:42:19.104863\"",
      with: "\"created_at\":\"2020-02-30 00:00:00\"")
    try write("{\"version\":1,\"items\":[\(jokeJSON()),\(joke)]}")
    #expect(
      throws: ChuckError.storageCorrupt(path: file.path, reason: "bad value at items.1.created_at")
    ) {
      try NetworkCache<ChuckJoke>(fileURL: file).load()
    }
  }

  /// A file of an unknown version is refused whatever its items hold, and is never overwritten.
  @Test func unknownVersion() throws {
    let text = "{\"version\":2,\"items\":\"anything\"}"
    try write(text)
    let cache = NetworkCache<ChuckJoke>(fileURL: file)
    let expected = ChuckError.storageUnsupportedVersion(path: file.path, version: 2)
    #expect(throws: expected) { try cache.load() }
    #expect(throws: expected) {
      try cache.modify { (items: inout [ChuckJoke]) throws(ChuckError) in items.removeAll() }
    }
    #expect(try Data(contentsOf: file) == Data(text.utf8))
  }

  /// When the body of `modify` throws, nothing is written: same bytes, same inode, same mtime.
  @Test func throwingBodyWritesNothing() throws {
    let cache = NetworkCache<String>(fileURL: file)
    try cache.modify { (items: inout [String]) throws(ChuckError) in items.append("kept") }
    let bytes = try Data(contentsOf: file)
    let node = try inode(file)
    let modified = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate]
    #expect(throws: ChuckError.invalidArgument("no")) {
      try cache.modify { (items: inout [String]) throws(ChuckError) in
        items.append("lost")
        throw .invalidArgument("no")
      }
    }
    #expect(try Data(contentsOf: file) == bytes)
    #expect(try inode(file) == node)
    let after = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate]
    #expect(after as? Date == modified as? Date)
    #expect(try cache.load() == ["kept"])
    #expect(try names(in: file.deletingLastPathComponent()) == ["jokes.json", "jokes.json.lock"])
  }

  /// Item fields this build does not know are tolerated.
  @Test func unknownItemFieldsTolerated() throws {
    try write(
      #"{"version":1,"saved_by":"future","items":[{"name":"dev","saved_at":"now","n":[1]}]}"#)
    #expect(try NetworkCache<Category>(fileURL: file).load() == [Category(name: "dev")])
  }

  /// A list path that is a folder cannot be read, and says so.
  @Test func folderInsteadOfFile() throws {
    try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
    #expect(throws: ChuckError.storageUnreadable(path: file.path, reason: "not a regular file")) {
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
      at: file.appendingPathExtension("lock"), withIntermediateDirectories: true)
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
      #expect(path == file.path + ".lock")
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
    let holder = open(file.path + ".lock", O_RDWR | O_CREAT, 0o600)
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
    #expect(waited >= 0.28 && waited < 2, "waited \(waited)")
    #expect(try cache.load() == ["old"])
  }

  /// A writer waiting for the lock goes on as soon as it is released.
  @Test func lockReleasedInTime() async throws {
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    let holder = open(file.path + ".lock", O_RDWR | O_CREAT, 0o600)
    #expect(flock(holder, LOCK_EX) == 0)
    DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { close(holder) }
    let cache = NetworkCache<String>(fileURL: file, lockTimeout: 5)
    let waited = try await offPool {
      let start = Date()
      try cache.modify { (items: inout [String]) throws(ChuckError) in items.append("after") }
      return Date().timeIntervalSince(start)
    }
    #expect(waited >= 0.15 && waited < 3, "waited \(waited)")
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
      try names(in: folder) == ["jokes.json", "jokes.json.lock", "notes.txt", ".other.tmp-x"])
    #expect(try NetworkCache<String>(fileURL: file).load() == ["a", "b"])
  }

  /// Many `modify` calls at once from several threads, each appending, lose nothing.
  @Test func concurrentModifyLosesNothing() async throws {
    let threads = 4
    let perThread = 20
    let url = file
    let failures = Locked(0)
    try await offPool {
      DispatchQueue.concurrentPerform(iterations: threads) { thread in
        let cache = NetworkCache<String>(fileURL: url, lockTimeout: 30)
        for index in 0..<perThread {
          do {
            try cache.modify { (items: inout [String]) throws(ChuckError) in
              items.append("\(thread)-\(index)")
            }
          } catch {
            failures.withLock { $0 += 1 }
          }
        }
      }
    }
    #expect(failures.current == 0)
    let items = try NetworkCache<String>(fileURL: file).load()
    #expect(items.count == threads * perThread)
    #expect(Set(items).count == threads * perThread)
    for thread in 0..<threads {
      let mine = items.filter { $0.hasPrefix("\(thread)-") }
      #expect(mine == (0..<perThread).map { "\(thread)-\($0)" })
    }
  }
}
