import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

@Suite struct DateFormatTests {
  /// Every field, separated by bars.
  private static let everyField = "%a|%A|%b|%B|%d|%-d|%e|%m|%-m|%y|%Y|%H|%-H|%M|%S|%j|%%"
  private static let fieldList = "%a %A %b %B %d %-d %e %m %-m %y %Y %H %-H %M %S %j %%"

  private func timestamp(_ text: String) throws -> PostgresTimestamp {
    try #require(PostgresTimestamp(text))
  }

  /// The Articles seed's date: `%a, %b %-d, '%y`.
  @Test func articlesSeed() throws {
    let format = try DateFormat("%a, %b %-d, '%y")
    #expect(format.string(try timestamp("2020-07-08 16:10:49.123456")) == "Wed, Jul 8, '20")
    #expect(format.pattern == "%a, %b %-d, '%y")
  }

  /// The default is the first seed's Swedish date, and the same as the pattern `%Y-%m-%d`.
  @Test func swedishDefault() throws {
    #expect(DateFormat.swedish.string(try timestamp("2020-01-05 13:42:19.104863")) == "2020-01-05")
    #expect(DateFormat.swedish.pattern == "%Y-%m-%d")
    #expect(try DateFormat("%Y-%m-%d") == DateFormat.swedish)
    #expect(try DateFormat("%Y-%m-%d ") != DateFormat.swedish)
  }

  /// Every field on hand-checked dates (the day of the year, weekday and padding included).
  @Test(arguments: [
    ("2020-02-29 12:34:56", "Sat|Saturday|Feb|February|29|29|29|02|2|20|2020|12|12|34|56|060|%"),
    ("1970-01-01 00:00:00", "Thu|Thursday|Jan|January|01|1| 1|01|1|70|1970|00|0|00|00|001|%"),
    ("1999-12-31 23:59:59.999", "Fri|Friday|Dec|December|31|31|31|12|12|99|1999|23|23|59|59|365|%"),
    ("2038-01-19 03:14:07", "Tue|Tuesday|Jan|January|19|19|19|01|1|38|2038|03|3|14|07|019|%"),
    ("1969-07-20 20:17:40", "Sun|Sunday|Jul|July|20|20|20|07|7|69|1969|20|20|17|40|201|%"),
    ("1900-01-01 00:00:00", "Mon|Monday|Jan|January|01|1| 1|01|1|00|1900|00|0|00|00|001|%"),
    ("2020-12-31 09:05:03", "Thu|Thursday|Dec|December|31|31|31|12|12|20|2020|09|9|05|03|366|%"),
    // The Gregorian calendar's first day, and the Julian day before it (1582-10-04), as the
    // Swedish dates show them; the year's first of January was a Julian date.
    ("1582-10-15 00:00:00", "Fri|Friday|Oct|October|15|15|15|10|10|82|1582|00|0|00|00|278|%"),
    ("1582-10-14 23:00:00", "Thu|Thursday|Oct|October|04|4| 4|10|10|82|1582|23|23|00|00|277|%"),
    // Julian dates in a leap year (1500 is one there, not in the Gregorian calendar).
    ("1500-03-10 06:07:08", "Sat|Saturday|Feb|February|29|29|29|02|2|00|1500|06|6|07|08|060|%"),
  ])
  func everyField(text: String, expected: String) throws {
    let format = try DateFormat(Self.everyField)
    #expect(format.string(try timestamp(text)) == expected)
  }

