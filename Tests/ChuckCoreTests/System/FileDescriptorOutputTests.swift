import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

#if canImport(Glibc)
  import Glibc
#endif

/// `FileDescriptorOutput.writeAll`, the one write loop of the list files, the icon cache and the
/// command's output: everything reaches the descriptor, or the failed write's `errno` is returned.
@Suite struct FileDescriptorOutputTests {
  /// A short write reaches the pipe whole.
  @Test func writesEverythingToAPipe() throws {
    let pipe = try TestPipe()
    let bytes = Array("Chuck Norris can write to a pipe.\n".utf8)
    #expect(bytes.withUnsafeBytes { FileDescriptorOutput.writeAll($0, to: pipe.writeEnd) } == 0)
    pipe.closeWriteEnd()
    #expect(pipe.readToEnd() == bytes)
  }

  /// Nothing to write is no write at all, even without a buffer.
  @Test func emptyBufferWritesNothing() throws {
    let pipe = try TestPipe()
    let empty = UnsafeRawBufferPointer(start: nil, count: 0)
    #expect(FileDescriptorOutput.writeAll(empty, to: pipe.writeEnd) == 0)
    #expect(FileDescriptorOutput.writeAll(empty, to: -1) == 0)
    pipe.closeWriteEnd()
    #expect(pipe.readToEnd() == [])
  }

  /// A write many times the pipe's buffer, read as it comes, arrives whole and in order.
  @Test func writesMoreThanThePipeHolds() async throws {
    let pipe = try TestPipe()
    let capacity = fcntl(pipe.writeEnd, 1032)  // F_GETPIPE_SZ, which Glibc does not show
    #expect(capacity > 0)
    let bytes = Self.pattern(count: 16 * Int(max(capacity, 65_536)) + 12_345)
    let result = await Self.writeOnThread(bytes, to: pipe)
    #expect(result.written == 0)
    #expect(result.read.count == bytes.count)
    #expect(Self.firstDifference(result.read, bytes) == nil)
  }

  /// On a non-blocking pipe the writes come back short or with `EAGAIN` while the reader lags;
  /// they are retried until everything is written.
  @Test func retriesShortAndRefusedWritesOnANonBlockingPipe() async throws {
    let pipe = try TestPipe()
    let flags = fcntl(pipe.writeEnd, F_GETFL)
    #expect(fcntl(pipe.writeEnd, F_SETFL, flags | O_NONBLOCK) == 0)
    let bytes = Self.pattern(count: 1_048_576 + 7)
    let result = await Self.writeOnThread(bytes, to: pipe, readerDelay: 0.2)
    #expect(result.written == 0)
    #expect(result.read.count == bytes.count)
    #expect(Self.firstDifference(result.read, bytes) == nil)
  }

  /// A full non-blocking pipe is waited for, not spun on: while the reader sleeps a second, the
  /// writing thread uses (far) less than a fifth of a second of CPU.
  @Test func waitsForAFullNonBlockingPipeWithoutSpinning() async throws {
    let pipe = try TestPipe()
    let flags = fcntl(pipe.writeEnd, F_GETFL)
    #expect(fcntl(pipe.writeEnd, F_SETFL, flags | O_NONBLOCK) == 0)
    let bytes = Self.pattern(count: 4 * 1_048_576)
    let writeEnd = pipe.writeEnd
    async let written = onOwnThread { () -> (Int32, Double) in
      defer { pipe.closeWriteEnd() }
      let failure = writeWithoutSIGPIPE(bytes, to: writeEnd)
      var used = timespec()
      clock_gettime(CLOCK_THREAD_CPUTIME_ID, &used)
      return (failure, Double(used.tv_sec) + Double(used.tv_nsec) / 1e9)
    }
    let read = await onOwnThread { () -> [UInt8] in
      Thread.sleep(forTimeInterval: 1)
      defer { pipe.closeReadEnd() }
      return pipe.readToEnd()
    }
    let (failure, cpu) = await written
    #expect(failure == 0)
    #expect(read.count == bytes.count)
    #expect(cpu < 0.2, "the writer used \(cpu) s of CPU while it waited")
  }

  /// A pipe whose reader is gone fails with `EPIPE`, `Broken pipe` (``writeWithoutSIGPIPE``).
  @Test func closedPipeIsBrokenPipe() async throws {
    let pipe = try TestPipe()
    pipe.closeReadEnd()
    let writeEnd = pipe.writeEnd
    let failure = await onOwnThread {
      writeWithoutSIGPIPE(Array("nobody reads this".utf8), to: writeEnd)
    }
    #expect(failure == EPIPE)
    #expect(FileDescriptorOutput.describe(failure) == "Broken pipe")
  }

