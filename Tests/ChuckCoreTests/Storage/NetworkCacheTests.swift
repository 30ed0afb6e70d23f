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
    #expect(ListEnvelope.version == 1)
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
    try FileStore(fileURL: root).makeDirectory(root)
    try FileStore(fileURL: root).makeDirectory(root.appendingPathComponent("x/../y/"))
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
    ("not json", "not a JSON object"),
    ("", "not a JSON object"),
    ("[]", "not a JSON object"),
    ("{\"items\":[]}", "no whole-number 'version'"),
    ("{\"version\":1}", "no 'items' array"),
    ("{\"version\":\"1\",\"items\":[]}", "no whole-number 'version'"),
    ("{\"version\":1,\"items\":{}}", "no 'items' array"),
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
    #expect(waited >= 0.28 && waited < 8, "waited \(waited)")
    #expect(try cache.load() == ["old"])
  }

  /// A writer waiting for the lock goes on as soon as it is released.
  @Test func lockReleasedInTime() async throws {
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    let holder = open(file.path + ".lock", O_RDWR | O_CREAT, 0o600)
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

// MARK: - The raw read path and `append`

extension NetworkCacheTests {
  private func text(of url: URL) throws -> String {
    String(decoding: try Data(contentsOf: url), as: UTF8.self)
  }

  private func modificationDate() throws -> Date? {
    try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date
  }

  /// `loadRaw` reads the envelope in any key order, with unknown keys and whitespace anywhere.
  @Test(arguments: [
    #"{"version":1,"items":[]}"#,
    #"{"items":[],"version":1}"#,
    " \n\t{ \"items\" :\r\n [ \n ] ,\t\"version\"\n:\n1 }\r\n ",
    #"{"saved_by":"future","items":[],"extra":{"version":2,"items":[1]},"version":1,"z":null}"#,
    #"{"version":1,"items":[],"notes":["\"items\":[1]","version 2"]}"#,
  ])
  func envelopeAccepted(text: String) throws {
    try write(text)
    let raw = try NetworkCache<ChuckJoke>(fileURL: file).loadRaw()
    #expect(raw.items.isEmpty)
    #expect(raw.bytes == Array(text.utf8))
    let insertion = try #require(raw.insertion)
    #expect(raw.bytes[insertion] == UInt8(ascii: "]"))
    #expect(try NetworkCache<ChuckJoke>(fileURL: file).load().isEmpty)
  }

  /// Each item's byte range is exactly the item: no whitespace, comma or bracket around it.
  @Test func itemRangesAreExactlyTheItems() throws {
    let items = [
      "1", "\"two, ] }\"", "{\"a\":[3,{\"b\":\"]\"}]}", "null", "[]", "-2.5e-3", "\"\\\"]\"",
      "{ \"spaced\" : [ 1 , 2 ] }", "true",
    ]
    let text =
      "{ \"version\" : 1 ,\n \"items\" : [\n  " + items.joined(separator: " ,\n\t ")
      + " \r\n] }\n"
    try write(text)
    let raw = try NetworkCache<JSONValue>(fileURL: file).loadRaw()
    #expect(raw.items.map { String(decoding: raw.bytes[$0], as: UTF8.self) } == items)
    let insertion = try #require(raw.insertion)
    #expect(insertion == Array(text.utf8).lastIndex(of: UInt8(ascii: "]")))
    #expect(try NetworkCache<JSONValue>(fileURL: file).load().count == items.count)
  }

  /// A file that is not the documented envelope is corrupt, and `loadRaw` says why.
  @Test(arguments: [
    ("", "not a JSON object"),
    (" \n ", "not a JSON object"),
    ("\u{FEFF}{\"version\":1,\"items\":[]}", "not a JSON object"),
    ("[]", "not a JSON object"),
    ("\"version\"", "not a JSON object"),
    (#"{"items":[]}"#, "no whole-number 'version'"),
    (#"{"version":1}"#, "no 'items' array"),
    (#"{"version":"1","items":[]}"#, "no whole-number 'version'"),
    (#"{"version":1.0,"items":[]}"#, "no whole-number 'version'"),
    (#"{"version":1e0,"items":[]}"#, "no whole-number 'version'"),
    (#"{"version":-1,"items":[]}"#, "no whole-number 'version'"),
    (#"{"version":null,"items":[]}"#, "no whole-number 'version'"),
    (#"{"version":1,"items":{}}"#, "no 'items' array"),
    (#"{"version":1,"items":"[]"}"#, "no 'items' array"),
    (#"{"version":1,"items":null}"#, "no 'items' array"),
    (#"{"version":1,"items":[]}x"#, "data after the list"),
    (#"{"version":1,"items":[]}{}"#, "data after the list"),
    (#"{"version":1,"items":[]},"#, "data after the list"),
    (#"{"version":1,"items":[01]}"#, "a number with a leading zero at byte 24"),
    (#"{"version":1,"items":[1,]}"#, "expected a value at byte 24"),
    (#"{"version":1,"items":[],}"#, "expected a key at byte 24"),
    (#"{"version":1,"items":["a]}"#, "unexpected end at byte 26"),
    (#"{"version":2,"items":[}"#, "expected a value at byte 22"),
    (#"{"version":1,"items":[]"#, "unexpected end at byte 23"),
  ])
  func envelopeCorrupt(text: String, reason: String) throws {
    try write(text)
    let cache = NetworkCache<String>(fileURL: file)
    #expect(throws: ChuckError.storageCorrupt(path: file.path, reason: reason)) {
      try cache.loadRaw()
    }
    var checked = false
    #expect(throws: ChuckError.storageCorrupt(path: file.path, reason: reason)) {
      try cache.append("new") { (_: RawItems) throws(ChuckError) in checked = true }
    }
    #expect(!checked)
    #expect(try Data(contentsOf: file) == Data(text.utf8))
  }

  /// A well-formed file of another version is unsupported, whatever its items hold or lack.
  @Test(arguments: [
    (#"{"version":2,"items":[]}"#, 2),
    (#"{"items":["anything"],"version":3}"#, 3),
    (#"{"version":0,"items":[]}"#, 0),
    (#"{"version":2}"#, 2),
    (#"{"version":12345,"items":[{"new":"shape"}]}"#, 12345),
  ])
  func envelopeUnsupportedVersion(text: String, version: Int) throws {
    try write(text)
    let cache = NetworkCache<String>(fileURL: file)
    let expected = ChuckError.storageUnsupportedVersion(path: file.path, version: version)
    #expect(throws: expected) { try cache.loadRaw() }
    #expect(throws: expected) { try cache.append("new") { (_: RawItems) throws(ChuckError) in } }
    #expect(try Data(contentsOf: file) == Data(text.utf8))
  }

  /// A newer version's file is unsupported, not corrupt, even when its items are no array.
  @Test(arguments: [
    (#"{"version":2,"items":"anything"}"#, 2), (#"{"items":{"a":1},"version":3}"#, 3),
  ])
  func unsupportedVersionWhateverItems(text: String, version: Int) throws {
    try write(text)
    let cache = NetworkCache<String>(fileURL: file)
    let expected = ChuckError.storageUnsupportedVersion(path: file.path, version: version)
    #expect(throws: expected) { try cache.load() }
    #expect(throws: expected) { try cache.loadRaw() }
  }

  /// A missing file reads as no items and no bytes.
  @Test func loadRawMissingFile() throws {
    let raw = try NetworkCache<String>(fileURL: file).loadRaw()
    #expect(raw.items.isEmpty)
    #expect(raw.bytes.isEmpty)
    #expect(raw.insertion == nil)
  }

  /// Appending to a missing file creates the folder and `{"items":[…],"version":1}`.
  @Test func appendCreatesFile() throws {
    let cache = NetworkCache<String>(fileURL: file)
    var seen: [Int] = []
    let count = try cache.append("first \"one\"") { (raw: RawItems) throws(ChuckError) in
      seen.append(raw.items.count)
    }
    #expect(count == 1)
    #expect(seen == [0])
    #expect(try text(of: file) == #"{"items":["first \"one\""],"version":1}"#)
    #expect(try cache.load() == ["first \"one\""])
    #expect(try ChuckCoreTests.permissions(file) == 0o600)
    #expect(try names(in: file.deletingLastPathComponent()) == ["jokes.json", "jokes.json.lock"])
  }

  /// Appending splices the item before the items' `]`, keeping every other byte as it was.
  @Test(arguments: [
    (#"{"version":1,"items":[]}"#, #"{"version":1,"items":["n/é"]}"#),
    (#"{"version":1,"items":["a"]}"#, #"{"version":1,"items":["a","n/é"]}"#),
    (#"{"items":["a","b"],"version":1}"#, #"{"items":["a","b","n/é"],"version":1}"#),
    (
      "{ \"version\" : 1 , \"items\" : [ \"a\" \n ] }\n",
      "{ \"version\" : 1 , \"items\" : [ \"a\" \n ,\"n/é\"] }\n"
    ),
    ("{\"items\":[\n],\"version\":1,\"x\":[]}", "{\"items\":[\n\"n/é\"],\"version\":1,\"x\":[]}"),
  ])
  func appendSplices(before: String, after: String) throws {
    try write(before)
    let cache = NetworkCache<String>(fileURL: file)
    let count = try cache.append("n/é") { (_: RawItems) throws(ChuckError) in }
    #expect(try text(of: file) == after)
    #expect(count == (try cache.load().count))
    #expect(try cache.load().last == "n/é")
  }

  /// After `modify`, each `append` keeps the old bytes around the new item; `load` reads all.
  @Test func appendAfterModifyKeepsBytes() throws {
    let cache = NetworkCache<ChuckJoke>(fileURL: file)
    let jokes = try Samples.madeUpJokes()
    try cache.modify { (items: inout [ChuckJoke]) throws(ChuckError) in
      items = Array(jokes.prefix(5))
    }
    var expected = Array(jokes.prefix(5))
    for joke in jokes.dropFirst(5) {
      let before = Array(try Data(contentsOf: file))
      let insertion = try #require(before.lastIndex(of: UInt8(ascii: "]")))
      let count = try cache.append(joke) { (raw: RawItems) throws(ChuckError) in
        #expect(raw.items.count == expected.count)
      }
      expected.append(joke)
      #expect(count == expected.count)
      let after = Array(try Data(contentsOf: file))
      #expect(after.starts(with: before[..<insertion]))
      #expect(after.reversed().starts(with: before[insertion...].reversed()))
      #expect(try cache.load() == expected)
    }
    let fromRaw = try cache.loadRaw()
    #expect(fromRaw.items.count == jokes.count)
    for (range, joke) in zip(fromRaw.items, jokes) {
      #expect(try JSONDecoder().decode(ChuckJoke.self, from: Data(fromRaw.bytes[range])) == joke)
    }
  }

  /// When `check` throws, nothing is written: same bytes, inode and mtime, no temporary file.
  @Test func appendCheckThrowingWritesNothing() throws {
    let original = #"{"version":1,"items":["kept"]}"#
    try write(original)
    let node = try inode(file)
    let modified = try modificationDate()
    usleep(20_000)
    let cache = NetworkCache<String>(fileURL: file)
    #expect(throws: ChuckError.duplicate(id: "x", preview: "kept")) {
      try cache.append("lost") { (raw: RawItems) throws(ChuckError) in
        #expect(raw.items.count == 1)
        throw .duplicate(id: "x", preview: "kept")
      }
    }
    #expect(try text(of: file) == original)
    #expect(try inode(file) == node)
    #expect(try modificationDate() == modified)
    #expect(try names(in: file.deletingLastPathComponent()) == ["jokes.json", "jokes.json.lock"])
    let missing = NetworkCache<String>(fileURL: root.appendingPathComponent("none/jokes.json"))
    #expect(throws: ChuckError.cancelled) {
      try missing.append("lost") { (_: RawItems) throws(ChuckError) in throw .cancelled }
    }
    #expect(!FileManager.default.fileExists(atPath: missing.fileURL.path))
  }

  /// `append` returns how many items the list holds after it.
  @Test func appendCounts() throws {
    let cache = NetworkCache<Int>(fileURL: file)
    for expected in 1...12 {
      #expect(try cache.append(expected) { (_: RawItems) throws(ChuckError) in } == expected)
    }
    #expect(try cache.load() == Array(1...12))
    #expect(try text(of: file) == #"{"items":[1,2,3,4,5,6,7,8,9,10,11,12],"version":1}"#)
  }

  /// Many `append` calls at once from several threads lose nothing and keep each thread's order.
  @Test func concurrentAppendLosesNothing() async throws {
    let threads = 4
    let perThread = 25
    let url = file
    let failures = Locked(0)
    try await offPool {
      DispatchQueue.concurrentPerform(iterations: threads) { thread in
        let cache = NetworkCache<String>(fileURL: url, lockTimeout: 30)
        for index in 0..<perThread {
          do {
            _ = try cache.append("\(thread)-\(index)") { (_: RawItems) throws(ChuckError) in }
          } catch {
            failures.withLock { $0 += 1 }
          }
        }
      }
    }
    #expect(failures.current == 0)
    let items = try NetworkCache<String>(fileURL: file).load()
    #expect(items.count == threads * perThread)
    for thread in 0..<threads {
      #expect(
        items.filter { $0.hasPrefix("\(thread)-") } == (0..<perThread).map { "\(thread)-\($0)" })
    }
  }
}
