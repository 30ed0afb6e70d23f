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

  let root: URL
  let file: URL

  init() throws {
    root = try TemporaryDirectory.make(prefix: "network-cache")
    file = root.appendingPathComponent("data/jokes.json")
  }

  func write(_ text: String) throws {
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
  }

  func names(in directory: URL) throws -> Set<String> {
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
    #expect(
      try ChuckCoreTests.permissions(
        nested.deletingLastPathComponent().appendingPathComponent("chuck.lock")) == 0o600)
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
    #expect(try names(in: file.deletingLastPathComponent()) == ["jokes.json", "chuck.lock"])
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

  /// Item fields this build does not know are tolerated.
  @Test func unknownItemFieldsTolerated() throws {
    try write(
      #"{"version":1,"saved_by":"future","items":[{"name":"dev","saved_at":"now","n":[1]}]}"#)
    #expect(try NetworkCache<Category>(fileURL: file).load() == [Category(name: "dev")])
  }
}
