import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file mechanics that every file `chuck` writes shares: read in one go, replace atomically
/// (a temporary file in the same directory, flushed, renamed over the file), a lock with a
/// bounded wait on a sibling `<name>.lock` file, directories 0700 and files 0600, and errors that
/// name the file and what it is.
///
/// ``NetworkCache`` stores its lists through it and ``IconStore`` its icons.
public struct FileStore: Sendable {
  /// What a file holds, which decides how its write errors are worded.
  public enum Contents: Sendable, Equatable {
    /// Something the user saved: a failed write says that the old file was kept.
    case saved
    /// A cache, which the network can fill again.
    case cache
  }

  /// The file.
  public let fileURL: URL
  /// What it holds.
  public let contents: Contents
  /// The most seconds to wait for another process's lock.
  public let lockTimeout: Double

  /// Makes a store for one file; nothing is read or created yet.
  /// - Parameters:
  ///   - fileURL: the file.
  ///   - contents: what it holds.
  ///   - lockTimeout: the most seconds to wait for another writer.
  public init(fileURL: URL, contents: Contents = .saved, lockTimeout: Double = 10) {
    self.fileURL = fileURL
    self.contents = contents
    self.lockTimeout = lockTimeout
  }

  /// The file's path.
  public var path: String { fileURL.path }
  private var directory: String { fileURL.deletingLastPathComponent().path }
  private var lockPath: String { path + ".lock" }
  private var temporaryPrefix: String { "." + fileURL.lastPathComponent + ".tmp-" }

  /// Whether the file exists (as anything).
  public var exists: Bool { access(path, F_OK) == 0 || errno != ENOENT }

