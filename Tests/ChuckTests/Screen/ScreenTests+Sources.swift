import ChuckTestSupport
import Foundation
import Testing

extension ScreenTests {
  /// ☆ marks a joke that is no favourite; `f` asks for a name in the status line (typed,
  /// Backspace, Enter), makes the favourite as `chuck favorite add` does and shows ★; a bad name
  /// says why and keeps asking; `f` on a ★ says it is one already; removing the joke with `d`,
  /// `y` removes its favourite too.
  @Test func favoriteWithF() async throws {
    let (api, sandbox) = try await startSandbox()
    let joke = MadeUpJoke(3, "Chuck Norris makes onions cry.", createdAt: "2022-01-01 00:00:00")
    try sandbox.writeList([joke.served(by: api)])
    let screen = try TmuxScreen(sandbox: sandbox, script: "$CHUCK", columns: 100)
    defer { screen.stop() }
    #expect(await screen.waitFor { $0.contains("> ☆ Chuck Norris makes onions cry.") })
    #expect(screen.lines.last?.contains("f favourite") == true)
    try screen.send("f")
    #expect(await screen.waitFor { $0.contains("Name this favourite") })
    // One step at a time: an Enter that reaches chuck with other keys answers no prompt.
    try screen.send("-l", "Onionz")
    #expect(await screen.waitFor { $0.contains("Onionz\u{2588}") })
    try screen.send("BSpace")
    #expect(await screen.waitFor { $0.contains("Onion\u{2588}") })
    try screen.send("-l", " ")
    #expect(await screen.waitFor { $0.contains("Onion \u{2588}") })
    try screen.send("Enter")
    #expect(await screen.waitFor { $0.contains("starts or ends with a space") })
    try screen.send("BSpace")
    try screen.send("-l", "s")
    #expect(await screen.waitFor { $0.contains("Onions\u{2588}") })
    try screen.send("Enter")
    #expect(await screen.waitFor { $0.contains("Added favourite Onions.") })
    #expect(screen.lines[2].hasPrefix("> ★ Chuck Norris makes onions cry."))
    let list = try await sandbox.chuck(["favorite", "list", "--json"])
    let names = try JSON.parse(list.stdout).elements.map { $0["name"]?.string }
    #expect(names == ["Onions"])
    try screen.send("f")
    #expect(await screen.waitFor { $0.contains("is already a favourite") })
    try screen.send("d")
    #expect(await screen.waitFor { $0.contains("y/n") })
    try screen.send("y")
    #expect(await screen.waitFor { $0.contains("Press n to fetch your first joke") })
    #expect(try await sandbox.chuck(["favorite", "list", "--json"]).stdout == "[]\n")
    try screen.send("q")
  }

  /// A source of the screen other than Chuck Norris jokes, and what its first Joke! shows.
  struct OtherScreenSource: Sendable, CustomTestStringConvertible {
    var name: String
    var title: String
    var id: String
    var preview: String
    var detailLine: String
    var path: String
    /// A two-part joke's punchline, shown after a key.
    var punchline: String?
    var testDescription: String { name }
  }

  static let otherScreenSources = [
    OtherScreenSource(
      name: "official", title: "Official Jokes", id: "1",
      preview: "What did the fish say when it ...", detailLine: "punchline   Dam.",
      path: "/official/random_joke", punchline: "Dam."),
    OtherScreenSource(
      name: "jokeapi", title: "JokeAPI Jokes", id: "41",
      preview: "Hey Girl, Roses are #ff0000, V...", detailLine: "category    Programming",
      path: "/jokeapi/joke/Any"),
  ]

