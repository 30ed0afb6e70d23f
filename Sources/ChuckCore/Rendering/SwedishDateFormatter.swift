import Foundation

/// Formats the API's timestamps in UTC with the Swedish locale (`sv_SE`): `2020-01-05` and
/// `2020-01-05 13:42:19`.
///
/// The Swedish short date style is ISO 8601's `yyyy-MM-dd` (ICU's pattern `y-MM-dd`), so for the
/// years 1583 to 9999 ``date(_:)`` computes it by arithmetic: loading ICU's locale data for a
/// `DateFormatter` costs more than the whole of a short `chuck list`. Tests check it against
/// `DateFormatter` with the `sv_SE` locale over a wide range of dates; other years (before 1583
/// ICU uses the Julian calendar, as Swedish dates then did), and the date
/// and time of ``dateTime(_:)``, go through `DateFormatter` itself, built on first use.
/// Not thread-safe: use one instance per thread.
public final class SwedishDateFormatter {
  private lazy var dateFormatter = Self.make(time: .none)
  private lazy var dateTimeFormatter = Self.make(time: .medium)

  /// Makes a formatter; nothing is loaded until it is used.
  public init() {}

  private static func make(time: DateFormatter.Style) -> DateFormatter {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "sv_SE")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.calendar = Calendar(identifier: .gregorian)
    formatter.dateStyle = .short
    formatter.timeStyle = time
    return formatter
  }

  /// The date alone, for example `2020-01-05`.
  /// - Parameter timestamp: the instant to format.
  /// - Returns: the UTC date in the Swedish short style.
  public func date(_ timestamp: PostgresTimestamp) -> String {
    let microsPerDay: Int64 = 86_400_000_000
    let day =
      timestamp.microseconds >= 0
      ? timestamp.microseconds / microsPerDay
      : (timestamp.microseconds - microsPerDay + 1) / microsPerDay
    let (year, month, dayOfMonth) = Self.civil(fromDays: day)
    guard (1583...9999).contains(year) else {
      return dateFormatter.string(from: Self.wholeSeconds(timestamp))
    }
    var bytes: [UInt8] = Array(repeating: UInt8(ascii: "0"), count: 10)
    bytes[4] = UInt8(ascii: "-")
    bytes[7] = UInt8(ascii: "-")
    for (value, end, width) in [(year, 4, 4), (month, 7, 2), (dayOfMonth, 10, 2)] {
      var rest = value
      for offset in 1...width {
        bytes[end - offset] = UInt8(ascii: "0") + UInt8(rest % 10)
        rest /= 10
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The proleptic Gregorian date of a day counted from 1970-01-01 (H. Hinnant's
  /// `civil_from_days`).
  static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// The date and time to the second, for example `2020-01-05 13:42:19`.
  /// - Parameter timestamp: the instant to format.
  /// - Returns: the UTC date and time in the Swedish style (the fraction is dropped).
  public func dateTime(_ timestamp: PostgresTimestamp) -> String {
    dateTimeFormatter.string(from: Self.wholeSeconds(timestamp))
  }

  /// The instant with its fraction of a second dropped: `DateFormatter` would round
  /// `23:59:59.9995` up to the next second, and so possibly to the next day.
  private static func wholeSeconds(_ timestamp: PostgresTimestamp) -> Date {
    let micros = timestamp.microseconds
    let seconds = micros >= 0 ? micros / 1_000_000 : (micros - 999_999) / 1_000_000
    return Date(timeIntervalSince1970: TimeInterval(seconds))
  }
}
