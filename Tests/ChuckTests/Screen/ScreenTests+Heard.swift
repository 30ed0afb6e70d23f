import ChuckTestSupport
import Foundation
import Testing

/// The screen as a blind user hears it: through Fenrir, Debian's console screen reader, in its
/// pseudo-terminal mode (``FenrirScreen``). Fenrir reads what *changed* on screen, in screen
/// order, and the line under the cursor only when a key moves the cursor and changes no text;
/// these tests press keys and check what it said.
@Suite(.serialized) struct ScreenHeardTests {
  /// Six jokes a day apart, so the list shows them in this order; each has words of its own
  /// within its first 30 characters (the normal mode's preview).
  private static let jokes = [
    MadeUpJoke(1, "Chuck Norris counted to infinity. Twice.", createdAt: "2020-01-01 10:00:00"),
    MadeUpJoke(2, "Chuck Norris can divide by zero.", createdAt: "2020-01-02 10:00:00"),
    MadeUpJoke(3, "Chuck Norris can slam a revolving door.", createdAt: "2020-01-03 10:00:00"),
    MadeUpJoke(4, "Chuck Norris makes onions cry.", createdAt: "2020-01-04 10:00:00"),
    MadeUpJoke(5, "Chuck Norris can hear sign language.", createdAt: "2020-01-05 10:00:00"),
    MadeUpJoke(6, "Chuck Norris does not sleep. He waits.", createdAt: "2020-01-06 10:00:00"),
  ]
  /// Words that only each row says, in the order of the rows.
  private static let words = [
    "counted to", "divide by", "slam a", "makes onions", "hear sign", "does not",
  ]

  /// The rows' words an utterance holds, in the order it says them.
  private static func rowsSaid(in text: String) -> [Int] {
    words.indices.compactMap { row in
      text.range(of: words[row]).map { (row, $0.lowerBound) }
    }.sorted { $0.1 < $1.1 }.map(\.0)
  }

  private static func sandbox(rules: [String] = []) async throws -> (FakeAPI, ChuckSandbox) {
    let (api, sandbox) = try await startSandbox(rules: rules)
    try sandbox.writeList(jokes.map { $0.served(by: api) })
    return (api, sandbox)
  }

  /// Each move (j, k, Down, Up, g, G) says the row reached, alone: one utterance, no other row
  /// in it, also when the list scrolls (the terminal's body holds five of the six rows); opening
  /// says the selected row within the first utterance, before any other row; a move in the
  /// detail says one line. In the accessible mode the detail starts with the joke, and back from
  /// the detail says the selected row first and alone in its first utterance, not the list from
  /// row 1 (the normal mode draws a view in one write, within a 60 Hz frame, and is read top
  /// first). No utterance is a braille pattern or a lone symbol.
  @Test(arguments: [false, true]) func eachMoveSaysTheRowReached(accessible: Bool) async throws {
    let (_, sandbox) = try await Self.sandbox()
    let screen = try FenrirScreen(
      sandbox: sandbox, arguments: accessible ? ["--accessible"] : [], rows: 8)
    defer { screen.stop() }
    var heard: [FenrirScreen.Utterance] = []

    let opening = await screen.utterances(after: 0)
    heard += opening
    let first = try #require(opening.first { $0.isSpeech }, "nothing said at the start")
    // The selected row is the first one at the opening, so this holds also when Fenrir, busy
    // starting, read the frame's two writes at once.
    #expect(Self.rowsSaid(in: first.text).first == 0, "opening: \(opening)")

    for (key, row) in [("j", 1), ("j", 2), ("Down", 3), ("k", 2), ("Up", 1), ("G", 5), ("g", 0)] {
      let said = try await screen.press(key)
      heard += said
      let speech = said.filter { $0.isSpeech }
      #expect(speech.count == 1, "\(key): \(said)")
      #expect(speech.first.map { Self.rowsSaid(in: $0.text) } == [row], "\(key): \(said)")
      if accessible {
        #expect(speech.first?.text.contains("\(row + 1) of 6") == true, "\(key): \(said)")
      }
    }

    // Down to the fourth row, into its detail and back.
    for key in ["j", "j", "j"] { heard += try await screen.press(key) }
    let detail = try await screen.press("Enter")
    heard += detail
    let detailFirst = try #require(detail.first { $0.isSpeech }, "the detail said nothing")
    if accessible {
      // The joke first, whole; its id is not read before it.
      #expect(
        detailFirst.text.trimmingCharacters(in: .whitespaces).hasPrefix(
          "Chuck Norris makes onions"),
        "\(detail)")
    } else {
      #expect(detailFirst.text.contains(Self.jokes[3].id.prefix(4)), "\(detail)")
    }
    for _ in 0..<3 {
      let line = try await screen.press("j", seconds: 3)
      heard += line
      #expect(line.filter { $0.isSpeech }.count <= 1, "a detail's line: \(line)")
    }
    let back = try await screen.press("Escape")
    heard += back
    let backFirst = try #require(back.first { $0.isSpeech }, "back said nothing")
    if accessible {
      #expect(Self.rowsSaid(in: backFirst.text) == [3], "back: \(back)")
    } else {
      #expect(Self.rowsSaid(in: backFirst.text).contains(3), "back: \(back)")
    }

