import ChuckTestSupport
import Foundation
import Testing

/// The whole app on one screen: tabs, the favourites tab, search, filter, copy, open, the mouse
/// and paste, driven in tmux as a user drives them.
extension ScreenTests {
  /// Five Chuck Norris jokes, oldest first: three contain "cat" in some case ("CAT", "Cat",
  /// "conCATenates"), one "ca" only ("can"), one neither.
  static let catJokes = [
    MadeUpJoke(11, "Chuck Norris owns a CAT named Fist.", createdAt: "2020-01-01 00:00:00"),
    MadeUpJoke(12, "Chuck Norris can slam a revolving door.", createdAt: "2020-02-01 00:00:00"),
    MadeUpJoke(13, "The Cat of Chuck Norris hunts wolves.", createdAt: "2020-03-01 00:00:00"),
    MadeUpJoke(14, "Chuck Norris concatenates with fists.", createdAt: "2020-04-01 00:00:00"),
    MadeUpJoke(15, "Dogs obey Chuck Norris.", createdAt: "2020-05-01 00:00:00"),
  ]

  /// The row of tabs on a terminal wide enough for every name.
  static let tabRow =
    " 1 Chuck Norris  2 Dad  3 Official  4 Switter  5 JokeAPI  6 Mine  7 Favourites"
  /// The favourites tab's key: the last.
  static let favouritesKey = "7"

  /// The ids of the fake's dad jokes, in the order it serves them.
  static func dadPoolIDs() throws -> [String] {
    let pool = FakeAPI.fixtures.appendingPathComponent("pools/dad.json")
    return try JSON.parse(Data(contentsOf: pool)).elements.compactMap { $0["id"]?.string }
  }

  /// The ids in `chuck list --source NAME --json`.
  static func listedIDs(_ sandbox: ChuckSandbox, source: String) async throws -> [String] {
    let list = try await sandbox.chuck(["list", "--source", source, "--json"])
    #expect(list.status == 0, "\(list.stderr)")
    return try JSON.parse(list.stdout).elements.map { $0["id"]?.string ?? "(no id)" }
  }

  /// The names in `chuck favorite list --json`, in its order.
  static func favoriteNames(_ sandbox: ChuckSandbox) async throws -> [String] {
    let list = try await sandbox.chuck(["favorite", "list", "--json"])
    #expect(list.status == 0, "\(list.stderr)")
    return try JSON.parse(list.stdout).elements.map { $0["name"]?.string ?? "(no name)" }
  }

  /// The line of the screen that shows `id` (empty when none does).
  static func line(showing id: String, in screen: TmuxScreen) -> String {
    screen.lines.first { $0.contains(id) } ?? ""
  }

  /// Whether the row of the screen showing `id` is the selected one (`>` in front).
  static func isSelected(_ id: String, in screen: TmuxScreen) -> Bool {
    line(showing: id, in: screen).hasPrefix("> ")
  }

  // MARK: Tabs

