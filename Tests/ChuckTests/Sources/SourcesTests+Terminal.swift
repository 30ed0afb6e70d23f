import ChuckTestSupport
import Foundation
import Testing

extension SourcesTests {
  /// On a terminal, a two-part joke's setup comes first, then `(press any key for the
  /// punchline)` on stderr; the punchline only after a key, the prompt cleared, the key not
  /// echoed. In the accessible mode the question is a sentence on its own line, and it stays
  /// after the key (stderr is never rewritten there). Driven in tmux on a private socket.
  @Test(arguments: [false, true]) func punchlineWaitsForAKey(accessible: Bool) async throws {
    let (_, sandbox) = try await startSandbox()
    let folder = try TemporaryDirectory.make(prefix: "tmux")
    let socket = folder.appendingPathComponent("socket").path
    let tmuxEnvironment = ["PATH": "/usr/bin:/bin", "HOME": sandbox.home.path]
    func tmux(_ arguments: [String]) throws -> ChuckResult {
      try ChuckSandbox.run(
        executable: URL(fileURLWithPath: "/usr/bin/tmux"), arguments: ["-S", socket] + arguments,
        environment: tmuxEnvironment, timeout: 30)
    }
    let environment = sandbox.baseEnvironment.map { "'\($0.key)=\($0.value)'" }
      .joined(separator: " ")
    let command =
      "env -i \(environment) '\(ChuckSandbox.binary.path)' random --source official"
      + (accessible ? " --accessible" : "") + "; sleep 60"
    // The server that new-session starts keeps only what Spawn gives it, none of our pipes.
    let client = try Spawn.start(
      "/usr/bin/tmux",
      arguments: [
        "-S", socket, "-f", "/dev/null", "new-session", "-d", "-x", "80", "-y", "10", command,
      ],
      environment: tmuxEnvironment.map { "\($0.key)=\($0.value)" },
      output: folder.appendingPathComponent("tmux.log").path)
    #expect(Spawn.wait(client) == 0)
    defer { _ = try? tmux(["kill-server"]) }
    func screen() -> String { (try? tmux(["capture-pane", "-p"]).stdout) ?? "" }
    let question =
      accessible ? "Press any key for the punchline." : "(press any key for the punchline)"
    #expect(await eventually { screen().contains(question) })
    let waiting = screen()
    #expect(waiting.contains("What did the fish say when it hit the wall?"))
    #expect(!waiting.contains("Dam."))
    #expect(try tmux(["send-keys", "x"]).status == 0)
    #expect(await eventually { screen().contains("Saved 1;") })
    let after = screen()
    if accessible {
      #expect(after.contains("What did the fish say when it hit the wall?\n\(question)\nDam.\n"))
    } else {
      #expect(after.contains("What did the fish say when it hit the wall?\nDam.\n"))
      #expect(!after.contains("press any key"))
    }
    #expect(!after.contains("x\n"), "the key is not echoed")
  }
}

/// Waits up to 60 s for `condition`.
private func eventually(_ condition: () -> Bool) async -> Bool {
  for _ in 0..<600 {
    if condition() { return true }
    try? await Task.sleep(nanoseconds: 100_000_000)
  }
  return condition()
}
