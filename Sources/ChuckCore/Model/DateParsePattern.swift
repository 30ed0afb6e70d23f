/// How a declared source writes its dates, as a strptime-like pattern that reads them: for
/// example `%m/%d/%Y` reads the Articles seed's `6/25/2018`. The reading counterpart of
/// ``DateFormat``, which writes dates.
///
/// The pattern is read once, when it is made; reading a date then walks it field by field. The
/// whole text must match: literal text exactly, each field as follows (names are English, in any
/// case; dates are UTC, proleptic Gregorian, as ``PostgresTimestamp`` reads them):
///
/// - `%Y`: the year, four digits; `%y`: two digits, 69 to 99 in the 1900s, 00 to 68 in the 2000s;
/// - `%m` `%-m`: the month, one or two digits (`6` and `06` alike, as strptime reads them);
/// - `%b` `%B`: the month's name, `Jun` or `June`;
/// - `%d` `%-d`: the day of the month, one or two digits; `%e`: the same, after a space if any;
/// - `%H` `%-H`: the hour, 0 to 23, one or two digits; `%M` `%S`: the minute and second, 0 to 59;
/// - `%a` `%A`: a weekday's name, `Mon` or `Monday`, read and not checked against the date;
/// - `%%`: a percent sign.
///
/// A pattern names the year, the month and the day once each, and the other fields at most once;
/// the time is midnight when it has none. Fields side by side are read one after the other, each
/// as far as it goes: `%m%d` reads `0625`, not `625`.
public struct DateParsePattern: Sendable, Equatable, CustomStringConvertible {
  /// The pattern as the user wrote it.
  public let pattern: String
  /// The pattern read: its literal text and its fields, in order.
  private let pieces: [Piece]

  /// The fields a pattern can name, separated by spaces, for help and error messages.
  public static let fieldList = "%Y %y %m %-m %b %B %d %-d %e %H %-H %M %S %a %A %%"

  /// The pattern as the user wrote it.
  public var description: String { pattern }

  /// Makes a pattern.
  /// - Parameter pattern: text with `%` fields, for example `%m/%d/%Y`.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` when the pattern is empty, longer than
  ///   ``DateFormat/maximumLength``, holds a control character, ends with a lone `%`, names a
  ///   field that does not exist or one twice, or lacks the year, month or day; the message says
  ///   which and lists the fields.
  public init(_ pattern: String) throws(ChuckError) {
    self.pattern = pattern
    pieces = try Self.parse(pattern)
  }

  /// Reads a date the pattern describes.
  /// - Parameter text: the text, such as `6/25/2018`.
  /// - Returns: the instant, or `nil` when the text does not match the pattern as a whole or
  ///   names a date or time that does not exist (`2/30/2020`, `25:00`).
  public func timestamp(from text: String) -> PostgresTimestamp? {
    var reader = DateTextReader(bytes: Array(text.utf8))
    for piece in pieces {
      switch piece {
      case .literal(let literal):
        guard reader.consume(literal) else { return nil }
      case .field(let field):
        guard reader.read(field) else { return nil }
      }
    }
    guard reader.isAtEnd else { return nil }
    // PostgresTimestamp checks the month, the day in its month and the time.
    func padded(_ value: Int, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return PostgresTimestamp(
      padded(reader.year, 4) + "-" + padded(reader.month, 2) + "-" + padded(reader.day, 2) + " "
        + padded(reader.hour, 2) + ":" + padded(reader.minute, 2) + ":"
        + padded(reader.second, 2))
  }

  /// The months' English names, January first.
  fileprivate static let months = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
  ]
  /// The weekdays' English names, Sunday first.
  fileprivate static let weekdays = [
    "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday",
  ]

  /// One part of a parsed pattern: text to match as it is, or a field.
  private enum Piece: Sendable, Equatable {
    /// Text to match byte for byte, as UTF-8.
    case literal([UInt8])
    /// A field to read.
    case field(Field)
  }

  /// The fields a pattern can name; `%b` and `%B` (and `%a`, `%A`) read alike.
  fileprivate enum Field: Sendable, Equatable {
    /// `%Y`.
    case year
    /// `%y`.
    case yearOfCentury
    /// `%m`, `%-m`.
    case month
    /// `%b`, `%B`.
    case monthName
    /// `%d`, `%-d`.
    case day
    /// `%e`.
    case daySpacePadded
    /// `%H`, `%-H`.
    case hour
    /// `%M`.
    case minute
    /// `%S`.
    case second
    /// `%a`, `%A`.
    case weekdayName

    /// The field a conversion letter names, after `%` or after `%-`.
    init?(_ letter: Unicode.Scalar, unpadded: Bool) {
      switch (letter, unpadded) {
      case ("Y", false): self = .year
      case ("y", false): self = .yearOfCentury
      case ("m", _): self = .month
      case ("b", false), ("B", false): self = .monthName
      case ("d", _): self = .day
      case ("e", false): self = .daySpacePadded
      case ("H", _): self = .hour
      case ("M", false): self = .minute
      case ("S", false): self = .second
      case ("a", false), ("A", false): self = .weekdayName
      default: return nil
      }
    }

    /// What the field reads, as a message names it; fields that read the same thing share it.
    var part: String {
      switch self {
      case .year, .yearOfCentury: "the year"
      case .month, .monthName: "the month"
      case .day, .daySpacePadded: "the day"
      case .hour: "the hour"
      case .minute: "the minute"
      case .second: "the second"
      case .weekdayName: "the weekday"
      }
    }
  }

