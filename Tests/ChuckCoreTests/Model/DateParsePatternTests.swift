import Testing

@testable import ChuckCore

@Suite struct DateParsePatternTests {
  private static let fields = "%Y %y %m %-m %b %B %d %-d %e %H %-H %M %S %a %A %%"

  private func read(_ pattern: String, _ text: String) throws -> String? {
    try DateParsePattern(pattern).timestamp(from: text)?.text
  }

  /// The Articles seed's dates, `6/25/2018`, read with `%m/%d/%Y` as midnight UTC; shown with
  /// its date format, the seed's `Mon, Jun 25, '18`.
  @Test func articlesSeed() throws {
    let pattern = try DateParsePattern("%m/%d/%Y")
    let date = try #require(pattern.timestamp(from: "6/25/2018"))
    #expect(date.text == "2018-06-25 00:00:00")
    #expect(try DateFormat("%a, %b %-d, '%y").string(date) == "Mon, Jun 25, '18")
    #expect(pattern.timestamp(from: "06/25/2018")?.text == "2018-06-25 00:00:00")
    #expect(pattern.description == "%m/%d/%Y")
    #expect(pattern.pattern == "%m/%d/%Y")
  }

  /// Each field reads what it names; names in any case, whole or cut to three letters.
  @Test(arguments: [
    ("%Y-%m-%d %H:%M:%S", "2020-01-05 13:42:19", "2020-01-05 13:42:19"),
    ("%Y%m%d", "20200105", "2020-01-05 00:00:00"),
    ("%-d.%-m.%y", "5.1.20", "2020-01-05 00:00:00"),
    ("%d/%m/%y", "31/12/69", "1969-12-31 00:00:00"),
    ("%d/%m/%y", "01/01/68", "2068-01-01 00:00:00"),
    ("%b %e, %Y", "Jan  5, 2020", "2020-01-05 00:00:00"),
    ("%b %e, %Y", "Jan 15, 2020", "2020-01-15 00:00:00"),
    ("%B %d %Y", "JANUARY 05 2020", "2020-01-05 00:00:00"),
    ("%B %d %Y", "sep 05 2020", "2020-09-05 00:00:00"),
    ("%b %d %Y", "September 05 2020", "2020-09-05 00:00:00"),
    ("%a, %d %b %Y %-H:%M", "Sun, 05 Jan 2020 9:07", "2020-01-05 09:07:00"),
    ("%A %d %b %Y", "wednesday 08 jul 2020", "2020-07-08 00:00:00"),
    ("%Y-%m-%dT%H:%M:%SZ", "2020-01-05T13:42:19Z", "2020-01-05 13:42:19"),
    ("%d%% %Y %m", "05% 2020 01", "2020-01-05 00:00:00"),
    ("%Y年%m月%d日", "2020年1月5日", "2020-01-05 00:00:00"),
  ])
  func readsEachField(pattern: String, text: String, expected: String) throws {
    #expect(try read(pattern, text) == expected)
  }

  /// Text that does not match as a whole, or names a day or time that does not exist, is no
  /// date.
  @Test(arguments: [
    ("%m/%d/%Y", "6/25/18"), ("%m/%d/%Y", "6/25/2018 "), ("%m/%d/%Y", " 6/25/2018"),
    ("%m/%d/%Y", "6-25-2018"), ("%m/%d/%Y", "2/30/2020"), ("%m/%d/%Y", "13/1/2020"),
    ("%m/%d/%Y", "0/1/2020"), ("%m/%d/%Y", "1/0/2020"), ("%m/%d/%Y", "123/1/2020"),
    ("%m/%d/%Y", ""), ("%Y-%m-%d %H:%M", "2020-01-05 24:00"),
    ("%Y-%m-%d %H:%M", "2020-01-05 23:60"), ("%b %d %Y", "Foo 05 2020"),
    ("%Y%m%d", "2020625"), ("%a %Y %m %d", "Mo 2020 01 05"),
  ])
  func refusesText(pattern: String, text: String) throws {
    #expect(try read(pattern, text) == nil)
  }

  /// A leap day exists in a leap year only.
  @Test func leapDays() throws {
    #expect(try read("%Y-%m-%d", "2020-02-29") == "2020-02-29 00:00:00")
    #expect(try read("%Y-%m-%d", "2000-02-29") == "2000-02-29 00:00:00")
    #expect(try read("%Y-%m-%d", "1900-02-29") == nil)
    #expect(try read("%Y-%m-%d", "2019-02-29") == nil)
  }

  /// A pattern that cannot read a date is refused, saying why and listing the fields.
  @Test(arguments: [
    ("", "the date pattern is empty"),
    ("%Y-%m-%d%", "the date pattern ends with a lone '%' (write %% for a percent sign)"),
    ("%Y-%m-%", "the date pattern ends with a lone '%' (write %% for a percent sign)"),
    ("%Y-%m-%d %-", "the date pattern ends with '%-', which is not a date field"),
    ("%Y-%m-%d %j", "'%j' is not a date field the pattern can read"),
    ("%-Y-%m-%d", "'%-Y' is not a date field the pattern can read"),
    ("%Y-%m-%d %-M", "'%-M' is not a date field the pattern can read"),
    ("%Y-%m-%d %z", "'%z' is not a date field the pattern can read"),
    ("%Y %y %m %d", "the date pattern reads the year twice ('%Y' and '%y'): name it once"),
    ("%Y %m %b %d", "the date pattern reads the month twice ('%m' and '%b'): name it once"),
    ("%Y %m %d %e", "the date pattern reads the day twice ('%d' and '%e'): name it once"),
    ("%Y %m %d %H %H", "the date pattern reads the hour twice ('%H' and '%H'): name it once"),
    ("%a %Y %m %d %A", "the date pattern reads the weekday twice ('%a' and '%A'): name it once"),
    (
      "%m/%d",
      "the date pattern does not read the year: a date needs the year (%Y or %y), the month "
        + "(%m, %-m or %b) and the day (%d, %-d or %e)"
    ),
    (
      "%H:%M",
      "the date pattern does not read the year, the month and the day: a date needs the year "
        + "(%Y or %y), the month (%m, %-m or %b) and the day (%d, %-d or %e)"
    ),
    ("%Y-%m-%d\n", "the date pattern holds a control character (U+000A)"),
    ("%Y-%m-%d\u{1B}[31m", "the date pattern holds a control character (U+001B)"),
    (
      String(repeating: "x", count: 201) + "%Y%m%d",
      "the date pattern is longer than 200 characters (207)"
    ),
  ])
  func refusesPattern(pattern: String, problem: String) {
    #expect(throws: ChuckError.invalidArgument(problem + ": the fields are " + Self.fields)) {
      try DateParsePattern(pattern)
    }
  }

  /// The field list the messages give is the one the type publishes.
  @Test func fieldList() {
    #expect(DateParsePattern.fieldList == Self.fields)
  }
}
