import Testing

@testable import ChuckCore

@Suite struct ScreenRendererTests {
  private let plain = ScreenRenderer(style: TextStyle(isEnabled: false))
  private let colour = ScreenRenderer(style: TextStyle(isEnabled: true))
  private let size = ScreenSize(columns: 80, rows: 8)

  private static let title =
    "Chuck Norris Jokes" + String(repeating: " ", count: 53) + "Joke! (n)"
  private static let keys = "n Joke!  Enter open  d remove  / filter  ? keys  q quit"

  /// Row `index` of `screenRows` as the list shows it: preview and date, no id.
  private func row(_ index: Int) -> String {
    "Joke number \(index) is about Chuck N...  2020-01-0\(index + 1)"
  }

  private func selected(_ text: String, width: Int = 80) -> String {
    "\u{1B}[7m" + text + String(repeating: " ", count: width - text.count) + "\u{1B}[0m"
  }

  /// The list: title bar, one line per joke (preview and date), the selection in reverse video
  /// across the line (no marker: the text of a row never changes with the selection), empty
  /// rows, the status line with the keys.
  @Test func goldenList() {
    var state = ScreenState(rows: screenRows(3), size: size)
    _ = state.press(.down)
    #expect(
      plain.render(state, size: size) == [
        Self.title,
        "  " + row(0),
        selected("  " + row(1)),
        "  " + row(2),
        "", "", "",
        Self.keys,
      ])
  }

  /// The same with colour: a bold title, nothing dim; the selection is reverse video either way.
  @Test func goldenListInColour() {
    let state = ScreenState(rows: screenRows(1), size: size)
    let lines = colour.render(state, size: size)
    #expect(lines[0] == "\u{1B}[1mChuck Norris Jokes\u{1B}[0m" + Self.title.dropFirst(18))
    #expect(lines[1] == selected("  " + row(0)))
    #expect(lines[7] == Self.keys)
    #expect(!lines.contains { $0.string.contains("\u{1B}[2m") })
  }

  /// An empty list says which key fetches the first joke.
  @Test func goldenEmptyList() {
    let state = ScreenState(size: size)
    #expect(
      plain.render(state, size: size) == [
        Self.title,
        "  Your list is empty. Press n to fetch your first joke.",
        "", "", "", "", "",
        Self.keys,
      ])
  }

  /// A long list shows the rows around the selection: after End, the last six.
  @Test func goldenScrolled() {
    var state = ScreenState(rows: screenRows(9), size: size)
    _ = state.press(.end)
    #expect(
      plain.render(state, size: size) == [
        Self.title,
        "  " + row(3), "  " + row(4), "  " + row(5), "  " + row(6), "  " + row(7),
        selected("  " + row(8)),
        Self.keys,
      ])
  }

  /// While a fetch runs, a block in reverse video moves over three blank cells before Joke!: an
  /// attribute moves, no text changes (a screen reader reads nothing of it); the status line
  /// says Esc cancels.
  @Test func goldenFetching() {
    var state = ScreenState(size: size)
    _ = state.press(.character("n"))
    _ = state.handle([.tick, .tick])
    let lines = plain.render(state, size: size)
    let text = { (line: TerminalText) in
      line.string.replacing("\u{1B}[7m", with: "").replacing("\u{1B}[0m", with: "")
    }
    #expect(
      text(lines[0]) == "Chuck Norris Jokes" + String(repeating: " ", count: 49) + "    Joke! (n)")
    let coloured = colour.render(state, size: size)[0].string
    #expect(coloured.hasSuffix("  \u{1B}[7m \u{1B}[0m Joke! (n)"), "the third cell lit")
    _ = state.handle(.tick)
    let next = colour.render(state, size: size)[0].string
    #expect(next.hasSuffix(" \u{1B}[7m \u{1B}[0m  Joke! (n)"), "then the second")
    #expect(text(plain.render(state, size: size)[0]) == text(lines[0]), "the text stays")
    #expect(lines[7] == "Fetching a joke…  Esc cancel  q quit")
  }

  /// An error in the status line is red with colour and plain without; a message is plain.
  @Test func goldenStatusErrors() {
    var state = ScreenState(rows: screenRows(1), size: size)
    _ = state.press(.character("n"))
    _ = state.handle(.fetchFailed(.duplicate(id: screenID(0), preview: "Joke n..."), fetch: 1))
    let line =
      "error: already in your list: \(screenID(0)) \u{201C}Joke n...\u{201D}; nothing saved"
    #expect(plain.render(state, size: size)[7] == line)
    #expect(colour.render(state, size: size)[7] == "\u{1B}[31m" + line + "\u{1B}[0m")
    _ = state.press(.character("n"))
    _ = state.handle(.jokeSaved(id: screenID(0), count: 1, rows: screenRows(1), fetch: 2))
    #expect(
      colour.render(state, size: size)[7]
        == "Saved \(screenID(0)); your list holds 1 joke.")
  }

  /// The detail: `chuck show`'s lines (id, icon, created_at, updated_at, link, categories,
  /// value) under the title bar; `loading…` until the icon comes.
  @Test func goldenDetail() throws {
    let wide = ScreenSize(columns: 80, rows: 12)
    var state = ScreenState(rows: screenRows(1), size: wide)
    _ = state.press(.enter)
    #expect(
      plain.render(state, size: wide)[1...2] == ["  \(screenID(0))", ""],
      "the id while the joke is read")
    let joke = try makeJoke(
      id: screenID(0), value: "Joke number 0", categories: ["dev", "movie"],
      createdAt: "2020-01-05 13:42:19.104863", updatedAt: "2021-02-03 04:05:06.7")
    _ = state.handle(.jokeLoaded(ScreenState.Shown(joke, source: .chuck)))
    let loading = plain.render(state, size: wide)
    #expect(
      loading == [
        Self.title,
        "  \(screenID(0))",
        "  icon        loading…",
        "  created_at  2020-01-05 13:42:19 UTC",
        "  updated_at  2021-02-03 04:05:06 UTC",
        "  link        https://api.chucknorris.io/jokes/\(screenID(0))",
        "  categories  dev, movie",
        "  value       Joke number 0",
        "", "", "",
        "Esc back  Up/Down scroll  y copy  o open  n Joke!  ? keys",
      ])
    _ = state.handle(.iconLoaded(id: screenID(0), icon: .unavailable("not downloaded: timeout")))
    #expect(plain.render(state, size: wide)[2] == "  icon        not downloaded: timeout")
    let show = JokeDetailView(width: 80, style: TextStyle(isEnabled: true))
      .render(joke, icon: .unavailable("not downloaded: timeout"))
    #expect(
      colour.render(state, size: wide)[1...7].map(\.string).joined(separator: "\n") + "\n"
        == show.string,
      "the same text as chuck show")
  }

  /// An inline image gets rows of its own under its line.
  @Test func inlineImageRows() throws {
    var state = ScreenState(rows: screenRows(1), size: ScreenSize(columns: 80, rows: 16))
    _ = state.press(.enter)
    _ = state.handle(.jokeLoaded(ScreenState.Shown(try makeJoke(id: screenID(0)), source: .chuck)))
    _ = state.handle(.iconLoaded(id: screenID(0), icon: .inline("\u{1B}_Ga=T;AAAA\u{1B}\\")))
    let lines = plain.render(state, size: ScreenSize(columns: 80, rows: 16))
    #expect(lines[2] == "  \u{1B}_Ga=T;AAAA\u{1B}\\")
    #expect(lines[3...5] == ["", "", ""])
    #expect(lines[6].hasPrefix("  created_at"))
  }

  /// Below 20×6 the screen says the terminal is too small, within its width, wrapped at word
  /// boundaries (never "Terminal too sm"), as many lines as fit; a word wider than the terminal
  /// is the one thing cut.
  @Test func goldenTooSmall() {
    let state = ScreenState(rows: screenRows(3), size: size)
    #expect(
      plain.render(state, size: ScreenSize(columns: 19, rows: 8)) == [
        "Terminal too small", "19x8, needs 20x6", "", "", "", "", "", "",
      ])
    #expect(
      plain.render(state, size: ScreenSize(columns: 15, rows: 6)) == [
        "Terminal too", "small", "15x6, needs", "20x6", "", "",
      ])
    #expect(
      plain.render(state, size: ScreenSize(columns: 10, rows: 2)) == ["Terminal", "too small"])
    #expect(
      plain.render(state, size: ScreenSize(columns: 5, rows: 4)) == [
        "Termi", "nal", "too", "small",
      ])
    #expect(plain.render(state, size: ScreenSize(columns: 0, rows: 0)) == [])
  }

  /// At the smallest size, and with wide characters, no line runs past the right edge.
  @Test func neverPastTheRightEdge() throws {
    let tiny = ScreenSize.minimum
    var rows = screenRows(3)
    rows[1].entry.value = "チャック・ノリスは😀😀😀 ＷＩＤＥ"
    var state = ScreenState(rows: rows, size: tiny)
    state.showsIDs = true
    _ = state.press(.down)
    let lines = plain.render(state, size: tiny)
    #expect(lines.count == 6)
    for line in lines {
      let visible = line.replacing("\u{1B}[7m", with: "").replacing("\u{1B}[0m", with: "")
      #expect(TextWrapper.width(of: visible) <= 20)
    }
    // The title cut after a word; the compact entry: its text (shortened, a word wider than the
    // line cut), then its date and id.
    #expect(lines[0] == "Chuck Norris\u{2026}  Joke!")
    #expect(lines[1].hasPrefix("\u{1B}[7m  チャック・ノリス\u{2026}"))
    #expect(lines[2].hasPrefix("\u{1B}[7m  2020-01-02"))
    _ = state.press(.enter)
    _ = state.handle(
      .jokeLoaded(
        ScreenState.Shown(try makeJoke(id: screenID(1), value: rows[1].entry.value), source: .chuck)
      ))
    for line in plain.render(state, size: tiny) { #expect(line.width <= 20) }
  }

  /// A mark (a favourite's star) gets a column of its own before every preview.
  @Test func marks() {
    var rows = screenRows(2)
    rows[0].mark = "★"
    let state = ScreenState(rows: rows, size: size)
    let lines = plain.render(state, size: size)
    #expect(lines[1] == selected("  ★ " + row(0)))
    #expect(lines[2] == "    " + row(1))
  }

  /// `?` lists the keys of the view shown, then those that work everywhere.
  @Test func goldenHelp() throws {
    let tall = ScreenSize(columns: 80, rows: 30)
    var state = ScreenState(size: tall)
    _ = state.press(.character("?"))
    let lines = plain.render(state, size: tall)
    #expect(lines[1] == "  Keys here")
    #expect(lines[3] == "  n, +                 Joke!: fetch a random joke and save it")
    #expect(lines[9] == "  f, a name, Enter     make the joke a favourite (\u{2605})")
    #expect(lines[10] == "  /, text, Enter       filter the list (Esc or Ctrl-G clears the filter)")
    #expect(lines[15] == "  q                    quit")
    #expect(lines[17] == "  Everywhere")
    #expect(lines[19] == "  1-9, Tab, Shift-Tab  switch tabs (or click a tab)")
    #expect(lines[20] == "  wheel                scroll")
    #expect(lines[23] == "  Ctrl-C               quit")
    #expect(lines[24] == "  ?                    this list of keys")
    #expect(lines[29] == "Up/Down scroll  any other key: back")
    // The list ends with the keys screen readers take, and Esc's second key.
    let all = ScreenHelp.lines(for: state).map(\.string)
    #expect(all.contains("  Screen readers"))
    let words = all.joined(separator: " ").split(separator: " ").joined(separator: " ")
    #expect(words.contains("Ctrl-G does what Esc does"))
    // The key named is the keymap's: a cancel remapped to Esc and x names x.
    let remapped = try ScreenKeymap.standard.remapping(["cancel": [.escape, .character("x")]])
    #expect(ScreenHelp.screenReaderNote(remapped)[0].string.hasSuffix(": x does what Esc does."))
    let escOnly = try ScreenKeymap.standard.remapping(["cancel": [.escape]])
    #expect(ScreenHelp.screenReaderNote(escOnly)[0].string.contains("a second key"))
    for line in all { #expect(line.count <= 80, "\(line)") }
  }

  /// A hostile joke (escape sequences, OSC title, bidi controls) is made safe as everywhere: the
  /// only escape sequences on the screen are the renderer's own.
  @Test func hostileTextIsMadeSafe() throws {
    let hostile = "\u{1B}[2J\u{1B}]0;owned\u{07}Boom\u{202E}\r\u{9B}31m!"
    var rows = screenRows(1)
    rows[0].entry.value = hostile
    var state = ScreenState(rows: rows, size: size)
    let listed = plain.render(state, size: size)[1]
    // As `chuck list` previews it: each sequence one placeholder, the carriage return a space.
    let preview = "\u{FFFD}\u{FFFD}Boom\u{FFFD} \u{FFFD}!"
    #expect(preview == JokePreview.make(hostile))
    let padding = String(repeating: " ", count: 33 - 10)
    #expect(listed == selected("  " + preview + padding + "  2020-01-01"))
    _ = state.press(.enter)
    _ = state.handle(
      .jokeLoaded(ScreenState.Shown(try makeJoke(id: screenID(0), value: hostile), source: .chuck)))
    for line in plain.render(state, size: size) {
      #expect(
        !line.contains("\u{1B}]") && !line.contains("\u{1B}[2J") && !line.contains("\u{202E}"))
    }
  }
}