  /// When the file was last written, or `nil` when there is none.
  public var lastWritten: Date? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return Date(
      timeIntervalSince1970: TimeInterval(info.st_mtim.tv_sec) + TimeInterval(info.st_mtim.tv_nsec)
        / 1e9)
  }

  /// The error for a write to `path` that failed, worded for what the file holds.
  func writeFailed(_ path: String, _ reason: String) -> ChuckError {
    contents == .cache
      ? .cacheWriteFailed(path: path, reason: reason)
      : .storageWriteFailed(path: path, reason: reason)
  }

  // MARK: Reading

  /// Reads the whole file.
  /// - Returns: its bytes, or `nil` when it does not exist.
  /// - Throws: ``ChuckError/storageUnreadable(path:reason:)``, also for a file that is not a
  ///   regular file.
  public func read() throws(ChuckError) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    if fd < 0 {
      if errno == ENOENT { return nil }
      throw .storageUnreadable(path: path, reason: FileDescriptorOutput.describe(errno))
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      throw .storageUnreadable(path: path, reason: FileDescriptorOutput.describe(errno))
    }
    guard (info.st_mode & S_IFMT) == S_IFREG else {
      throw .storageUnreadable(path: path, reason: "not a regular file")
    }
    // One read into a buffer of the file's size, plus room to notice that it grew meanwhile.
    let capacity = Int(info.st_size) + 4096
    var failure: Int32 = 0
    var bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
      count = 0
      while count < buffer.count {
        let result = Glibc.read(fd, buffer.baseAddress! + count, buffer.count - count)
        if result < 0 {
          if errno == EINTR { continue }
          failure = errno
          return
        }
        if result == 0 { return }
        count += result
      }
    }
    // The buffer filled up: the file grew while it was read, so read on in pieces.
    var chunk = [UInt8](repeating: 0, count: bytes.count == capacity ? 65_536 : 0)
    while failure == 0, !chunk.isEmpty {
      let result = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, $0.count) }
      if result < 0 {
        if errno != EINTR { failure = errno }
      } else if result == 0 {
        break
      } else {
        bytes.append(contentsOf: chunk[0..<result])
      }
    }
    guard failure == 0 else {
      throw .storageUnreadable(path: path, reason: FileDescriptorOutput.describe(failure))
    }
    return bytes
  }

  // MARK: Writing

  /// Runs `body` as the only writer: creates the file's folder, takes the lock (waiting at most
  /// ``lockTimeout``) and removes the temporary files a killed writer left behind.
  /// - Parameter body: the work to do under the lock.
  /// - Returns: what `body` returned.
  /// - Throws: what `body` throws, ``ChuckError/lockTimeout(path:seconds:)``, or a write error
  ///   for a folder or lock file that cannot be made.
  public func exclusively<R>(_ body: () throws(ChuckError) -> R) throws(ChuckError) -> R {
    try makeDirectory(fileURL.deletingLastPathComponent())
    let lock = try acquireLock()
    defer { close(lock) }
    removeStaleTemporaryFiles()
    return try body()
  }

  /// Replaces the file atomically: a temporary file in the same directory (0600), flushed, then
  /// renamed over the file; on failure the temporary file is removed and the old file stays.
  /// - Parameter bytes: the new content.
  /// - Throws: a write error naming the file.
  public func replace(with bytes: some ContiguousBytes) throws(ChuckError) {
    var template = Array((directory + "/" + temporaryPrefix + "XXXXXX").utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard fd >= 0 else { throw writeFailed(path, FileDescriptorOutput.describe(errno)) }
    let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    var closed = false
    do throws(ChuckError) {
      defer { if !closed { close(fd) } }
      guard fchmod(fd, 0o600) == 0 else {
        throw writeFailed(path, FileDescriptorOutput.describe(errno))
      }
      let failure = bytes.withUnsafeBytes { FileDescriptorOutput.writeAll($0, to: fd) }
      guard failure == 0 else { throw writeFailed(path, FileDescriptorOutput.describe(failure)) }
      guard fsync(fd) == 0 else { throw writeFailed(path, FileDescriptorOutput.describe(errno)) }
      closed = true
      guard close(fd) == 0 else { throw writeFailed(path, FileDescriptorOutput.describe(errno)) }
      guard rename(temporary, path) == 0 else {
        throw writeFailed(path, FileDescriptorOutput.describe(errno))
      }
    } catch {
      unlink(temporary)
      throw error
    }
    // Make the rename itself durable.
    let folder = open(directory, O_RDONLY | O_DIRECTORY)
    if folder >= 0 {
      fsync(folder)
      close(folder)
    }
  }

  /// Temporary files are only ever written under the lock, so any found while holding it were
  /// left by a process that was killed mid-write.
  private func removeStaleTemporaryFiles() {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
      return
    }
    for name in names where name.hasPrefix(temporaryPrefix) {
      unlink(directory + "/" + name)
    }
  }

  private func acquireLock() throws(ChuckError) -> Int32 {
    let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw writeFailed(lockPath, FileDescriptorOutput.describe(errno)) }
    let deadline = Date().addingTimeInterval(lockTimeout)
    while flock(fd, LOCK_EX | LOCK_NB) != 0 {
      guard errno == EWOULDBLOCK || errno == EINTR else {
        let reason = FileDescriptorOutput.describe(errno)
        close(fd)
        throw writeFailed(lockPath, reason)
      }
      guard Date() < deadline else {
        close(fd)
        throw .lockTimeout(path: path, seconds: lockTimeout)
      }
      usleep(20_000)
    }
    return fd
  }

  /// Creates a directory and its missing parents, each 0700.
  /// - Parameter url: the directory.
  /// - Throws: a write error naming the directory when it cannot be created.
  public func makeDirectory(_ url: URL) throws(ChuckError) {
    let path = url.standardizedFileURL.path
    var info = stat()
    if stat(path, &info) == 0 {
      guard (info.st_mode & S_IFMT) == S_IFDIR else { throw writeFailed(path, "not a directory") }
      return
    }
    let parent = url.standardizedFileURL.deletingLastPathComponent()
    if parent.path != path { try makeDirectory(parent) }
    if mkdir(path, 0o700) == 0 {
      chmod(path, 0o700)  // mkdir's mode is filtered by the umask.
    } else if errno != EEXIST {
      throw writeFailed(path, FileDescriptorOutput.describe(errno))
    }
  }
}
