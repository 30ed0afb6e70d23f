import ChuckTestSupport
import Foundation
import Testing

/// Focus is the cursor (screen readers and braille displays follow it), and the screen zoomed
/// to 200 % (40 × 12) and 400 % (20 × 6) keeps every action, driven in tmux as a user drives it.
@Suite struct ScreenFocusAndZoomTests {
  private static let first = MadeUpJoke(
    1, "Chuck Norris counted to infinity. Twice.", categories: ["dev"],
    createdAt: "2020-01-05 13:42:19.104863")
  private static let second = MadeUpJoke(
    2, "Chuck Norris can divide by zero.", createdAt: "2021-03-04 05:06:07")
  private static let third = MadeUpJoke(
    3, "Chuck Norris can search the whole web at once.", createdAt: "2022-01-01 00:00:00")

  /// After every key the cursor stands on the focused element: the selected row's first column
  /// (j, k), the detail's current line, a prompt's insertion point (filter, search), the removal's
  /// question after its text, the list of keys' top line, the favourites' selected row.
  @Test func cursorFollowsFocus() async throws {
    let (api, sandbox) = try await startSandbox()
    try sandbox.writeList([Self.first.served(by: api), Self.second.served(by: api)])
    for (id, name) in [(Self.first.id, "one"), (Self.second.id, "two")] {
      #expect(try await sandbox.chuck(["favorite", "add", id, name]).status == 0)
    }
    let screen = try TmuxScreen(sandbox: sandbox, script: "$CHUCK", columns: 80, rows: 24)
    defer { screen.stop() }
    #expect(await screen.waitFor { $0.contains(Self.second.id) })
    #expect(await screen.waitForCursor(column: 0, row: 2), "the first row")
    for (key, row) in [("j", 3), ("k", 2), ("j", 3)] {
      try screen.send(key)
      #expect(await screen.waitForCursor(column: 0, row: row), "after \(key)")
      #expect(screen.lines[row].hasPrefix("> "))
    }
    try screen.send("Enter")
    #expect(await screen.waitFor { $0.contains("created_at") })
    #expect(await screen.waitForCursor(column: 0, row: 2), "the detail's top line")
    try screen.send("Down")
    #expect(await screen.waitForCursor(column: 0, row: 3), "the detail's next line")
    try screen.send("Escape")
    #expect(await screen.waitForCursor(column: 0, row: 3), "back on the selected row")

    try screen.send("/")
    #expect(await screen.waitFor { _ in screen.lines.last == "/\u{2588}" })
    #expect(await screen.waitForCursor(column: 1, row: 23), "the filter's insertion point")
    try screen.send("c")
    #expect(await screen.waitForCursor(column: 2, row: 23))
    try screen.send("Escape")
    try screen.send("s")
    let question = "Search Chuck Norris Jokes for: "
    #expect(await screen.waitFor { $0.contains(question + "\u{2588}") })
    #expect(await screen.waitForCursor(column: question.count, row: 23), "the search's")
    try screen.send("Escape")
    #expect(await screen.waitFor { !$0.contains(question) })

    try screen.send("d")
    #expect(await screen.waitFor { _ in screen.lines.last?.hasSuffix("? y/n") == true })
    let asked = screen.lines.last ?? ""
    #expect(await screen.waitForCursor(column: asked.count, row: 23), "after the question")
    try screen.send("n")
    #expect(await screen.waitFor { $0.contains("Nothing removed.") })
    #expect(await screen.waitForCursor(column: 0, row: 3))

    try screen.send("?")
    #expect(await screen.waitFor { $0.contains("Keys here") })
    #expect(await screen.waitForCursor(column: 0, row: 2), "the list of keys' top")
    try screen.send("x")
    #expect(await screen.waitFor { !$0.contains("Keys here") })

    try screen.send("7")
    #expect(await screen.waitFor { $0.hasPrefix("Favourites") && $0.contains("two") })
    #expect(await screen.waitForCursor(column: 0, row: 2), "the favourites' selected row")
    try screen.send("j")
    #expect(await screen.waitForCursor(column: 0, row: 3))
    try screen.send("q")
  }

