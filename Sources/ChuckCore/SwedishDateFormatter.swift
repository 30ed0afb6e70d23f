import Foundation

/// Formats the API's timestamps in UTC with the Swedish locale (`sv_SE`): `2020-01-05` and
/// `2020-01-05 13:42:19`.
///
/// The formatters are built once per instance, and dates are remembered per UTC day, because a
/// list of thousands of jokes has only a few distinct days and `DateFormatter` is slow per call.
/// Not thread-safe: use one instance per thread.
public final class SwedishDateFormatter {
  private let dateFormatter: DateFormatter
  private let dateTimeFormatter: DateFormatter
  private var daysSeen: [Int64: String] = [:]

  /// Builds the two formatters (short date; short date with medium time).
  public init() {
    func make(time: DateFormatter.Style) -> DateFormatter {
      let formatter = DateFormatter()
      formatter.locale = Locale(identifier: "sv_SE")
      formatter.timeZone = TimeZone(identifier: "UTC")
      formatter.calendar = Calendar(identifier: .gregorian)
      formatter.dateStyle = .short
      formatter.timeStyle = time
      return formatter
    }
    dateFormatter = make(time: .none)
    dateTimeFormatter = make(time: .medium)
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
    if let known = daysSeen[day] { return known }
    let text = dateFormatter.string(from: timestamp.date)
    daysSeen[day] = text
    return text
  }

  /// The date and time to the second, for example `2020-01-05 13:42:19`.
  /// - Parameter timestamp: the instant to format.
  /// - Returns: the UTC date and time in the Swedish style (the fraction is dropped).
  public func dateTime(_ timestamp: PostgresTimestamp) -> String {
    dateTimeFormatter.string(from: timestamp.date)
  }
}
