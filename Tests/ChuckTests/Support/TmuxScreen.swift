import ChuckTestSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A shell in tmux, on a private socket, that runs the built `chuck` on a real terminal: for the
/// tests of the interactive screen. The shell's script is given; `$CHUCK` names the binary with
/// the sandbox's environment (and nothing else of the test's), through a script in the folder.
///
/// The tmux server is a daemon (not our child): its process id is asked for at the start, so that
/// letting the screen go only signals it. The ``HelperWatchdog`` ends it with the test process.
final class TmuxScreen {
  let folder: URL
  private let socket: String
  private let environment: [String: String]
  /// The tmux server's process id.
  private(set) var server: pid_t = 0

  /// Starts a detached tmux session of `columns` × `rows` running `script` in `folder`.
  init(
    sandbox: ChuckSandbox, script: String, columns: Int = 80, rows: Int = 12,
    chuckEnvironment extra: [String: String] = [:]
  ) throws {
    folder = try TemporaryDirectory.make(prefix: "tmux")
    socket = folder.appendingPathComponent("socket").path
    environment = ["PATH": "/usr/bin:/bin", "HOME": sandbox.home.path]
    var chuckEnvironment = sandbox.baseEnvironment
    chuckEnvironment["TERM"] = "tmux-256color"
    chuckEnvironment.merge(extra) { $1 }
    let assignments = chuckEnvironment.map { "'\($0.key)=\($0.value)'" }.joined(separator: " ")
    let wrapper = folder.appendingPathComponent("chuck")
    try "#!/bin/sh\nexec env -i \(assignments) '\(ChuckSandbox.binary.path)' \"$@\"\n".write(
      to: wrapper, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: wrapper.path)
    let command = "cd '\(folder.path)'; CHUCK=./chuck; \(script); sleep 60"
    // The server that new-session starts keeps only what Spawn gives it, none of our pipes.
    let client = try Spawn.start(
      "/usr/bin/tmux",
      arguments: [
        "-S", socket, "-f", "/dev/null", "new-session", "-d", "-x", String(columns), "-y",
        String(rows), "/bin/sh", "-c", command,
      ],
      environment: environment.map { "\($0.key)=\($0.value)" },
      output: folder.appendingPathComponent("tmux.log").path)
    guard Spawn.wait(client, timeout: 20) == 0 else {
      throw HarnessError.unexpected("tmux did not start")
    }
    let pid = try tmux(["display-message", "-p", "#{pid}"]).stdout
    server = Int32(pid.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
  }

  /// Ends the tmux server (SIGTERM: it hangs up its panes), without waiting.
  deinit { stop() }

  /// Ends the tmux server and everything in it, without waiting.
  func stop() {
    if server > 0 { kill(server, SIGTERM) }
  }

  /// Runs a tmux command against the server (a few milliseconds; killed after 10 s). Blocks this
  /// thread for that long.
  @discardableResult
  func tmux(_ arguments: [String]) throws -> ChuckResult {
    try ChuckSandbox.run(
      executable: URL(fileURLWithPath: "/usr/bin/tmux"), arguments: ["-S", socket] + arguments,
      environment: environment, timeout: 10)
  }

  /// The visible screen as text, or with its colours and attributes as escape sequences.
  func screen(escapes: Bool = false) -> String {
    (try? tmux(["capture-pane", "-p"] + (escapes ? ["-e"] : [])).stdout) ?? ""
  }

  /// The lines of the visible screen, trailing spaces removed.
  var lines: [String] {
    screen().lines.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
  }

  /// Presses keys, in tmux's names (`Enter`, `Escape`, `Down`, `C-c`) or as text.
  func send(_ keys: String...) throws {
    try tmux(["send-keys"] + keys)
  }

  /// The process id of the program the session's shell runs in the foreground (the shell's
  /// child).
  func childProcess() throws -> Int32? {
    let shell = try tmux(["list-panes", "-F", "#{pane_pid}"]).stdout
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let children = try? String(
      contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
    return children?.split(separator: " ").first.flatMap { Int32($0) }
  }

  /// Waits up to `seconds` for `condition` on the screen's text.
  func waitFor(seconds: Double = 20, _ condition: (String) -> Bool) async -> Bool {
    await waitUntil(seconds: seconds) { condition(screen()) }
  }
}
