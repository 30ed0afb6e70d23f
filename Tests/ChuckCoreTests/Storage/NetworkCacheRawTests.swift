import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

#if canImport(Glibc)
  import Glibc
#endif

/// The raw read path and `append`, in the suite of `NetworkCacheTests`.
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

  /// Of repeated `version` or `items` keys the first counts, as `JSONDecoder` reads them, so the
  /// list reader, `load` and a splice see the same list (found by Fuzz/ list).
  @Test func firstOfRepeatedKeysCounts() throws {
    try write(#"{"version":0,"version":1,"items":[]}"#)
    let cache = NetworkCache<String>(fileURL: file)
    #expect(throws: ChuckError.storageUnsupportedVersion(path: file.path, version: 0)) {
      try cache.loadRaw()
    }
    try write(#"{"version":1,"items":["a"],"items":["b","c"]}"#)
    #expect(try cache.load() == ["a"])
    #expect(try cache.loadRaw().decode(String.self, path: file.path) == ["a"])
    #expect(try cache.append("d") == 2)
    #expect(try cache.load() == ["a", "d"])
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
    #expect(try names(in: file.deletingLastPathComponent()) == ["jokes.json", "chuck.lock"])
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
    #expect(try names(in: file.deletingLastPathComponent()) == ["jokes.json", "chuck.lock"])
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
