import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

#if canImport(Glibc)
  import Glibc
#endif
@Suite struct NetworkCacheReplaceTests {
  private let root: URL
  private let file: URL

  init() throws {
    root = try TemporaryDirectory.make(prefix: "network-cache-replace")
    file = root.appendingPathComponent("a/b/names.json")
  }

  private func write(_ text: String) throws {
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
  }

  /// `replace` creates the file (0600) and its folders (0700) and `load` reads the items back.
  @Test func replaceCreates() throws {
    let cache = NetworkCache<String>(fileURL: file)
    try cache.replace(with: ["b", "a", "é"])
    #expect(try cache.load() == ["b", "a", "é"])
    #expect(try permissions(file) == 0o600)
    #expect(try permissions(root.appendingPathComponent("a")) == 0o700)
    #expect(try permissions(root.appendingPathComponent("a/b")) == 0o700)
  }

  /// `replace` overwrites whatever was there, even a corrupt file or another version.
  @Test(arguments: [
    "garbage", #"{"version":2,"items":[1]}"#, #"{"version":1,"items":["old"]}"#, "",
  ])
  func replaceOverwritesAnything(text: String) throws {
    try write(text)
    let cache = NetworkCache<String>(fileURL: file)
    try cache.replace(with: ["new"])
    #expect(try cache.load() == ["new"])
  }

  /// `replace` renames a new file into place and leaves no temporary file behind.
  @Test func replaceIsAtomic() throws {
    try write(#"{"version":1,"items":["old"]}"#)
    let before = try inode(file)
    try NetworkCache<String>(fileURL: file).replace(with: [])
    #expect(try inode(file) != before)
    let names = try FileManager.default.contentsOfDirectory(
      atPath: file.deletingLastPathComponent().path)
    #expect(Set(names) == ["names.json", "chuck.lock"])
    #expect(try NetworkCache<String>(fileURL: file).load() == [])
  }

  /// `replace` waits for another writer's lock and gives up after the timeout, writing nothing.
  @Test func replaceHonoursTheLock() async throws {
    try write(#"{"version":1,"items":["old"]}"#)
    let holder = open(
      file.deletingLastPathComponent().path + "/chuck.lock", O_RDWR | O_CREAT, 0o600)
    #expect(holder >= 0)
    defer { close(holder) }
    #expect(flock(holder, LOCK_EX) == 0)
    let cache = NetworkCache<String>(fileURL: file, lockTimeout: 0.2)
    let result = try await offPool { () -> Result<Void, ChuckError> in
      do throws(ChuckError) {
        try cache.replace(with: ["new"])
        return .success(())
      } catch {
        return .failure(error)
      }
    }
    #expect(throws: ChuckError.lockTimeout(path: file.path, seconds: 0.2)) { try result.get() }
    #expect(try cache.load() == ["old"])
  }

  /// `lastWritten` is `nil` without a file, else the file's modification time to the microsecond.
  @Test func lastWrittenIsTheModificationTime() throws {
    let cache = NetworkCache<String>(fileURL: file)
    #expect(cache.lastWritten == nil)
    let before = Date()
    try cache.replace(with: ["x"])
    let written = try #require(cache.lastWritten)
    #expect(written >= before.addingTimeInterval(-1) && written <= Date().addingTimeInterval(1))
    let chosen = Date(timeIntervalSince1970: 1_600_000_000.25)
    try FileManager.default.setAttributes([.modificationDate: chosen], ofItemAtPath: file.path)
    let read = try #require(cache.lastWritten)
    #expect(abs(read.timeIntervalSince(chosen)) < 1e-5)
  }
}
