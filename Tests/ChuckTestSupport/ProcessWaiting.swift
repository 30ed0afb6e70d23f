import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A program a test started with ``Spawn`` and may wait for: every wait has a deadline, after
/// which the program is killed, and letting go of a running one only kills it (the
/// ``Reaper`` reaps it), so no deinit ever blocks.
public final class ChildProcess: @unchecked Sendable {
  /// Its process id.
  public let pid: pid_t
  private let lock = NSLock()
  private var status: Int32?
  private var released = false

  /// Starts a program (see ``Spawn/start(_:arguments:environment:stdin:stdout:stderr:directory:)``).
  /// - Parameters:
  ///   - executable: the program.
  ///   - arguments: its arguments.
  ///   - environment: its whole environment.
  ///   - stdin: its standard input.
  ///   - stdout: its standard output.
  ///   - stderr: its standard error.
  ///   - directory: its working directory (the test's when `nil`).
  public init(
    _ executable: URL, arguments: [String], environment: [String: String],
    stdin: Spawn.Stream = .null, stdout: Spawn.Stream, stderr: Spawn.Stream,
    directory: URL? = nil
  ) throws {
    pid = try Spawn.start(
      executable.path, arguments: arguments,
      environment: environment.map { "\($0.key)=\($0.value)" }, stdin: stdin, stdout: stdout,
      stderr: stderr, directory: directory?.path)
  }

  /// Kills a program that still runs (SIGKILL), without waiting: the ``Reaper`` reaps it.
  deinit {
    guard lock.withLock({ status == nil && !released }) else { return }
    kill(pid, SIGKILL)
    Reaper.shared.adopt(pid, killingAfter: 0)
  }

  /// Lets it go without waiting: sends `signal`, and hands it to the ``Reaper``, which kills it
  /// (SIGKILL) if it still runs `seconds` later, reaps it and then runs `cleanup`.
  /// - Parameters:
  ///   - signal: the signal sent now.
  ///   - seconds: how long it may take to exit.
  ///   - cleanup: what to do once it has exited (at once if it has already).
  public func release(
    signal: Int32 = SIGKILL, killingAfter seconds: Double = 0,
    then cleanup: (@Sendable () -> Void)? = nil
  ) {
    let running = lock.withLock {
      if status == nil { status = Spawn.reap(pid) }
      released = true
      return status == nil
    }
    guard running else {
      cleanup?()
      return
    }
    kill(pid, signal)
    Reaper.shared.adopt(pid, killingAfter: seconds, then: cleanup)
  }

  /// Its process id (as Foundation's `Process` names it).
  public var processIdentifier: pid_t { pid }

  /// Its exit status (the code, or 128 + the signal that ended it), `nil` while it runs.
  public var exitStatus: Int32? {
    lock.withLock {
      if status == nil { status = Spawn.reap(pid) }
      return status
    }
  }

  /// Whether it has not exited yet.
  public var isRunning: Bool { exitStatus == nil }

  /// Sends it a signal.
  /// - Parameter signal: the signal's number.
  public func signal(_ signal: Int32) {
    if isRunning { kill(pid, signal) }
  }

  /// Waits for it on this (non-cooperative) thread, killing it after `timeout` seconds.
  /// - Parameter timeout: seconds after which it is killed (SIGKILL); 10 s later the wait gives
  ///   up.
  /// - Returns: its exit status, or -1 when it could not be reaped.
  @discardableResult
  public func waitForExit(killingAfter timeout: Double = 120) -> Int32 {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if let status = exitStatus { return status }
      usleep(5_000)
    }
    kill(pid, SIGKILL)
    let end = Date().addingTimeInterval(10)
    while Date() < end {
      if let status = exitStatus { return status }
      usleep(5_000)
    }
    return -1
  }

  /// Waits for it without holding a thread, killing it after `timeout` seconds.
  /// - Parameter timeout: seconds after which it is killed (SIGKILL); 10 s later the wait gives
  ///   up.
  /// - Returns: its exit status, or -1 when it could not be reaped.
  @discardableResult
  public func exit(killingAfter timeout: Double = 120) async -> Int32 {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if let status = exitStatus { return status }
      try? await Task.sleep(nanoseconds: 5_000_000)
    }
    kill(pid, SIGKILL)
    let end = Date().addingTimeInterval(10)
    while Date() < end {
      if let status = exitStatus { return status }
      try? await Task.sleep(nanoseconds: 5_000_000)
    }
    return -1
  }
}

/// Reaps children that their owners let go of (in a deinit, which must not wait): on one thread
/// of its own, it kills each (SIGKILL) once its grace time is over, reaps it, then runs its
/// clean-up (removing its folder).
public final class Reaper: @unchecked Sendable {
  /// The one reaper.
  public static let shared = Reaper()

  private struct Entry {
    var pid: pid_t
    var killAt: Date
    var giveUpAt: Date
    var cleanup: (@Sendable () -> Void)?
  }

  private let condition = NSCondition()
  private var entries: [Entry] = []

  private init() {
    Thread { [unowned self] in run() }.start()
  }

  /// Takes a child over.
  /// - Parameters:
  ///   - pid: its process id.
  ///   - seconds: how long it may take to exit by itself (after a SIGTERM or the end of its
  ///     stdin) before it is killed.
  ///   - cleanup: what to do once it is reaped.
  public func adopt(
    _ pid: pid_t, killingAfter seconds: Double, then cleanup: (@Sendable () -> Void)? = nil
  ) {
    let now = Date()
    condition.withLock {
      entries.append(
        Entry(
          pid: pid, killAt: now.addingTimeInterval(seconds),
          giveUpAt: now.addingTimeInterval(seconds + 10), cleanup: cleanup))
      condition.signal()
    }
  }

  private func run() {
    while true {
      let pending: [Entry] = condition.withLock {
        if entries.isEmpty { _ = condition.wait(until: Date().addingTimeInterval(1)) }
        return entries
      }
      var done: Set<pid_t> = []
      let now = Date()
      for entry in pending {
        if Spawn.reap(entry.pid) != nil || now > entry.giveUpAt {
          done.insert(entry.pid)
          entry.cleanup?()
        } else if now > entry.killAt {
          kill(entry.pid, SIGKILL)
        }
      }
      condition.withLock { entries.removeAll { done.contains($0.pid) } }
      usleep(20_000)
    }
  }
}
