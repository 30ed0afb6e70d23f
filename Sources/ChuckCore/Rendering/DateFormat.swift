/// A date format made from a strftime-like pattern, for example `%a, %b %-d, '%y` (`Wed, Jul 8,
/// '20`) or `%Y-%m-%d` (`2020-07-08`, the Swedish date that `chuck` shows by default).
///
/// The pattern is read once, when the format is made; formatting then only fills in the fields.
/// Dates are UTC and computed by the same arithmetic as ``SwedishDateFormatter``, with no ICU:
/// dates before 1582-10-15 are Julian calendar dates, and the year is the year of its era. Names of
/// days and months are English. The fields are:
///
/// - `%a` `%A`: the weekday, `Wed` or `Wednesday`;
/// - `%b` `%B`: the month, `Jul` or `July`;
/// - `%d` `%-d` `%e`: the day of the month, `08`, `8` or ` 8`;
/// - `%m` `%-m`: the month, `07` or `7`;
/// - `%y` `%Y`: the year, `20` or `2020`;
/// - `%H` `%-H` `%M` `%S`: the hour (`09` or `9`, 24-hour), minute and second;
/// - `%j`: the day of the year, `001` to `366`;
/// - `%%`: a percent sign.
///
/// Anything else is written as it is, except control characters, which are refused (the dates
/// are shown on terminals).
public struct DateFormat: Sendable, Equatable {
  /// The pattern the format was made from, as the user wrote it.
  public let pattern: String
  private let pieces: [Piece]

  /// The longest pattern accepted, in Unicode scalars.
  public static let maximumLength = 200

  /// The Swedish date, `%Y-%m-%d`: what ``SwedishDateFormatter/date(_:)`` writes, and the default.
  public static let swedish = DateFormat(
    pattern: "%Y-%m-%d",
    pieces: [.field(.year), .literal("-"), .field(.month), .literal("-"), .field(.day)])

  /// The date and time to the second, in UTC, `%Y-%m-%d %H:%M:%S UTC`: what
  /// ``SwedishDateFormatter/dateTime(_:)`` writes followed by ` UTC`, as `chuck show` shows an
  /// instant by default.
  public static let swedishDateTime = DateFormat(
    pattern: "%Y-%m-%d %H:%M:%S UTC",
    pieces: [
      .field(.year), .literal("-"), .field(.month), .literal("-"), .field(.day), .literal(" "),
      .field(.hour), .literal(":"), .field(.minute), .literal(":"), .field(.second),
      .literal(" UTC"),
    ])

  /// The fields a pattern can name, separated by spaces, for help and error messages.
  public static let fieldList = "%a %A %b %B %d %-d %e %m %-m %y %Y %H %-H %M %S %j %%"

  /// Makes a format from a pattern.
  /// - Parameter pattern: text with `%` fields, for example `%a, %b %-d, '%y`.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` when the pattern is empty, longer than
  ///   ``maximumLength``, holds a control character, ends with a lone `%` or names a field that
  ///   does not exist; the message says which and lists the fields.
  public init(_ pattern: String) throws(ChuckError) {
    self.pattern = pattern
    pieces = try Self.parse(pattern)
  }

  private init(pattern: String, pieces: [Piece]) {
    self.pattern = pattern
    self.pieces = pieces
  }

  /// Formats an instant.
  /// - Parameter timestamp: the instant to format.
  /// - Returns: the pattern with each field filled in for the instant's UTC date and time.
  public func string(_ timestamp: PostgresTimestamp) -> String {
    let date = CivilDate(timestamp)
    var text = ""
    text.reserveCapacity(pattern.utf8.count + 16)
    for piece in pieces {
      switch piece {
      case .literal(let literal): text += literal
      case .field(let field): date.append(field, to: &text)
      }
    }
    return text
  }

  /// One part of a parsed pattern: text written as it is, or a field.
  private enum Piece: Sendable, Equatable {
    case literal(String)
    case field(Field)
  }

  /// The fields a pattern can name.
  fileprivate enum Field: Sendable, Equatable {
    case weekdayName
    case weekdayFullName
    case monthName
    case monthFullName
    case day
    case dayUnpadded
    case daySpacePadded
    case month
    case monthUnpadded
    case yearOfCentury
    case year
    case hour
    case hourUnpadded
    case minute
    case second
    case dayOfYear

    /// The field a conversion letter names, after `%` or after `%-`.
    init?(_ letter: Unicode.Scalar, unpadded: Bool) {
      switch (letter, unpadded) {
      case ("a", false): self = .weekdayName
      case ("A", false): self = .weekdayFullName
      case ("b", false): self = .monthName
      case ("B", false): self = .monthFullName
      case ("d", false): self = .day
      case ("d", true): self = .dayUnpadded
      case ("e", false): self = .daySpacePadded
      case ("m", false): self = .month
      case ("m", true): self = .monthUnpadded
      case ("y", false): self = .yearOfCentury
      case ("Y", false): self = .year
      case ("H", false): self = .hour
      case ("H", true): self = .hourUnpadded
      case ("M", false): self = .minute
      case ("S", false): self = .second
      case ("j", false): self = .dayOfYear
      default: return nil
      }
    }
  }

