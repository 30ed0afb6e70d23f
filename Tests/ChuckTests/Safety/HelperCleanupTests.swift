import ChuckTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The harness's own promise: whatever a test process starts ends with it, however it ends.
@Suite struct HelperCleanupTests {
  /// Set only in the child test process that ``helpersDieWithAKilledTestProcess()`` starts: the
  /// file where it lists its helpers.
  static let report = ProcessInfo.processInfo.environment["CHUCK_TESTS_HELPER_REPORT"]

  /// A test process SIGKILLed while its helpers run (a fake, tinyproxy, a tmux server and the
  /// shell in it, a `chuck` waiting for a slow answer) leaves none of them running, nor its
  /// watchdog, nor its temporary folder.
  @Test func helpersDieWithAKilledTestProcess() async throws {
    let folder = try TemporaryDirectory.make(prefix: "killed-test-process")
    let report = folder.appendingPathComponent("helpers")
    let output = folder.appendingPathComponent("output.log")
    var environment = ProcessInfo.processInfo.environment
    environment["CHUCK_TESTS_HELPER_REPORT"] = report.path
    let child = try ChildProcess(
      URL(fileURLWithPath: CommandLine.arguments[0]),
      arguments: [
        "--testing-library", "swift-testing", "--filter", "HelperCleanupTests/startHelpersAndWait",
      ], environment: environment, stdout: .file(output.path), stderr: .descriptor(1))
    let ready = await waitUntil(seconds: 180) {
      FileManager.default.fileExists(atPath: report.path) || !child.isRunning
    }
    let log = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
    try #require(
      ready && FileManager.default.fileExists(atPath: report.path),
      "the child test process listed no helpers: \(log)")
    let helpers = try String(contentsOf: report, encoding: .utf8).lines.compactMap {
      line -> (String, pid_t)? in
      let fields = line.split(separator: " ")
      guard fields.count == 2, let pid = pid_t(fields[1]) else { return nil }
      return (String(fields[0]), pid)
    }
    #expect(helpers.map(\.0) == ["watchdog", "fake", "tinyproxy", "tmux", "shell", "chuck"])
    #expect(helpers.allSatisfy { Self.isAlive($0.1) }, "\(helpers)")

    kill(child.pid, SIGKILL)
    #expect(await child.exit(killingAfter: 10) == 128 + SIGKILL)

    let gone = await waitUntil(seconds: 30) { helpers.allSatisfy { !Self.isAlive($0.1) } }
    #expect(gone, "still running: \(helpers.filter { Self.isAlive($0.1) })")
    let root = URL(fileURLWithPath: HelperWatchdog.rootPath).deletingLastPathComponent()
      .appendingPathComponent("chuck-tests-\(child.pid)").path
    #expect(await waitUntil(seconds: 30) { !FileManager.default.fileExists(atPath: root) })
  }

  /// Whether a process runs (exists and is not a zombie).
  static func isAlive(_ pid: pid_t) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let end = stat.lastIndex(of: ")")
    else { return false }
    return !stat[stat.index(after: end)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
  }

  /// The child test process's part (skipped in any other): starts helpers of every kind, lists
  /// them, then waits to be killed.
  @Test(.enabled(if: report != nil)) func startHelpersAndWait() async throws {
    let report = try #require(Self.report)
    let (api, sandbox) = try await startSandbox(rules: [
      #"{"path":"/jokes/random","delay":3600}"#
    ])
    let proxy = try await onThread { try TinyproxyServer(connectPorts: [443]) }
    let screen = try TmuxScreen(sandbox: sandbox, script: "sleep 600")
    let shell = try screen.tmux(["list-panes", "-F", "#{pane_pid}"]).stdout
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let (chuck, _, _) = try sandbox.launch(["random"], ["CHUCK_TIMEOUT": "600"])
    #expect(try await waitUntil(seconds: 60) { try !api.requests().isEmpty })
    let lines = [
      "watchdog \(HelperWatchdog.pid ?? 0)", "fake \(api.pid)", "tinyproxy \(proxy.pid)",
      "tmux \(screen.server)", "shell \(shell)", "chuck \(chuck.pid)",
    ]
    let partial = report + ".partial"
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: partial))
    rename(partial, report)
    try await Task.sleep(nanoseconds: 600_000_000_000)
    _ = (proxy, screen, chuck)
  }
}
