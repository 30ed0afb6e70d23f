import FoundationEssentials

/// A timestamp as the joke API writes it: PostgreSQL's text form `yyyy-MM-dd HH:mm:ss` with an
/// optional fraction of 1 to 6 digits and no zone, always meaning UTC.
///
/// Parsing is done by hand on the UTF-8 bytes: it is on the hot path of `chuck list`, and a
/// `DateFormatter` cannot express "0 to 6 fraction digits" anyway.
public struct PostgresTimestamp: Sendable, Hashable, Comparable {
  /// Microseconds since 1970-01-01 00:00:00 UTC.
  public let microseconds: Int64

  /// Parses the API's text form.
  /// - Parameter text: for example `2020-01-05 13:42:19.104863` or `2016-05-01 10:51:41`.
  /// - Returns: `nil` when the text is not that form or names an impossible date or time.
  public init?(_ text: String) {
    var text = text
    guard
      let value = text.withUTF8({ bytes in
        Self.parse(bytes)
      })
    else { return nil }
    microseconds = value
  }

  /// Parses the API's text form from UTF-8 bytes (the list file's fast read path).
  /// - Parameter bytes: the timestamp's bytes, without quotes.
  /// - Returns: `nil` when they are not that form or name an impossible date or time.
  public init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
    guard let value = Self.parse(bytes) else { return nil }
    microseconds = value
  }

  init(microseconds: Int64) {
    self.microseconds = microseconds
  }

  /// The current time, to the whole second (what `saved_at` stores).
  public static var now: PostgresTimestamp {
    PostgresTimestamp(microseconds: Int64(Date().timeIntervalSince1970.rounded(.down)) * 1_000_000)
  }

  /// The API's text form (proleptic Gregorian, as parsing reads it), the fraction only when
  /// there is one: what ``init(_:)`` reads back as the same instant, for any date it accepts.
  public var text: String {
    let microsPerDay: Int64 = 86_400_000_000
    let day =
      microseconds >= 0
      ? microseconds / microsPerDay : (microseconds - microsPerDay + 1) / microsPerDay
    let micros = microseconds - day * microsPerDay
    let seconds = micros / 1_000_000
    let (year, month, dayOfMonth) = SwedishDateFormatter.civil(fromDays: day)
    func padded(_ value: Int64, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    var text =
      padded(year, 4) + "-" + padded(month, 2) + "-" + padded(dayOfMonth, 2) + " "
      + padded(seconds / 3600, 2) + ":" + padded(seconds / 60 % 60, 2) + ":"
      + padded(seconds % 60, 2)
    if micros % 1_000_000 != 0 {
      var fraction = padded(micros % 1_000_000, 6)
      while fraction.hasSuffix("0") { fraction.removeLast() }
      text += "." + fraction
    }
    return text
  }

  /// Orders timestamps by instant.
  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.microseconds < rhs.microseconds }

  private static func parse(_ b: UnsafeBufferPointer<UInt8>) -> Int64? {
    guard b.count >= 19, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"),
      b[10] == UInt8(ascii: " ") || b[10] == UInt8(ascii: "T"),
      b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"),
      let year = number(b, 0, 4), let month = number(b, 5, 2), let day = number(b, 8, 2),
      let hour = number(b, 11, 2), let minute = number(b, 14, 2), let second = number(b, 17, 2),
      (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
      hour < 24, minute < 60, second < 60
    else { return nil }
    var micros: Int64 = 0
    if b.count > 19 {
      let digits = b.count - 20
      guard b[19] == UInt8(ascii: "."), (1...6).contains(digits),
        let fraction = number(b, 20, digits)
      else { return nil }
      micros = fraction
      for _ in digits..<6 { micros *= 10 }
    }
    let days = daysFromCivil(year: year, month: month, day: day)
    let seconds = ((days * 24 + hour) * 60 + minute) * 60 + second
    return seconds * 1_000_000 + micros
  }

  private static func number(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int)
    -> Int64?
  {
    var value: Int64 = 0
    for index in start..<(start + count) {
      let digit = b[index] &- UInt8(ascii: "0")
      guard digit < 10 else { return nil }
      value = value * 10 + Int64(digit)
    }
    return value
  }

  private static func daysIn(month: Int64, year: Int64) -> Int64 {
    switch month {
    case 2:
      let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
      return leap ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's `days_from_civil`).
  private static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}
