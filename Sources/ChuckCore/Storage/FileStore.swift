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
  /// The largest file that is read; a larger one is refused as unreadable, before any memory is
  /// taken for it (a sparse file can claim any size).
  public let maximumSize: Int

  /// The largest saved list: 1 GiB (about three million jokes).
  public static let largestList = 1 << 30
  /// The largest cache file or small state file (categories, an icon, the device id): 1 MiB,
  /// the most a response may bring.
  public static let largestCache = ChuckAPI.maxResponseBytes

  /// Makes a store for one file; nothing is read or created yet.
  /// - Parameters:
  ///   - fileURL: the file.
  ///   - contents: what it holds.
  ///   - lockTimeout: the most seconds to wait for another writer.
  ///   - maximumSize: the largest file that is read, in bytes.
  public init(
    fileURL: URL, contents: Contents = .saved, lockTimeout: Double = 10,
    maximumSize: Int = FileStore.largestList
  ) {
    self.fileURL = fileURL
    self.contents = contents
    self.lockTimeout = lockTimeout
    self.maximumSize = maximumSize
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

  /// Reads the whole file. It is opened without blocking (a FIFO or a device in its place
  /// cannot hang `chuck`) and checked before anything is read: a regular file (a symbolic link
  /// is followed to one) of at most ``maximumSize`` bytes.
  /// - Returns: its bytes, or `nil` when it does not exist.
  /// - Throws: ``ChuckError/storageUnreadable(path:reason:)``, also for a file that is not a
  ///   regular file or is too large.
  public func read() throws(ChuckError) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
    if fd < 0 {
      if errno == ENOENT { return nil }
      throw .storageUnreadable(path: path, reason: FileDescriptorOutput.describe(errno))
    }
    defer { close(fd) }
    let size = try Self.checkRegular(fd, path: path, maximumSize: maximumSize)
    // One read into a buffer of the file's size, plus room to notice that it grew meanwhile.
    let capacity = min(size, maximumSize) + 4096
    var failure: Int32 = 0
    var bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
      count = 0
      Self.preferHugePages(UnsafeMutableRawBufferPointer(buffer))
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
    while failure == 0, !chunk.isEmpty, bytes.count <= maximumSize {
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
    guard bytes.count <= maximumSize else {
      throw .storageUnreadable(path: path, reason: Self.tooLarge(maximumSize))
    }
    return bytes
  }

  /// Asks the kernel for 2 MiB pages under the whole 2 MiB blocks of a large buffer: a list of
  /// 10,000 jokes is about 4 MB, and filling it page by page took a thousand page faults, more
  /// time than finding its jokes. Only advice: without transparent huge pages nothing changes.
  private static func preferHugePages(_ buffer: UnsafeMutableRawBufferPointer) {
    let huge = 2 << 20
    guard let base = buffer.baseAddress, buffer.count >= huge else { return }
    let start = (Int(bitPattern: base) + huge - 1) & ~(huge - 1)
    let end = (Int(bitPattern: base) + buffer.count) & ~(huge - 1)
    guard end > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) else { return }
    _ = madvise(pointer, end - start, MADV_HUGEPAGE)
  }

  /// Checks that an open file is a regular file of at most `maximumSize` bytes.
  /// - Returns: its size.
  private static func checkRegular(_ fd: Int32, path: String, maximumSize: Int)
    throws(ChuckError) -> Int
  {
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      throw .storageUnreadable(path: path, reason: FileDescriptorOutput.describe(errno))
    }
    let kind: String? =
      switch info.st_mode & S_IFMT {
      case S_IFREG: nil
      case S_IFDIR: "a directory"
      case S_IFIFO: "a FIFO"
      case S_IFCHR, S_IFBLK: "a device"
      case S_IFSOCK: "a socket"
      default: "of an unknown kind"
      }
    if let kind { throw .storageUnreadable(path: path, reason: "not a regular file (\(kind))") }
    guard info.st_size >= 0, info.st_size <= Int64(maximumSize) else {
      throw .storageUnreadable(path: path, reason: tooLarge(maximumSize))
    }
    return Int(info.st_size)
  }

  private static func tooLarge(_ maximumSize: Int) -> String {
    let limit =
      maximumSize >= 1 << 30
      ? "\(maximumSize >> 30) GiB"
      : maximumSize >= 1 << 20 ? "\(maximumSize >> 20) MiB" : "\(maximumSize) bytes"
    return "larger than the \(limit) such a file may hold"
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
  ///
  /// `beforeRename` runs once the new content is safely on disk, just before the rename: a
  /// change to a second file made there happens only if this file's content could be written
  /// (a full disk or a size limit fails before it), and when it throws this file stays as it was.
  /// - Parameters:
  ///   - bytes: the new content.
  ///   - beforeRename: the last step before the new content takes the file's place.
  /// - Throws: a write error naming the file, or what `beforeRename` throws.
  public func replace(
    with bytes: some ContiguousBytes, beforeRename: () throws(ChuckError) -> Void = {}
  ) throws(ChuckError) {
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
      guard fsync(fd) == 0 else {
        throw writeFailed(path, FileDescriptorOutput.describe(errno))
      }
      closed = true
      guard close(fd) == 0 else { throw writeFailed(path, FileDescriptorOutput.describe(errno)) }
      try beforeRename()
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

  /// Reads a small file and writes it again in place, for state that may be lost (`pick`'s
  /// rotation): no lock, no temporary file, no rename and no sync, which cost more than the rest
  /// of a `pick`. `change` gets the file's content as `read` makes it, when it is the caller's
  /// own, `nil` otherwise (missing, empty, unreadable, not a regular file of at most
  /// ``maximumSize`` bytes, or something `read` does not take), and returns the new bytes, or
  /// `nil` to leave the file alone.
  ///
  /// Only a file of the caller's own is overwritten in place, and only through its own name (a
  /// symbolic link is not followed): new bytes of the old length overwrite it in one write, so
  /// that two writers leave one whole content, and a reader that meets a half-written one must
  /// see it in the format. Anything else in its place — a link to another file, a file with
  /// other content, a damaged state — is replaced by a new file with
  /// ``replace(with:beforeRename:)``, which renames over the name and never writes through it, so
  /// no other file can be changed. A write that fails is left at that, without an error.
  /// - Parameters:
  ///   - read: the content of the caller's own bytes, `nil` for any others.
  ///   - change: the new bytes from the old content.
  public func rewriteInPlace<Content>(
    reading read: ([UInt8]) -> Content?, _ change: (Content?) -> [UInt8]?
  ) {
    let flags = O_RDWR | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | O_NOFOLLOW
    var fd = open(path, flags)
    var created = false
    if fd < 0, errno == ENOENT {
      try? makeDirectory(URL(fileURLWithPath: directory, isDirectory: true))
      // O_EXCL: a name that appeared meanwhile (a link included) is not opened.
      fd = open(path, flags | O_CREAT | O_EXCL, 0o600)
      created = fd >= 0
    }
    var own: Content?
    var size = 0
    if fd >= 0, let regular = try? Self.checkRegular(fd, path: path, maximumSize: maximumSize) {
      size = regular
      let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
        count = size == 0 ? 0 : max(0, pread(fd, buffer.baseAddress!, size, 0))
      }
      if bytes.count == size, !bytes.isEmpty { own = read(bytes) }
    }
    defer { if fd >= 0 { close(fd) } }
    guard let new = change(own) else { return }
    guard fd >= 0, own != nil || created else {
      try? replace(with: new)
      return
    }
    let written = new.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
    if written == new.count, size > new.count { _ = ftruncate(fd, off_t(new.count)) }
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
    let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NONBLOCK | O_NOCTTY, 0o600)
    guard fd >= 0 else { throw writeFailed(lockPath, FileDescriptorOutput.describe(errno)) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      close(fd)
      throw writeFailed(lockPath, "not a regular file")
    }
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
