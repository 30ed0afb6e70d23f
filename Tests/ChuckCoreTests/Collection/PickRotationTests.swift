import Testing

@testable import ChuckCore

@Suite struct PickRotationTests {
  /// Picks `rounds × fitting` jokes in a row, the state carried from pick to pick.
  private static func picks(
    _ count: Int, _ times: Int, state: inout PickRotation?, fingerprint: String = "f",
    using generator: inout SplitMix64, where fits: (Int) -> Bool = { _ in true }
  ) -> [Int] {
    var shown: [Int] = []
    for _ in 0..<times {
      guard
        let (position, next) = PickRotation.next(
          after: state, count: count, fingerprint: fingerprint, using: &generator, where: fits)
      else { return shown }
      shown.append(position)
      state = next
    }
    return shown
  }

  /// Property: for any number of jokes and any seed, a round shows every joke once, and the
  /// pick after it starts a new round.
  @Test(arguments: [1, 2, 3, 7, 10, 64, 257])
  func everyJokeOncePerRound(count: Int) {
    var generator = SplitMix64(seed: UInt64(count) &* 7919)
    for _ in 0..<20 {
      var state: PickRotation?
      let shown = Self.picks(count, count, state: &state, using: &generator)
      #expect(shown.sorted() == Array(0..<count))
      #expect(state?.position == count)
      let after = PickRotation.next(
        after: state, count: count, fingerprint: "f", using: &generator, where: { _ in true })
      #expect(after?.state.position == 1, "a new round")
      #expect(after?.state.seed != state?.seed)
    }
  }

  /// Property: with options that only some jokes fit, each of those is shown once a round and
  /// no other ever; a round with none left that fits ends early.
  @Test(arguments: [(10, 3), (64, 2), (257, 5), (100, 100)])
  func everyFittingJokeOncePerRound(count: Int, every: Int) {
    var generator = SplitMix64(seed: UInt64(count * every))
    let fits = { (position: Int) in position % every == 0 }
    let fitting = (0..<count).filter(fits)
    var state: PickRotation?
    for _ in 0..<5 {
      let shown = Self.picks(count, fitting.count, state: &state, using: &generator, where: fits)
      #expect(shown.sorted() == fitting)
    }
  }

  /// Picks with other options share the round: a joke shown by one is not shown by the other
  /// before the round is over.
  @Test func optionsShareTheRound() {
    var generator = SplitMix64(seed: 5)
    var state: PickRotation?
    var shown: [Int] = []
    for pick in 0..<100 {
      let fits: (Int) -> Bool = pick % 2 == 0 ? { $0 < 50 } : { $0 >= 50 }
      let seed = state?.seed
      let next = Self.picks(100, 1, state: &state, using: &generator, where: fits)
      if seed != nil, state?.seed != seed { break }
      shown += next
    }
    #expect(shown.count > 40, "most of the round")
    #expect(Set(shown).count == shown.count, "no joke twice in one round")
  }

  /// Nothing fits: `nil`, and every joke was tested once at most per round walked.
  @Test func nothingFits() {
    var generator = SplitMix64(seed: 8)
    var tested = 0
    let start = PickRotation(seed: 3, position: 40, fingerprint: "f", count: 100)
    let none = PickRotation.next(after: start, count: 100, fingerprint: "f", using: &generator) {
      _ in
      tested += 1
      return false
    }
    #expect(none == nil)
    #expect(tested == 100, "the old round's rest, then the new round without those")
    #expect(PickRotation.daily(day: "2026-11-24", count: 5, fingerprint: "f") { _ in false } == nil)
    #expect(PickRotation.random(count: 5, using: &generator) { _ in false } == nil)
  }

  /// Only as many jokes are tested as it takes: the first that fits ends the walk.
  @Test func testsOnlyUntilOneFits() {
    var generator = SplitMix64(seed: 11)
    var tested = 0
    let picked = PickRotation.random(count: 10_000, using: &generator) { _ in
      tested += 1
      return tested == 3
    }
    #expect(picked != nil)
    #expect(tested == 3)
  }

