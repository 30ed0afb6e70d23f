/// FNV-1a, 64 bits: the fast, stable hash of bytes that `chuck` uses where no adversary is in play
/// (a list's fingerprint for `pick`, an icon's cache name, the journal's checksum).
public struct FNV1a: Sendable {
  /// The hash of the bytes added so far.
  public private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

  /// The hash of nothing yet.
  public init() {}

  /// The hash of some bytes.
  /// - Parameter bytes: the bytes.
  public init(_ bytes: some Sequence<UInt8>) {
    add(bytes)
  }

  /// Adds bytes.
  /// - Parameter bytes: the bytes.
  public mutating func add(_ bytes: some Sequence<UInt8>) {
    for byte in bytes { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
  }

  /// The hash in hex, 16 digits.
  public var hex: String { Hex.digits(value) }
}
