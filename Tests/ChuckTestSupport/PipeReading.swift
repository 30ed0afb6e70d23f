import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Reading the test's ends of pipes and terminals with a deadline: a descendant that inherited
/// the other end (a daemon, a grandchild) must never keep a test reading for ever.
public enum PipeReader {
  /// Reads every descriptor until its end of file (or `EIO`, a terminal's last writer gone),
  /// `poll(2)`ing them together so that none fills up and blocks the writer.
  /// - Parameters:
  ///   - descriptors: the descriptors to read.
  ///   - deadline: when to stop reading whatever is left.
  ///   - finished: asked between reads; once it says yes (the writer has exited), reading stops
  ///     `grace` seconds later even without end of file.
  ///   - grace: how long after `finished` data may still arrive.
  /// - Returns: what each descriptor gave, in order.
  public static func readAll(
    _ descriptors: [Int32], until deadline: Date, grace: Double = 2,
    finished: () -> Bool = { false }
  ) -> [Data] {
    var data = descriptors.map { _ in Data() }
    var open = Array(descriptors.indices)
    var finishedAt: Date?
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while !open.isEmpty, Date() < deadline {
      if finishedAt == nil, finished() { finishedAt = Date() }
      if let finishedAt, Date().timeIntervalSince(finishedAt) > grace { break }
      var fds = open.map { pollfd(fd: descriptors[$0], events: Int16(POLLIN), revents: 0) }
      let ready = poll(&fds, nfds_t(fds.count), 50)
      if ready <= 0 { continue }
      var closed: Set<Int> = []
      for (slot, index) in open.enumerated() where fds[slot].revents != 0 {
        let count = buffer.withUnsafeMutableBytes {
          Glibc.read(descriptors[index], $0.baseAddress, $0.count)
        }
        if count > 0 {
          data[index].append(contentsOf: buffer[0..<count])
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
          closed.insert(index)
        }
      }
      open.removeAll { closed.contains($0) }
    }
    return data
  }
}

extension FileHandle {
  /// Everything until end of file, or what came within `timeout` seconds.
  /// - Parameter timeout: the longest the read may take.
  public func readAllRetryingInterrupts(timeout: Double = 60) -> Data {
    PipeReader.readAll([fileDescriptor], until: Date().addingTimeInterval(timeout))[0]
  }

  /// The bytes up to and including the first newline (or to end of file, or what came within
  /// `timeout` seconds), one `read(2)` at a time: nothing after the newline is consumed beyond
  /// what one read returned.
  /// - Parameter timeout: the longest the read may take.
  public func readLineRetryingInterrupts(timeout: Double = 30) -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 4096)
    let deadline = Date().addingTimeInterval(timeout)
    while !data.contains(UInt8(ascii: "\n")), Date() < deadline {
      var fds = [pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)]
      if poll(&fds, 1, 50) <= 0 { continue }
      let count = buffer.withUnsafeMutableBytes {
        Glibc.read(fileDescriptor, $0.baseAddress, $0.count)
      }
      if count > 0 {
        data.append(contentsOf: buffer[0..<count])
      } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
        break
      }
    }
    return data
  }
}
