/// `chuck pick`'s rotation: no joke twice before every joke that fits was shown.
///
/// A round is a permutation of a whole list (or of every list, for `--source all`), made from
/// a seed and walked in order; a pick takes the next joke of the round that fits its options,
/// testing jokes only until one fits, so that `--match` on a large list tests a few texts, not
/// all of them. The state is the seed, the position in the round, and a fingerprint of the
/// list's ids, so that a changed list starts a new round. Picks with other options share the
/// list's round. The state may be lost or damaged: that only reshuffles.
public struct PickRotation: Equatable, Sendable {
  /// The seed of the round's permutation.
  public var seed: UInt64
  /// How far the round was walked: the jokes before this position were shown or skipped.
  public var position: Int
  /// The list's fingerprint (``Fingerprint``).
  public var fingerprint: String
  /// How many jokes the round has.
  public var count: Int

  /// Makes a state.
  /// - Parameters:
  ///   - seed: the permutation's seed.
  ///   - position: how far the round was walked.
  ///   - fingerprint: the list's fingerprint.
  ///   - count: how many jokes.
  public init(seed: UInt64, position: Int, fingerprint: String, count: Int) {
    self.seed = seed
    self.position = position
    self.fingerprint = fingerprint
    self.count = count
  }

  /// A list's fingerprint: FNV-1a (64 bits) over its jokes' sources and ids, fed in a stable
  /// order. It only decides whether a round goes on, so a fast hash is enough.
  public struct Fingerprint: Sendable {
    private var hash = FNV1a()

    /// An empty fingerprint.
    public init() {}

    /// Adds bytes.
    /// - Parameter bytes: the bytes.
    public mutating func add(_ bytes: some Sequence<UInt8>) {
      hash.add(bytes)
    }

    /// One joke: its source's name and its id, and a line break.
    /// - Parameters:
    ///   - source: the source's name.
    ///   - id: the id's UTF-8 bytes.
    public mutating func add(source: String, id: some Sequence<UInt8>) {
      add(source.utf8)
      add(CollectionOfOne(UInt8(ascii: ":")))
      add(id)
      add(CollectionOfOne(UInt8(ascii: "\n")))
    }

    /// The fingerprint in hex, 16 digits.
    public var hex: String { hash.hex }
  }

  /// The round's order: a Fisher–Yates shuffle of `0..<count` run forwards, driven by
  /// SplitMix64 from `seed`, so that the first `n` places are settled after `n` steps.
  /// - Parameters:
  ///   - seed: the seed.
  ///   - count: how many.
  /// - Returns: each position once.
  public static func permutation(seed: UInt64, count: Int) -> [Int] {
    var order = Order(seed: seed, count: count)
    return (0..<count).map { order.settle($0) }
  }

  /// The first place at or after `start` of the round whose joke fits, and that joke.
  /// - Parameters:
  ///   - seed: the round's seed.
  ///   - count: how many jokes.
  ///   - start: the first place to look at.
  ///   - fits: whether a joke (a position in the list) fits.
  /// - Returns: the place and the joke, or `nil` when none from `start` on fits.
  static func first(
    seed: UInt64, count: Int, from start: Int, where fits: (Int) -> Bool
  ) -> (place: Int, position: Int)? {
    guard start < count else { return nil }
    var order = Order(seed: seed, count: count)
    for place in 0..<start { _ = order.settle(place) }
    for place in start..<count {
      let position = order.settle(place)
      if fits(position) { return (place, position) }
    }
    return nil
  }

  /// The next joke that fits, and the state after it: the state's round goes on while it is
  /// for this list; when it is over, or no joke left in it fits, a new round starts.
  /// - Parameters:
  ///   - state: the state read, if any.
  ///   - count: how many jokes (at least 1).
  ///   - fingerprint: the list's fingerprint.
  ///   - generator: the source of a new seed.
  ///   - fits: whether a joke fits the pick's options.
  /// - Returns: the joke's position and the state to save; `nil` when no joke fits.
  public static func next(
    after state: PickRotation?, count: Int, fingerprint: String,
    using generator: inout some RandomNumberGenerator, where fits: (Int) -> Bool
  ) -> (position: Int, state: PickRotation)? {
    var misfits: Set<Int> = []
    if let state, state.fingerprint == fingerprint, state.count == count,
      (0...count).contains(state.position)
    {
      let found = first(seed: state.seed, count: count, from: state.position) { position in
        if fits(position) { return true }
        misfits.insert(position)
        return false
      }
      if let found {
        return (found.position, PickRotation(state, position: found.place + 1))
      }
    }
    let seed = generator.next()
    let found = first(seed: seed, count: count, from: 0) {
      !misfits.contains($0) && fits($0)
    }
    guard let found else { return nil }
    return (
      found.position,
      PickRotation(seed: seed, position: found.place + 1, fingerprint: fingerprint, count: count)
    )
  }

  private init(_ state: PickRotation, position: Int) {
    self = state
    self.position = position
  }

