import Foundation
import Testing

@testable import ChuckCore

@Suite struct JokeListViewTests {
  private let plain = TextStyle(isEnabled: false)

  private func twoJokes() throws -> [ChuckJoke] {
    [
      try makeJoke(
        id: "CfW0ccNFTpeq_v1r13IjTQ", value: "The lord giveth and Chuck Norris taketh away",
        createdAt: "2020-01-05 13:42:18.823766"),
      try makeJoke(
        id: "shrt5Jk8Lm1Np4Qr7St0Uv", value: "Chuck Norris is.",
        createdAt: "2018-12-31 23:59:59.99"),
    ]
  }

  /// At 80 columns: title, then per joke a blank line, preview and `date  id`, margin 2.
  @Test func goldenAt80() throws {
    let output = JokeListView(width: 80, style: plain).render(try twoJokes())
    #expect(
      output == """
          Chuck Norris Jokes

          The lord giveth and Chuck Norr...
          2020-01-05  CfW0ccNFTpeq_v1r13IjTQ

          Chuck Norris is.
          2018-12-31  shrt5Jk8Lm1Np4Qr7St0Uv

        """)
  }

  /// A row with a heading (a favourite's name, bold and made safe) and a row with no date (a
  /// search result of a service without dates), which shows its id alone.
  @Test func headingAndNoDate() {
    let rows = [
      JokeListView.Row(
        id: "dad R7UfaahVfFd", date: PostgresTimestamp("2026-11-24 10:00:00"),
        value: "My dog used to chase people on a bike.", dateLabel: "added ",
        heading: "Bike\u{1B}[2J"),
      JokeListView.Row(id: "HtcNuHJBQCd", date: nil, value: "Kids.", isSaved: true),
    ]
    let output = JokeListView(width: 80, style: TextStyle(isEnabled: true), title: "T")
      .render(rows: rows)
    #expect(
      output == """
          \u{1B}[1mT\u{1B}[0m

          \u{1B}[1mBike\u{FFFD}\u{1B}[0m
          My dog used to chase people on...
          added 2026-11-24  dad R7UfaahVfFd

          Kids.
          HtcNuHJBQCd  (saved)

        """)
  }

  /// An empty list shows the title and a line saying how to fetch the first joke.
  @Test func emptyList() {
    let output = JokeListView(width: 80, style: plain).render([])
    #expect(
      output
        == "  Chuck Norris Jokes\n\n  Your list is empty. Fetch your first joke with: chuck random\n"
    )
  }

  /// The empty-list line wraps on a narrow terminal instead of overflowing it.
  @Test func emptyListNarrow() {
    let output = JokeListView(width: 30, style: plain).render([])
    #expect(
      output == """
          Chuck Norris Jokes

          Your list is empty. Fetch
          your first joke with:
          chuck random

        """)
  }

  /// Below 24 columns the margins are dropped and the date line wraps at its space.
  @Test func narrowGolden() throws {
    let output = JokeListView(width: 23, style: plain).render(try twoJokes())
    #expect(
      output == """
        Chuck Norris Jokes

        The lord giveth and
        Chuck Norr...
        2020-01-05
        CfW0ccNFTpeq_v1r13IjTQ

        Chuck Norris is.
        2018-12-31
        shrt5Jk8Lm1Np4Qr7St0Uv

        """)
  }

  /// Colours on: the title is bold (SGR 1), the preview and the date line plain (never dim,
  /// SGR 2: faint text is text a low-vision user cannot read).
  @Test func coloursOn() throws {
    let output = JokeListView(width: 80, style: TextStyle(isEnabled: true)).render(
      [try twoJokes()[1]])
    #expect(
      output == "  \u{1B}[1mChuck Norris Jokes\u{1B}[0m\n\n  Chuck Norris is.\n"
        + "  2018-12-31  shrt5Jk8Lm1Np4Qr7St0Uv\n")
  }

  /// With colours off, no escape character is written at all, whatever the jokes hold.
  @Test func coloursOffWritesNoEscape() throws {
    let hostile = try makeJoke(value: "\u{1B}[31mred\u{1B}[0m \u{1B}]52;c;aGk=\u{07}\r\u{202E}x")
    let jokes = try Samples.realJokes() + Samples.madeUpJokes() + [hostile]
    let output = JokeListView(width: 80, style: plain).render(jokes)
    #expect(!output.contains("\u{1B}"))
    #expect(!hasUnsafeScalar(output))
    #expect(output.contains("  \u{FFFD}red\u{FFFD} \u{FFFD} \u{FFFD}x\n"))
  }

  /// Each saved joke shows its preview, its created date and its id, in the order given.
  @Test func everyJokeShown() throws {
    let jokes = try Samples.madeUpJokes()
    let output = JokeListView(width: 80, style: plain).render(jokes)
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 1 + jokes.count * 3 + 1)
    let dates = SwedishDateFormatter()
    for (index, joke) in jokes.enumerated() {
      #expect(lines[2 + index * 3] == "  " + JokePreview.make(joke.value).string)
      #expect(lines[3 + index * 3] == "  " + dates.date(joke.created) + "  " + joke.id)
      #expect(lines[1 + index * 3].isEmpty)
    }
  }

  /// No line is wider than 1 to 120 columns, colours on or off (1 column: narrow text only),
  /// but for a word wider than a line (an id), which stands whole on a line of its own.
  @Test func neverWiderThanTerminal() throws {
    let jokes = try Samples.realJokes() + Samples.madeUpJokes()
    let narrowJokes = jokes.filter {
      JokePreview.make($0.value).allSatisfy { TextWrapper.width(of: $0) == 1 }
    }
    var violations: [String] = []
    for width in 1...120 {
      for enabled in [false, true] {
        let shown = width == 1 ? narrowJokes : jokes
        let output = JokeListView(width: width, style: TextStyle(isEnabled: enabled)).render(shown)
        for line in strippingSGR(output).split(separator: "\n")
        where TextWrapper.width(of: line) > width && line.drop(while: { $0 == " " }).contains(" ") {
          violations.append("\(width): \(line)")
        }
      }
    }
    let tooWide = violations.count
    #expect(tooWide == 0, "e.g. \(violations.prefix(4))")
  }

  /// The 2-column margin is kept on both sides from 24 columns on (a word wider than the space
  /// between them, an id at 24 columns, stands whole on its own line).
  @Test func marginsOnBothSides() throws {
    let jokes = try Samples.realJokes()
    for width in [24, 33, 40, 80] {
      let output = JokeListView(width: width, style: plain).render(jokes)
      for line in output.split(separator: "\n") {
        #expect(line.hasPrefix("  ") && !line.hasPrefix("   "))
        #expect(
          TextWrapper.width(of: line) <= width - 2 || !line.dropFirst(2).contains(" "),
          "\(width): \(line)")
      }
    }
  }
}
