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
    guard let bytes = try readFile() else { return [] }
    return try decode(Data(bytes))
  }

  /// The list file's bytes, checked to be the documented format, with each item's byte range:
  /// for readers that need a few fields of many items, where decoding every item would cost far
  /// more than the answer.
  /// - Returns: the raw items; none when the file does not exist.
  /// - Throws: the same errors as ``load()``.
  public func loadRaw() throws(ChuckError) -> RawItems {
    guard let bytes = try readFile() else {
      return RawItems(bytes: [], items: [], arrayStart: nil, insertion: nil)
    }
    let scanned = bytes.withUnsafeBufferPointer { Self.scanEnvelope($0) }
    switch scanned {
    case .success(let (items, arrayStart, insertion)):
      return RawItems(bytes: bytes, items: items, arrayStart: arrayStart, insertion: insertion)
    case .failure(.unknownVersion(let version)):
      throw .storageUnsupportedVersion(path: path, version: version)
    case .failure(.invalid(let reason)):
      throw .storageCorrupt(path: path, reason: reason)
    }
  }

  /// Appends one item under the lock, after `check` has seen the current items, by splicing it
  /// into the file's bytes: the other items are written back byte for byte, not re-encoded.
  /// When `check` throws, nothing is written.
  /// - Parameters:
  ///   - item: the item to append.
  ///   - check: looks at the current items; throws to refuse the append.
  /// - Returns: how many items the list holds now.
  /// - Throws: what `check` throws, or the errors of ``modify(_:)``.
  public func append(_ item: T, check: (RawItems) throws(ChuckError) -> Void) throws(ChuckError)
    -> Int
  {
    try exclusively { () throws(ChuckError) -> Int in
      let raw = try loadRaw()
      try check(raw)
      let encoded = try Self.encode(item)
      var bytes: [UInt8] = []
      if let insertion = raw.insertion {
        bytes.reserveCapacity(raw.bytes.count + encoded.count + 1)
        bytes.append(contentsOf: raw.bytes[..<insertion])
        if !raw.items.isEmpty { bytes.append(UInt8(ascii: ",")) }
        bytes.append(contentsOf: encoded)
        bytes.append(contentsOf: raw.bytes[insertion...])
      } else {
        bytes = Array(#"{"items":["#.utf8) + encoded + Array(#"],"version":1}"#.utf8)
      }
      try writeFile(bytes)
      return raw.items.count + 1
    }
  }

  /// Changes the list under the lock: reads it, lets `body` change it, and writes it back
  /// atomically. When `body` throws, nothing is written.
  /// - Parameter body: changes the items; what it returns is passed on.
  /// - Returns: what `body` returned.
  /// - Throws: what `body` throws, ``ChuckError/lockTimeout(path:seconds:)``, any error of
  ///   ``load()``, or ``ChuckError/storageWriteFailed(path:reason:)``.
  public func modify<R>(_ body: (inout [T]) throws(ChuckError) -> R) throws(ChuckError) -> R {
    try exclusively { () throws(ChuckError) -> R in
      var items = try load()
      let result = try body(&items)
      try write(items)
      return result
    }
  }

  /// Removes items under the lock, by writing back the others byte for byte. When `select`
  /// throws or selects nothing, nothing is written.
  /// - Parameter select: looks at the current items and returns the positions to remove.
  /// - Returns: the positions removed, sorted.
  /// - Throws: what `select` throws, or the errors of ``modify(_:)``.
  public func remove(_ select: (RawItems) throws(ChuckError) -> Set<Int>) throws(ChuckError)
    -> [Int]
  {
    // Nothing to remove from a list that does not exist: create neither it nor its folder.
    if access(path, F_OK) != 0, errno == ENOENT {
      _ = try select(RawItems(bytes: [], items: [], arrayStart: nil, insertion: nil))
      return []
    }
    return try exclusively { () throws(ChuckError) -> [Int] in
      let raw = try loadRaw()
      let removed = try select(raw).filter { raw.items.indices.contains($0) }
      guard !removed.isEmpty, let arrayStart = raw.arrayStart, let insertion = raw.insertion else {
        return []
      }
      var bytes: [UInt8] = []
      bytes.reserveCapacity(raw.bytes.count)
      bytes.append(contentsOf: raw.bytes[..<arrayStart])
      var first = true
      for (position, range) in raw.items.enumerated() where !removed.contains(position) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        first = false
        bytes.append(contentsOf: raw.bytes[range])
      }
      bytes.append(contentsOf: raw.bytes[insertion...])
      try writeFile(bytes)
      return removed.sorted()
    }
  }

  /// Replaces the whole list without reading it (for a cache, whose old content, even corrupt,
  /// is worth nothing), under the lock and atomically.
  /// - Parameter items: the new items.
  /// - Throws: ``ChuckError/lockTimeout(path:seconds:)`` or
  ///   ``ChuckError/storageWriteFailed(path:reason:)``.
  public func replace(with items: [T]) throws(ChuckError) {
    try exclusively { () throws(ChuckError) -> Void in
      try write(items)
    }
  }

  /// Runs `body` as the only writer: creates the list's folder, takes the lock (waiting at most
  /// ``lockTimeout``) and removes the temporary files a killed writer left behind.
  private func exclusively<R>(_ body: () throws(ChuckError) -> R) throws(ChuckError) -> R {
    try Self.makeDirectory(fileURL.deletingLastPathComponent())
    let lock = try acquireLock()
    defer { close(lock) }
    removeStaleTemporaryFiles()
    return try body()
  }

  /// When the list was last written, or `nil` when there is no file.
  public var lastWritten: Date? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return Date(
      timeIntervalSince1970: TimeInterval(info.st_mtim.tv_sec) + TimeInterval(info.st_mtim.tv_nsec)
        / 1e9)
  }

  // MARK: Reading

  private func readFile() throws(ChuckError) -> [UInt8]? {
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
    // One read into a buffer of the file's size, plus room to notice that it grew meanwhile.
    var capacity = Int(info.st_size) + 4096
    var bytes: [UInt8] = []
    while true {
      var failure: Int32 = 0
      bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
        count = 0
        while count < buffer.count {
          let result = read(fd, buffer.baseAddress! + count, buffer.count - count)
          if result < 0 {
            if errno == EINTR { continue }
            failure = errno
            return
          }
          if result == 0 { return }
          count += result
        }
      }
      if failure != 0 {
        errno = failure
        throw .storageUnreadable(path: path, reason: Self.lastError())
      }
      if bytes.count < capacity { return bytes }
      // The buffer filled up: keep what was read and read on into a bigger one.
      let soFar = bytes
      capacity *= 2
      var rest: [UInt8] = []
      rest.reserveCapacity(capacity)
      rest.append(contentsOf: soFar)
      var chunk = [UInt8](repeating: 0, count: 65_536)
      while true {
        let result = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
        if result < 0 {
          if errno == EINTR { continue }
          throw .storageUnreadable(path: path, reason: Self.lastError())
        }
        if result == 0 { return rest }
        rest.append(contentsOf: chunk[0..<result])
      }
    }
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
      throw .storageCorrupt(path: path, reason: DecodingProblem.describe(error))
    }
    guard envelope.version == Self.formatVersion else {
      throw .storageUnsupportedVersion(path: path, version: envelope.version)
    }
    return envelope.items
  }

  // MARK: Writing

  private static func encode<V: Encodable>(_ value: V) throws(ChuckError) -> [UInt8] {
    do {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      return Array(try encoder.encode(value))
    } catch {
      throw .internalError("cannot encode the list: \(error)")
    }
  }

  private func write(_ items: [T]) throws(ChuckError) {
    try writeFile(try Self.encode(Envelope(items: items)))
  }

  /// Replaces the file atomically: a temporary file in the same directory, flushed, renamed.
  private func writeFile(_ data: [UInt8]) throws(ChuckError) {
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

/// A list file's bytes, checked to be the documented format, with the byte range of each item.
public struct RawItems: Sendable {
  /// The file's bytes.
  public let bytes: [UInt8]
  /// Each item's byte range in ``bytes``, in saved order.
  public let items: [Range<Int>]
  /// Where the items array's content starts (just after `[`); `nil` when there is no file.
  let arrayStart: Int?
  /// Where a new item goes (the items array's closing bracket); `nil` when there is no file.
  let insertion: Int?
}

enum EnvelopeProblem: Error {
  case invalid(String)
  case unknownVersion(Int)
}

extension NetworkCache {
  /// Checks the whole file against `{"version": 1, "items": [ … ]}` (strict JSON, any key order,
  /// unknown keys allowed) and finds the items.
  static func scanEnvelope(_ buffer: UnsafeBufferPointer<UInt8>) -> Result<
    ([Range<Int>], Int, Int), EnvelopeProblem
  > {
    var scanner = JSONScanner(buffer)
    var version: Int?
    var versionIsInteger = true
    var items: [Range<Int>]?
    var insertion = 0
    var arrayStart = 0
    var itemsIsArray = true
    do throws(JSONScanner.Failure) {
      guard scanner.peek() == UInt8(ascii: "{") else {
        return .failure(.invalid("not a JSON object"))
      }
      try scanner.object { (key, scanner) throws(JSONScanner.Failure) in
        if scanner.string(at: key, is: "version") {
          version = try scanner.integer()
          versionIsInteger = version != nil
        } else if scanner.string(at: key, is: "items") {
          // Another version's items may have any shape: judge them after the version.
          guard scanner.peek() == UInt8(ascii: "[") else {
            _ = try scanner.value()
            itemsIsArray = false
            return
          }
          var found: [Range<Int>] = []
          scanner.skipWhitespace()
          arrayStart = scanner.position + 1
          try scanner.array { (scanner) throws(JSONScanner.Failure) in
            found.append(try scanner.value())
          }
          insertion = scanner.position - 1
          items = found
        } else {
          _ = try scanner.value()
        }
      }
      scanner.skipWhitespace()
      guard scanner.isAtEnd else { return .failure(.invalid("data after the list")) }
    } catch {
      return .failure(.invalid("\(error.reason) at byte \(error.offset)"))
    }
    guard versionIsInteger, let version else {
      return .failure(.invalid("no whole-number 'version'"))
    }
    guard version == formatVersion else { return .failure(.unknownVersion(version)) }
    guard itemsIsArray, let items else { return .failure(.invalid("no 'items' array")) }
    return .success((items, arrayStart, insertion))
  }
}
