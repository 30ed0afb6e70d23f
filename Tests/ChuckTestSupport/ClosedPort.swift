import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Why no closed port could be had.
public enum LoopbackPortError: Error {
  /// The call that failed.
  case unavailable(String)
}

/// A port on 127.0.0.1 that nothing listens on, nor can: its socket stays bound (never listening)
/// until the test process ends, so a connection is refused. A port merely free a moment ago was
/// taken by one of the many servers that bind port 0 on a busy machine, and `chuck` got a joke
/// where a refused connection was meant.
public func closedPort() throws -> Int {
  let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
  guard fd >= 0 else { throw LoopbackPortError.unavailable("socket") }
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_addr.s_addr = inet_addr("127.0.0.1")
  address.sin_port = 0
  var length = socklen_t(MemoryLayout<sockaddr_in>.size)
  let bound = withUnsafeMutablePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
      bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
    }
  }
  guard bound else {
    close(fd)
    throw LoopbackPortError.unavailable("bind")
  }
  // Deliberately never closed: the kernel closes it when the test process ends.
  return Int(UInt16(bigEndian: address.sin_port))
}
