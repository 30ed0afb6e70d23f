import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

#if canImport(Glibc)
  import Glibc
#endif

/// Every file chuck reads is opened without blocking and checked before it is read.
@Suite struct FileStoreTests {
  let root: URL
  let file: URL

  init() throws {
    root = try TemporaryDirectory.make(prefix: "file-store")
    file = root.appendingPathComponent("jokes.json")
  }

  /// A FIFO is refused at once (it used to hang every command), as not a regular file.
  @Test func fifoIsRefusedWithoutBlocking() throws {
    #expect(mkfifo(file.path, 0o600) == 0)
    let started = Date()
    #expect(
      throws: ChuckError.storageUnreadable(path: file.path, reason: "not a regular file (a FIFO)")
    ) { try FileStore(fileURL: file).read() }
    #expect(Date().timeIntervalSince(started) < 2)
  }

  /// A file larger than the store's limit is refused before any memory is taken for it: a sparse
  /// file that claims nearly `Int64.max` bytes, and a real one past a small limit.
  @Test func tooLargeIsRefused() throws {
    let fd = open(file.path, O_WRONLY | O_CREAT, 0o600)
    #expect(ftruncate(fd, off_t(Int64.max - 4096)) == 0 || ftruncate(fd, 1 << 40) == 0)
    close(fd)
    #expect(
      throws: ChuckError.storageUnreadable(
        path: file.path, reason: "larger than the 1 GiB such a file may hold")
    ) { try FileStore(fileURL: file).read() }
    try Data(count: 5000).write(to: file)
    #expect(
      throws: ChuckError.storageUnreadable(
        path: file.path, reason: "larger than the 4096 bytes such a file may hold")
    ) { try FileStore(fileURL: file, maximumSize: 4096).read() }
    #expect(try FileStore(fileURL: file, maximumSize: 5000).read()?.count == 5000)
  }

  /// A link is followed to a regular file; a link to a device is refused.
  @Test func linksAreFollowedToRegularFilesOnly() throws {
    let target = root.appendingPathComponent("target")
    try Data("kept".utf8).write(to: target)
    #expect(symlink(target.path, file.path) == 0)
    #expect(try FileStore(fileURL: file).read() == Array("kept".utf8))
    let device = root.appendingPathComponent("device")
    #expect(symlink("/dev/zero", device.path) == 0)
    #expect(
      throws: ChuckError.storageUnreadable(
        path: device.path, reason: "not a regular file (a device)")
    ) { try FileStore(fileURL: device).read() }
  }

  /// The device id and the icons are read with their small limits.
  @Test func smallFilesHaveSmallLimits() throws {
    let id = DeviceID(dataDirectory: root)
    #expect(id.file.maximumSize == 4096)
    try Data(count: 8192).write(to: id.file.fileURL)
    #expect(throws: ChuckError.self) { try id.value() }
    let icon = root.appendingPathComponent("icon.png")
    try Data(count: FileStore.largestCache + 1).write(to: icon)
    #expect(throws: ChuckError.self) { try IconStore.image(in: icon) }
    #expect(NetworkCache<String>(fileURL: file, contents: .cache).file.maximumSize == 1 << 20)
  }
}
