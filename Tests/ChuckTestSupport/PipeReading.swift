import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension FileHandle {
  /// Everything until end of file, read with `read(2)` and retried on `EINTR`.
  ///
  /// `readDataToEndOfFile()` traps (`try!`) when a read is interrupted by a signal, which the
  /// `SIGCHLD`s of the many processes the tests start make happen now and then.
  public func readAllRetryingInterrupts() -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = buffer.withUnsafeMutableBytes {
        Glibc.read(fileDescriptor, $0.baseAddress, $0.count)
      }
      if count > 0 {
        data.append(contentsOf: buffer[0..<count])
      } else if count == 0 || errno != EINTR {
        return data
      }
    }
  }

  /// The bytes up to and including the first newline (or to end of file), read one `read(2)` at a
  /// time and retried on `EINTR`; nothing after the newline is consumed beyond what one read
  /// returned.
  public func readLineRetryingInterrupts() -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !data.contains(UInt8(ascii: "\n")) {
      let count = buffer.withUnsafeMutableBytes {
        Glibc.read(fileDescriptor, $0.baseAddress, $0.count)
      }
      if count > 0 {
        data.append(contentsOf: buffer[0..<count])
      } else if count == 0 || errno != EINTR {
        break
      }
    }
    return data
  }
}