  /// Reads a pattern into its pieces, checking it as ``init(_:)`` says.
  private static func parse(_ pattern: String) throws(ChuckError) -> [Piece] {
    func refuse(_ problem: String) -> ChuckError {
      .invalidArgument(problem + ": the fields are " + fieldList)
    }
    let scalars = Array(pattern.unicodeScalars)
    guard !scalars.isEmpty else { throw refuse("the date pattern is empty") }
    guard scalars.count <= DateFormat.maximumLength else {
      throw refuse(
        "the date pattern is longer than \(DateFormat.maximumLength) characters "
          + "(\(scalars.count))")
    }
    if let control = scalars.first(where: { TerminalSafeText.isUnsafe($0, keepNewlines: false) }) {
      let hex = String(control.value, radix: 16, uppercase: true)
      throw refuse(
        "the date pattern holds a control character (U+"
          + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ")")
    }
    var pieces: [Piece] = []
    var seen: [String: String] = [:]
    // The tokenizer knows `%` and `-` only; which fields this pattern reads is said here.
    for token in DatePatternTokenizer(scalars) {
      switch token {
      case .literal(let text):
        pieces.append(.literal(Array(text.utf8)))
      case .conversion(let conversion):
        let name = conversion.name
        guard let field = Field(conversion.letter, unpadded: conversion.unpadded) else {
          throw refuse("'" + name + "' is not a date field the pattern can read")
        }
        if let earlier = seen[field.part] {
          throw refuse(
            "the date pattern reads \(field.part) twice ('\(earlier)' and '\(name)'): name it once")
        }
        seen[field.part] = name
        pieces.append(.field(field))
      case .trailingPercent:
        throw refuse("the date pattern ends with a lone '%' (write %% for a percent sign)")
      case .trailingFlag:
        throw refuse("the date pattern ends with '%-', which is not a date field")
      }
    }
    let missing = ["the year", "the month", "the day"].filter { seen[$0] == nil }
    if !missing.isEmpty {
      let list =
        missing.count == 1
        ? missing[0] : missing.dropLast().joined(separator: ", ") + " and " + missing.last!
      throw refuse(
        "the date pattern does not read \(list): a date needs the year (%Y or %y), the month "
          + "(%m, %-m or %b) and the day (%d, %-d or %e)")
    }
    return pieces
  }
}

/// A cursor over the text of a date, and the parts of the date read so far.
private struct DateTextReader {
  /// The text's UTF-8 bytes.
  let bytes: [UInt8]
  /// Where the next field or literal starts.
  var index = 0
  /// The year read, as written (`%y` already in its century).
  var year = 0
  /// The month read, 1 for January; checked when the timestamp is made.
  var month = 0
  /// The day of the month read.
  var day = 0
  /// The hour read; 0 when the pattern has none.
  var hour = 0
  /// The minute read; 0 when the pattern has none.
  var minute = 0
  /// The second read; 0 when the pattern has none.
  var second = 0

  /// Starts reading a text's bytes from their first.
  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// Whether the whole text has been read.
  var isAtEnd: Bool { index == bytes.count }

  /// Steps over `literal` when the text goes on with it.
  mutating func consume(_ literal: [UInt8]) -> Bool {
    guard bytes[index...].starts(with: literal) else { return false }
    index += literal.count
    return true
  }

  /// Reads a field into its part of the date; `false` when the text does not go on with one.
  mutating func read(_ field: DateParsePattern.Field) -> Bool {
    let value: Int?
    switch field {
    case .year: value = number(digits: 4...4)
    case .yearOfCentury: value = number(digits: 2...2).map { $0 < 69 ? 2000 + $0 : 1900 + $0 }
    case .month, .day, .hour, .minute, .second: value = number(digits: 1...2)
    case .monthName: value = name(in: DateParsePattern.months).map { $0 + 1 }
    case .daySpacePadded:
      _ = consume([UInt8(ascii: " ")])
      value = number(digits: 1...2)
    case .weekdayName: value = name(in: DateParsePattern.weekdays)
    }
    guard let value else { return false }
    switch field {
    case .year, .yearOfCentury: year = value
    case .month, .monthName: month = value
    case .day, .daySpacePadded: day = value
    case .hour: hour = value
    case .minute: minute = value
    case .second: second = value
    case .weekdayName: break
    }
    return true
  }

  /// A number of ASCII digits, as many as there are up to the range's end, at least its start.
  private mutating func number(digits: ClosedRange<Int>) -> Int? {
    var value = 0
    var count = 0
    while count < digits.upperBound, index < bytes.count,
      (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
    {
      value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
      count += 1
      index += 1
    }
    return count >= digits.lowerBound ? value : nil
  }

  /// The position in `names` of the name, whole or its first three letters, that the text goes
  /// on with, in any case; whole names are tried first.
  private mutating func name(in names: [String]) -> Int? {
    for length in [Int.max, 3] {
      for (position, name) in names.enumerated() {
        let expected = Array(name.utf8.prefix(length))
        guard index + expected.count <= bytes.count else { continue }
        // The names are ASCII letters: setting bit 5 lowers a letter and no other byte into them.
        let found = bytes[index..<index + expected.count]
        if zip(found, expected).allSatisfy({ $0 | 0x20 == $1 | 0x20 }) {
          index += expected.count
          return position
        }
      }
    }
    return nil
  }
}
