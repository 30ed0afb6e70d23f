import Foundation
import Testing

@testable import ChuckCore

/// What a declared source changes in what is shown: its own date format, and `chuck sources`'
/// mark and line saying where it was declared.
@Suite struct DeclaredSourceRenderingTests {
  /// No colours.
  private let plain = TextStyle(isEnabled: false)
  /// The Articles seed's date format.
  private let articles = "%a, %b %-d, '%y"

  /// The flag beats the source's own format, which beats the configuration's, which beats the
  /// default; a source without its own format (any built-in one) takes the configuration's.
  @Test func shownDatesOfASource() throws {
    let flag = try DateFormat("%d/%m/%Y")
    let configured = try ChuckConfiguration(environment: ["CHUCK_DATE_FORMAT": "%Y/%m/%d"])
    let unset = try ChuckConfiguration(environment: [:])
    let declared = JokeSource(TestArticles.self)
    let plainDeclared = JokeSource(TestGeek.self)
    #expect(
      ShownDates(flag: flag, source: declared, configuration: configured) == ShownDates(flag))
    #expect(
      ShownDates(flag: nil, source: declared, configuration: configured)
        == ShownDates(try DateFormat(articles)))
    #expect(
      ShownDates(flag: nil, source: declared, configuration: unset)
        == ShownDates(try DateFormat(articles)))
    #expect(
      ShownDates(flag: nil, source: plainDeclared, configuration: configured)
        == ShownDates(try DateFormat("%Y/%m/%d")))
    #expect(ShownDates(flag: nil, source: .dad, configuration: unset) == .standard)
    #expect(
      ShownDates(flag: nil, source: .chuck, configuration: configured)
        == ShownDates(source: nil, configuration: configured))
  }

  /// A built-in source, the default, and a declared one.
  private let rows = [
    SourceTableView.Row(
      name: "chuck", origin: "https://api.chucknorris.io", languages: "en", isDefault: true),
    SourceTableView.Row(
      name: "articles", origin: "http://127.0.0.1:9/articles", languages: "-", isDefault: false,
      declaredAt: "/home/me/.config/chuck/config:3"),
  ]

  /// Wide: a declared source's row is marked `(declared)`, and under the table a line says
  /// where it was declared, wrapped at spaces to the width; built-in rows have neither.
  @Test func sourceTableWide() {
    #expect(
      SourceTableView(width: 100, style: plain).render(rows)
        == "chuck     https://api.chucknorris.io   en  (default)\n"
        + "articles  http://127.0.0.1:9/articles  -  (declared)\n"
        + "articles (declared in /home/me/.config/chuck/config:3)\n")
    // The table is 52 columns wide; the line under it is never broken: a path is copied whole.
    #expect(
      SourceTableView(width: 52, style: plain).render(rows)
        == "chuck     https://api.chucknorris.io   en  (default)\n"
        + "articles  http://127.0.0.1:9/articles  -  (declared)\n"
        + "articles (declared in /home/me/.config/chuck/config:3)\n")
    let builtIn = SourceTableView(width: 100, style: plain).render(Array(rows.prefix(1)))
    #expect(!builtIn.contains("declared"))
    let styled = SourceTableView(width: 100, style: TextStyle(isEnabled: true)).render(rows)
    #expect(styled.contains("  (declared)\n"))
    #expect(!styled.contains("\u{1B}[2m"), "never dim")
    #expect(styled.contains("articles (declared in /home/me/.config/chuck/config:3)\n"))
    #expect(strippingSGR(styled) == SourceTableView(width: 100, style: plain).render(rows).string)
  }

  /// Narrow: where a declared source was declared is one more indented line of its block.
  @Test func sourceTableNarrow() {
    #expect(
      SourceTableView(width: 51, style: plain).render(rows)
        == "chuck (default)\n  https://api.chucknorris.io\n  languages: en\n"
        + "articles\n  http://127.0.0.1:9/articles\n  languages: -\n"
        + "  (declared in /home/me/.config/chuck/config:3)\n")
    #expect(
      SourceTableView(width: 30, style: plain).render(Array(rows.suffix(1)))
        == "articles\n  http://127.0.0.1:9/articles\n  languages: -\n  (declared in\n"
        + "  /home/me/.config/chuck/config:3)\n")
  }

  /// A path with control characters is shown safely.
  @Test func declaredPathSanitized() {
    let row = SourceTableView.Row(
      name: "articles", origin: "https://example.com", languages: "-", isDefault: false,
      declaredAt: "/tmp/\u{1B}[31mred\u{7}:1")
    for width in [100, 20] {
      let output = SourceTableView(width: width, style: plain).render([row])
      #expect(!hasUnsafeScalar(output))
      #expect(output.contains("red"))
    }
  }
}
