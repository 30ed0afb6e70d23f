import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A list of values stored on disk as `{"version": 1, "items": [ … ]}`: the saved jokes, and any
/// other value type that comes from the network.
///
/// - Reads never lock: writes replace the file atomically (a temporary file in the same directory,
///   flushed, then renamed over it), so a reader sees the old list or the new one, never half.
/// - Writes are serialized between processes by an advisory lock on a sibling `<name>.lock` file
///   (the rename replaces the list file itself, so locking it would lock nothing).
/// - A file that cannot be read or parsed, or has an unknown version, is never overwritten.
/// - Directories are created 0700 and files 0600.
public struct NetworkCache<T: Codable>: Sendable {
  /// The list's file.
  public let fileURL: URL
  /// The most seconds to wait for another process's lock.
  public let lockTimeout: Double

  /// The only format version this build reads and writes.
  public static var formatVersion: Int { 1 }

  /// Makes a store for one file; nothing is read or created yet.
  /// - Parameters:
  ///   - fileURL: the list's file.
  ///   - lockTimeout: the most seconds to wait for another writer.
  public init(fileURL: URL, lockTimeout: Double = 10) {
    self.fileURL = fileURL
    self.lockTimeout = lockTimeout
  }

  private var path: String { fileURL.path }
  private var lockPath: String { path + ".lock" }
  private var temporaryPrefix: String { "." + fileURL.lastPathComponent + ".tmp-" }

  /// Reads the list.
  /// - Returns: the items in the order they were saved; empty when the file does not exist.
  /// - Throws: ``ChuckError/storageUnreadable(path:reason:)``,
  ///   ``ChuckError/storageCorrupt(path:reason:)`` or
  ///   ``ChuckError/storageUnsupportedVersion(path:version:)``.
  public func load() throws(ChuckError) -> [T] {
    guard let data = try readFile() else { return [] }
    return try decode(data)
  }

  /// Changes the list under the lock: reads it, lets `body` change it, and writes it back
  /// atomically. When `body` throws, nothing is written.
  /// - Parameter body: changes the items; what it returns is passed on.
  /// - Returns: what `body` returned.
  /// - Throws: what `body` throws, ``ChuckError/lockTimeout(path:seconds:)``, any error of
  ///   ``load()``, or ``ChuckError/storageWriteFailed(path:reason:)``.
  public func modify<R>(_ body: (inout [T]) throws(ChuckError) -> R) throws(ChuckError) -> R {
    try Self.makeDirectory(fileURL.deletingLastPathComponent())
    let lock = try acquireLock()
    defer { close(lock) }
    removeStaleTemporaryFiles()
    var items = try load()
    let result = try body(&items)
    try write(items)
    return result
  }

  // MARK: Reading