  /// `chuck ui --source NAME`: the source's tab, title and list, Joke! fetching from that service
  /// into its file (a two-part joke's setup first, its punchline after a key), the detail as
  /// `chuck show --source` prints it.
  @Test(arguments: otherScreenSources)
  func otherSource(_ source: OtherScreenSource) async throws {
    let (api, sandbox) = try await startSandbox()
    let screen = try TmuxScreen(
      sandbox: sandbox, script: "$CHUCK ui --source \(source.name)", columns: 100, rows: 24)
    defer { screen.stop() }
    #expect(await screen.waitFor { $0.hasPrefix(source.title) })
    try screen.send("n")
    #expect(await screen.waitFor { $0.contains("Saved \(source.id);") })
    if let punchline = source.punchline {
      #expect(await screen.waitFor { $0.contains("(press any key for the punchline)") })
      #expect(!screen.screen().contains(punchline))
      try screen.send("Space")
      #expect(await screen.waitFor { $0.contains("  \(punchline)") })
      try screen.send("Space")
    }
    #expect(
      await screen.waitFor { _ in screen.lines[2].hasPrefix("> ☆ \(source.preview)  saved 20") })
    try screen.send("Enter")
    #expect(await screen.waitFor { $0.contains(source.detailLine) })
    let show = try await sandbox.chuck(
      ["show", source.id, "--source", source.name], ["COLUMNS": "100"])
    // The same text: `show` keeps a word wider than its column whole on a line of its own, the
    // screen cuts it to fit.
    let detail = screen.lines.dropFirst(2).prefix { !$0.isEmpty }.joined(separator: "\n")
    #expect(
      detail.filter { !$0.isWhitespace } == show.stdout.filter { !$0.isWhitespace },
      "\(detail)\n---\n\(show.stdout)")
    #expect(!FileManager.default.fileExists(atPath: sandbox.listFile.path))
    #expect(try api.requests().map(\.path) == [source.path])
    try screen.send("q")
  }
}

extension ScreenTests {
  /// While a fetch waits on a slow service the screen stays usable (keys move, the spinner turns,
  /// a second n sends nothing), and Esc cancels it: nothing is saved, one request was made.
  @Test func slowFetchCanBeCancelled() async throws {
    let (api, sandbox) = try await startSandbox(
      rules: [#"{"path":"/jokes/random","delay":30}"#])
    let joke = MadeUpJoke(4, "Chuck Norris waits for nobody.", createdAt: "2022-01-01 00:00:00")
    let other = MadeUpJoke(5, "Chuck Norris is never late.", createdAt: "2023-01-01 00:00:00")
    try sandbox.writeList([joke.served(by: api), other.served(by: api)])
    // Only Esc ends the fetch: with the sandbox's 5-second timeout a loaded machine could time
    // the attempt out first and retry it, a second request.
    let screen = try TmuxScreen(
      sandbox: sandbox, script: "$CHUCK", columns: 100, chuckEnvironment: ["CHUCK_TIMEOUT": "60"])
    defer { screen.stop() }
    #expect(await screen.waitFor { $0.contains("> ☆ Chuck Norris waits for nobody.") })
    try screen.send("n")
    #expect(await screen.waitFor { $0.contains("Fetching a joke") })
    try screen.send("n")
    try screen.send("Down")
    #expect(await screen.waitFor { $0.contains("> ☆ Chuck Norris is never late.") })
    try screen.send("Escape")
    #expect(await screen.waitFor { $0.contains("Fetch cancelled.") })
    #expect(try api.requests().filter { $0.path == "/jokes/random" }.count == 1)
    #expect(try sandbox.savedIDs() == [joke.id, other.id])
    try screen.send("q")
  }
}

extension ScreenTests {
  /// `CHUCK_EXCLUDE` applies to the screen's Joke! as to `chuck random`: an excluded joke the
  /// service sends is skipped, and the next one saved.
  @Test func jokeHonoursConfiguredExclusions() async throws {
    let explicit = MadeUpJoke(21, "An explicit Chuck Norris joke.", categories: ["explicit"])
    let clean = MadeUpJoke(22, "A clean Chuck Norris joke.", categories: ["dev"])
    let (_, sandbox) = try await startSandbox(pool: [explicit, clean])
    let screen = try TmuxScreen(
      sandbox: sandbox, script: "$CHUCK", columns: 100,
      chuckEnvironment: ["CHUCK_EXCLUDE": "explicit"])
    defer { screen.stop() }
    #expect(await screen.waitFor { $0.contains("Joke! (n)") })
    try screen.send("n")
    #expect(await screen.waitFor { $0.contains("Saved \(clean.id);") })
    #expect(try sandbox.savedIDs() == [clean.id])
    try screen.send("q")
  }
}