  /// `chuck ui --source dad` opens on the Dad tab (reverse video in the row of tabs, "Dad Jokes"
  /// in the title bar); number keys, Tab and Shift-Tab switch tabs, each keeping its selection,
  /// the title following the tab; Joke! in the Dad tab fetches a dad joke into the Dad list only.
  @Test func tabsKeepTheirSelection() async throws {
    let (api, sandbox) = try await startSandbox()
    let jokes = Array(Self.catJokes.prefix(3))
    try sandbox.writeList(jokes.map { $0.served(by: api) })
    for _ in 0..<2 {
      #expect(try await sandbox.chuck(["random", "--source", "dad"]).status == 0)
    }
    let dad = try Self.dadPoolIDs()
    let screen = try TmuxScreen(
      sandbox: sandbox, script: "$CHUCK ui --source dad", columns: 100)
    defer { screen.stop() }
    #expect(await screen.waitFor { $0.hasPrefix("Dad Jokes") && $0.contains(dad[1]) })
    #expect(screen.lines[1] == Self.tabRow)
    #expect(screen.cells()[1].reversed == " 2 Dad ")
    #expect(Self.isSelected(dad[0], in: screen))
    try screen.send("Down")
    #expect(await screen.waitFor { _ in Self.isSelected(dad[1], in: screen) })

    try screen.send("1")
    #expect(await screen.waitFor { $0.hasPrefix("Chuck Norris Jokes") && $0.contains(jokes[2].id) })
    #expect(screen.cells()[1].reversed == " 1 Chuck Norris ")
    #expect(Self.isSelected(jokes[0].id, in: screen))
    try screen.send("Down")
    #expect(await screen.waitFor { _ in Self.isSelected(jokes[1].id, in: screen) })
    try screen.send("Down")
    #expect(await screen.waitFor { _ in Self.isSelected(jokes[2].id, in: screen) })

    try screen.send("Tab")
    #expect(await screen.waitFor { $0.hasPrefix("Dad Jokes") })
    #expect(Self.isSelected(dad[1], in: screen), "the Dad tab kept its selection")
    try screen.send("Tab")
    #expect(await screen.waitFor { $0.hasPrefix("Official Jokes") })
    #expect(screen.screen().contains("Your list is empty. Press n to fetch"))
    try screen.send("BTab")
    #expect(await screen.waitFor { $0.hasPrefix("Dad Jokes") })
    #expect(Self.isSelected(dad[1], in: screen))
    try screen.send("BTab")
    #expect(await screen.waitFor { $0.hasPrefix("Chuck Norris Jokes") })
    #expect(Self.isSelected(jokes[2].id, in: screen), "the Chuck Norris tab kept its selection")
    try screen.send("BTab")
    #expect(await screen.waitFor { $0.hasPrefix("Favourites") }, "Shift-Tab wraps around")
    #expect(screen.screen().contains("No favourites yet."))
    try screen.send("Tab")
    #expect(await screen.waitFor { $0.hasPrefix("Chuck Norris Jokes") })
    try screen.send("5")
    #expect(await screen.waitFor { $0.hasPrefix("JokeAPI Jokes") })
    try screen.send("2")
    #expect(await screen.waitFor { $0.hasPrefix("Dad Jokes") })

    try screen.send("n")
    #expect(await screen.waitFor { $0.contains("Saved \(dad[2]); your list holds 3 jokes.") })
    #expect(Self.isSelected(dad[2], in: screen))
    #expect(try await Self.listedIDs(sandbox, source: "dad") == Array(dad.prefix(3)))
    #expect(try sandbox.savedIDs() == jokes.map(\.id), "the Chuck Norris list is untouched")
    #expect(try api.requests().map(\.path) == ["/dad/", "/dad/", "/dad/"])
    try screen.send("q")
  }

  // MARK: Favourites

  /// The Favourites tab lists every source's favourites by name (case-insensitively), each with
  /// ★, its name, its joke's preview, the date it became a favourite and its source; Enter opens
  /// the joke; `d` `y` removes the favourite and leaves the joke in its list; `r` asks for a new
  /// name, filled in with the old one, and renames it in the favourites' file.
  @Test func favouritesTab() async throws {
    let (api, sandbox) = try await startSandbox()
    let jokes = Array(Self.catJokes.prefix(2))
    try sandbox.writeList(jokes.map { $0.served(by: api) })
    #expect(try await sandbox.chuck(["random", "--source", "dad"]).status == 0)
    let dad = try Self.dadPoolIDs()[0]
    for arguments in [
      [jokes[0].id, "zebra"], [jokes[1].id, "Apple"], ["--source", "dad", dad, "mango"],
    ] {
      let added = try await sandbox.chuck(["favorite", "add"] + arguments)
      #expect(added.status == 0, "\(added.stderr)")
    }
    let screen = try TmuxScreen(sandbox: sandbox, script: "$CHUCK", columns: 120)
    defer { screen.stop() }
    #expect(await screen.waitFor { $0.contains(jokes[1].id) })
    #expect(Self.line(showing: jokes[0].id, in: screen).hasPrefix("> ★ "))
    #expect(Self.line(showing: jokes[1].id, in: screen).hasPrefix("  ★ "))
    try screen.send(Self.favouritesKey)
    #expect(await screen.waitFor { $0.hasPrefix("Favourites") && $0.contains("zebra") })
    let date = /\d{4}-\d{2}-\d{2}/
    let rows = screen.lines[2...4].map { $0.replacing(date, with: "DATE") }
    #expect(
      rows == [
        "> ★ Apple  Chuck Norris can slam a revolv...  DATE  Chuck Norris",
        "  ★ mango  My dog used to chase people on...  DATE  Dad",
        "  ★ zebra  Chuck Norris owns a CAT named ...  DATE  Chuck Norris",
      ], "\(rows)")
    #expect(screen.lines.last?.hasPrefix("Enter open  d remove  r rename") == true)
    try screen.send("Enter")
    #expect(await screen.waitFor { $0.contains("created_at  2020-02-01 00:00:00 UTC") })
    #expect(screen.lines[2] == "  \(jokes[1].id)")
    try screen.send("Escape")
    #expect(await screen.waitFor { _ in screen.lines[2].hasPrefix("> ★ Apple") })

