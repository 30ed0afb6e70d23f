import FoundationEssentials
import Glibc

/// `PostgresTimestamp`, which reads every `created_at`, `updated_at`, `saved_at` and `added_at`:
/// it accepts exactly the API's form naming a real date and time, from text and from bytes
/// alike, and the instant it finds is the one written (checked with the C library's `gmtime_r`).
enum TimestampTarget {
  static func run(_ bytes: [UInt8]) {
    let fromBytes = bytes.withUnsafeBufferPointer { PostgresTimestamp(utf8: $0) }
    let text = String(decoding: bytes, as: UTF8.self)
    let fromText = PostgresTimestamp(text)
    if Array(text.utf8) == bytes {
      FuzzCheck.require(fromText == fromBytes, "text and bytes parse differently")
    }
    FuzzCheck.require(
      (fromBytes != nil) == isRealTimestamp(bytes),
      "\(text.debugDescription) is \(fromBytes == nil ? "refused" : "accepted")")
    guard let stamp = fromBytes else { return }
    let seconds =
      stamp.microseconds >= 0
      ? stamp.microseconds / 1_000_000 : (stamp.microseconds - 999_999) / 1_000_000
    var time = time_t(seconds)
    var parts = tm()
    gmtime_r(&time, &parts)
    let written = bytes.prefix(19).map { $0 == UInt8(ascii: "T") ? UInt8(ascii: " ") : $0 }
    let date = [
      pad(Int(parts.tm_year) + 1900, 4), pad(Int(parts.tm_mon) + 1, 2), pad(Int(parts.tm_mday), 2),
    ]
    let clock = [pad(Int(parts.tm_hour), 2), pad(Int(parts.tm_min), 2), pad(Int(parts.tm_sec), 2)]
    let back = date.joined(separator: "-") + " " + clock.joined(separator: ":")
    FuzzCheck.require(Array(back.utf8) == written, "\(text.debugDescription) is read as \(back)")
    let fraction = bytes.count > 20 ? Array(bytes[20...]) : []
    let micros =
      fraction.reduce(0) { $0 * 10 + Int64($1 - UInt8(ascii: "0")) }
      * [1, 100_000, 10_000, 1_000, 100, 10, 1][fraction.count]
    let kept = stamp.microseconds - seconds * 1_000_000
    FuzzCheck.require(kept == micros, "\(text.debugDescription) has \(kept) microseconds")
  }

  private static func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }

  /// `yyyy-MM-dd HH:mm:ss` (or `T` between date and time), then optionally `.` and 1 to 6
  /// digits, naming a real date and time: the API's form, written out independently.
  private static func isRealTimestamp(_ b: [UInt8]) -> Bool {
    func isDigit(_ index: Int) -> Bool {
      (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b[index])
    }
    func value(_ range: Range<Int>) -> Int {
      range.reduce(0) { $0 * 10 + Int(b[$1] - UInt8(ascii: "0")) }
    }
    guard b.count == 19 || (21...26).contains(b.count) else { return false }
    let digitPositions =
      [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18] + Array(min(20, b.count)..<b.count)
    guard digitPositions.allSatisfy(isDigit), b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"),
      b[10] == UInt8(ascii: " ") || b[10] == UInt8(ascii: "T"), b[13] == UInt8(ascii: ":"),
      b[16] == UInt8(ascii: ":"), b.count == 19 || b[19] == UInt8(ascii: ".")
    else { return false }
    let (year, month, day) = (value(0..<4), value(5..<7), value(8..<10))
    guard (1...12).contains(month), value(11..<13) < 24, value(14..<16) < 60, value(17..<19) < 60
    else { return false }
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    return (1...days).contains(day)
  }
}
