import Testing

@testable import ChuckCore

@Suite struct JokeFormatTests {
  private func joke() throws -> ChuckJoke {
    try makeJoke(
      id: "formatJokeNumber000001", value: "Chuck Norris\n\tcounts \u{1B}]0;x\u{07}to infinity.",
      categories: ["dev", "explicit"], createdAt: "2020-01-05 13:42:19.104863")
  }

  private func official() throws -> OfficialJoke {
    try OfficialJoke(
      received: [
        "id": .number(15), "type": .string("programming"),
        "setup": .string("What's the best thing about a Boolean?"),
        "punchline": .string("Even if you're wrong, you're only off by a bit."),
      ], savedAt: PostgresTimestamp("2026-11-24 10:00:00")!)
  }

  /// Every field, braces doubled, the text made safe (a title sequence cannot get through).
  @Test func fields() throws {
    let format = try JokeFormat(
      "{{{id}}} {source} [{categories}] {date} {url} {setup}|{punchline}|")
    #expect(
      format.render(try joke(), source: .chuck).string
        == "{formatJokeNumber000001} chuck [dev, explicit] 2020-01-05 "
        + "https://api.chucknorris.io/jokes/formatJokeNumber000001 Chuck Norris\n\tcounts "
        + "\u{FFFD}to infinity.||\n")
    let twoPart = try JokeFormat("{value}").render(try official(), source: .official)
    #expect(
      twoPart.string
        == "What's the best thing about a Boolean?\nEven if you're wrong, you're only off by a bit.\n"
    )
    #expect(try JokeFormat(nil).render(try official(), source: .official) == twoPart)
  }

  /// Unknown names and lone braces are refused, naming the fields.
  @Test func badTemplates() {
    #expect(
      throws: ChuckError.invalidArgument(
        "--format: no field is named {text}; the fields: {value}, {setup}, {punchline}, {id}, "
          + "{source}, {categories}, {url}, {date}")
    ) { try JokeFormat("{text}") }
    #expect(throws: ChuckError.self) { try JokeFormat("{value") }
    #expect(throws: ChuckError.self) { try JokeFormat("a } b") }
    #expect(throws: ChuckError.self) { try JokeFormat(nil, maximumWidth: 0) }
  }

  /// `--oneline` collapses whitespace; `--max-width` cuts in columns with `…`, never inside a
  /// grapheme or a wide character.
  @Test func oneLineAndWidth() throws {
    #expect(
      try JokeFormat(nil, oneLine: true).render(try joke(), source: .chuck).string
        == "Chuck Norris counts \u{FFFD}to infinity.\n")
    #expect(
      try JokeFormat(nil, oneLine: true, maximumWidth: 12).render(try joke(), source: .chuck).string
        == "Chuck Norri\u{2026}\n")
    let wide = JokeFormat.cut(TerminalText(sanitizing: "日本語のジョーク"), width: 6)
    #expect(wide.string == "日本\u{2026}", "two wide characters and the ellipsis")
    let family = JokeFormat.cut(TerminalText(sanitizing: "ab👨‍👩‍👧cd"), width: 4)
    #expect(family.string == "ab\u{2026}", "a grapheme that does not fit goes whole")
    #expect(JokeFormat.cut(TerminalText(sanitizing: "short"), width: 9).string == "short")
  }

  /// waybar: text on one line (cut to the width), tooltip whole, class the source and the
  /// categories; JSON-escaped, terminal controls too.
  @Test func waybar() throws {
    let line = try JokeFormat("waybar", maximumWidth: 20).render(try joke(), source: .chuck)
    #expect(
      line.string
        == #"{"class":["chuck","dev","explicit"],"text":"Chuck Norris counts…","tooltip":"Chuck Norris\n\tcounts \u001b]0;x\u0007to infinity."}"#
        + "\n")
    #expect(!line.string.contains("\u{1B}"))
  }
}
