import ChuckTestSupport
import Foundation
import Testing

/// Keys that arrive together (in one read, as `tmux send-keys`, a macro, a slow ssh link, a
/// switch-access or on-screen keyboard send them) are never dropped; a paste is still never
/// keys that change anything.
extension ScreenTests {
  /// Five jokes, oldest first.
  private static let fiveJokes = (1...5).map { number in
    MadeUpJoke(
      40 + number, "Chuck Norris joke number \(number) kicks.",
      createdAt: "2020-0\(number)-01 00:00:00")
  }

  /// `send-keys j j j Enter`, which tmux writes at once, moves three rows and opens the fourth
  /// joke; `Escape` goes back to it.
  @Test func keysThatArriveTogetherAllAct() async throws {
    let (api, sandbox) = try await startSandbox()
    let jokes = Self.fiveJokes
    try sandbox.writeList(jokes.map { $0.served(by: api) })
    let screen = try TmuxScreen(sandbox: sandbox, script: "$CHUCK")
    defer { screen.stop() }
    #expect(await screen.waitFor { $0.contains(jokes[4].id) })
    try screen.send("j", "j", "j", "Enter")
    #expect(await screen.waitFor { $0.contains("created_at") })
    #expect(screen.lines[2].contains(jokes[3].id), "\(screen.lines)")
    try screen.send("Escape")
    #expect(
      await screen.waitFor { _ in Self.line(showing: jokes[3].id, in: screen).hasPrefix(">") })
    try screen.send("q")
  }

  /// A bracketed paste holding `d` and `y` (the marks sent as a terminal sends them) is text:
  /// nothing is removed.
  @Test func bracketedPasteRemovesNothing() async throws {
    let (api, sandbox) = try await startSandbox()
    let jokes = Array(Self.fiveJokes.prefix(2))
    try sandbox.writeList(jokes.map { $0.served(by: api) })
    let screen = try TmuxScreen(sandbox: sandbox, script: "$CHUCK")
    defer { screen.stop() }
    #expect(await screen.waitFor { $0.contains(jokes[1].id) })
    try screen.sendBytes("\u{1B}[200~dy tidy\ry\u{1B}[201~")
    #expect(await screen.waitFor { $0.contains("Pasted text is not taken as keys.") })
    try await Task.sleep(nanoseconds: 300_000_000)
    #expect(try sandbox.savedIDs() == jokes.map(\.id))
    #expect(screen.screen().contains(jokes[0].id))
    try screen.send("q")
  }

  /// Keys that would remove without a question of their own (`d y` in one read, as a paste
  /// without brackets brings them) remove nothing: `d` asks, the `y` that came with it answers
  /// nothing and says to press `y` on its own; a Joke! key that came with others fetches
  /// nothing. Alone, the same keys act.
  @Test func unbracketedKeysTogetherChangeNothing() async throws {
    let (api, sandbox) = try await startSandbox()
    let jokes = Array(Self.fiveJokes.prefix(2))
    try sandbox.writeList(jokes.map { $0.served(by: api) })
    let screen = try TmuxScreen(sandbox: sandbox, script: "$CHUCK")
    defer { screen.stop() }
    #expect(await screen.waitFor { $0.contains(jokes[1].id) })
    try screen.sendBytes("dy")
    #expect(await screen.waitFor { _ in screen.status().contains("press y on its own to remove") })
    try await Task.sleep(nanoseconds: 300_000_000)
    #expect(try sandbox.savedIDs() == jokes.map(\.id))
    try screen.send("n")
    #expect(await screen.waitFor { $0.contains("Nothing removed.") })
    try screen.sendBytes("jn")
    #expect(await screen.waitFor { _ in screen.status().contains("n came with other keys") })
    #expect(Self.line(showing: jokes[1].id, in: screen).hasPrefix(">"), "the j moved")
    try await Task.sleep(nanoseconds: 300_000_000)
    #expect(try api.requests().isEmpty, "no fetch")
    try screen.send("d")
    #expect(await screen.waitFor { $0.contains("y/n") })
    try screen.send("y")
    #expect(await waitUntil(seconds: 20) { (try? sandbox.savedIDs()) == [jokes[0].id] })
    try screen.send("q")
  }
}