  private func readFile() throws(ChuckError) -> Data? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    if fd < 0 {
      if errno == ENOENT { return nil }
      throw .storageUnreadable(path: path, reason: Self.lastError())
    }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      throw .storageUnreadable(path: path, reason: Self.lastError())
    }
    guard (info.st_mode & S_IFMT) == S_IFREG else {
      throw .storageUnreadable(path: path, reason: "not a regular file")
    }
    var data = Data(count: Int(info.st_size))
    var filled = 0
    while true {
      if filled == data.count { data.count += max(4096, data.count) }
      let count = data.withUnsafeMutableBytes { buffer in
        read(fd, buffer.baseAddress! + filled, buffer.count - filled)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw .storageUnreadable(path: path, reason: Self.lastError())
      }
      if count == 0 { break }
      filled += count
    }
    data.count = filled
    return data
  }

  private struct Envelope: Codable {
    var version: Int
    var items: [T]

    init(items: [T]) {
      version = NetworkCache.formatVersion
      self.items = items
    }

    enum CodingKeys: String, CodingKey { case version, items }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      version = try container.decode(Int.self, forKey: .version)
      // An unknown version's items may have any shape: do not look at them.
      items =
        version == NetworkCache.formatVersion
        ? try container.decode([T].self, forKey: .items) : []
    }
  }

  private func decode(_ data: Data) throws(ChuckError) -> [T] {
    let envelope: Envelope
    do {
      envelope = try JSONDecoder().decode(Envelope.self, from: data)
    } catch {
      throw .storageCorrupt(path: path, reason: Self.describe(error))
    }
    guard envelope.version == Self.formatVersion else {
      throw .storageUnsupportedVersion(path: path, version: envelope.version)
    }
    return envelope.items
  }

  private static func describe(_ error: any Error) -> String {
    switch error as? DecodingError {
    case .keyNotFound(let key, let context)?:
      return "'\(key.stringValue)' missing at \(location(context))"
    case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
      return "wrong type at \(location(context))"
    case .dataCorrupted(let context)?:
      return context.codingPath.isEmpty ? "not valid JSON" : "bad value at \(location(context))"
    default:
      return "not valid JSON"
    }
  }

  private static func location(_ context: DecodingError.Context) -> String {
    let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
    return path.isEmpty ? "the top level" : path.joined(separator: ".")
  }

  // MARK: Writing

  private func write(_ items: [T]) throws(ChuckError) {
    let data: Data
    do {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      data = try encoder.encode(Envelope(items: items))
    } catch {
      throw .internalError("cannot encode the list: \(error)")
    }
    var template = Array(
      (fileURL.deletingLastPathComponent().path + "/" + temporaryPrefix
        + "XXXXXX").utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard fd >= 0 else { throw .storageWriteFailed(path: path, reason: Self.lastError()) }
    let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    var closed = false
    do throws(ChuckError) {
      defer { if !closed { close(fd) } }
      guard fchmod(fd, 0o600) == 0 else {
        throw .storageWriteFailed(path: path, reason: Self.lastError())
      }
      let failed = data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> Bool in
        var offset = 0
        while offset < buffer.count {
          let count = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
          if count < 0 {
            if errno == EINTR { continue }
            return true
          }
          offset += count
        }
        return false
      }
      if failed { throw .storageWriteFailed(path: path, reason: Self.lastError()) }
      guard fsync(fd) == 0 else { throw .storageWriteFailed(path: path, reason: Self.lastError()) }
      closed = true
      guard close(fd) == 0 else { throw .storageWriteFailed(path: path, reason: Self.lastError()) }
      guard rename(temporary, path) == 0 else {
        throw .storageWriteFailed(path: path, reason: Self.lastError())
      }
    } catch {
      unlink(temporary)
      throw error
    }
    // Make the rename itself durable.
    let directory = open(fileURL.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY)
    if directory >= 0 {
      fsync(directory)
      close(directory)
    }
  }

  /// Temporary files are only ever written under the lock, so any found while holding it were
  /// left by a process that was killed mid-write.
  private func removeStaleTemporaryFiles() {
    let directory = fileURL.deletingLastPathComponent().path
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else {
      return
    }
    for name in names where name.hasPrefix(temporaryPrefix) {
      unlink(directory + "/" + name)
    }
  }

  private func acquireLock() throws(ChuckError) -> Int32 {
    let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw .storageWriteFailed(path: lockPath, reason: Self.lastError()) }
    let deadline = Date().addingTimeInterval(lockTimeout)
    while flock(fd, LOCK_EX | LOCK_NB) != 0 {
      guard errno == EWOULDBLOCK || errno == EINTR else {
        let reason = Self.lastError()
        close(fd)
        throw .storageWriteFailed(path: lockPath, reason: reason)
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
  /// - Throws: ``ChuckError/storageWriteFailed(path:reason:)`` when it cannot be created.
  public static func makeDirectory(_ url: URL) throws(ChuckError) {
    let path = url.standardizedFileURL.path
    var info = stat()
    if stat(path, &info) == 0 {
      guard (info.st_mode & S_IFMT) == S_IFDIR else {
        throw .storageWriteFailed(path: path, reason: "not a directory")
      }
      return
    }
    let parent = url.standardizedFileURL.deletingLastPathComponent()
    if parent.path != path { try makeDirectory(parent) }
    if mkdir(path, 0o700) == 0 {
      chmod(path, 0o700)  // mkdir's mode is filtered by the umask.
    } else if errno != EEXIST {
      throw .storageWriteFailed(path: path, reason: lastError())
    }
  }

  static func lastError() -> String {
    String(cString: strerror(errno))
  }
}
