import ChuckTestSupport
import Foundation
import Testing

/// Your own keys: the config file's `[keys]` table drives the screen's key handling, its hints
/// and its list of keys (`?`); a key bound to two actions is refused with 78.
extension ScreenTests {
  /// With `joke = ["x", "+"]`, `x` and `+` fetch a joke and `n` does nothing; the empty list's
  /// line, the title bar, the hints and `?` all name `x`.
  @Test func configuredKeysDriveTheScreen() async throws {
    let joke = MadeUpJoke(
      31, "Chuck Norris chooses his own keys.", createdAt: "2020-01-05 13:42:19.104863")
    let (_, sandbox) = try await startSandbox(pool: [joke])
    let config = try sandbox.writeConfigFile("[keys]\njoke = [\"x\", \"+\"]\n")
    let screen = try TmuxScreen(
      sandbox: sandbox, script: "$CHUCK", columns: 100, rows: 16,
      chuckEnvironment: ["CHUCK_CONFIG": config])
    defer { screen.stop() }
    #expect(await screen.waitFor { $0.contains("Press x to fetch your first joke") })
    #expect(screen.lines[0].hasSuffix("Joke! (x)"))
    #expect(screen.lines.last?.hasPrefix("x Joke!") == true, "\(screen.lines.last ?? "")")
    // The old key does nothing: keys are handled in order, so once `?` shows the list of keys,
    // `n` has been handled.
    try screen.send("n")
    try screen.send("?")
    #expect(await screen.waitFor { $0.contains("Keys here") })
    let help = screen.lines
    #expect(
      help.contains {
        $0.hasPrefix("  x, +  ") && $0.hasSuffix("Joke!: fetch a random joke and save it")
      },
      "\(help.joined(separator: "\n"))")
    #expect(!help.contains { $0.contains("n, +") })
    try await Task.sleep(for: .seconds(1))
    try screen.send("Escape")
    #expect(await screen.waitFor { $0.contains("Press x to fetch your first joke") })
    #expect(((try? sandbox.savedIDs()) ?? []) == [], "n fetched nothing")
    try screen.send("x")
    #expect(await screen.waitFor { $0.contains("Saved \(joke.id);") })
    #expect(try sandbox.savedIDs() == [joke.id])
    try screen.send("q")
  }

  /// A key bound to two actions is refused, by every command (the screen never opens): 78 (`EX_CONFIG`), the
  /// message naming the file's line, both actions and what to do.
  @Test func keyBoundTwiceIsAConfigError() async throws {
    let (_, sandbox) = try await startSandbox()
    let config = try sandbox.writeConfigFile("# mine\n[keys]\njoke = [\"x\", \"j\"]\n")
    let result = try await sandbox.chuck(["list"], ["CHUCK_CONFIG": config])
    #expect(result.status == 78, "\(result.stderr)")
    #expect(result.stderr.contains("\(config):3: keys.joke: "), "\(result.stderr)")
    #expect(result.stderr.contains("\"j\" is bound to two actions, joke and down"))
    #expect(result.stdout == "")
  }
}
