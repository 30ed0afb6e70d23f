import ChuckTestSupport
import Foundation
import Testing

/// The screen in the accessible mode, as a screen-reader user meets it: a transcript of every
/// byte chuck wrote (`pipe-pane`) holds no spinner, no dim text and no ★ ☆ ✓; the cursor is
/// visible; each row says its position, text, date and state; changes are said in the status
/// line; questions are whole.
extension ScreenTests {
  private static let older = MadeUpJoke(
    11, "Chuck Norris can divide by zero.", createdAt: "2020-01-05 13:42:19.104863")
  private static let newer = MadeUpJoke(
    12, "Chuck Norris counted to infinity. Twice.", createdAt: "2021-03-04 05:06:07")
  private static let fetched = MadeUpJoke(
    13, "Chuck Norris reads braille by sight.", createdAt: "2022-02-02 02:02:02")

  /// Turned on by `--accessible` (plain `chuck --accessible` opens the screen), or by the
  /// variables.
  @Test(
    arguments: [
      ("$CHUCK --accessible", [:]), ("$CHUCK", ["ACCESSIBLE": "1"]),
      ("$CHUCK ui", ["CHUCK_ACCESSIBLE": "1"]),
    ] as [(String, [String: String])])
  func accessibleSession(command: String, environment: [String: String]) async throws {
    let (_, sandbox) = try await startSandbox(
      rules: [#"{"path":"/jokes/random","delay":0.5}"#], pool: [Self.fetched])
    try sandbox.writeList([Self.older.object, Self.newer.object])
    #expect(try await sandbox.chuck(["favorite", "add", Self.newer.id, "best"]).status == 0)
    // chuck starts once the transcript runs, so that it holds every byte from the first.
    let screen = try TmuxScreen(
      sandbox: sandbox, script: "while [ ! -e go ]; do sleep 0.05; done; \(command)",
      columns: 80, rows: 24, chuckEnvironment: environment)
    defer { screen.stop() }
    let transcript = screen.folder.appendingPathComponent("transcript")
    try screen.tmux(["pipe-pane", "-o", "cat >> '\(transcript.path)'"])
    try Data().write(to: screen.folder.appendingPathComponent("go"))

    // Each row says its position, text, date and state; the cursor is visible.
    #expect(await screen.waitFor { $0.contains("1 of 2: Chuck Norris can divide by zero.") })
    #expect(
      screen.lines[2] == "> 1 of 2: Chuck Norris can divide by zero., 2020-01-05, not a favourite")
    #expect(
      screen.lines[3] == "  2 of 2: Chuck Norris counted to infinity. Twice., 2021-03-04, favourite"
    )
    #expect(try screen.format("#{cursor_flag}") == "1")

    // Joke!: progress in words, then the save, said in the status line until the next key.
    try screen.send("n")
    #expect(await screen.waitFor { $0.contains("Saved \(Self.fetched.id);") })
    #expect(screen.status().contains("Saved \(Self.fetched.id); your list holds 3 jokes."))
    #expect(
      screen.lines.contains {
        $0.hasPrefix("> 3 of 3: Chuck Norris reads braille by sight., 2022-02-02, not a favourite")
      })

    // Another tab is said; a removal is a whole question, its answer one line.
    try screen.send("2")
    #expect(await screen.waitFor { _ in screen.status().contains("Tab 2 of ") })
    try screen.send("1")
    #expect(await screen.waitFor { _ in screen.status().contains("Tab 1 of ") })
    try screen.send("d")
    #expect(
      await screen.waitFor { _ in
        screen.status().contains("Press y to remove it, any other key to keep it.")
      })
    try screen.send("x")
    #expect(await screen.waitFor { _ in screen.status() == "Nothing removed." })
    try screen.send("q")
    // Once the terminal is given back (the main screen again), every byte is in the transcript.
    func written() -> String { (try? String(contentsOf: transcript, encoding: .utf8)) ?? "" }
    #expect(await waitUntil(seconds: 20) { written().contains("\u{1B}[?1049l") })

    let bytes = written()
    #expect(bytes.contains("Fetching a joke\u{2026}"))
    #expect(!bytes.unicodeScalars.contains { (0x2800...0x28FF).contains($0.value) })
    #expect(!bytes.contains("\u{1B}[2m"), "dim text")
    for glyph in ["★", "☆", "✓"] { #expect(!bytes.contains(glyph), "\(glyph)") }
    // Only the terminal's own 16 colours and plain attributes: every SGR parameter is one of
    // reset, bold, underline, reverse, their ends, or a 16-colour foreground or background
    // (no 256-colour 38;5, no true colour 38;2, never 2, dim).
    let allowed: Set<Int> = Set([0, 1, 4, 7, 22, 24, 27, 39, 49]).union(30...37).union(40...47)
      .union(90...97).union(100...107)
    var sgrCount = 0
    for match in bytes.matches(of: /\x1B\[([0-9;]*)m/) {
      sgrCount += 1
      let parameters = match.1.split(separator: ";", omittingEmptySubsequences: false).map {
        Int($0) ?? 0
      }
      #expect(parameters.allSatisfy(allowed.contains), "SGR \(match.1)")
    }
    #expect(sgrCount > 0, "the selection is reverse video, an SGR")
    #expect(bytes.contains("\u{1B}[?25h"))
    #expect(
      bytes.range(of: "\u{1B}[?25l") == nil
        || bytes.range(of: "\u{1B}[?25h")!.lowerBound > bytes.range(of: "\u{1B}[?25l")!.lowerBound)
  }
}
