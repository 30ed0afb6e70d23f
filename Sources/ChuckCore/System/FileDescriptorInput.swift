#if canImport(Glibc)
  import Glibc
#endif

/// Reading a file descriptor into memory: the one read loop of the list files (``FileStore``) and
/// the config file (``ConfigFile/read(path:)``).
enum FileDescriptorInput {
  /// Reads until the buffer is full or the file ends, reading again after `EINTR`.
  /// - Parameters:
  ///   - fd: the descriptor.
  ///   - buffer: where the bytes go, from its start.
  /// - Returns: how many bytes were read, and the `errno` of a read that failed (0 for none; the
  ///   bytes before it are counted).
  static func fill(_ fd: Int32, _ buffer: UnsafeMutableBufferPointer<UInt8>) -> (
    count: Int, failure: Int32
  ) {
    var count = 0
    while count < buffer.count {
      let result = read(fd, buffer.baseAddress! + count, buffer.count - count)
      if result < 0 {
        if errno == EINTR { continue }
        return (count, errno)
      }
      if result == 0 { break }
      count += result
    }
    return (count, 0)
  }
}