    for utterance in heard where utterance.isSpeech {
      #expect(!utterance.hasBraille && !utterance.isGlyphOnly, "\(utterance)")
    }
    #expect(!heard.contains { $0.isGlyphOnly }, "\(heard)")
    try screen.tmux.send("q")
  }

  /// While Joke! fetches (the fake waits two seconds), nothing turns in words: the activity
  /// indicator changes attributes only, so Fenrir says nothing of it; the saved joke's news is
  /// said as soon as it comes. No utterance is a braille pattern or a lone symbol.
  @Test func fetchingSaysNoSpinner() async throws {
    let (_, sandbox) = try await Self.sandbox(rules: [#"{"path":"/jokes/random","delay":2}"#])
    let screen = try FenrirScreen(sandbox: sandbox)
    defer { screen.stop() }
    _ = await screen.utterances(after: 0)
    let before = screen.mark
    try screen.tmux.send("n")
    #expect(await screen.tmux.waitFor { $0.contains("Saved") })
    let said = await screen.utterances(after: before, seconds: 5)
    #expect(said.filter { $0.isSpeech }.count <= 4, "\(said)")
    for utterance in said {
      #expect(!utterance.hasBraille && !utterance.isGlyphOnly, "\(utterance)")
    }
    #expect(said.contains { $0.text.contains("Saved") }, "\(said)")
    try screen.tmux.send("q")
  }

  /// With Fenrir's own keymap a lone Esc is "stop speaking" and never reaches chuck: Ctrl-G,
  /// Esc's second key, clears the filter, and what is said first is the selected row (the
  /// accessible mode).
  @Test func ctrlGClearsTheFilterWhereEscIsTaken() async throws {
    let (_, sandbox) = try await Self.sandbox()
    let screen = try FenrirScreen(sandbox: sandbox, arguments: ["--accessible"], keymap: .stock)
    defer { screen.stop() }
    _ = await screen.utterances(after: 0)
    try screen.tmux.send("/")
    try screen.tmux.send("-l", "onions")
    #expect(await screen.tmux.waitFor { !$0.contains("divide by") })
    try screen.tmux.send("Enter")
    #expect(await screen.tmux.waitFor { $0.contains("makes onions") && !$0.contains("divide") })
    try screen.tmux.send("Escape")
    try await Task.sleep(for: .seconds(1))
    #expect(!screen.tmux.screen().contains("divide by"), "Esc reached chuck through Fenrir")
    let cleared = try await screen.press("C-g")
    #expect(screen.tmux.screen().contains("divide by"), "Ctrl-G did not clear the filter")
    let first = try #require(cleared.first { $0.isSpeech }, "nothing said")
    #expect(Self.rowsSaid(in: first.text) == [3], "\(cleared)")
    try screen.tmux.send("q")
  }
}