  private static func parse(_ pattern: String) throws(ChuckError) -> [Piece] {
    func refuse(_ problem: String) -> ChuckError {
      .invalidArgument(problem + ": the fields are " + fieldList)
    }
    let scalars = Array(pattern.unicodeScalars)
    guard !scalars.isEmpty else { throw refuse("the date format is empty") }
    guard scalars.count <= maximumLength else {
      throw refuse(
        "the date format is longer than \(maximumLength) characters (\(scalars.count))")
    }
    if let control = scalars.first(where: { TerminalSafeText.isUnsafe($0, keepNewlines: false) }) {
      throw refuse(
        "the date format holds a control character (U+" + hex(control.value)
          + "), which a terminal would act on")
    }
    var pieces: [Piece] = []
    // The tokenizer knows `%` and `-` only; which fields a format writes is said here.
    for token in DatePatternTokenizer(scalars) {
      switch token {
      case .literal(let text):
        pieces.append(.literal(text))
      case .conversion(let conversion):
        guard let field = Field(conversion.letter, unpadded: conversion.unpadded) else {
          throw refuse("'" + conversion.name + "' is not a date field")
        }
        pieces.append(.field(field))
      case .trailingPercent:
        throw refuse("the date format ends with a lone '%' (write %% for a percent sign)")
      case .trailingFlag:
        throw refuse("the date format ends with '%-', which is not a date field")
      }
    }
    return pieces
  }

  private static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}

/// The parts of an instant's UTC date and time that the fields show, computed once per call.
private struct CivilDate {
  private static let microsPerDay: Int64 = 86_400_000_000
  /// The first day of the Gregorian calendar, 1582-10-15, in days since 1970-01-01 (as in
  /// ``SwedishDateFormatter``).
  private static let gregorianStart: Int64 = -141_427
  private static let weekdays = [
    "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday",
  ]
  private static let months = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
  ]
  private static let weekdayNames = weekdays.map { String($0.prefix(3)) }
  private static let monthNames = months.map { String($0.prefix(3)) }

  /// The astronomical year (0 is 1 BC), month (1–12) and day of the month (1–31).
  let year: Int64
  let month: Int64
  let day: Int64
  /// 0 for Sunday to 6 for Saturday.
  let weekday: Int64
  /// 1 for the first of January.
  let dayOfYear: Int64
  /// Seconds into the day, the fraction dropped.
  let seconds: Int64

  init(_ timestamp: PostgresTimestamp) {
    let micros = timestamp.microseconds
    // Floor division, without the overflow that `micros - microsPerDay + 1` has near the limit.
    var days = micros / Self.microsPerDay
    if micros % Self.microsPerDay < 0 { days -= 1 }
    seconds = (micros - days * Self.microsPerDay) / 1_000_000
    (year, month, day) =
      days >= Self.gregorianStart
      ? SwedishDateFormatter.civil(fromDays: days) : SwedishDateFormatter.julian(fromDays: days)
    // 1970-01-01 was a Thursday.
    weekday = Self.floorModulo(days + 4, 7)
    dayOfYear = days - Self.januaryFirst(of: year) + 1
  }

  func append(_ field: DateFormat.Field, to text: inout String) {
    switch field {
    case .weekdayName: text += Self.weekdayNames[Int(weekday)]
    case .weekdayFullName: text += Self.weekdays[Int(weekday)]
    case .monthName: text += Self.monthNames[Int(month - 1)]
    case .monthFullName: text += Self.months[Int(month - 1)]
    case .day: Self.append(day, width: 2, pad: "0", to: &text)
    case .dayUnpadded: Self.append(day, width: 1, pad: "0", to: &text)
    case .daySpacePadded: Self.append(day, width: 2, pad: " ", to: &text)
    case .month: Self.append(month, width: 2, pad: "0", to: &text)
    case .monthUnpadded: Self.append(month, width: 1, pad: "0", to: &text)
    case .yearOfCentury: Self.append(yearOfEra % 100, width: 2, pad: "0", to: &text)
    case .year: Self.append(yearOfEra, width: 1, pad: "0", to: &text)
    case .hour: Self.append(seconds / 3600, width: 2, pad: "0", to: &text)
    case .hourUnpadded: Self.append(seconds / 3600, width: 1, pad: "0", to: &text)
    case .minute: Self.append(seconds / 60 % 60, width: 2, pad: "0", to: &text)
    case .second: Self.append(seconds % 60, width: 2, pad: "0", to: &text)
    case .dayOfYear: Self.append(dayOfYear, width: 3, pad: "0", to: &text)
    }
  }

  /// The year of its era, as ICU's `y` and the Swedish dates show it: 1 BC follows AD 1.
  private var yearOfEra: Int64 { year > 0 ? year : 1 - year }

  /// Appends a non-negative number, padded on the left to `width` characters.
  private static func append(
    _ value: Int64, width: Int, pad: Character, to text: inout String
  ) {
    var digits = 1
    var rest = value / 10
    while rest > 0 {
      digits += 1
      rest /= 10
    }
    for _ in digits..<max(digits, width) { text.append(pad) }
    text += String(value)
  }

  /// Days since 1970-01-01 of the first of January of a year, in the calendar its dates are
  /// shown in: Julian up to 1582 (whose first of January came before the change), Gregorian
  /// after. So 1582-10-15, the day after the Julian 1582-10-04, is day 278 of its year.
  private static func januaryFirst(of year: Int64) -> Int64 {
    let y = year - 1
    if year <= 1582 {
      // The Julian day number of the Julian year's first day (March-based year, March = 0).
      let shifted = y + 4800
      let julianDay = 1 + 306 + 365 * shifted + floorDivide(shifted, 4) - 32083
      return julianDay - 2_440_588
    }
    // H. Hinnant's `days_from_civil` for January 1st (day 306 of the March-based year before).
    let era = floorDivide(y, 400)
    let yearOfEra = y - era * 400
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + 306
    return era * 146_097 + dayOfEra - 719_468
  }

  private static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
    value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
  }

  private static func floorModulo(_ value: Int64, _ divisor: Int64) -> Int64 {
    let rest = value % divisor
    return rest < 0 ? rest + divisor : rest
  }
}