    try screen.send("Down")
    #expect(await screen.waitFor { _ in screen.lines[3].hasPrefix("> ★ mango") })
    try screen.send("d")
    #expect(
      await screen.waitFor { $0.contains("Remove the favourite “mango” (the joke stays)? y/n") })
    try screen.send("y")
    #expect(await screen.waitFor { $0.contains("Removed the favourite “mango”; its joke stays.") })
    #expect(screen.lines[2...3].allSatisfy { !$0.contains("mango") })
    #expect(try await Self.favoriteNames(sandbox) == ["Apple", "zebra"])
    #expect(try await Self.listedIDs(sandbox, source: "dad") == [dad], "the joke stays")

    try screen.send("Home")
    #expect(await screen.waitFor { _ in screen.lines[2].hasPrefix("> ★ Apple") })
    try screen.send("r")
    #expect(await screen.waitFor { $0.contains("Rename “Apple” to: Apple\u{2588}") })
    try screen.send("-l", " pie")
    #expect(await screen.waitFor { $0.contains("Rename “Apple” to: Apple pie\u{2588}") })
    try screen.send("Enter")
    #expect(await screen.waitFor { $0.contains("Renamed the favourite to “Apple pie”.") })
    #expect(screen.lines[2].hasPrefix("> ★ Apple pie  Chuck Norris can slam"))
    let file = sandbox.dataDirectory.appendingPathComponent("favorites.json")
    let items = try JSON.parse(Data(contentsOf: file))["items"]?.elements ?? []
    #expect(Set(items.compactMap { $0["name"]?.string }) == ["Apple pie", "zebra"])
    #expect(items.first { $0["name"]?.string == "Apple pie" }?["id"]?.string == jokes[1].id)
    #expect(try sandbox.savedIDs() == jokes.map(\.id))
    try screen.send("q")
  }

  /// The selected row of the Favourites tab is in reverse video from edge to edge, as in every
  /// other list, the favourite's bold name included.
  @Test func favouritesSelectionIsReverseVideoThroughout() async throws {
    let (api, sandbox) = try await startSandbox()
    let joke = Self.catJokes[0]
    try sandbox.writeList([joke.served(by: api)])
    #expect(try await sandbox.chuck(["favorite", "add", joke.id, "Whiskers"]).status == 0)
    let screen = try TmuxScreen(sandbox: sandbox, script: "$CHUCK ui", columns: 100)
    defer { screen.stop() }
    #expect(await screen.waitFor { $0.contains(joke.id) })
    let listRow = screen.cells()[2]
    #expect(listRow.text.hasPrefix("  ★ Chuck Norris owns"))
    #expect(listRow.reversed == listRow.text, "a source's tab: the whole row")
    try screen.send(Self.favouritesKey)
    #expect(await screen.waitFor { $0.contains("Whiskers") })
    let row = screen.cells()[2]
    #expect(row.text.hasPrefix("  ★ Whiskers  Chuck Norris owns"))
    #expect(row.reversed == row.text, "\(row.reversed)")
    try screen.send("q")
  }

  /// With the favourites full (`CHUCK_FAVORITES_MAX=1`), naming another one with `f` in a
  /// source's tab says, in red and wrapped at word boundaries, how the screen frees a place;
  /// nothing is added.
  @Test func favouritesFull() async throws {
    let (api, sandbox) = try await startSandbox()
    let jokes = Array(Self.catJokes.prefix(2))
    try sandbox.writeList(jokes.map { $0.served(by: api) })
    #expect(try await sandbox.chuck(["favorite", "add", jokes[0].id, "First"]).status == 0)
    let screen = try TmuxScreen(
      sandbox: sandbox, script: "$CHUCK", chuckEnvironment: ["CHUCK_FAVORITES_MAX": "1"])
    defer { screen.stop() }
    #expect(await screen.waitFor { $0.contains(jokes[1].id) })
    try screen.send("Down")
    #expect(await screen.waitFor { _ in Self.isSelected(jokes[1].id, in: screen) })
    try screen.send("f")
    #expect(await screen.waitFor { $0.contains("Name this favourite: \u{2588}") })
    try screen.send("-l", "Second")
    #expect(await screen.waitFor { $0.contains("Name this favourite: Second\u{2588}") })
    try screen.send("Enter")
    let message =
      "error: your favourites are full (1); remove one first: in the Favourites tab, select it"
      + " and press d, then y"
    #expect(await screen.waitFor { _ in screen.status(lines: 2) == message })
    #expect(screen.cells().suffix(2).allSatisfy { !$0.text.isEmpty && $0.red == $0.text }, "red")
    #expect(screen.lines.allSatisfy { $0.count <= 80 })
    #expect(try await Self.favoriteNames(sandbox) == ["First"])
    try screen.send("q")
  }

  // MARK: Search

  /// `s` asks what to search the tab's source for; a query under 3 characters is refused in red;
  /// Enter lists what the service found (the title bar names the search), ✓ on the jokes the list
  /// holds; Enter shows one, Esc goes back to the results; `a` saves one through the list file
  /// without asking the service again; Esc goes back to the list. A source that cannot search
  /// says which can.
  @Test func searchShowsAndSaves() async throws {
    let found = [
      MadeUpJoke(21, "Chuck Norris can search the whole web.", createdAt: "2021-01-01 00:00:00"),
      MadeUpJoke(22, "Chuck Norris found the needle first.", createdAt: "2021-02-01 00:00:00"),
    ]
    let other = MadeUpJoke(23, "Nobody else finds anything.", createdAt: "2021-03-01 00:00:00")
    let (api, sandbox) = try await startSandbox(pool: found + [other])
    try sandbox.writeList([found[0].served(by: api)])
    let screen = try TmuxScreen(sandbox: sandbox, script: "$CHUCK", columns: 100)
    defer { screen.stop() }
    #expect(await screen.waitFor { $0.contains(found[0].id) })
    try screen.send("s")
    #expect(await screen.waitFor { $0.contains("Search Chuck Norris Jokes for: \u{2588}") })
    try screen.send("-l", "no")
    #expect(await screen.waitFor { $0.contains("for: no\u{2588}") })
    try screen.send("Enter")
    #expect(
      await screen.waitFor { $0.contains("error: a search query must be 3 to 120 characters") })
    #expect(screen.cells().last.map { $0.red == $0.text } == true, "red")
    try screen.send("Escape")
    #expect(await screen.waitFor { _ in screen.lines.last == "No search." })

    try screen.send("s")
    #expect(await screen.waitFor { $0.contains("Search Chuck Norris Jokes for: \u{2588}") })
    try screen.send("-l", "NORRIS")
    #expect(await screen.waitFor { $0.contains("for: NORRIS\u{2588}") })
    try screen.send("Enter")
    #expect(await screen.waitFor { $0.contains("2 jokes found; Enter shows one, a saves it.") })
    #expect(screen.lines[0].hasPrefix("Chuck Norris Jokes: search “NORRIS”"))
    #expect(screen.lines[2].hasPrefix("> ✓ Chuck Norris can search the"))
    #expect(screen.lines[2].hasSuffix(found[0].id))
    #expect(screen.lines[3].hasPrefix("    Chuck Norris found the needle"))
    #expect(screen.lines[3].hasSuffix(found[1].id))
    #expect(!screen.screen().contains(other.id))

    try screen.send("Down")
    #expect(await screen.waitFor { _ in screen.lines[3].hasPrefix(">   Chuck Norris found") })
    try screen.send("Enter")
    #expect(
      await screen.waitFor { $0.contains("value       Chuck Norris found the needle first.") })
    #expect(screen.lines[2] == "  \(found[1].id)")
    try screen.send("Escape")
    #expect(await screen.waitFor { _ in screen.lines[3].hasPrefix(">   Chuck Norris found") })
    #expect(screen.lines[0].hasPrefix("Chuck Norris Jokes: search “NORRIS”"))
    try screen.send("a")
    #expect(await screen.waitFor { $0.contains("Saved \(found[1].id); your list holds 2 jokes.") })
    #expect(await screen.waitFor { _ in screen.lines[3].hasPrefix("> ✓ Chuck Norris found") })
    #expect(try sandbox.savedIDs() == found.map(\.id))
    let jokeRequests = try api.requests().filter { $0.path.hasPrefix("/jokes/") }
    #expect(jokeRequests.map(\.path) == ["/jokes/search"], "one search, no /jokes/<id>")
    #expect(jokeRequests.first?.query == "query=NORRIS")

    try screen.send("Escape")
    #expect(
      await screen.waitFor { $0.hasPrefix("Chuck Norris Jokes ") && !$0.contains("search “") })
    #expect(screen.lines[2].hasSuffix(found[0].id))
    #expect(screen.lines[3].hasSuffix(found[1].id))
    #expect(screen.lines[2].hasPrefix("> ☆ "), "the list's selection as it was")

    try screen.send("3")
    #expect(await screen.waitFor { $0.hasPrefix("Official Jokes") })
    try screen.send("s")
    #expect(
      await screen.waitFor {
        $0.contains("official jokes cannot be searched; the sources that can: chuck, dad, jokeapi")
      })
    try screen.send("q")
  }

  /// Pasted text in the search prompt is text: a line break in it neither submits the query nor
  /// is a key, nor is the `q` after it; the prompt holds the pasted text (its line break dropped;
  /// without brackets, the prompt says to press Enter on its own) until Enter, which searches for
  /// it.
  @Test(arguments: [true, false])
  func pasteIntoTheSearchPrompt(bracketed: Bool) async throws {
    let (api, sandbox) = try await startSandbox()
    let screen = try TmuxScreen(sandbox: sandbox, script: "$CHUCK; echo status=$?")
    defer { screen.stop() }
    #expect(await screen.waitFor { $0.contains("Press n to fetch your first joke") })
    try screen.send("s")
    #expect(await screen.waitFor { $0.contains("Search Chuck Norris Jokes for: \u{2588}") })
    try screen.paste("Chuck\nquits\n", bracketed: bracketed)
    if bracketed {
      #expect(
        await screen.waitFor { $0.contains("Search Chuck Norris Jokes for: Chuckquits\u{2588}") })
    } else {
      #expect(await screen.waitFor { _ in screen.status().contains("press Enter on its own") })
    }
    try await Task.sleep(nanoseconds: 300_000_000)
    #expect(try api.requests().isEmpty, "nothing submitted")
    #expect(!screen.screen().contains("status="), "nothing quit")
    try screen.send("Enter")
    #expect(await screen.waitFor { $0.contains("No joke contains “Chuckquits”.") })
    #expect(
      try api.requests().map { $0.path + "?" + $0.query } == ["/jokes/search?query=Chuckquits"])
    try screen.send("Escape")
    #expect(await screen.waitFor { $0.contains("Press n to fetch your first joke") })
    try screen.send("q")
    #expect(await screen.waitFor { $0.contains("status=0") })
  }

  // MARK: Filter

  /// `/` filters as it is typed, case-insensitively, showing only the rows whose text matches,
  /// the match underlined; Enter keeps the filter (named first in the status line); Joke! still
  /// fetches; a change to the files by another `chuck` keeps it; Esc clears it.
  @Test func filterAsYouType() async throws {
    let jokes = Self.catJokes
    let fetched = MadeUpJoke(
      16, "Chuck Norris taught a cat to bark.", createdAt: "2024-01-01 00:00:00")
    let (api, sandbox) = try await startSandbox(pool: [fetched])
    try sandbox.writeList(jokes.map { $0.served(by: api) })
    let screen = try TmuxScreen(sandbox: sandbox, script: "$CHUCK", columns: 100)
    defer { screen.stop() }
    func shown() -> [String] {
      (jokes + [fetched]).map(\.id).filter { screen.screen().contains($0) }
    }
    let ids = jokes.map(\.id)
    #expect(await screen.waitFor { $0.contains(ids[4]) })
    try screen.send("/")
    #expect(await screen.waitFor { _ in screen.lines.last == "/\u{2588}" })
    #expect(shown() == ids)
    try screen.send("-l", "C")
    #expect(await screen.waitFor { _ in screen.lines.last == "/C\u{2588}" })
    #expect(shown() == ids, "every joke has a c")
    try screen.send("-l", "A")
    #expect(await screen.waitFor { _ in shown() == Array(ids.prefix(4)) })
    #expect(screen.lines.last == "/CA\u{2588}")
    try screen.send("-l", "t")
    #expect(await screen.waitFor { _ in shown() == [ids[0], ids[2], ids[3]] })
    #expect(screen.lines.last == "/CAt\u{2588}")
    let cells = screen.cells()
    #expect(cells.first { $0.text.contains(ids[0]) }?.underlined == "CAT")
    #expect(cells.first { $0.text.contains(ids[2]) }?.underlined == "Cat")
    #expect(cells.first { $0.text.contains(ids[3]) }?.underlined == "cat")
    #expect(cells.first { $0.text.contains(fetched.id) } == nil)
    #expect(Self.isSelected(ids[0], in: screen))
    try screen.send("Enter")
    #expect(
      await screen.waitFor { _ in screen.lines.last?.hasPrefix("/CAt (Esc clears)  ") == true })
    try screen.send("Down")
    #expect(
      await screen.waitFor { _ in Self.isSelected(ids[2], in: screen) }, "moves among matches")

    try screen.send("n")
    #expect(await screen.waitFor { $0.contains("Saved \(fetched.id); your list holds 6 jokes.") })
    #expect(shown() == [ids[0], ids[2], ids[3], fetched.id])
    #expect(Self.isSelected(fetched.id, in: screen))

    // Another chuck removes a joke the filter hides and makes a shown one a favourite.
    #expect(try await sandbox.chuck(["remove", ids[4]]).status == 0)
    #expect(try await sandbox.chuck(["favorite", "add", ids[0], "Whiskers"]).status == 0)
    #expect(
      await screen.waitFor(seconds: 10) { _ in
        Self.line(showing: ids[0], in: screen).hasPrefix("  ★ ")
      })
    #expect(shown() == [ids[0], ids[2], ids[3], fetched.id], "still filtered")
    try screen.send("Up")
    #expect(
      await screen.waitFor { _ in screen.lines.last?.hasPrefix("/CAt (Esc clears)  ") == true })
    try screen.send("Escape")
    #expect(await screen.waitFor { _ in shown() == Array(ids.prefix(4)) + [fetched.id] })
    #expect(screen.lines.last?.hasPrefix("n Joke!") == true)
    #expect(screen.cells().allSatisfy { $0.underlined.isEmpty }, "no highlight left")
    try screen.send("q")
  }

  // MARK: Copy and open

  /// `y` puts the selected joke's text on the clipboard through the terminal (OSC 52): with tmux's
  /// `set-clipboard on`, tmux's paste buffer holds exactly the text, non-ASCII included, and the
  /// status line counts its characters. After `d`, `y` answers the question: the joke goes,
  /// nothing is copied.
  @Test func copyThroughTheTerminal() async throws {
    let (api, sandbox) = try await startSandbox()
    let jokes = [
      MadeUpJoke(
        31, "Chuck Norris’s “copy” is the original: ünïcödé 👊🏽.", createdAt: "2021-01-01 00:00:00"),
      MadeUpJoke(32, "Chuck Norris pastes first.", createdAt: "2021-02-01 00:00:00"),
    ]
    try sandbox.writeList(jokes.map { $0.served(by: api) })
    let screen = try TmuxScreen(
      sandbox: sandbox, script: "$CHUCK", options: ["set -g set-clipboard on"])
    defer { screen.stop() }
    func buffer() -> String? {
      try? screen.tmux(["show-buffer"]).stdout
    }
    #expect(await screen.waitFor { $0.contains(jokes[1].id) })
    #expect(buffer()?.isEmpty ?? true)
    try screen.send("y")
    let count = jokes[0].value.count
    #expect(
      await screen.waitFor { _ in
        screen.lines.last == "Copied \(count) characters (through the terminal: OSC 52)."
      })
    #expect(await waitUntil(seconds: 5) { buffer() == jokes[0].value }, "\(buffer() ?? "")")

    try screen.send("Down")
    #expect(await screen.waitFor { _ in Self.isSelected(jokes[1].id, in: screen) })
    try screen.send("d")
    #expect(await screen.waitFor { $0.contains("y/n") })
    try screen.send("y")
    #expect(await screen.waitFor { _ in screen.lines.last?.hasPrefix("Removed ") == true })
    #expect(screen.lines.dropLast().allSatisfy { !$0.contains(jokes[1].id) })
    #expect(try sandbox.savedIDs() == [jokes[0].id])
    #expect(buffer() == jokes[0].value, "not copied")
    #expect(try screen.tmux(["list-buffers"]).stdout.lines.count == 1)
    try screen.send("q")
  }

  /// A browser for `o`: a script in the sandbox that writes its arguments, one a line, and the
  /// terminal's settings while it runs (`stty -a`).
  static func makeBrowser(in sandbox: ChuckSandbox) throws -> URL {
    let browser = sandbox.root.appendingPathComponent("browser")
    let folder = sandbox.root.path
    try """
    #!/bin/sh
    printf '%s\\n' "$@" > '\(folder)/arguments.part'
    stty -a > '\(folder)/stty'
    mv '\(folder)/arguments.part' '\(folder)/arguments'

    """.write(to: browser, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: browser.path)
    return browser
  }

  /// `o` opens the selected joke's link with the first program of `$BROWSER` that exists, the
  /// link its one argument, the terminal given back (line mode, echo) while it runs, then the
  /// screen again; a dad joke has no link, and says so.
  @Test func openWithTheBrowser() async throws {
    let (api, sandbox) = try await startSandbox()
    let joke = Self.catJokes[0]
    try sandbox.writeList([joke.served(by: api)])
    #expect(try await sandbox.chuck(["random", "--source", "dad"]).status == 0)
    let browser = try Self.makeBrowser(in: sandbox)
    let missing = sandbox.root.appendingPathComponent("no-such-browser").path
    let screen = try TmuxScreen(
      sandbox: sandbox, script: "$CHUCK", columns: 200,
      chuckEnvironment: ["BROWSER": "\(missing):\(browser.path)"])
    defer { screen.stop() }
    #expect(await screen.waitFor { $0.contains(joke.id) })
    try screen.send("o")
    #expect(await screen.waitFor { $0.contains("Opened the link with \(browser.path).") })
    let arguments = sandbox.root.appendingPathComponent("arguments")
    #expect(
      try String(contentsOf: arguments, encoding: .utf8)
        == "https://api.chucknorris.io/jokes/\(joke.id)\n")
    let settings = try String(
      contentsOf: sandbox.root.appendingPathComponent("stty"), encoding: .utf8)
    #expect(settings.contains(" icanon") && !settings.contains("-icanon"), "\(settings)")
    #expect(settings.contains(" echo ") && !settings.contains("-echo "), "\(settings)")
    #expect(Self.isSelected(joke.id, in: screen), "the screen is back")
    try FileManager.default.removeItem(at: arguments)

    try screen.send("2")
    #expect(await screen.waitFor { $0.hasPrefix("Dad Jokes") })
    try screen.send("o")
    #expect(await screen.waitFor { _ in screen.lines.last == "This joke has no link to open." })
    #expect(!FileManager.default.fileExists(atPath: arguments.path))
    try screen.send("q")
  }

  /// Without `$BROWSER` and without `xdg-open` on `PATH`, `o` says in red, wrapped at word
  /// boundaries, what to install or set.
  @Test func openWithoutABrowser() async throws {
    let (api, sandbox) = try await startSandbox()
    let joke = Self.catJokes[0]
    try sandbox.writeList([joke.served(by: api)])
    // A PATH where nothing, xdg-open least of all, is found.
    let empty = sandbox.root.appendingPathComponent("empty-path")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    let screen = try TmuxScreen(
      sandbox: sandbox, script: "$CHUCK",
      chuckEnvironment: ["BROWSER": "", "PATH": empty.path])
    defer { screen.stop() }
    #expect(await screen.waitFor { $0.contains(joke.id) })
    try screen.send("o")
    let message =
      "error: cannot open the link: no browser found; set BROWSER or install xdg-utils (xdg-open)"
    #expect(await screen.waitFor { _ in screen.status(lines: 2) == message })
    #expect(screen.cells().suffix(2).allSatisfy { !$0.text.isEmpty && $0.red == $0.text }, "red")
    #expect(Self.isSelected(joke.id, in: screen))
    try screen.send("q")
  }

  // MARK: Mouse

  /// A click selects a row, a click on the selected row opens it; the wheel moves the selection
  /// by three; a click on a tab shows it; a click on "Joke! (n)" fetches into the tab shown.
  @Test func mouseClicksAndWheel() async throws {
    let (api, sandbox) = try await startSandbox()
    let jokes = (1...8).map {
      MadeUpJoke(40 + $0, "Chuck Norris clicks number \($0).", createdAt: "2021-0\($0)-01 00:00:00")
    }
    try sandbox.writeList(jokes.map { $0.served(by: api) })
    let screen = try TmuxScreen(sandbox: sandbox, script: "$CHUCK")
    defer { screen.stop() }
    #expect(await screen.waitFor { $0.contains(jokes[7].id) })
    #expect(try screen.format("#{mouse_any_flag} #{mouse_sgr_flag}") == "1 1")
    #expect(Self.isSelected(jokes[0].id, in: screen))
    try screen.click(row: 4, column: 5)
    #expect(await screen.waitFor { _ in Self.isSelected(jokes[2].id, in: screen) })
    #expect(screen.lines[4].hasSuffix(jokes[2].id))
    try screen.click(row: 4, column: 30)
    #expect(await screen.waitFor { $0.contains("value       Chuck Norris clicks number 3.") })
    #expect(screen.lines[2] == "  \(jokes[2].id)")
    try screen.send("Escape")
    #expect(await screen.waitFor { _ in Self.isSelected(jokes[2].id, in: screen) })

    try screen.click(row: 6, column: 10, button: 65)
    #expect(await screen.waitFor { _ in Self.isSelected(jokes[5].id, in: screen) })
    try screen.click(row: 6, column: 10, button: 65)
    #expect(
      await screen.waitFor { _ in Self.isSelected(jokes[7].id, in: screen) }, "stops at the end")
    try screen.click(row: 6, column: 10, button: 64)
    #expect(await screen.waitFor { _ in Self.isSelected(jokes[4].id, in: screen) })

    let dadColumn = try #require(Self.tabRow.range(of: "2 Dad")).lowerBound
    try screen.click(
      row: 1, column: Self.tabRow.distance(from: Self.tabRow.startIndex, to: dadColumn))
    #expect(await screen.waitFor { $0.hasPrefix("Dad Jokes") })
    try screen.click(row: 0, column: 76)
    let dad = try Self.dadPoolIDs()[0]
    #expect(await screen.waitFor { $0.contains("Saved \(dad); your list holds 1 joke.") })
    #expect(try await Self.listedIDs(sandbox, source: "dad") == [dad])
    #expect(try sandbox.savedIDs() == jokes.map(\.id))
    try screen.send("1")
    #expect(await screen.waitFor { $0.hasPrefix("Chuck Norris Jokes") })
    #expect(Self.isSelected(jokes[4].id, in: screen), "the tab kept its selection")
    try screen.send("q")
  }

  /// How the screen is opened, and whether it turns on the terminal's mouse reporting.
  struct MouseSetting: Sendable, CustomTestStringConvertible {
    var command: String
    var environment: [String: String] = [:]
    var isOn: Bool
    var testDescription: String {
      (environment.map { "\($0.key)=\($0.value) " }.joined()) + command
    }
  }

  static let mouseSettings = [
    MouseSetting(command: "chuck", isOn: true),
    MouseSetting(command: "chuck ui --no-mouse", isOn: false),
    MouseSetting(command: "chuck ui", environment: ["CHUCK_MOUSE": "0"], isOn: false),
  ]

  /// The screen asks the terminal for mouse reports (SGR) unless `--no-mouse` or `CHUCK_MOUSE=0`
  /// says not to, and turns them off again when it quits.
  @Test(arguments: mouseSettings)
  func mouseReportingOnlyWhenWanted(_ setting: MouseSetting) async throws {
    let (_, sandbox) = try await startSandbox()
    let command = "$CHUCK" + setting.command.dropFirst("chuck".count)
    let screen = try TmuxScreen(
      sandbox: sandbox, script: "\(command); echo status=$?",
      chuckEnvironment: setting.environment)
    defer { screen.stop() }
    #expect(await screen.waitFor { $0.contains("Joke! (n)") })
    let flags = try screen.format("#{mouse_any_flag} #{mouse_sgr_flag}")
    #expect(flags == (setting.isOn ? "1 1" : "0 0"))
    try screen.send("q")
    #expect(await screen.waitFor { $0.contains("status=0") })
    #expect(try screen.format("#{mouse_any_flag} #{mouse_sgr_flag}") == "0 0")
  }

  // MARK: Keys

  /// `?` lists the keys of the view shown, then those that work everywhere; taller than the
  /// screen, it scrolls with Down; another key closes it. The Favourites tab lists its own keys.
  @Test func keysListScrolls() async throws {
    let (_, sandbox) = try await startSandbox()
    let screen = try TmuxScreen(
      sandbox: sandbox, script: "$CHUCK ui; echo status=$?", rows: 14,
      chuckEnvironment: Self.noBacktracer)
    defer { screen.stop() }
    #expect(await screen.waitFor { $0.contains("Joke! (n)") })
    try screen.send("?")
    #expect(await screen.waitFor { $0.contains("Keys here") || $0.contains("status=") })
    #expect(screen.lines[2] == "  Keys here")
    #expect(screen.screen().contains("Joke!: fetch a random joke and save it"))
    #expect(screen.lines.last == "Up/Down scroll  any other key: back")
    for _ in 0..<20 {
      try screen.send("Down")
    }
    #expect(
      await screen.waitFor { $0.contains("  Screen readers") && !$0.contains("Keys here") },
      "the end of the list: which keys screen readers take")
    try screen.send("x")
    #expect(await screen.waitFor { $0.contains("Press n to fetch your first joke") })
    try screen.send(Self.favouritesKey)
    #expect(await screen.waitFor { $0.hasPrefix("Favourites") })
    try screen.send("?")
    #expect(
      await screen.waitFor { $0.contains("rename the favourite") }, "the Favourites tab's keys")
    try screen.send("x")
    #expect(await screen.waitFor { $0.contains("No favourites yet.") })
    try screen.send("q")
    #expect(await screen.waitFor { $0.contains("status=0") })
  }
}
