import ChuckTestSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A pseudo-terminal: `chuck` writes to its slave side and sees a terminal; the test reads what
/// arrives on the master side. Output post-processing is off, so `\n` arrives as `\n`.
final class PseudoTerminal: @unchecked Sendable {
  let master: Int32
  let slave: Int32

  /// Opens a pair whose window is `columns` wide.
  init(columns: Int) throws {
    // posix_openpt and ptsname are not visible through Swift's Glibc module: open the
    // multiplexer and use the Linux ioctls they are made of (TIOCSPTLCK, TIOCGPTN).
    master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard master >= 0 else { throw HarnessError.unexpected("cannot open /dev/ptmx") }
    var unlock: Int32 = 0
    var number: UInt32 = 0
    guard ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0
    else {
      close(master)
      throw HarnessError.unexpected("cannot set up the pseudo-terminal")
    }
    slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard slave >= 0 else {
      close(master)
      throw HarnessError.unexpected("cannot open the slave side")
    }
    var attributes = termios()
    tcgetattr(slave, &attributes)
    attributes.c_oflag &= ~tcflag_t(OPOST)
    tcsetattr(slave, TCSANOW, &attributes)
    var size = winsize(ws_row: 24, ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(slave, UInt(TIOCSWINSZ), &size)
  }

  deinit { close(master) }
}

/// What one run of `chuck` on pseudo-terminals did (as `ChuckResult`, whose initializer is not
/// public).
typealias TerminalRun = ChuckResult

/// Where a run's output stream goes.
enum OutputStream: Sendable, CustomStringConvertible {
  case pipe, terminal

  var description: String { self == .pipe ? "pipe" : "tty" }
}

extension ChuckSandbox {
  /// Runs `chuck` with stdout and stderr each on a pipe or on a terminal of its own.
  /// - Parameters:
  ///   - arguments: the command line after `chuck`.
  ///   - environment: changes to the sandbox's environment (`TERM` is `xterm-256color` unless
  ///     given).
  ///   - stdout: where stdout goes.
  ///   - stderr: where stderr goes.
  ///   - columns: the terminals' width.
  /// - Returns: what it did.
  func chuck(
    _ arguments: [String], _ environment: [String: String?] = [:], stdout: OutputStream,
    stderr: OutputStream, columns: Int = 80
  ) async throws -> TerminalRun {
    var merged: [String: String?] = baseEnvironment
    merged["TERM"] = "xterm-256color"
    for (name, value) in environment { merged[name] = value }
    let frozen = merged
    return try await throttled {
      try Self.runWithTerminals(
        arguments: arguments, environment: frozen, stdout: stdout, stderr: stderr,
        columns: columns)
    }
  }

  private static func runWithTerminals(
    arguments: [String], environment: [String: String?], stdout: OutputStream,
    stderr: OutputStream, columns: Int
  ) throws -> TerminalRun {
    let outTerminal = stdout == .terminal ? try PseudoTerminal(columns: columns) : nil
    let errTerminal = stderr == .terminal ? try PseudoTerminal(columns: columns) : nil
    let outPipe = Spawn.pipe()
    let errPipe = Spawn.pipe()
    let started = Date()
    let process = try ChildProcess(
      binary, arguments: arguments, environment: environment.compactMapValues { $0 },
      stdout: .descriptor(outTerminal?.slave ?? outPipe.fileHandleForWriting.fileDescriptor),
      stderr: .descriptor(errTerminal?.slave ?? errPipe.fileHandleForWriting.fileDescriptor))
    // Only the child may hold the slave sides and write ends now, so that reading ends when it
    // exits.
    if let outTerminal { close(outTerminal.slave) }
    if let errTerminal { close(errTerminal.slave) }
    try outPipe.fileHandleForWriting.close()
    try errPipe.fileHandleForWriting.close()
    return ChuckSandbox.collect(
      process, started: started, timeout: 30,
      outputs: [
        outTerminal?.master ?? outPipe.fileHandleForReading.fileDescriptor,
        errTerminal?.master ?? errPipe.fileHandleForReading.fileDescriptor,
      ])
  }
}
