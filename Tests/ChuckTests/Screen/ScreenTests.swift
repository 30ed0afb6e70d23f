import ChuckTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The interactive screen, driven in tmux as a user drives it.
@Suite struct ScreenTests {
  private static let first = MadeUpJoke(
    1, "Chuck Norris counted to infinity. Twice.", categories: ["dev"],
    createdAt: "2020-01-05 13:42:19.104863")
  private static let second = MadeUpJoke(
    2, "Chuck Norris can divide by zero.", createdAt: "2021-03-04 05:06:07")

  /// Opens the list ("Chuck Norris Jokes", "Joke!"); n fetches and selects a joke; n again gets
  /// the same joke from the fake, a duplicate, shown as a red `error:` line; Enter shows the
  /// detail as `chuck show` does; Esc goes back with the same joke selected.
  @Test func jokeDuplicateDetailAndBack() async throws {
    let (_, sandbox) = try await startSandbox(pool: [Self.first])
    let screen = try TmuxScreen(sandbox: sandbox, script: "$CHUCK", columns: 120)
    defer { screen.stop() }
    #expect(await screen.waitFor { $0.contains("Press n to fetch your first joke") })
    #expect(screen.lines[0].hasPrefix("Chuck Norris Jokes"))
    #expect(screen.lines[0].hasSuffix("Joke! (n)"))
    try screen.send("n")
    #expect(await screen.waitFor { $0.contains("Saved \(Self.first.id);") })
    #expect(screen.lines[1].hasPrefix(" 1 Chuck Norris  2 Dad "), "the row of tabs")
    #expect(
      screen.lines[2]
        == "> ☆ Chuck Norris counted to infini...  2020-01-05  \(Self.first.id)")
    #expect(try sandbox.savedIDs() == [Self.first.id])
    try screen.send("n")
    let duplicate =
      "error: already in your list: \(Self.first.id) \u{201C}Chuck Norris counted to infini..."
      + "\u{201D}; nothing saved"
    #expect(await screen.waitFor { $0.contains(duplicate) })
    let coloured = screen.screen(escapes: true).lines.first { $0.contains(duplicate) } ?? ""
    #expect(coloured.prefix(while: { $0 != "e" }).contains("\u{1B}[31m"), "red")
    #expect(try sandbox.savedIDs() == [Self.first.id])
    try screen.send("Enter")
    #expect(await screen.waitFor { $0.contains("created_at  2020-01-05 13:42:19 UTC") })
    let show = try await sandbox.chuck(["show", Self.first.id], ["COLUMNS": "120"])
    #expect(await screen.waitFor { $0.contains("  icon        ") && !$0.contains("loading…") })
    // The same text: `show` keeps a word wider than its column (the icon's path) whole on a line
    // of its own, the screen cuts it to fit.
    let detail = screen.lines.dropFirst(2).prefix { !$0.isEmpty }.joined(separator: "\n")
    #expect(
      detail.filter { !$0.isWhitespace } == show.stdout.filter { !$0.isWhitespace },
      "\(detail)\n---\n\(show.stdout)")
    try screen.send("Escape")
    #expect(await screen.waitFor { $0.contains("> ☆ Chuck Norris counted to infini...") })
    try screen.send("q")
  }

  /// A list changed by another `chuck` shows within 2 seconds (with a margin for a busy
  /// machine), without a key press, the selection staying on the same joke.
  @Test func anotherChuckChangesTheList() async throws {
    let (api, sandbox) = try await startSandbox()
    try sandbox.writeList([Self.first.served(by: api), Self.second.served(by: api)])
    let screen = try TmuxScreen(sandbox: sandbox, script: "$CHUCK")
    defer { screen.stop() }
    #expect(await screen.waitFor { $0.contains(Self.second.id) })
    try screen.send("Down")
    #expect(await screen.waitFor { $0.contains("> ☆ Chuck Norris can divide by zer...") })
    let removal = try await sandbox.chuck(["remove", Self.first.id])
    #expect(removal.status == 0)
    let removed = Date()
    #expect(await screen.waitFor(seconds: 10) { !$0.contains(Self.first.id) })
    #expect(Date().timeIntervalSince(removed) < 4)
    #expect(screen.lines[2].hasPrefix("> ☆ Chuck Norris can divide by zer..."))
  }

  /// Resizing the terminal lays the screen out again at once; below 20×6 it says so, wrapped by
  /// words.
  @Test func resize() async throws {
    let (_, sandbox) = try await startSandbox()
    let screen = try TmuxScreen(sandbox: sandbox, script: "$CHUCK")
    defer { screen.stop() }
    #expect(await screen.waitFor { $0.contains("Joke! (n)") })
    try screen.tmux(["resize-window", "-x", "40", "-y", "9"])
    #expect(await screen.waitFor(seconds: 5) { _ in screen.lines.count == 9 })
    #expect(
      await screen.waitFor(seconds: 5) { _ in
        screen.lines[0] == "Chuck Norris Jokes" + String(repeating: " ", count: 13) + "Joke! (n)"
      })
    #expect(screen.lines[1] == " 1 Chuck Norris  2  3  4  5  6  7", "the other tabs by number")
    #expect(screen.lines[2] == "  Your list is empty. Press n to fetch")
    try screen.tmux(["resize-window", "-x", "15", "-y", "6"])
    // Wrapped at word boundaries, never cut inside a word.
    #expect(
      await screen.waitFor(seconds: 5) { _ in
        screen.lines.prefix(4).map { $0.trimmingCharacters(in: .whitespaces) }
          == ["Terminal too", "small", "15x6, needs", "20x6"]
      })
    try screen.tmux(["resize-window", "-x", "80", "-y", "12"])
    #expect(await screen.waitFor(seconds: 5) { $0.hasPrefix("Chuck Norris Jokes") })
  }

  /// q, Ctrl-C, SIGTERM and SIGHUP give the terminal back: the shell's screen as it was, the
  /// same `stty -a` settings, and status 0, 130, 143 and 129.
  @Test(arguments: ["q", "C-c", "SIGTERM", "SIGHUP"])
  func terminalGivenBack(way: String) async throws {
    let (_, sandbox) = try await startSandbox()
    let script =
      "stty -a > before; echo shell-was-here; $CHUCK ui; echo status=$?;"
      + " stty -a > after.part; mv after.part after"
    let screen = try TmuxScreen(sandbox: sandbox, script: script)
    defer { screen.stop() }
    #expect(await screen.waitFor { $0.contains("Joke! (n)") })
    #expect(!screen.screen().contains("shell-was-here"), "the alternate screen")
    let signals = ["SIGTERM": SIGTERM, "SIGHUP": SIGHUP]
    if let number = signals[way] {
      let pid = try #require(try screen.childProcess())
      #expect(kill(pid, number) == 0)
    } else {
      try screen.send(way)
    }
    let status = way == "q" ? 0 : way == "C-c" ? 130 : 128 + (signals[way] ?? 0)
    #expect(await screen.waitFor { $0.contains("status=\(status)") })
    let lines = screen.lines
    #expect(lines.first == "shell-was-here")
    #expect(lines.dropFirst().first == "status=\(status)")
    #expect(!screen.screen().contains("Chuck Norris Jokes"))
    try await Self.expectSettingsRestored(screen)
  }

  /// The `stty -a` the script wrote to `before` and, once chuck has ended, to `after` are the same.
  static func expectSettingsRestored(_ screen: TmuxScreen) async throws {
    let folder = screen.folder
    #expect(
      await waitUntil(seconds: 5) {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent("after").path)
      })
    let before = try String(contentsOf: folder.appendingPathComponent("before"), encoding: .utf8)
    let after = try String(contentsOf: folder.appendingPathComponent("after"), encoding: .utf8)
    #expect(!before.isEmpty)
    #expect(after == before)
  }

  /// `chuck ui` without a terminal is a usage error, as is `chuck ui --json`; `chuck` alone
  /// without a terminal prints the help.
  @Test func uiNeedsATerminal() async throws {
    let sandbox = try ChuckSandbox()
    let ui = try await sandbox.shell("\"$CHUCK\" ui </dev/null")
    #expect(ui.status == 64)
    #expect(ui.stdout.isEmpty)
    #expect(ui.stderr.contains("error: chuck ui needs a terminal"))
    let json = try await sandbox.shell("\"$CHUCK\" ui --json </dev/null")
    #expect(json.status == 64)
    #expect(json.stderr.contains("--json is for commands that print a result"))
    let bare = try await sandbox.shell("\"$CHUCK\" </dev/null")
    #expect(bare.status == 0)
    #expect(bare.stdout.contains("USAGE: chuck "))
    #expect(bare.stdout.contains("chuck <subcommand> [<options>]"))
    #expect(bare.stdout.contains("ui"))
  }
}

