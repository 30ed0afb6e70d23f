import Foundation
import Testing

@testable import ChuckCore

@Suite struct PostgresTimestampTests {
  private static let base: Int64 = 1_578_231_739_000_000  // 2020-01-05 13:42:19 UTC

  /// A fraction of 0 to 6 digits is read as that many decimal places, trailing zeros implied.
  @Test(
    arguments: [
      ("2020-01-05 13:42:19", 0),
      ("2020-01-05 13:42:19.1", 100_000),
      ("2020-01-05 13:42:19.10", 100_000),
      ("2020-01-05 13:42:19.104", 104_000),
      ("2020-01-05 13:42:19.1048", 104_800),
      ("2020-01-05 13:42:19.10486", 104_860),
      ("2020-01-05 13:42:19.104863", 104_863),
      ("2020-01-05 13:42:19.000001", 1),
    ] as [(String, Int64)])
  func fractionDigits(text: String, micros: Int64) throws {
    let timestamp = try #require(PostgresTimestamp(text))
    #expect(timestamp.microseconds == Self.base + micros)
  }

  /// The API's own example with dropped trailing zeros, `13:42:24.40636`, means .406360.
  @Test func droppedTrailingZeros() throws {
    let timestamp = try #require(PostgresTimestamp("2020-01-05 13:42:24.40636"))
    #expect(timestamp.microseconds == 1_578_231_744_406_360)
  }

  /// A `T` between date and time is accepted like a space.
  @Test func tSeparator() throws {
    #expect(
      PostgresTimestamp("2020-01-05T13:42:19.5") == PostgresTimestamp("2020-01-05 13:42:19.5"))
    #expect(PostgresTimestamp("2020-01-05T13:42:19") != nil)
  }

  /// February 29th exists only in leap years, with the century rules.
  @Test(arguments: [
    ("2020-02-29 00:00:00", true),
    ("2019-02-29 00:00:00", false),
    ("1900-02-29 00:00:00", false),
    ("2000-02-29 00:00:00", true),
    ("2024-02-29 23:59:59.999999", true),
    ("2100-02-29 12:00:00", false),
    ("2019-02-28 00:00:00", true),
  ])
  func leapYears(text: String, valid: Bool) {
    #expect((PostgresTimestamp(text) != nil) == valid)
  }

  /// Impossible dates and times are refused.
  @Test(arguments: [
    "2020-13-01 00:00:00", "2020-00-10 00:00:00", "2020-01-32 00:00:00", "2020-01-00 00:00:00",
    "2020-04-31 00:00:00", "2020-06-31 00:00:00", "2020-09-31 00:00:00", "2020-11-31 00:00:00",
    "2020-02-30 00:00:00", "2020-01-05 25:00:00", "2020-01-05 24:00:00", "2020-01-05 13:61:00",
    "2020-01-05 13:60:00", "2020-01-05 13:42:60", "2020-02-30 25:61:00",
  ])
  func impossibleValues(text: String) {
    #expect(PostgresTimestamp(text) == nil)
  }

  /// Text not of the API's form is refused: bad dot, 7 digits, garbage, non-ASCII digits…
  @Test(arguments: [
    "2020-01-05 13:42:19.", "2020-01-05 13:42:19.1234567", "garbage", "", "2020-01-05",
    "2020-01-05 13:42", "2020/01/05 13:42:19", "2020-01-05_13:42:19", "2020-01-05 13-42-19",
    "2020-01-05 13:42:19Z", "2020-01-05 13:42:19+00", "2020-01-05 13:42:19,5",
    " 2020-01-05 13:42:19", "2020-01-05 13:42:19 ", "2020-01-05 13:42:19.12a",
    "２０２０-01-05 13:42:19", "٢٠٢٠-٠١-٠٥ ١٣:٤٢:١٩", "2020-0١-05 13:42:19",
    "2020-01-05 13:42:1\u{0661}", "abcd-ef-gh ij:kl:mn", "2020-01-05 13:42:19.-1",
    "-020-01-05 13:42:19", "2020-1-5 13:42:19",
  ])
  func malformedText(text: String) {
    #expect(PostgresTimestamp(text) == nil)
  }

  /// `.date` is the same instant as the epoch value computed independently.
  @Test func dateMatchesEpoch() throws {
    let timestamp = try #require(PostgresTimestamp("2020-01-05 13:42:19.104863"))
    #expect(abs(timestamp.date.timeIntervalSince1970 - 1_578_231_739.104863) < 1e-6)
    let epoch = try #require(PostgresTimestamp("1970-01-01 00:00:00"))
    #expect(epoch.microseconds == 0)
    #expect(epoch.date == Date(timeIntervalSince1970: 0))
  }

  /// Dates before 1970 and far from it are counted in the proleptic Gregorian calendar.
  @Test(arguments: [
    ("1969-12-31 23:59:59.5", Int64(-500_000)),
    ("1900-01-01 00:00:00", Int64(-2_208_988_800) * 1_000_000),
    ("0001-01-01 00:00:00", Int64(-62_135_596_800) * 1_000_000),
    ("2038-01-19 03:14:08", Int64(2_147_483_648) * 1_000_000),
    ("9999-12-31 23:59:59.999999", Int64(253_402_300_799_999_999)),
  ])
  func farDates(text: String, micros: Int64) throws {
    #expect(try #require(PostgresTimestamp(text)).microseconds == micros)
  }

  /// Every day of four years maps to the instant Foundation's UTC Gregorian calendar gives.
  @Test func agreesWithFoundationCalendar() throws {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
    var date = try #require(calendar.date(from: DateComponents(year: 1999, month: 12, day: 30)))
    for _ in 0..<(4 * 366) {
      let parts = calendar.dateComponents([.year, .month, .day], from: date)
      let text = String(format: "%04d-%02d-%02d 06:07:08", parts.year!, parts.month!, parts.day!)
      let timestamp = try #require(PostgresTimestamp(text))
      #expect(timestamp.date == date.addingTimeInterval(6 * 3600 + 7 * 60 + 8), "\(text)")
      date = try #require(calendar.date(byAdding: .day, value: 1, to: date))
    }
  }

  /// Timestamps order by instant, the fraction included.
  @Test func ordering() throws {
    let texts = [
      "2016-05-01 10:51:41", "2020-01-05 13:42:19.1", "2020-01-05 13:42:19.104863",
      "2020-01-05 13:42:19.11", "2020-01-05 13:42:20", "2021-01-01 00:00:00",
    ]
    let timestamps = try texts.map { try #require(PostgresTimestamp($0)) }
    #expect(timestamps == timestamps.sorted())
    #expect(timestamps.reversed().sorted() == timestamps)
    #expect(timestamps[1] < timestamps[2])
    #expect(!(timestamps[2] < timestamps[1]))
    #expect(
      PostgresTimestamp("2020-01-05 13:42:19.5") == PostgresTimestamp("2020-01-05 13:42:19.500"))
  }
}
