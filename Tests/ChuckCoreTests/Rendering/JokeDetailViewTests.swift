import Foundation
import Testing

@testable import ChuckCore

@Suite struct JokeDetailViewTests {
  private let plain = TextStyle(isEnabled: false)
  private let iconFile = JokeDetailView.Icon.file("/tmp/cache/icons/abc-chuck-norris.png")

  /// At 80 columns: the id, then the six labelled fields in order, the value wrapped.
  @Test func goldenAt80() throws {
    let output = JokeDetailView(width: 80, style: plain).render(try makeJoke(), icon: iconFile)
    #expect(
      output == """
          7ver3y48qqsfktpelir7ua
          icon        /tmp/cache/icons/abc-chuck-norris.png
          created_at  2020-01-05 13:42:19 UTC
          updated_at  2020-01-05 13:42:19 UTC
          link        https://api.chucknorris.io/jokes/7ver3y48qqsfktpelir7ua
          categories  dev
          value       Don't worry about tests, Chuck Norris's test cases cover your
                      code too.

        """)
  }

  /// On a narrow terminal each label has its own line and the value goes under it.
  @Test func narrowGolden() throws {
    let output = JokeDetailView(width: 24, style: plain).render(try makeJoke(), icon: iconFile)
    #expect(
      output == """
        7ver3y48qqsfktpelir7ua
        icon
        /tmp/cache/icons/abc-chu
        ck-norris.png
        created_at
        2020-01-05 13:42:19 UTC
        updated_at
        2020-01-05 13:42:19 UTC
        link
        https://api.chucknorris.
        io/jokes/7ver3y48qqsfktp
        elir7ua
        categories
        dev
        value
        Don't worry about tests,
        Chuck Norris's test
        cases cover your code
        too.

        """)
  }

  /// Keeping words (as `chuck show` does), a narrow terminal cuts nothing: the path and the link
  /// stand whole on lines of their own, every other line fits.
  @Test func narrowGoldenKeepingWords() throws {
    let output = JokeDetailView(width: 20, style: plain, keepingWords: true).render(
      try makeJoke(), icon: iconFile)
    #expect(
      output == """
        7ver3y48qqsfktpelir7ua
        icon
        /tmp/cache/icons/abc-chuck-norris.png
        created_at
        2020-01-05 13:42:19
        UTC
        updated_at
        2020-01-05 13:42:19
        UTC
        link
        https://api.chucknorris.io/jokes/7ver3y48qqsfktpelir7ua
        categories
        dev
        value
        Don't worry about
        tests, Chuck
        Norris's test cases
        cover your code too.

        """)
  }

  /// A label as wide as the label column (a service's own field name) puts its value under it,
  /// never past the width.
  @Test func longLabelPutsItsValueUnder() {
    let output = JokeDetailView(width: 40, style: plain).render(
      title: "id1", fields: [("a_very_long_label", "short value"), ("text", "t")])
    #expect(
      output == """
          id1
          a_very_long_label
                      short value
          text        t

        """)
  }

  /// Fields come in the spec's order, with created_at and updated_at each their own value.
  @Test func fieldOrder() throws {
    let joke = try ChuckJoke(
      id: "qUoTe8EntItY3aMp5Xy1Zw", value: "v", categories: ["explicit", "celebrity"],
      createdAt: "2016-05-01 10:51:41.584544", updatedAt: "2020-01-05 13:42:19")
    let output = JokeDetailView(width: 80, style: plain).render(joke, icon: iconFile)
    let labels = output.split(separator: "\n").dropFirst().map {
      $0.split(separator: " ").first.map(String.init) ?? ""
    }
    #expect(labels == ["icon", "created_at", "updated_at", "link", "categories", "value"])
    #expect(output.contains("  created_at  2016-05-01 10:51:41 UTC\n"))
    #expect(output.contains("  updated_at  2020-01-05 13:42:19 UTC\n"))
    #expect(output.contains("  categories  explicit, celebrity\n"))
  }

  /// A joke without categories says `uncategorized`.
  @Test func uncategorized() throws {
    let output = JokeDetailView(width: 80, style: plain).render(
      try makeJoke(categories: []), icon: iconFile)
    #expect(output.contains("  categories  uncategorized\n"))
  }

  /// An icon that could not be had shows the reason on the icon line.
  @Test func unavailableIcon() throws {
    let output = JokeDetailView(width: 80, style: plain).render(
      try makeJoke(), icon: .unavailable("the icon is not an image"))
    #expect(output.split(separator: "\n")[1] == "  icon        the icon is not an image")
  }

  /// An inline-image sequence is written intact on its own line, in the icon's place.
  @Test func inlineIconKeptIntact() throws {
    let sequence = InlineImage.kitty(png: try Samples.icon(), columns: 8, rows: 4)
    let output = JokeDetailView(width: 80, style: plain).render(
      try makeJoke(), icon: .inline(sequence))
    let lines = output.components(separatedBy: "\n")
    #expect(lines[0] == "  7ver3y48qqsfktpelir7ua")
    #expect(lines[1] == "  " + sequence)
    #expect(lines[2].hasPrefix("  created_at  "))
  }

  /// The value keeps its paragraphs and its text; every line wraps within the width.
  @Test func wrappedValue() throws {
    let value = String(repeating: "Chuck Norris can divide by zero. ", count: 12) + "\n\nThe end."
    let output = JokeDetailView(width: 50, style: plain).render(
      try makeJoke(value: value), icon: iconFile)
    let valueLines = output.split(separator: "\n", omittingEmptySubsequences: false)
      .drop { !$0.hasPrefix("  value") }.dropLast()
    #expect(valueLines.count > 3)
    #expect(valueLines.first?.hasPrefix("  value       Chuck Norris can divide by") == true)
    for line in valueLines.dropFirst() {
      #expect(line.isEmpty || line.hasPrefix(String(repeating: " ", count: 14)))
      #expect(TextWrapper.width(of: line) <= 48)
    }
    #expect(valueLines.last == "              The end.")
    let words = valueLines.joined(separator: " ").split(separator: " ").dropFirst()
    #expect(
      words.joined(separator: " ")
        == value.split(whereSeparator: \.isWhitespace).joined(separator: " "))
  }

  /// Server text in every field is made safe; colours off write no escape at all.
  @Test func hostileTextRenderedSafe() throws {
    let joke = try ChuckJoke(
      id: "abcd", value: "Chuck \u{1B}[31mred\u{1B}[0m\r\u{1B}]52;c;aGk=\u{07}\u{202E}x\u{85}y",
      categories: ["\u{1B}]8;;https://evil.example/\u{1B}\\dev"],
      createdAt: "2020-01-05 13:42:19", url: "https://x.example/\u{1B}[2J\u{9B}H")
    let output = JokeDetailView(width: 80, style: plain).render(
      joke, icon: .file("/tmp/\u{1B}]0;title\u{07}x.png"))
    #expect(!output.contains("\u{1B}"))
    #expect(!hasUnsafeScalar(output))
    #expect(
      output.contains("  value       Chuck \u{FFFD}red\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}x\u{FFFD}y\n")
    )
    #expect(output.contains("  link        https://x.example/\u{FFFD}\u{FFFD}\n"))
    #expect(output.contains("  categories  \u{FFFD}dev\n"))
    #expect(output.contains("  icon        /tmp/\u{FFFD}x.png\n"))
  }

  /// Colours on: the title is bold (SGR 1), nothing else styled (labels are never dim).
  @Test func coloursOn() throws {
    let output = JokeDetailView(width: 80, style: TextStyle(isEnabled: true)).render(
      try makeJoke(), icon: iconFile)
    let lines = output.split(separator: "\n")
    #expect(lines[0] == "  \u{1B}[1m7ver3y48qqsfktpelir7ua\u{1B}[0m")
    #expect(lines[1] == "  icon        /tmp/cache/icons/abc-chuck-norris.png")
    #expect(lines[5] == "  categories  dev")
    let uncoloured = JokeDetailView(width: 80, style: plain).render(try makeJoke(), icon: iconFile)
    #expect(strippingSGR(output) == uncoloured)
  }

  /// No line is wider than 1 to 120 columns (1 column: narrow text only).
  @Test func neverWiderThanTerminal() throws {
    let real = try Samples.realJokes()
    let longest = try #require(real.max { $0.value.count < $1.value.count })
    let jokes = try Samples.madeUpJokes() + [longest, real[0]]
    var violations: [(width: Int, line: String)] = []
    for width in 1...120 {
      let view = JokeDetailView(width: width, style: TextStyle(isEnabled: width % 2 == 0))
      for joke in jokes {
        if width == 1, !joke.value.allSatisfy({ TextWrapper.width(of: $0) == 1 }) { continue }
        for line in strippingSGR(view.render(joke, icon: iconFile)).split(separator: "\n")
        where TextWrapper.width(of: line) > width {
          violations.append((width, String(line)))
        }
      }
    }
    let failingWidths = Set(violations.map(\.width)).sorted()
    #expect(failingWidths.isEmpty, "too wide, e.g. \(violations.prefix(3).map(\.line))")
  }
}

extension JokeDetailViewTests {
  /// A service names its own fields: labels are made safe as values are, at every width.
  @Test(arguments: [80, 20])
  func hostileLabelsAreMadeSafe(width: Int) {
    let view = JokeDetailView(width: width, style: TextStyle(isEnabled: true))
    let output = view.render(
      title: "id\u{1B}]2;t\u{07}",
      fields: [("\u{1B}]52;c;eA==\u{07}clip", "v"), ("\u{1B}[2Jclear", "\u{9B}31mw")])
    #expect(!hasUnsafeScalar(strippingSGR(output)))
    #expect(output.contains("\u{FFFD}clip"))
    #expect(output.contains("\u{FFFD}clear"))
  }
}
