#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writing a whole buffer to a file descriptor: the one loop that the list files, the icon cache
/// and the command's own output all use.
public enum FileDescriptorOutput {
  /// Writes every byte, retrying short writes and interrupted calls. A descriptor that is not
  /// ready (a non-blocking pipe or terminal that is full: `EAGAIN`) is waited for with `poll`,
  /// which takes no CPU, instead of being retried in a loop that would spin a core.
  /// - Parameters:
  ///   - buffer: the bytes.
  ///   - fd: an open file descriptor.
  /// - Returns: 0 when everything was written, else the `errno` of the failed write.
  public static func writeAll(_ buffer: UnsafeRawBufferPointer, to fd: Int32) -> Int32 {
    var offset = 0
    while offset < buffer.count {
      let count = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
      if count < 0 {
        if errno == EINTR { continue }
        if errno == EAGAIN || errno == EWOULDBLOCK {
          var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
          if poll(&ready, 1, -1) < 0, errno != EINTR { return errno }
          continue
        }
        return errno
      }
      offset += count
    }
    return 0
  }

  /// The text of an `errno` value, as `strerror` words it.
  /// - Parameter code: an `errno` value.
  /// - Returns: for example `No space left on device`.
  public static func describe(_ code: Int32) -> String {
    String(cString: strerror(code))
  }
}