  /// `--daily`: the same joke all day, from the day and the list (nothing written): the first
  /// that fits of a round seeded by both.
  /// - Parameters:
  ///   - day: the local date, `YYYY-MM-DD`.
  ///   - count: how many jokes.
  ///   - fingerprint: the list's fingerprint.
  ///   - fits: whether a joke fits.
  /// - Returns: the joke's position, or `nil` when none fits.
  public static func daily(
    day: String, count: Int, fingerprint: String, where fits: (Int) -> Bool
  ) -> Int? {
    let digest = SHA256.digest(Array((day + "\n" + fingerprint).utf8))
    let seed = digest.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    return first(seed: seed, count: count, from: 0, where: fits)?.position
  }

  /// `--no-rotate`: a joke at random among those that fit, each equally likely.
  /// - Parameters:
  ///   - count: how many jokes.
  ///   - generator: the randomness.
  ///   - fits: whether a joke fits.
  /// - Returns: the joke's position, or `nil` when none fits.
  public static func random(
    count: Int, using generator: inout some RandomNumberGenerator, where fits: (Int) -> Bool
  ) -> Int? {
    first(seed: generator.next(), count: count, from: 0, where: fits)?.position
  }

  /// The first words of a state file, with its version.
  private static let header = "chuck-pick-rotation 2"
  /// The length of the state file, always: one line of words, padded with spaces. A state of
  /// one length is rewritten in place (no temporary file, no rename: those cost more than the
  /// rest of a pick), and a reader meeting a half-written one sees its checksum fail.
  static let recordLength = 128

  /// Reads a state from a file's bytes; anything unreadable is no state. The file is one line of
  /// words (not JSON: `pick` must start as fast as `fortune`, and a JSON decoder's first use
  /// costs more than the rest of the pick), the last a checksum of the others.
  /// - Parameter bytes: the file's bytes.
  /// - Returns: the state, or `nil`.
  public static func decode(_ bytes: [UInt8]?) -> PickRotation? {
    guard let bytes, bytes.count < 512 else { return nil }
    // Read word by word from the bytes: strings and arrays of them would cost more (their
    // generic metadata is built at the first use) than the rest of the pick.
    var index = 0
    func word() -> ArraySlice<UInt8> {
      while index < bytes.count, Self.isSpace(bytes[index]) { index += 1 }
      let start = index
      while index < bytes.count, !Self.isSpace(bytes[index]) { index += 1 }
      return bytes[start..<index]
    }
    func number() -> UInt64? {
      let digits = word()
      guard !digits.isEmpty, digits.count <= 20 else { return nil }
      var value: UInt64 = 0
      for digit in digits {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
        let (times, overflow) = value.multipliedReportingOverflow(by: 10)
        let (sum, carry) = times.addingReportingOverflow(UInt64(digit - UInt8(ascii: "0")))
        guard !overflow, !carry else { return nil }
        value = sum
      }
      return value
    }
    func isHex(_ word: ArraySlice<UInt8>) -> Bool {
      word.count == 16 && word.allSatisfy { Hex.value($0) != nil }
    }
    guard word().elementsEqual("chuck-pick-rotation".utf8), word().elementsEqual("2".utf8),
      let seed = number(), let position = number(), let count = number(),
      position <= Int.max, count <= Int.max
    else { return nil }
    let fingerprint = word()
    let checksum = word()
    guard isHex(fingerprint), isHex(checksum), word().isEmpty else { return nil }
    let state = PickRotation(
      seed: seed, position: Int(position),
      fingerprint: String(decoding: fingerprint, as: UTF8.self),
      count: Int(count))
    guard checksum.elementsEqual(state.checksum.utf8) else { return nil }
    return state
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
  }

  /// The state as a file holds it: one line of ``recordLength`` bytes.
  public var encoded: [UInt8] {
    let line = "\(words) \(checksum)"
    let padding = max(0, Self.recordLength - 1 - line.utf8.count)
    return Array((line + String(repeating: " ", count: padding) + "\n").utf8)
  }

  private var words: String { "\(Self.header) \(seed) \(position) \(count) \(fingerprint)" }

  private var checksum: String {
    var hash = Fingerprint()
    hash.add(words.utf8)
    return hash.hex
  }
}

/// A round's order, settled one place at a time (Fisher–Yates, forwards).
private struct Order {
  private var positions: [Int]
  private var random: SplitMix64

  init(seed: UInt64, count: Int) {
    positions = Array(0..<count)
    random = SplitMix64(seed: seed)
  }

  /// Settles `place` (all places before it settled already) and returns its position.
  mutating func settle(_ place: Int) -> Int {
    let left = positions.count - place
    if left > 1 {
      positions.swapAt(place, place + Int(random.next() % UInt64(left)))
    }
    return positions[place]
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

/// Fixed-width lowercase hex.
enum Hex {
  /// A lowercase hex digit's value, or `nil`.
  static func value(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    default: nil
    }
  }

  /// `value` as 16 hex digits.
  static func digits(_ value: UInt64) -> String {
    let text = String(value, radix: 16)
    return String(repeating: "0", count: 16 - text.utf8.count) + text
  }
}
