/// The name of one machine's copy of the lists in a sync: a random 128-bit number, shown as 32
/// lower-case hexadecimal digits. Each machine appends only to its own log, named by its replica
/// id, so no file of the sync folder is ever written by two machines; the id is also the last
/// word of the order of records (``SyncRecord``), which makes that order total.
public struct ReplicaID: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The first 64 bits (the first 16 digits).
  public let high: UInt64
  /// The last 64 bits (the last 16 digits).
  public let low: UInt64

  /// How many hexadecimal digits an id has.
  public static let length = 32

  /// Makes an id from its bits.
  /// - Parameters:
  ///   - high: the first 64 bits.
  ///   - low: the last 64 bits.
  public init(high: UInt64, low: UInt64) {
    self.high = high
    self.low = low
  }

  /// A new id from a generator (a seeded one in tests).
  /// - Parameter generator: where the 128 bits come from.
  public init(using generator: inout some RandomNumberGenerator) {
    self.init(high: generator.next(), low: generator.next())
  }

  /// A new id from the system's random source, for a machine that joins a sync.
  public static func random() -> ReplicaID {
    var generator = SystemRandomNumberGenerator()
    return ReplicaID(using: &generator)
  }

  /// Reads an id as ``description`` writes it: exactly 32 characters of `0-9` and `a-f`.
  /// Upper-case digits are refused: the id names a file, and one machine must not have two
  /// names.
  /// - Parameter text: the id as written in a record or a log's name.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` saying what is wrong.
  public init(parsing text: some StringProtocol) throws(ChuckError) {
    let bytes = Array(text.utf8)
    let shown = TerminalSafeText.render(String(text), keepNewlines: false)
    guard bytes.count == Self.length else {
      throw .invalidArgument(
        "'\(shown)' is not a replica id: it has \(text.count) characters, not \(Self.length)"
          + " (\(Self.form))")
    }
    var value: (high: UInt64, low: UInt64) = (0, 0)
    for (index, byte) in bytes.enumerated() {
      guard let digit = Hex.value(byte) else {
        throw .invalidArgument("'\(shown)' is not a replica id: \(Self.form)")
      }
      if index < 16 {
        value.high = value.high << 4 | UInt64(digit)
      } else {
        value.low = value.low << 4 | UInt64(digit)
      }
    }
    self.init(high: value.high, low: value.low)
  }

  /// What an id looks like, for messages.
  public static let form = "a replica id is 32 characters of 0-9 and a-f"

  /// The 32 lower-case hexadecimal digits.
  public var description: String { Hex.digits(high) + Hex.digits(low) }

  /// Ids in the order of their digits.
  public static func < (lhs: ReplicaID, rhs: ReplicaID) -> Bool {
    (lhs.high, lhs.low) < (rhs.high, rhs.low)
  }
}
