/// A hybrid logical clock's reading (Kulkarni et al., "Logical Physical Clocks", 2014): wall-clock
/// milliseconds since 1970 as the clock has seen them, and a counter that orders events within
/// one millisecond. Readings compare by the milliseconds, then the counter; among records the
/// replica id breaks the remaining tie (``SyncRecord``), so no two events are ever equal.
///
/// A record codes it as one string, `MILLISECONDS-COUNTER` in decimal (`1717171717171-0`):
/// compact, exact in any JSON reader (no 53-bit number), and stable.
public struct HybridTimestamp: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// Wall-clock milliseconds since 1970-01-01 00:00:00 UTC, as the clock has seen them.
  public let physical: UInt64
  /// Orders events that share ``physical``.
  public let logical: UInt32

  /// The largest ``physical`` a timestamp may have (about 146 million years ahead): far enough
  /// from `UInt64.max` that no sum of the clock overflows.
  public static let maximumPhysical: UInt64 = 1 << 62

  /// The reading before every other: the clock of a replica that has seen nothing.
  public static let zero = HybridTimestamp(physical: 0, logical: 0)

  /// Makes a reading.
  /// - Parameters:
  ///   - physical: milliseconds since 1970, at most ``maximumPhysical`` (larger is taken as it).
  ///   - logical: the counter.
  public init(physical: UInt64, logical: UInt32) {
    self.physical = min(physical, Self.maximumPhysical)
    self.logical = logical
  }

  /// Reads ``description``'s form: decimal digits, `-`, decimal digits; no sign, no leading zero.
  /// - Parameter text: the coded timestamp.
  /// - Returns: `nil` for anything else, or a number out of range.
  public init?(_ text: some StringProtocol) {
    let parts = text.utf8.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
    guard parts.count == 2, let physical = Self.number(parts[0]),
      physical <= Self.maximumPhysical, let logical = Self.number(parts[1]),
      logical <= UInt64(UInt32.max)
    else { return nil }
    self.init(physical: physical, logical: UInt32(logical))
  }

  /// `MILLISECONDS-COUNTER`, for example `1717171717171-0`.
  public var description: String { "\(physical)-\(logical)" }

  /// Earlier milliseconds first, then the smaller counter.
  public static func < (lhs: HybridTimestamp, rhs: HybridTimestamp) -> Bool {
    (lhs.physical, lhs.logical) < (rhs.physical, rhs.logical)
  }

  /// The next reading after this one: the counter plus one, or, when the counter is full, the
  /// next millisecond with the counter at zero (the clock runs a little ahead rather than
  /// wrapping around, which would go backwards).
  var successor: HybridTimestamp {
    logical == .max
      ? HybridTimestamp(physical: physical + 1, logical: 0)
      : HybridTimestamp(physical: physical, logical: logical + 1)
  }

  /// A decimal number as the clock and a log's lines write it: 1 to 20 digits, no sign, no
  /// leading zero.
  /// - Parameter digits: the number's ASCII digits.
  /// - Returns: `nil` for anything else, or a number beyond `UInt64.max`.
  static func number(_ digits: some Collection<UInt8>) -> UInt64? {
    guard !digits.isEmpty, digits.count <= 20,
      digits.count == 1 || digits.first != UInt8(ascii: "0")
    else { return nil }
    var value: UInt64 = 0
    for byte in digits {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
      let (times, overflow) = value.multipliedReportingOverflow(by: 10)
      let (sum, carry) = times.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
      guard !overflow, !carry else { return nil }
      value = sum
    }
    return value
  }
}
