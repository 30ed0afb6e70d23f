import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension FileStore {
  /// The lock file of what the user saved in one directory: every writer of a list, the
  /// favourites or the device id holds it, so that a change to several of them is one
  /// transaction and nobody writes while an unfinished one is finished.
  public static let savedLockName = "chuck.lock"

  /// The lock files this task holds, so that a writer holding a directory's lock can call
  /// another that takes it (a favourite made under its list's lock) without waiting for itself.
  /// (A `TaskLocal` made by hand, not by the `@TaskLocal` macro: a macro's expansion is compiled
  /// from a file in `$TMPDIR`, whose path then differs between two builds of the same sources.)
  static let heldLocks = TaskLocal<Set<String>>(wrappedValue: [])

  /// The lock file: the directory's for saved content, the file's own for a cache.
  var lockPath: String {
    contents == .saved ? directory + "/" + Self.savedLockName : path + ".lock"
  }

  /// The directory locks this task holds shared, as a reader of several saved files.
  static let sharedLocks = TaskLocal<Set<String>>(wrappedValue: [])

  /// Whether this task holds the lock already.
  var holdsLock: Bool { Self.heldLocks.get().contains(lockPath) }

  /// Whether this task holds the directory's lock shared (``together(_:)``).
  var sharesLock: Bool { Self.sharedLocks.get().contains(lockPath) }

  /// The same store with a lock wait of a second at most, for a reader that finishes a change a
  /// killed writer left: a reader has no need to wait longer, as it can read through the journal.
  var waitingBriefly: FileStore {
    FileStore(
      fileURL: fileURL, contents: contents, lockTimeout: min(lockTimeout, 1),
      maximumSize: maximumSize)
  }

  /// Runs `body` as a reader of several saved files of this directory (the favourites and the
  /// lists they name, every list), so that it sees them all at one moment: holding the
  /// directory's lock shared, no transaction is made meanwhile. A change a killed writer left is
  /// finished first. Reading never fails for the lock: when none was ever made, or a writer holds
  /// it for longer than ``lockTimeout``, `body` runs without it (what such a writer has not made
  /// is not seen; what it has made is read through its journal).
  /// - Parameter body: the reads.
  /// - Returns: what `body` returned.
  /// - Throws: what `body` throws.
  public func together<R>(_ body: () throws(ChuckError) -> R) throws(ChuckError) -> R {
    guard contents == .saved, !holdsLock, !sharesLock else { return try body() }
    if Journal(directory: directory).isPresent { try? waitingBriefly.exclusively {} }
    let fd = open(lockPath, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
    guard fd >= 0 else { return try body() }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return try body() }
    let deadline = Date().addingTimeInterval(lockTimeout)
    while flock(fd, LOCK_SH | LOCK_NB) != 0 {
      guard errno == EWOULDBLOCK || errno == EINTR, Date() < deadline else { return try body() }
      usleep(20_000)
    }
    let shared = Self.sharedLocks.get().union([lockPath])
    return try Self.sharedLocks.withValue(shared) { () -> Result<R, ChuckError> in
      Result { () throws(ChuckError) -> R in try body() }
    }.get()
  }

  /// Runs `body` as the only writer: creates the file's folder, takes the lock (waiting at most
  /// ``lockTimeout``; a lock this task holds already is not taken again), finishes a change that
  /// a killed writer left in the directory's ``Journal``, and removes the temporary files that
  /// killed writers left behind.
  /// - Parameter body: the work to do under the lock.
  /// - Returns: what `body` returned.
  /// - Throws: what `body` throws, ``ChuckError/lockTimeout(path:seconds:)``, a write error for
  ///   a folder or lock file that cannot be made, or the journal's errors.
  public func exclusively<R>(_ body: () throws(ChuckError) -> R) throws(ChuckError) -> R {
    if holdsLock { return try body() }
    // A reader holding the lock shared would wait for itself.
    guard !sharesLock else { throw .internalError("a write while reading \(path) together") }
    try makeDirectory(fileURL.deletingLastPathComponent())
    let lock = try acquireLock()
    defer { close(lock) }
    let held = Self.heldLocks.get().union([lockPath])
    let result = Self.heldLocks.withValue(held) { () -> Result<R, ChuckError> in
      Result { () throws(ChuckError) -> R in
        if contents == .saved { try Journal(directory: directory).recover() }
        removeStaleTemporaryFiles()
        return try body()
      }
    }
    return try result.get()
  }

  /// Temporary files are only ever written under the lock, and a journal's are renamed before
  /// its lock is given up, so any found while holding it were left by a process that was killed
  /// mid-write. Under a directory's lock, every saved file's are removed; else the file's own.
  private func removeStaleTemporaryFiles() {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
      return
    }
    for name in names where isStaleTemporaryFile(name) {
      unlink(directory + "/" + name)
    }
  }

  private func isStaleTemporaryFile(_ name: String) -> Bool {
    // The file's own are stale under its lock, whatever the file (the config file too).
    guard contents == .saved, !name.hasPrefix(temporaryPrefix) else {
      return name.hasPrefix(temporaryPrefix)
    }
    // `.<saved file>.tmp-XXXXXX`, and never another program's file in a shared folder.
    guard name.hasPrefix("."), let marker = name.firstRange(of: ".tmp-") else { return false }
    return Journal.isSavedFileName(
      String(name[name.index(after: name.startIndex)..<marker.lowerBound]))
  }

  private func acquireLock() throws(ChuckError) -> Int32 {
    let lockPath = lockPath
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
}
