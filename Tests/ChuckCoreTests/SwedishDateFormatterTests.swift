import Foundation
import Testing

@testable import ChuckCore

@Suite(.serialized) struct SwedishDateFormatterTests {
  private func timestamp(_ text: String) throws -> PostgresTimestamp {
    try #require(PostgresTimestamp(text))
  }

  /// The date alone is `yyyy-MM-dd`.
  @Test func date() throws {
    let formatter = SwedishDateFormatter()
    #expect(formatter.date(try timestamp("2020-01-05 13:42:19.104863")) == "2020-01-05")
    #expect(formatter.date(try timestamp("2016-05-01 10:51:41")) == "2016-05-01")
  }

  /// Date and time are `yyyy-MM-dd HH:mm:ss`, 24-hour, the fraction dropped.
  @Test func dateTime() throws {
    let formatter = SwedishDateFormatter()
    #expect(
      formatter.dateTime(try timestamp("2020-01-05 13:42:19.104863")) == "2020-01-05 13:42:19")
    #expect(formatter.dateTime(try timestamp("2023-06-21 23:59:59")) == "2023-06-21 23:59:59")
  }

  /// The output is UTC whatever the process's time zone (`TZ` and Foundation's default).
  @Test(arguments: ["Pacific/Kiritimati", "Pacific/Pago_Pago", "Asia/Kolkata"])
  func utcRegardlessOfTimeZone(zone: String) throws {
    let savedTZ = ProcessInfo.processInfo.environment["TZ"]
    let savedDefault = NSTimeZone.default
    setenv("TZ", zone, 1)
    tzset()
    NSTimeZone.default = try #require(TimeZone(identifier: zone))
    defer {
      if let savedTZ { setenv("TZ", savedTZ, 1) } else { unsetenv("TZ") }
      tzset()
      NSTimeZone.default = savedDefault
    }
    let formatter = SwedishDateFormatter()
    let late = try timestamp("2020-01-05 23:30:00")
    let early = try timestamp("2020-01-05 00:30:00")
    #expect(formatter.date(late) == "2020-01-05")
    #expect(formatter.date(early) == "2020-01-05")
    #expect(formatter.dateTime(late) == "2020-01-05 23:30:00")
    #expect(formatter.dateTime(early) == "2020-01-05 00:30:00")
  }

  /// Dates before 1970 are formatted as their own UTC day, the last second of 1969 included.
  @Test(arguments: [
    ("1969-12-31 23:59:59.5", "1969-12-31", "1969-12-31 23:59:59"),
    ("1969-12-31 00:00:00", "1969-12-31", "1969-12-31 00:00:00"),
    ("1969-12-30 23:59:59.998", "1969-12-30", "1969-12-30 23:59:59"),
    ("1900-01-01 00:00:00", "1900-01-01", "1900-01-01 00:00:00"),
    ("1970-01-01 00:00:00", "1970-01-01", "1970-01-01 00:00:00"),
  ])
  func beforeEpoch(text: String, day: String, dayTime: String) throws {
    let formatter = SwedishDateFormatter()
    #expect(formatter.date(try timestamp(text)) == day)
    #expect(formatter.dateTime(try timestamp(text)) == dayTime)
  }

  /// One formatter dates thousands of timestamps over many days right, in any order.
  @Test func dayCacheAcrossManyDays() throws {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
    var cases: [(PostgresTimestamp, String)] = []
    let start = try #require(calendar.date(from: DateComponents(year: 1968, month: 2, day: 27)))
    for offset in stride(from: 0, to: 3000, by: 7) {
      let day = try #require(calendar.date(byAdding: .day, value: offset, to: start))
      let parts = calendar.dateComponents([.year, .month, .day], from: day)
      let text = String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
      for time in ["00:00:00", "00:00:00.000001", "12:34:56.5", "23:59:59.998"] {
        cases.append((try timestamp("\(text) \(time)"), text))
      }
    }
    var generator = SeededGenerator(seed: 42)
    let formatter = SwedishDateFormatter()
    for round in 0..<2 {
      for (value, expected) in cases.shuffled(using: &generator) {
        #expect(formatter.date(value) == expected, "round \(round): \(expected)")
      }
    }
  }

  /// The fraction is dropped, never rounded up into the next second or day.
  @Test(arguments: [
    ("2020-01-05 00:00:00.999999", "2020-01-05", "2020-01-05 00:00:00"),
    ("2020-01-05 13:42:19.9995", "2020-01-05", "2020-01-05 13:42:19"),
    ("2020-01-05 23:59:59.999999", "2020-01-05", "2020-01-05 23:59:59"),
    ("1969-12-30 23:59:59.999999", "1969-12-30", "1969-12-30 23:59:59"),
  ])
  func fractionDroppedNotRounded(text: String, day: String, dayTime: String) throws {
    let formatter = SwedishDateFormatter()
    #expect(formatter.dateTime(try timestamp(text)) == dayTime)
    #expect(formatter.date(try timestamp(text)) == day)
  }

  /// The day cache never gives a day the text of another day.
  @Test func dayCacheKeepsDaysApart() throws {
    let formatter = SwedishDateFormatter()
    _ = formatter.date(try timestamp("2020-01-05 23:59:59.999999"))
    #expect(formatter.date(try timestamp("2020-01-05 12:00:00")) == "2020-01-05")
    #expect(formatter.date(try timestamp("2020-01-06 12:00:00")) == "2020-01-06")
  }
}
