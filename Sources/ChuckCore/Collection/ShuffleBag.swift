/// `chuck pick`'s rotation: no joke twice before every joke that fits was shown. A round is a
/// permutation of the candidates, made from a seed; the state is the seed, the position in the
/// round, and a fingerprint of the candidates (their ids, in order), so that a changed list or
/// other options start a new round. The state may be lost or damaged: that only reshuffles.
public struct ShuffleBag: Equatable, Sendable {
  /// The seed of the round's permutation.
  public var seed: UInt64
  /// How many jokes of the round were shown.
  public var position: Int
  /// The candidates' fingerprint (``fingerprint(of:)``).
  public var fingerprint: String
  /// How many candidates the round has.
  public var count: Int

  /// Makes a state.
  /// - Parameters:
  ///   - seed: the permutation's seed.
  ///   - position: how many were shown.
  ///   - fingerprint: the candidates' fingerprint.
  ///   - count: how many candidates.
  public init(seed: UInt64, position: Int, fingerprint: String, count: Int) {
    self.seed = seed
    self.position = position
    self.fingerprint = fingerprint
    self.count = count
  }

  /// The candidates' fingerprint: the SHA-256 of their ids, one a line, in hex.
  /// - Parameter ids: the candidates' ids (with their source), in a stable order.
  /// - Returns: the fingerprint.
  public static func fingerprint(of ids: some Sequence<String>) -> String {
    var bytes: [UInt8] = []
    for id in ids {
      bytes.append(contentsOf: id.utf8)
      bytes.append(0x0A)
    }
    return SHA256.digest(bytes).map { String($0, radix: 16).leftPadded(to: 2) }.joined()
  }

  /// The next candidate to show, and the state after it: the state's round goes on while it
  /// is for these candidates and not over; otherwise a new round starts with a new seed.
  /// - Parameters:
  ///   - state: the state read, if any.
  ///   - count: how many candidates (at least 1).
  ///   - fingerprint: their fingerprint.
  ///   - generator: the source of a new seed.
  /// - Returns: the candidate's position, and the state to save.
  public static func next(
    after state: ShuffleBag?, count: Int, fingerprint: String,
    using generator: inout some RandomNumberGenerator
  ) -> (position: Int, state: ShuffleBag) {
    var bag =
      state.flatMap { state in
        state.fingerprint == fingerprint && state.count == count
          && (0..<count).contains(state.position) ? state : nil
      } ?? ShuffleBag(seed: generator.next(), position: 0, fingerprint: fingerprint, count: count)
    let position = permutation(seed: bag.seed, count: count)[bag.position]
    bag.position += 1
    return (position, bag)
  }

  /// The round's order: a Fisher–Yates shuffle of `0..<count` driven by SplitMix64 from `seed`.
  /// - Parameters:
  ///   - seed: the seed.
  ///   - count: how many.
  /// - Returns: each position once.
  public static func permutation(seed: UInt64, count: Int) -> [Int] {
    var order = Array(0..<count)
    var random = SplitMix64(seed: seed)
    if count > 1 {
      for index in stride(from: count - 1, to: 0, by: -1) {
        order.swapAt(index, Int(random.next() % UInt64(index + 1)))
      }
    }
    return order
  }

  /// `--daily`: the same candidate all day, from the day and the candidates (nothing written).
  /// - Parameters:
  ///   - day: the local date, `YYYY-MM-DD`.
  ///   - count: how many candidates (at least 1).
  ///   - fingerprint: their fingerprint.
  /// - Returns: the candidate's position.
  public static func daily(day: String, count: Int, fingerprint: String) -> Int {
    let digest = SHA256.digest(Array((day + "\n" + fingerprint).utf8))
    let number = digest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    return Int(number % UInt64(max(1, count)))
  }

  /// The first word of a state file, and its version.
  private static let header = "chuck-pick-rotation 1"

  /// Reads a state from a file's bytes; anything unreadable is no state. The file is one line of
  /// words (not JSON: `pick` must start as fast as `fortune`, and a JSON decoder's first use
  /// costs more than the rest of the pick).
  /// - Parameter bytes: the file's bytes.
  /// - Returns: the state, or `nil`.
  public static func decode(_ bytes: [UInt8]?) -> ShuffleBag? {
    guard let bytes, bytes.count < 512 else { return nil }
    let words = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isWhitespace)
    guard words.count == 6, words[0...1].joined(separator: " ") == header,
      let seed = UInt64(words[2]), let position = Int(words[3]), let count = Int(words[4]),
      words[5].count == 64, words[5].allSatisfy(\.isHexDigit)
    else { return nil }
    return ShuffleBag(seed: seed, position: position, fingerprint: String(words[5]), count: count)
  }

  /// The state as a file holds it: one line.
  public var encoded: [UInt8] {
    Array("\(Self.header) \(seed) \(position) \(count) \(fingerprint)\n".utf8)
  }
}

/// SplitMix64: a small, fast generator whose output depends only on its seed.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}

extension String {
  /// The string with zeros before it up to `length` characters.
  fileprivate func leftPadded(to length: Int) -> String {
    String(repeating: "0", count: max(0, length - count)) + self
  }
}
