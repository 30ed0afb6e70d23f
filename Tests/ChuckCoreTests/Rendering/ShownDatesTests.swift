import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

/// The dates `list`, `show` and `{date}` write: the flag's format, else the configuration's, else
/// `chuck`'s own, which write exactly what they always did.
@Suite struct ShownDatesTests {
  private let plain = TextStyle(isEnabled: false)
  private let articles = "%a, %b %-d, '%y"

  private func timestamp(_ text: String) throws -> PostgresTimestamp {
    try #require(PostgresTimestamp(text))
  }

  /// The flag beats the configuration, which beats the default.
  @Test func flagThenConfigurationThenDefault() throws {
    let flag = try DateFormat("%d/%m/%Y")
    let configured = try ChuckConfiguration(environment: ["CHUCK_DATE_FORMAT": articles])
    let unset = try ChuckConfiguration(environment: [:])
    #expect(ShownDates(flag: flag, source: nil, configuration: configured) == ShownDates(flag))
    #expect(
      ShownDates(source: nil, configuration: configured) == ShownDates(try DateFormat(articles)))
    #expect(ShownDates(source: nil, configuration: unset) == .standard)
    #expect(ShownDates(flag: flag, source: nil, configuration: unset) == ShownDates(flag))
  }

  /// `chuck`'s own dates are the Swedish date and, for an instant, the date and time and ` UTC`;
  /// a user's format writes both, with nothing added.
  @Test func standardAndUsersDates() throws {
    let stamp = try timestamp("2020-07-08 16:10:49.123456")
    #expect(ShownDates.standard.date.string(stamp) == "2020-07-08")
    #expect(ShownDates.standard.instant.string(stamp) == "2020-07-08 16:10:49 UTC")
    #expect(DateFormat.swedishDateTime.pattern == "%Y-%m-%d %H:%M:%S UTC")
    #expect(try DateFormat("%Y-%m-%d %H:%M:%S UTC") == DateFormat.swedishDateTime)
    let users = ShownDates(try DateFormat(articles))
    #expect(users.date.string(stamp) == "Wed, Jul 8, '20")
    #expect(users.instant.string(stamp) == "Wed, Jul 8, '20")
  }

  /// `DateFormat.swedishDateTime` writes what `show` always wrote (`SwedishDateFormatter`'s date
  /// and time and ` UTC`), on random instants from the year 1 to 9999 and around the change of
  /// calendar.
  @Test func swedishDateTimeAgreesWithSwedishDateFormatter() throws {
    let formatter = SwedishDateFormatter()
    let first = try timestamp("0001-01-01 00:00:00").microseconds
    let last = try timestamp("9999-12-31 23:59:59.999999").microseconds
    let change = try timestamp("1582-10-15 00:00:00").microseconds
    let day: Int64 = 86_400_000_000
    var instants = [first, last, change, change - 1, change - day, 0, -1, -1_000_000, 999_999]
    var generator = SeededGenerator(seed: 11)
    for _ in 0..<3000 {
      instants.append(Int64.random(in: first...last, using: &generator))
    }
    for micros in instants {
      let value = PostgresTimestamp(microseconds: micros)
      #expect(
        DateFormat.swedishDateTime.string(value) == formatter.dateTime(value) + " UTC",
        "\(value.text)")
    }
  }

  /// A joke's detail rows in `chuck`'s own format are its `detailFields`, for every kind; in a
  /// user's format only the dates change.
  @Test func detailFields() throws {
    let chuck = try makeJoke(
      createdAt: "2020-07-08 16:10:49.123456", updatedAt: "2021-02-03 04:05:06.7")
    let standard = chuck.detailFields(instants: .swedishDateTime)
    #expect(standard.map(\.label) == chuck.detailFields.map(\.label))
    #expect(standard.map(\.value) == chuck.detailFields.map(\.value))
    let format = try DateFormat(articles)
    let users = chuck.detailFields(instants: format)
    #expect(users.map(\.label) == chuck.detailFields.map(\.label))
    #expect(users[0].value == "Wed, Jul 8, '20")
    #expect(users[1].value == "Wed, Feb 3, '21")
    #expect(users.dropFirst(2).map(\.value) == chuck.detailFields.dropFirst(2).map(\.value))

    let dad = try DadJoke(
      received: ["id": .string("R7UfaahVfFd"), "joke": .string("A dad joke.")],
      savedAt: try timestamp("2020-07-08 16:10:49"))
    #expect(dad.detailFields.first?.value == "2020-07-08 16:10:49 UTC")
    #expect(
      dad.detailFields(instants: .swedishDateTime).map(\.value) == dad.detailFields.map(\.value))
    let dadUsers = dad.detailFields(instants: format)
    #expect(dadUsers.first?.label == "saved_at" && dadUsers.first?.value == "Wed, Jul 8, '20")
    #expect(dadUsers.dropFirst().map(\.value) == dad.detailFields.dropFirst().map(\.value))
  }

  /// The views and `{date}` write dates in the format they are given, `chuck`'s own by default.
  @Test func viewsTakeTheFormat() throws {
    let joke = try makeJoke(createdAt: "2020-07-08 16:10:49.123456")
    let format = try DateFormat(articles)

    let detail = JokeDetailView(width: 80, style: plain)
    #expect(detail.render(joke).string.contains("created_at  2020-07-08 16:10:49 UTC\n"))
    let users = detail.render(joke, instants: format).string
    #expect(users.contains("created_at  Wed, Jul 8, '20\n"))
    #expect(!users.contains("UTC"))

    let list = JokeListView(width: 80, style: plain)
    #expect(list.render(rows: [joke.listRow]).string.contains("  2020-07-08  \(joke.id)\n"))
    let listed = JokeListView(width: 80, style: plain, dates: format).render(rows: [joke.listRow])
    #expect(listed.string.contains("  Wed, Jul 8, '20  \(joke.id)\n"))
    #expect(joke.listRow.dateAndID(format).string == "Wed, Jul 8, '20  \(joke.id)")
    #expect(
      joke.listRow.dateAndID(DateFormat.swedish)
        == joke.listRow.dateAndID(SwedishDateFormatter()))

    let template = try JokeFormat("{date} {id}")
    #expect(template.render(joke, source: .chuck).string == "2020-07-08 \(joke.id)\n")
    #expect(
      template.render(joke, source: .chuck, dates: try DateFormat("%d/%m/%Y")).string
        == "08/07/2020 \(joke.id)\n")
  }
}
