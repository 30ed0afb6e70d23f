import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A server program that a test runs in the foreground on 127.0.0.1 (nginx, tinyproxy): started
/// with its output in a file, ready once it listens on its port, and stopped by its PID
/// (SIGTERM, then SIGKILL) when the test stops it or lets it go.
///
/// It is started by ``Spawn``, so with every signal unblocked and at its default: a child
/// inherits the blocked signals of the thread that starts it, and Dispatch's threads block most of
/// them, SIGTERM included, which nginx in single-process mode never unblocks.
public final class LoopbackServer: @unchecked Sendable {
  /// The running program's process id.
  public var pid: pid_t { process.pid }
  /// Where its stdout and stderr go.
  public let output: URL
  private let name: String
  private let process: ChildProcess

  /// Starts the program and waits until it listens on `port` of 127.0.0.1 (seen in the kernel's
  /// table, without connecting: a probe would show in the server's logs).
  /// - Parameters:
  ///   - tool: the program.
  ///   - arguments: its arguments.
  ///   - port: the port it listens on.
  ///   - output: the file for its stdout and stderr.
  ///   - log: a file whose text explains a failure to start, if not `output`.
  /// - Throws: ``ExternalToolError/didNotStart(_:log:)`` when it exits or does not listen within
  ///   10 s (then it is stopped).
  public init(
    _ tool: ExternalTool, arguments: [String], port: Int, output: URL, log: URL? = nil
  ) throws {
    name = tool.url.lastPathComponent
    self.output = output
    try Data().write(to: output)
    process = try ChildProcess(
      tool.url, arguments: arguments,
      environment: ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "LANG": "C.UTF-8"],
      stdout: .file(output.path), stderr: .descriptor(1))
    let deadline = Date().addingTimeInterval(10)
    while !LoopbackPort.isListening(port) {
      guard isRunning, Date() < deadline else {
        stop()
        let text = [output, log].compactMap { $0 }.map {
          (try? String(contentsOf: $0, encoding: .utf8)) ?? ""
        }
        throw ExternalToolError.didNotStart(name, log: text.joined(separator: "\n"))
      }
      usleep(20_000)
    }
  }

  /// Lets the program go without waiting: SIGTERM now, SIGKILL 5 s later if it still runs (the
  /// ``Reaper`` reaps it).
  deinit { process.release(signal: SIGTERM, killingAfter: 5) }

  /// Whether the program has not exited yet (reaping it if it has).
  public var isRunning: Bool { process.isRunning }

  /// Stops the program and waits for it: SIGTERM, then SIGKILL if it is still running 5 s later.
  /// Blocks this thread: never call it on a cooperative one.
  public func stop() {
    process.signal(SIGTERM)
    process.waitForExit(killingAfter: 5)
  }
}

/// Ports on 127.0.0.1.
public enum LoopbackPort {
  /// A port that was free a moment ago (the kernel's choice for port 0), for a server that must
  /// be told its port.
  /// - Returns: the port.
  public static func free() throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw ExternalToolError.failed("socket", status: errno, output: "") }
    defer { close(fd) }
    var address = loopback(port: 0)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
      }
    }
    guard bound else { throw ExternalToolError.failed("bind", status: errno, output: "") }
    return Int(UInt16(bigEndian: address.sin_port))
  }

  /// Whether a socket listens on 127.0.0.1 (or every address) at the port, as `/proc/net/tcp`
  /// says: no connection is made.
  /// - Parameter port: the port.
  /// - Returns: whether one listens.
  public static func isListening(_ port: Int) -> Bool {
    let suffix = ":" + String(format: "%04X", port)
    return procNetTCP().split(separator: "\n").dropFirst().contains { line in
      let fields = line.split(separator: " ")
      // local_address is field 1 (`0100007F:1F90`), the state field 3 (`0A` is LISTEN).
      guard fields.count > 3, fields[3] == "0A", fields[1].hasSuffix(suffix) else { return false }
      return fields[1].hasPrefix("0100007F") || fields[1].hasPrefix("00000000")
    }
  }

  /// The kernel's table of TCP sockets, read to its end with `read(2)` (its size is 0 to
  /// `stat`, and it comes a page at a time).
  private static func procNetTCP() -> Substring {
    let fd = open("/proc/net/tcp", O_RDONLY)
    guard fd >= 0 else { return "" }
    defer { close(fd) }
    return Substring(
      String(decoding: FileHandle(fileDescriptor: fd).readAllRetryingInterrupts(), as: UTF8.self))
  }

  private static func loopback(port: Int) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = UInt16(port).bigEndian
    return address
  }
}
