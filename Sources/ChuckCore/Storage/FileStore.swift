import FoundationEssentials
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file mechanics that every file `chuck` writes shares: read in one go, replace atomically
/// (a temporary file in the same directory, flushed, renamed over the file, the directory
/// flushed), a lock with a bounded wait, directories 0700 and files 0600, and errors that name the
/// file and what it is.
///
/// What the user saved (``Contents/saved``: the lists, the favourites, the device id) shares one
/// lock and one ``Journal`` per directory, so that a change to several of its files is one
/// ``StorageTransaction``; a cache file has a lock of its own, `<name>.lock`.
///
/// ``NetworkCache`` stores its lists through it and ``IconStore`` its icons.
public struct FileStore: Sendable {
  /// What a file holds, which decides how its write errors are worded.
  public enum Contents: Sendable, Equatable {
    /// Something the user saved: a failed write says that the old file was kept.
    case saved
    /// A cache, which the network can fill again.
    case cache
    /// A file that `chuck` only reads (`chuck import`'s input).
    case input
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
  public static let largestCache = NetworkDefaults.maxResponseBytes

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

  /// Whether this process has changed a saved file (``Contents/saved``): what `sync = "auto"`
  /// syncs after (``SyncSetup/afterChange()``).
  public static var changedSavedFiles: Bool { changedSaved.load(ordering: .relaxed) }
  static let changedSaved = Atomic<Bool>(false)

  /// The file's path.
  public var path: String { fileURL.path }
  /// The file's name, without its directory.
  var name: String { fileURL.lastPathComponent }
  /// The directory that holds the file.
  var directory: String { fileURL.deletingLastPathComponent().path }
  /// The prefix of the temporary files that stage the file's new content.
  var temporaryPrefix: String { Self.temporaryPrefix(of: name) }

  /// The prefix of the temporary files that stage a file's new content.
  /// - Parameter name: the file's name.
  /// - Returns: `.<name>.tmp-`.
  static func temporaryPrefix(of name: String) -> String { "." + name + ".tmp-" }

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
    // A change to several saved files that a killed chuck left unfinished is finished first,
    // or, where it cannot be, read through: a reader never sees half of it.
    var source = path
    if contents == .saved, let staged = try Journal(directory: directory).settle(before: self) {
      source = staged
    }
    let fd = open(source, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
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
      (count, failure) = FileDescriptorInput.fill(fd, buffer)
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

  /// What a file of this mode is, in words (`a directory`, `a FIFO`…); `nil` for a regular file.
  static func kind(of mode: mode_t) -> String? {
    switch mode & S_IFMT {
    case S_IFREG: nil
    case S_IFDIR: "a directory"
    case S_IFIFO: "a FIFO"
    case S_IFCHR, S_IFBLK: "a device"
    case S_IFSOCK: "a socket"
    default: "of an unknown kind"
    }
  }

  /// Checks that an open file is a regular file of at most `maximumSize` bytes.
  /// - Returns: its size.
  static func checkRegular(_ fd: Int32, path: String, maximumSize: Int)
    throws(ChuckError) -> Int
  {
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      throw .storageUnreadable(path: path, reason: FileDescriptorOutput.describe(errno))
    }
    if let kind = kind(of: info.st_mode) {
      throw .storageUnreadable(path: path, reason: "not a regular file (\(kind))")
    }
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

  /// Replaces the file atomically: the new content is staged in a temporary file in the same
  /// directory (``stage(_:)``), renamed over the file, and the directory is synced, so that once
  /// this returns the change is on disk. On failure before the rename the temporary file is
  /// removed and the old file stays.
  /// - Parameter bytes: the new content.
  /// - Throws: a write error naming the file (nothing changed), or, for saved content,
  ///   ``ChuckError/storageNotDurable(paths:reason:)`` when the file was replaced but the
  ///   directory could not be synced.
  public func replace(with bytes: some ContiguousBytes) throws(ChuckError) {
    let temporary = try stage(bytes)
    guard rename(temporary, path) == 0 else {
      let failure = errno
      unlink(temporary)
      throw writeFailed(path, FileDescriptorOutput.describe(failure))
    }
    if contents == .saved { Self.changedSaved.store(true, ordering: .relaxed) }
    let failure = syncDirectory()
    // A cache can be filled again: only what the user saved must be known to be on disk.
    if failure != 0, contents == .saved {
      throw .storageNotDurable(paths: [path], reason: FileDescriptorOutput.describe(failure))
    }
  }

  /// Writes new content into a temporary file beside the file (0600, named
  /// `.<name>.tmp-XXXXXX`), flushed to disk, for a rename to put in the file's place. A failed
  /// write or `fsync` removes it and fails: the data may never have reached the disk, and a later
  /// `fsync` that succeeds proves nothing (PostgreSQL's "fsyncgate").
  /// - Parameter bytes: the new content.
  /// - Returns: the temporary file's path.
  /// - Throws: a write error naming the file.
  func stage(_ bytes: some ContiguousBytes) throws(ChuckError) -> String {
    var template = Array((directory + "/" + temporaryPrefix + "XXXXXX").utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard fd >= 0 else { throw writeFailed(path, FileDescriptorOutput.describe(errno)) }
    let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    var failure: Int32 = fchmod(fd, 0o600) == 0 ? 0 : errno
    if failure == 0 {
      failure = bytes.withUnsafeBytes { FileDescriptorOutput.writeAll($0, to: fd) }
    }
    if failure == 0, fsync(fd) != 0 { failure = errno }
    if close(fd) != 0, failure == 0 { failure = errno }
    guard failure == 0 else {
      unlink(temporary)
      throw writeFailed(path, FileDescriptorOutput.describe(failure))
    }
    return temporary
  }

  /// Flushes the directory, which makes renames and removals in it durable.
  /// - Returns: 0, or the `errno` of the `open` or `fsync` that failed.
  func syncDirectory() -> Int32 {
    let folder = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard folder >= 0 else { return errno }
    defer { close(folder) }
    return fsync(folder) == 0 ? 0 : errno
  }

  /// Creates a directory and its missing parents, each 0700, each parent synced after it got a
  /// new folder (so that a first save survives a power cut with its folder).
  /// - Parameter url: the directory.
  /// - Throws: a write error naming the directory when it cannot be created, or for saved
  ///   content ``ChuckError/storageNotDurable(paths:reason:)`` when its parent cannot be synced.
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
      // The new folder's name is in its parent: a power cut must not lose it, and what it holds.
      let folder = open(parent.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
      let failure = folder < 0 ? errno : (fsync(folder) == 0 ? 0 : errno)
      if folder >= 0 { close(folder) }
      if failure != 0, contents == .saved {
        throw .storageNotDurable(paths: [path], reason: FileDescriptorOutput.describe(failure))
      }
    } else if errno != EEXIST {
      throw writeFailed(path, FileDescriptorOutput.describe(errno))
    }
  }
}
