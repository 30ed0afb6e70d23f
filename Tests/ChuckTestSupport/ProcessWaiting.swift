import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension Process {
  /// Waits for the process to end, without Foundation's `waitUntilExit`: a CI run hung for good
  /// in it, spinning at full CPU, because Foundation's SIGCHLD handling had missed a child that
  /// had exited (a zombie nobody reaped, so `isRunning` stayed true). This polls `isRunning`, and
  /// reaps a child that has been a zombie for a second itself.
  /// - Parameter timeout: seconds after which the process is killed (SIGKILL), if given.
  /// - Returns: the exit status as a shell reports it: the code, or 128 + the signal's number.
  @discardableResult
  public func waitForExit(killingAfter timeout: Double? = nil) -> Int32 {
    let pid = processIdentifier
    let deadline = timeout.map { Date().addingTimeInterval($0) }
    var zombieSince: Date?
    while isRunning {
      if let deadline, Date() > deadline { kill(pid, SIGKILL) }
      if Self.isZombie(pid) {
        let since = zombieSince ?? Date()
        zombieSince = since
        var status: Int32 = 0
        if Date().timeIntervalSince(since) > 1, waitpid(pid, &status, WNOHANG) == pid {
          let signal = status & 0x7f
          return signal == 0 ? (status >> 8) & 0xff : 128 + signal
        }
      }
      usleep(5_000)
    }
    return terminationReason == .uncaughtSignal ? 128 + terminationStatus : terminationStatus
  }

  /// Whether the process has exited and waits to be reaped (state `Z` in `/proc/PID/stat`).
  private static func isZombie(_ pid: Int32) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let end = stat.lastIndex(of: ")")
    else { return false }
    return stat[stat.index(after: end)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
  }
}