  /// A changed list (another fingerprint or count) or a damaged state starts a new round; the
  /// state round-trips through its file form, always 128 bytes; garbage, another version or a
  /// wrong checksum reads as no state.
  @Test func changedListsAndDamagedStates() throws {
    var generator = SplitMix64(seed: 42)
    let print = "0123456789abcdef"
    let all: (Int) -> Bool = { _ in true }
    let state = try #require(
      PickRotation.next(after: nil, count: 5, fingerprint: print, using: &generator, where: all)?
        .state)
    let same = try #require(
      PickRotation.next(after: state, count: 5, fingerprint: print, using: &generator, where: all))
    #expect(same.state.seed == state.seed && same.state.position == 2)
    for changed in [
      PickRotation.next(after: state, count: 5, fingerprint: "b", using: &generator, where: all),
      PickRotation.next(after: state, count: 6, fingerprint: print, using: &generator, where: all),
      PickRotation.next(
        after: PickRotation(seed: 1, position: -3, fingerprint: print, count: 5), count: 5,
        fingerprint: print, using: &generator, where: all),
    ] {
      #expect(changed?.state.position == 1)
      #expect(changed?.state.seed != state.seed)
    }
    #expect(PickRotation.decode(state.encoded) == state)
    #expect(state.encoded.count == 128)
    #expect(state.encoded.last == UInt8(ascii: "\n"))
    let big = PickRotation(seed: .max, position: .max, fingerprint: print, count: .max)
    #expect(big.encoded.count == 128)
    #expect(PickRotation.decode(big.encoded) == big)
    var flipped = state.encoded
    flipped[24] = flipped[24] == UInt8(ascii: "1") ? UInt8(ascii: "2") : UInt8(ascii: "1")
    #expect(PickRotation.decode(flipped) == nil, "a torn or edited state fails its checksum")
    #expect(PickRotation.decode(Array("{\"seed\": \"x\"}".utf8)) == nil)
    #expect(PickRotation.decode(Array("chuck-pick-rotation 1 1 2 3 xyz\n".utf8)) == nil)
    #expect(PickRotation.decode(Array(repeating: 0x20, count: 600)) == nil)
    #expect(PickRotation.decode(nil) == nil)
  }

  /// The order depends only on its seed and is walked lazily as it is built; the day's pick
  /// only on the day, the list and the options.
  @Test func deterministic() {
    let order = PickRotation.permutation(seed: 9, count: 100)
    #expect(order == PickRotation.permutation(seed: 9, count: 100))
    #expect(order != PickRotation.permutation(seed: 10, count: 100))
    #expect(order.sorted() == Array(0..<100))
    #expect(PickRotation.permutation(seed: 3, count: 0).isEmpty)
    let found = PickRotation.first(seed: 9, count: 100, from: 30) { $0 % 7 == 0 }
    let expected = order.indices.first { $0 >= 30 && order[$0] % 7 == 0 }
    #expect(found?.place == expected)
    #expect(found?.position == expected.map { order[$0] })
    let all: (Int) -> Bool = { _ in true }
    let today = PickRotation.daily(day: "2026-11-24", count: 1000, fingerprint: "f", where: all)
    #expect(
      today == PickRotation.daily(day: "2026-11-24", count: 1000, fingerprint: "f", where: all))
    #expect(today.map { (0..<1000).contains($0) } == true)
    let days = Set(
      (1...28).map {
        PickRotation.daily(day: "2026-02-\($0)", count: 1000, fingerprint: "f", where: all)
      })
    #expect(days.count > 20, "other days, other jokes")
    let even = PickRotation.daily(day: "2026-11-24", count: 1000, fingerprint: "f") { $0 % 2 == 0 }
    #expect(even.map { $0 % 2 == 0 } == true)
  }

  /// The fingerprint is FNV-1a over each joke's source, id and a line break.
  @Test func fingerprint() {
    var print = PickRotation.Fingerprint()
    print.add(source: "chuck", id: "a".utf8)
    print.add(source: "chuck", id: "b".utf8)
    var same = PickRotation.Fingerprint()
    same.add("chuck:a\nchuck:b\n".utf8)
    #expect(print.hex == same.hex)
    #expect(PickRotation.Fingerprint().hex == "cbf29ce484222325")
    var one = PickRotation.Fingerprint()
    one.add("a".utf8)
    #expect(one.hex == "af63dc4c8601ec8c", "FNV-1a 64 of \"a\"")
  }
}