extension ScreenTests {
  /// Ctrl-Z gives the terminal back (the shell's screen and settings) and stops `chuck`; `fg`
  /// brings the screen back, drawn whole, and it still works.
  @Test func suspendAndContinue() async throws {
    let (_, sandbox) = try await startSandbox()
    let script =
      "set -m; stty -a > before; $CHUCK ui; stty -a > stopped; echo stopped-here; read x; fg;"
      + " echo status=$?"
    let screen = try TmuxScreen(sandbox: sandbox, script: script)
    defer { screen.stop() }
    #expect(await screen.waitFor { $0.contains("Joke! (n)") })
    try screen.send("C-z")
    #expect(await screen.waitFor { $0.contains("stopped-here") })
    #expect(!screen.screen().contains("Joke! (n)"))
    let folder = screen.folder
    let before = try String(contentsOf: folder.appendingPathComponent("before"), encoding: .utf8)
    let stopped = try String(contentsOf: folder.appendingPathComponent("stopped"), encoding: .utf8)
    #expect(stopped == before)
    try screen.send("Enter")
    #expect(await screen.waitFor { $0.hasPrefix("Chuck Norris Jokes") && $0.contains("Joke! (n)") })
    try screen.send("n")
    #expect(await screen.waitFor { $0.contains("Saved ") }, "keys work again")
    try screen.send("q")
    #expect(await screen.waitFor { $0.contains("status=0") })
  }
}