  /// A descriptor that is not open for writing fails at once with `EBADF`.
  @Test func badDescriptorIsReported() throws {
    let pipe = try TestPipe()
    let bytes = Array("x".utf8)
    #expect(bytes.withUnsafeBytes { FileDescriptorOutput.writeAll($0, to: pipe.readEnd) } == EBADF)
    #expect(bytes.withUnsafeBytes { FileDescriptorOutput.writeAll($0, to: -1) } == EBADF)
    #expect(FileDescriptorOutput.describe(EBADF) == "Bad file descriptor")
  }

  /// A full device (a full disk behind `> file`) fails with `ENOSPC`, worded as documented.
  @Test func fullDeviceIsReported() throws {
    let fd = open("/dev/full", O_WRONLY | O_CLOEXEC)
    try #require(fd >= 0)
    defer { close(fd) }
    let bytes = Array("Chuck Norris fills disks.".utf8)
    let failure = bytes.withUnsafeBytes { FileDescriptorOutput.writeAll($0, to: fd) }
    #expect(failure == ENOSPC)
    #expect(FileDescriptorOutput.describe(failure) == "No space left on device")
  }

  /// Bytes that are not a repetition of the pipe's buffer size, so that a lost or repeated chunk
  /// shows.
  private static func pattern(count: Int) -> [UInt8] {
    (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 / 251) }
  }

  /// Where two byte arrays first differ (a megabyte each: `#expect` would diff them for ever).
  private static func firstDifference(_ lhs: [UInt8], _ rhs: [UInt8]) -> Int? {
    (0..<min(lhs.count, rhs.count)).first { lhs[$0] != rhs[$0] }
      ?? (lhs.count == rhs.count ? nil : min(lhs.count, rhs.count))
  }

  /// Writes `bytes` to the pipe on a thread of its own, then closes the write end, while this
  /// task reads the pipe to its end (`readerDelay` seconds later) and closes the read end: a
  /// writer that never finishes fails with `EPIPE` once the reader gives up, instead of hanging.
  private static func writeOnThread(_ bytes: [UInt8], to pipe: TestPipe, readerDelay: Double = 0)
    async -> (written: Int32, read: [UInt8])
  {
    let writeEnd = pipe.writeEnd
    async let written = onOwnThread { () -> Int32 in
      defer { pipe.closeWriteEnd() }
      return writeWithoutSIGPIPE(bytes, to: writeEnd)
    }
    let read = await onOwnThread { () -> [UInt8] in
      Thread.sleep(forTimeInterval: readerDelay)
      defer { pipe.closeReadEnd() }
      return pipe.readToEnd()
    }
    return (await written, read)
  }
}

/// `writeAll` with `SIGPIPE` blocked on this thread, the signal a write to a pipe without a
/// reader raises taken back before the mask is restored. The test process, unlike the `chuck`
/// executable (`Signals.install`), does not ignore `SIGPIPE`: unblocked, it would end the process.
private func writeWithoutSIGPIPE(_ bytes: [UInt8], to fd: Int32) -> Int32 {
  var pipeSignal = sigset_t()
  sigemptyset(&pipeSignal)
  sigaddset(&pipeSignal, SIGPIPE)
  var previous = sigset_t()
  pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
  defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
  let failure = bytes.withUnsafeBytes { FileDescriptorOutput.writeAll($0, to: fd) }
  var now = timespec(tv_sec: 0, tv_nsec: 0)
  while sigtimedwait(&pipeSignal, nil, &now) == SIGPIPE {}
  return failure
}

/// Runs `body` on a new thread: blocking calls never hold a thread of Swift's cooperative pool.
private func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
  await withCheckedContinuation { continuation in
    Thread { continuation.resume(returning: body()) }.start()
  }
}

/// A pipe whose ends are closed on exec and when it goes.
private final class TestPipe: Sendable {
  let readEnd: Int32
  let writeEnd: Int32
  /// The ends still open, `-1` once closed.
  private let ends = Locked<(read: Int32, write: Int32)>((-1, -1))

  init() throws {
    var fds: [Int32] = [-1, -1]
    guard Glibc.pipe(&fds) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    // Children are spawned with every other descriptor closed (`Spawn`); this covers the rest.
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    readEnd = fds[0]
    writeEnd = fds[1]
    ends.withLock { $0 = (fds[0], fds[1]) }
  }

  deinit {
    closeReadEnd()
    closeWriteEnd()
  }

  func closeReadEnd() {
    ends.withLock {
      if $0.read >= 0 { close($0.read) }
      $0.read = -1
    }
  }

  func closeWriteEnd() {
    ends.withLock {
      if $0.write >= 0 { close($0.write) }
      $0.write = -1
    }
  }

  /// Everything until end of file (at most a minute).
  func readToEnd() -> [UInt8] {
    [UInt8](PipeReader.readAll([readEnd], until: Date().addingTimeInterval(60))[0])
  }
}