  /// At 80 × 24, 40 × 12 and 20 × 6 every action is reached: open a joke (the cursor moves down
  /// its lines, and it scrolls), Joke!, favourite, search, switch tabs, quit; no line is cut inside the
  /// id at 40 columns.
  @Test(arguments: [(80, 24), (40, 12), (20, 6)])
  func everyActionAtEverySize(columns: Int, rows: Int) async throws {
    let (api, sandbox) = try await startSandbox(pool: [Self.third])
    try sandbox.writeList([Self.first.served(by: api), Self.second.served(by: api)])
    let screen = try TmuxScreen(
      sandbox: sandbox, script: "$CHUCK; echo status=$?", columns: 80, rows: 24)
    defer { screen.stop() }
    #expect(await screen.waitFor { $0.contains(Self.second.id) })
    try screen.tmux(["resize-window", "-x", String(columns), "-y", String(rows)])
    #expect(await screen.waitFor(seconds: 5) { _ in screen.lines.count == rows })
    #expect(
      await screen.waitFor(seconds: 5) { _ in
        screen.lines[0].hasSuffix("Joke!") || screen.lines[0].hasSuffix("(n)")
      })
    #expect(!screen.screen().contains("too small"))
    if columns >= 40 {
      #expect(screen.screen().contains(Self.first.id), "the id whole")
      #expect(screen.screen().contains("2020-01-05"), "the date whole")
    }
    let top = rows >= 8 ? 2 : 1
    #expect(await screen.waitForCursor(column: 0, row: top))

    // Open a joke: the cursor on its top line; Down moves it down the lines, and the text
    // scrolls once it would leave the screen.
    try screen.send("Enter")
    #expect(await screen.waitFor { $0.contains("Esc back") })
    #expect(await screen.waitForCursor(column: 0, row: top))
    let before = screen.lines[top]
    try screen.send("Down")
    #expect(await screen.waitForCursor(column: 0, row: top + 1))
    for _ in 0..<rows { try screen.send("Down") }
    if rows < 12 {
      #expect(await screen.waitFor(seconds: 5) { _ in screen.lines[top] != before }, "scrolled")
    }
    #expect(screen.cursor().map { $0.column == 0 && $0.row > top && $0.row < rows - 1 } == true)
    try screen.send("Escape")
    #expect(await screen.waitFor { !$0.contains("Esc back") })

    // Joke!
    try screen.send("n")
    #expect(await waitUntil(seconds: 20) { (try? sandbox.savedIDs().count) == 3 })
    #expect(await screen.waitFor { $0.contains("Saved") })

    // A favourite, named at the prompt.
    try screen.send("f")
    #expect(await screen.waitFor { $0.contains("\u{2588}") })
    try screen.send("-l", "zoomed")
    #expect(await screen.waitFor { $0.contains("zoomed\u{2588}") })
    let (column, row) = screen.cursor() ?? (-1, -1)
    #expect(screen.lines[row].hasSuffix("zoomed\u{2588}"))
    #expect(column == screen.lines[row].count - 1, "the prompt's insertion point")
    try screen.send("Enter")
    #expect(await screen.waitFor { $0.contains("\u{2605}") }, "the row marked a favourite")
    #expect(try await sandbox.chuck(["favorite", "list"]).stdout.contains("zoomed"))

    // Search.
    try screen.send("s")
    #expect(await screen.waitFor { $0.contains("\u{2588}") })
    try screen.send("-l", "NORRIS")
    #expect(await screen.waitFor { $0.contains("NORRIS\u{2588}") })
    try screen.send("Enter")
    #expect(await screen.waitFor { $0.contains("found") })
    #expect(try api.requests().contains { $0.path == "/jokes/search" })
    try screen.send("Escape")
    #expect(await screen.waitFor { !$0.contains("found") })

    // Switch tabs.
    try screen.send("2")
    #expect(await screen.waitFor { _ in screen.lines[0].contains("Dad") })
    if rows < 8 { #expect(screen.lines[0].hasPrefix("2/7 Dad")) }

    // Quit.
    try screen.send("q")
    #expect(await screen.waitFor { $0.contains("status=0") })
  }
}
