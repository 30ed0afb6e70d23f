import ChuckTestSupport
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

  /// The output is UTC whatever Foundation's default time zone. (`TZ` itself is checked end to
  /// end, in the environment of the `chuck` that `ListTests.dateIsTheUTCDay` runs: `setenv` here
  /// would race with the other tests' threads reading the environment as they start processes,
  /// which crashed a run inside `Process.run`.)
  @Test(arguments: ["Pacific/Kiritimati", "Pacific/Pago_Pago", "Asia/Kolkata"])
  func utcRegardlessOfTimeZone(zone: String) throws {
    let savedDefault = NSTimeZone.default
    NSTimeZone.default = try #require(TimeZone(identifier: zone))
    defer { NSTimeZone.default = savedDefault }
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

  /// What `DateFormatter` itself writes for the short Swedish date in UTC.
  private static func referenceFormatter() -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "sv_SE")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.calendar = Calendar(identifier: .gregorian)
    formatter.dateStyle = .short
    formatter.timeStyle = .none
    return formatter
  }

  private static let microsPerDay: Int64 = 86_400_000_000

  /// The day number (since 1970-01-01) of a proleptic Gregorian date.
  private static func day(_ year: Int64, _ month: Int64, _ day: Int64) throws -> Int64 {
    let text = String(format: "%04d-%02d-%02d 00:00:00", year, month, day)
    return try #require(PostgresTimestamp(text)).microseconds / microsPerDay
  }

  /// The reference text of the instant `micros`, its fraction of a second dropped.
  private static func reference(_ formatter: DateFormatter, _ micros: Int64) -> String {
    let seconds = micros >= 0 ? micros / 1_000_000 : (micros - 999_999) / 1_000_000
    return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
  }

  /// Every day from 1900-01-01 to 2100-12-31 is dated as `DateFormatter` dates it, at any time.
  @Test func everyDayMatchesDateFormatter() throws {
    let reference = Self.referenceFormatter()
    let formatter = SwedishDateFormatter()
    var generator = SeededGenerator(seed: 1900)
    let first = try Self.day(1900, 1, 1)
    let last = try Self.day(2100, 12, 31)
    #expect(last - first + 1 == 73_414)
    var mismatches = 0
    for day in first...last {
      let midnight = day * Self.microsPerDay
      let expected = Self.reference(reference, midnight + Self.microsPerDay / 2)
      let times = [
        0, Self.microsPerDay - 1, Int64.random(in: 0..<Self.microsPerDay, using: &generator),
      ]
      for time in times {
        let text = formatter.date(PostgresTimestamp(microseconds: midnight + time))
        if text != expected {
          mismatches += 1
          if mismatches < 10 { Issue.record("day \(day) + \(time) µs: \(text) != \(expected)") }
        }
      }
    }
    #expect(mismatches == 0)
  }

  /// Random instants in the years 1000 to 9999 are dated as `DateFormatter` dates them.
  @Test func randomInstantsMatchDateFormatter() throws {
    let reference = Self.referenceFormatter()
    let formatter = SwedishDateFormatter()
    var generator = SeededGenerator(seed: 1000)
    let start = try Self.day(1000, 1, 1) * Self.microsPerDay
    let end = (try Self.day(9999, 12, 31) + 1) * Self.microsPerDay
    var mismatches: [String] = []
    for _ in 0..<20_000 {
      let micros = Int64.random(in: start..<end, using: &generator)
      let expected = Self.reference(reference, micros)
      let text = formatter.date(PostgresTimestamp(microseconds: micros))
      if text != expected { mismatches.append("\(text) != \(expected)") }
    }
    #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.prefix(5))")
  }

  /// From 1582-10-15 to 9999 `date` matches `DateFormatter` and is the date part of `dateTime`.
  @Test func gregorianEraMatchesDateFormatter() throws {
    let reference = Self.referenceFormatter()
    let formatter = SwedishDateFormatter()
    var generator = SeededGenerator(seed: 1582)
    let start = try Self.day(1582, 10, 15) * Self.microsPerDay
    let end = (try Self.day(9999, 12, 31) + 1) * Self.microsPerDay
    for _ in 0..<5000 {
      let micros = Int64.random(in: start..<end, using: &generator)
      let text = formatter.date(PostgresTimestamp(microseconds: micros))
      #expect(text == Self.reference(reference, micros))
      let dateTime = formatter.dateTime(PostgresTimestamp(microseconds: micros))
      #expect(dateTime.hasPrefix(text + " "), "\(dateTime)")
    }
  }

  /// `date` and `dateTime` name the same day for any instant of the years 1 to 9999.
  @Test func dateAgreesWithDateTime() throws {
    let formatter = SwedishDateFormatter()
    var generator = SeededGenerator(seed: 1)
    let start = try Self.day(1, 1, 1) * Self.microsPerDay
    let end = (try Self.day(9999, 12, 31) + 1) * Self.microsPerDay
    var mismatches: [String] = []
    for _ in 0..<5000 {
      let timestamp = PostgresTimestamp(
        microseconds: Int64.random(in: start..<end, using: &generator))
      let date = formatter.date(timestamp)
      let dateTime = formatter.dateTime(timestamp)
      if !dateTime.hasPrefix(date + " ") { mismatches.append("\(date) vs \(dateTime)") }
    }
    #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.prefix(5))")
  }

  /// Years before 1000 go through `DateFormatter`, which writes them without leading zeros.
  @Test(arguments: [
    "0001-01-01 00:00:00", "0001-06-15 12:00:00", "0999-12-31 23:59:59.999999",
    "0999-01-01 00:00:00", "0500-02-28 08:00:00",
  ])
  func yearsBeforeOneThousand(text: String) throws {
    let timestamp = try timestamp(text)
    let expected = Self.reference(Self.referenceFormatter(), timestamp.microseconds)
    #expect(SwedishDateFormatter().date(timestamp) == expected)
    #expect(!expected.hasPrefix("0"))
  }

  /// The arithmetic's edges: the first and last days of the years it covers, leap days included.
  @Test(arguments: [
    ("1970-01-01 00:00:00", "1970-01-01"), ("9999-12-31 23:59:59.999999", "9999-12-31"),
    ("2000-02-29 23:59:59.999999", "2000-02-29"), ("2100-03-01 00:00:00", "2100-03-01"),
    ("1900-02-28 23:59:59.999999", "1900-02-28"), ("2024-02-29 00:00:00", "2024-02-29"),
    ("1582-10-15 00:00:00", "1582-10-15"), ("1969-12-31 23:59:59.999999", "1969-12-31"),
    ("1600-02-29 12:00:00", "1600-02-29"),
  ])
  func arithmeticEdges(text: String, expected: String) throws {
    #expect(SwedishDateFormatter().date(try timestamp(text)) == expected)
  }

  /// `civil(fromDays:)` inverts PostgresTimestamp's day count for every day of four centuries.
  @Test func civilInvertsDayCount() throws {
    var day = try Self.day(1600, 1, 1)
    for year: Int64 in 1600..<2000 {
      for month: Int64 in 1...12 {
        let days: Int64 =
          switch month {
          case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
          case 4, 6, 9, 11: 30
          default: 31
          }
        for dayOfMonth in 1...days {
          let civil = SwedishDateFormatter.civil(fromDays: day)
          #expect(civil == (year, month, dayOfMonth))
          day += 1
        }
      }
    }
    #expect(day == (try Self.day(2000, 1, 1)))
  }
}
