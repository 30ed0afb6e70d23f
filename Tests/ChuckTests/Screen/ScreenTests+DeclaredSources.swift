import ChuckTestSupport
import Foundation
import Testing

extension ScreenTests {
  /// The Articles seed's feed on the screen: a tab per declared source (after Mine, before
  /// Favourites); Joke! brings the whole latest list and says how many were new, the rows in
  /// release-date order, the detail as `chuck show --source articles` prints it; a second
  /// Joke! finds none new; a failing service says so and keeps the list.
  @Test func articlesFeedTab() async throws {
    let (api, sandbox) = try await DeclaredSourceTests.start()
    let screen = try TmuxScreen(
      sandbox: sandbox, script: "$CHUCK ui --source articles", columns: 100, rows: 24)
    defer { screen.stop() }
    #expect(await screen.waitFor { $0.contains("Press n to fetch your first joke.") })
    #expect(screen.lines[0].hasPrefix("Articles "))
    #expect(screen.lines[1].contains("6 Mine  7 Articles  8 Geek  9 Favourites"))
    try screen.send("n")
    #expect(await screen.waitFor { $0.contains("8 new of 8 in the latest list (8 in your list)") })
    let titles = ["Streamlined", "Visionary", "Realigned", "Front-line", "Crème", "Persevering"]
    #expect(
      zip(screen.lines.dropFirst(2), titles).allSatisfy { $0.dropFirst(4).hasPrefix($1) },
      "\(screen.screen())")
    try screen.send("Enter")
    #expect(await screen.waitFor { $0.contains("  Author      ") })
    let id = try #require(screen.lines[2].split(separator: " ").first.map(String.init))
    let show = try await sandbox.chuck(
      ["show", id, "--source", "articles"], ["COLUMNS": "100"])
    #expect(show.status == 0, "\(show.stderr)")
    // The same rows from `saved_at` on (the icon's path is cut to the screen's width).
    let detail = screen.lines.drop { !$0.hasPrefix("  saved_at") }.prefix { !$0.isEmpty }
    let printed = show.stdout.lines.drop { !$0.hasPrefix("  saved_at") }
    #expect(!detail.isEmpty)
    #expect(
      detail.joined().filter { !$0.isWhitespace } == printed.joined().filter { !$0.isWhitespace },
      "\(screen.screen())\n---\n\(show.stdout)")
    #expect(detail.contains("  release_date"))
    try screen.send("Escape")
    // Back in the list before the next key: an Esc with a key after it reads as Alt and the key.
    #expect(await screen.waitFor { _ in screen.lines[2].contains("☆ Streamlined") })
    try screen.send("n")
    #expect(await screen.waitFor { $0.contains("0 new of 8 in the latest list (8 in your list)") })
    try await api.addRules(
      #"{"rules":[{"path":"/articles\#(DeclaredSourceTests.listPath)","status":500,"times":4}]}"#
    )
    try screen.send("n")
    #expect(await screen.waitFor { $0.contains("the joke API is failing (HTTP 500)") })
    #expect(screen.lines[2].dropFirst(4).hasPrefix("Streamlined"))
    #expect(try sandbox.items(of: DeclaredSourceTests.listFile(sandbox)).count == 8)
    #expect(
      try api.requests().filter { !$0.path.hasPrefix("/articles/images/") }.map(\.path)
        == Array(repeating: "/articles" + DeclaredSourceTests.listPath, count: 6))
    try screen.send("q")
  }

  /// A favourite of a source the config file no longer declares (`cat`) says so on the
  /// Favourites tab; Enter and `o` on it say so in the status line and read no list: not your
  /// own jokes', which hold a joke of the same id.
  @Test func favouriteOfAnUndeclaredSource() async throws {
    let (_, sandbox) = try await startSandbox()
    #expect(try await sandbox.chuck(["add", "My own joke"]).status == 0)
    let id = try #require(try await Self.listedIDs(sandbox, source: "mine").first)
    let item = #"{"name":"Whiskers","source":"cat","id":"\#(id)","added_at":"2026-01-01 00:00:00"}"#
    try Data(#"{"version":1,"items":[\#(item)]}"#.utf8).write(
      to: sandbox.dataDirectory.appendingPathComponent("favorites.json"))
    let mine = sandbox.dataDirectory.appendingPathComponent("my-jokes.json")
    let before = try Data(contentsOf: mine)
    let screen = try TmuxScreen(sandbox: sandbox, script: "$CHUCK", columns: 120)
    defer { screen.stop() }
    #expect(await screen.waitFor { $0.contains("Joke!") })
    try screen.send(Self.favouritesKey)
    #expect(await screen.waitFor { $0.contains("★ Whiskers") })
    // The preview's 30 characters of the text lists show.
    #expect(screen.lines[2].contains("(cat is not declared in your"), "\(screen.screen())")
    let refusal =
      "error: cat is not declared in your config file: declare [sources.cat] again to read its "
      + "jokes"
    for key in ["Enter", "o"] {
      try screen.send(key)
      #expect(await screen.waitFor { $0.contains(refusal) }, "\(key): \(screen.screen())")
      #expect(!screen.screen().contains("My own joke"), "\(key)")
      // Any key clears the status line for the next.
      try screen.send("Home")
      #expect(await screen.waitFor { !$0.contains(refusal) })
    }
    #expect(try Data(contentsOf: mine) == before)
    try screen.send("q")
  }
}
