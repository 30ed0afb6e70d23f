/// Formats the API's timestamps in UTC with the Swedish locale (`sv_SE`): `2020-01-05` and
/// `2020-01-05 13:42:19`.
///
/// The Swedish short date style is ISO 8601's `yyyy-MM-dd` (ICU's pattern `y-MM-dd`, and
/// `HH:mm:ss` for the time), computed by arithmetic: ICU's locale data is not linked into `chuck`
/// at all. As ICU's Gregorian calendar does, dates before 1582-10-15 are Julian calendar dates
/// (as Swedish dates then were), shown with the year of their era. Tests check every branch
/// against Foundation's `DateFormatter` with the `sv_SE` locale.
public struct SwedishDateFormatter: Sendable {
  /// Makes a formatter.
  public init() {}

  private static let microsPerDay: Int64 = 86_400_000_000
  /// The first day of the Gregorian calendar, 1582-10-15, in days since 1970-01-01.
  private static let gregorianStart: Int64 = -141_427

  /// The date alone, for example `2020-01-05`.
  /// - Parameter timestamp: the instant to format.
  /// - Returns: the UTC date in the Swedish short style.
  public func date(_ timestamp: PostgresTimestamp) -> String {
    let (day, _) = Self.dayAndMicros(timestamp)
    let (year, month, dayOfMonth) =
      day >= Self.gregorianStart ? Self.civil(fromDays: day) : Self.julian(fromDays: day)
    // ICU's `y` is the year of the era: 1 BC follows AD 1.
    let yearOfEra = year > 0 ? year : 1 - year
    return String(yearOfEra) + "-" + Self.twoDigits(month) + "-" + Self.twoDigits(dayOfMonth)
  }

  /// The date and time to the second, for example `2020-01-05 13:42:19`.
  /// - Parameter timestamp: the instant to format.
  /// - Returns: the UTC date and time in the Swedish style (the fraction is dropped, never
  ///   rounded into the next second).
  public func dateTime(_ timestamp: PostgresTimestamp) -> String {
    let (_, micros) = Self.dayAndMicros(timestamp)
    let seconds = micros / 1_000_000
    return date(timestamp) + " " + Self.twoDigits(seconds / 3600) + ":"
      + Self.twoDigits(seconds / 60 % 60) + ":" + Self.twoDigits(seconds % 60)
  }

  /// The day since 1970-01-01 and the microseconds into it, for instants before 1970 too.
  private static func dayAndMicros(_ timestamp: PostgresTimestamp) -> (Int64, Int64) {
    let micros = timestamp.microseconds
    let day = micros >= 0 ? micros / microsPerDay : (micros - microsPerDay + 1) / microsPerDay
    return (day, micros - day * microsPerDay)
  }

  private static func twoDigits(_ value: Int64) -> String {
    value < 10 ? "0" + String(value) : String(value)
  }

  /// The Julian calendar date of a day counted from 1970-01-01 (astronomical years: 0 is 1 BC).
  static func julian(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    // Richards' algorithm, from the Julian day number.
    let julianDay = days + 2_440_588
    let c = julianDay + 32082
    let d = (4 * c + 3) / 1461
    let e = c - 1461 * d / 4
    let m = (5 * e + 2) / 153
    let day = e - (153 * m + 2) / 5 + 1
    let month = m + 3 - 12 * (m / 10)
    let year = d - 4800 + m / 10
    return (year, month, day)
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
}
