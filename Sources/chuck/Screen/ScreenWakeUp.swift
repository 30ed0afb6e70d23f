import ChuckCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The write end of the screen's self-pipe, for the signal handlers.
nonisolated(unsafe) private var wakeUpDescriptor: Int32 = -1

/// The screen's self-pipe: signal handlers write the signal's number into it, and tasks that
/// finish an effect leave their event in the mailbox and write a 0, so that the one `poll` of
/// the screen's loop wakes for both.
final class ScreenWakeUp: Sendable {
  /// The signals the screen handles itself.
  static let signals = [SIGWINCH, SIGTERM, SIGHUP, SIGINT, SIGTSTP, SIGCONT]

  /// The end the loop polls.
  let readEnd: Int32
  private let writeEnd: Int32
  private let mailbox = Mutex<[ScreenEvent]>([])

  init() throws(ChuckError) {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else {
      throw .internalError("pipe: " + String(cString: strerror(errno)))
    }
    // Neither end may block (a handler must never wait) nor reach a child process.
    for end in ends {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    readEnd = ends[0]
    writeEnd = ends[1]
  }

  /// Routes the screen's signals into the pipe.
  func installHandlers() {
    wakeUpDescriptor = writeEnd
    for number in Self.signals {
      signal(number) { number in
        var byte = UInt8(truncatingIfNeeded: number)
        _ = Glibc.write(wakeUpDescriptor, &byte, 1)
      }
    }
  }

  /// Hands an effect's result to the loop.
  func post(_ event: ScreenEvent) {
    mailbox.withLock { $0.append(event) }
    var zero: UInt8 = 0
    _ = Glibc.write(writeEnd, &zero, 1)
  }

  /// Empties the pipe.
  /// - Returns: the signals that arrived, in order, and the posted events.
  func drain() -> (signals: [Int32], events: [ScreenEvent]) {
    var signals: [Int32] = []
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
      let count = read(readEnd, &buffer, buffer.count)
      guard count > 0 else { break }
      signals += buffer[0..<count].filter { $0 != 0 }.map { Int32($0) }
    }
    let events = mailbox.withLock {
      let events = $0
      $0 = []
      return events
    }
    return (signals, events)
  }
}
