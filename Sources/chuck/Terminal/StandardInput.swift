import ChuckCore

#if canImport(Glibc)
  import Glibc
#endif

/// Everything on stdin, for the commands that take `-` (`add`, `import`).
enum StandardInput {
  /// Reads stdin to its end.
  /// - Parameter limit: the most bytes taken; more is an error, not a truncation.
  /// - Returns: the bytes.
  /// - Throws: ``ChuckError/storageUnreadable(path:reason:)`` naming `stdin` (exit 74) for a
  ///   read error or more than `limit` bytes.
  static func readAll(limit: Int) throws(ChuckError) -> [UInt8] {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = read(STDIN_FILENO, &buffer, buffer.count)
      if count < 0 {
        if errno == EINTR { continue }
        throw .storageUnreadable(path: "stdin", reason: String(cString: strerror(errno)))
      }
      if count == 0 { return bytes }
      bytes += buffer[0..<count]
      guard bytes.count <= limit else {
        throw .storageUnreadable(path: "stdin", reason: "more than \(limit) bytes")
      }
    }
  }
}