  /// Text around the fields is written as it is, UTF-8 included.
  @Test func literals() throws {
    let format = try DateFormat("den %-d %B år %Y ✓ 100%% – %H.%M")
    #expect(
      format.string(try timestamp("2021-03-04 05:06:07")) == "den 4 March år 2021 ✓ 100% – 05.06")
    #expect(try DateFormat("plain").string(try timestamp("2021-03-04 05:06:07")) == "plain")
  }

  /// `DateFormat.swedish` writes what `SwedishDateFormatter` does, on random instants from the
  /// year 1 to 9999 and around the change of calendar.
  @Test func agreesWithSwedishDateFormatter() throws {
    let formatter = SwedishDateFormatter()
    let first = try timestamp("0001-01-01 00:00:00").microseconds
    let last = try timestamp("9999-12-31 23:59:59.999999").microseconds
    let change = try timestamp("1582-10-15 00:00:00").microseconds
    let day: Int64 = 86_400_000_000
    var instants = [first, last, change, change - 1, change - day, 0, -1]
    var generator = SeededGenerator(seed: 7)
    for _ in 0..<5000 {
      instants.append(Int64.random(in: first...last, using: &generator))
    }
    for offset in -400...400 {
      instants.append(change + Int64(offset) * day + 3_600_000_000)
    }
    for micros in instants {
      let value = PostgresTimestamp(microseconds: micros)
      #expect(DateFormat.swedish.string(value) == formatter.date(value), "\(value.text)")
    }
  }

  /// ~300 random instants from 1900 to 2100, each field compared with GNU `date` (one process,
  /// `LC_ALL=C` for English names).
  @Test func agreesWithSystemDate() throws {
    let first = try timestamp("1900-01-01 00:00:00").microseconds / 1_000_000
    let last = try timestamp("2100-12-31 23:59:59").microseconds / 1_000_000
    var generator = SeededGenerator(seed: 2020)
    var seconds: [Int64] = [first, last, 0, -1, 951_782_400, 2_147_483_647]
    while seconds.count < 300 {
      seconds.append(Int64.random(in: first...last, using: &generator))
    }
    let directory = try TemporaryDirectory.make(prefix: "date-format")
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("dates")
    try seconds.map { "@\($0)\n" }.joined().write(to: file, atomically: true, encoding: .utf8)

    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["date", "-u", "-f", file.path, "+" + Self.everyField]
    process.environment = ["LC_ALL": "C", "TZ": "UTC", "PATH": "/usr/bin:/bin"]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0)
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    try #require(lines.count == seconds.count)

    let format = try DateFormat(Self.everyField)
    for (second, expected) in zip(seconds, lines) {
      // A fraction never rounds into the next second.
      let fraction = Int64.random(in: 0..<1_000_000, using: &generator)
      let value = PostgresTimestamp(microseconds: second * 1_000_000 + fraction)
      #expect(format.string(value) == expected, "@\(second)")
    }
  }

  /// Each refused pattern says what is wrong and lists the fields.
  @Test(arguments: [
    ("%Q", "'%Q' is not a date field"),
    ("%a %-a", "'%-a' is not a date field"),
    ("%-%", "'%-%' is not a date field"),
    ("%é", "'%é' is not a date field"),
    ("%Y-%m-%d %", "the date format ends with a lone '%' (write %% for a percent sign)"),
    ("%d %-", "the date format ends with '%-', which is not a date field"),
    ("", "the date format is empty"),
    (String(repeating: "x", count: 201), "the date format is longer than 200 characters (201)"),
    (
      "%d\u{1B}[31m",
      "the date format holds a control character (U+001B), which a terminal would act on"
    ),
    ("%d\n", "the date format holds a control character (U+000A), which a terminal would act on"),
    (
      "%d\u{9B}",
      "the date format holds a control character (U+009B), which a terminal would act on"
    ),
    (
      "\u{202E}%d",
      "the date format holds a control character (U+202E), which a terminal would act on"
    ),
  ])
  func refused(pattern: String, problem: String) {
    #expect(throws: ChuckError.invalidArgument(problem + ": the fields are " + Self.fieldList)) {
      try DateFormat(pattern)
    }
  }

  /// The longest pattern allowed is made.
  @Test func longestPattern() throws {
    let pattern = String(repeating: "%%", count: 100)
    let format = try DateFormat(pattern)
    #expect(format.string(PostgresTimestamp(microseconds: 0)) == String(repeating: "%", count: 100))
  }
}
