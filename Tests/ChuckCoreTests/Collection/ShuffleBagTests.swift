import Testing

@testable import ChuckCore

@Suite struct ShuffleBagTests {
  /// Property: for any number of candidates and any seed, a round shows every candidate once,
  /// and the pick after it starts a new round.
  @Test(arguments: [1, 2, 3, 7, 10, 64, 257])
  func everyCandidateOncePerRound(count: Int) {
    var generator = SplitMix64(seed: UInt64(count) &* 7919)
    for _ in 0..<20 {
      var state: ShuffleBag?
      var shown: [Int] = []
      for _ in 0..<count {
        let (position, next) = ShuffleBag.next(
          after: state, count: count, fingerprint: "f", using: &generator)
        shown.append(position)
        state = next
      }
      #expect(shown.sorted() == Array(0..<count))
      #expect(state?.position == count)
      let (_, after) = ShuffleBag.next(
        after: state, count: count, fingerprint: "f", using: &generator)
      #expect(after.position == 1, "a new round")
    }
  }

  /// A changed list (another fingerprint or count) or a damaged state starts a new round; the
  /// state round-trips through its file form; garbage reads as no state.
  @Test func changedListsAndDamagedStates() {
    var generator = SplitMix64(seed: 42)
    let print = String(repeating: "a", count: 64)
    let (_, state) = ShuffleBag.next(after: nil, count: 5, fingerprint: print, using: &generator)
    let (_, same) = ShuffleBag.next(after: state, count: 5, fingerprint: print, using: &generator)
    #expect(same.seed == state.seed && same.position == 2)
    for changed in [
      ShuffleBag.next(after: state, count: 5, fingerprint: "b", using: &generator).state,
      ShuffleBag.next(after: state, count: 6, fingerprint: print, using: &generator).state,
      ShuffleBag.next(
        after: ShuffleBag(seed: 1, position: -3, fingerprint: print, count: 5), count: 5,
        fingerprint: print, using: &generator
      ).state,
    ] {
      #expect(changed.position == 1)
    }
    #expect(ShuffleBag.decode(state.encoded) == state)
    #expect(ShuffleBag.decode(Array("{\"seed\": \"x\"}".utf8)) == nil)
    #expect(ShuffleBag.decode(Array("chuck-pick-rotation 1 1 2 3 xyz\n".utf8)) == nil)
    #expect(ShuffleBag.decode(Array(repeating: 0x20, count: 600)) == nil)
    #expect(ShuffleBag.decode(nil) == nil)
  }

  /// The permutation depends only on its seed; the day's pick only on the day and the list.
  @Test func deterministic() {
    #expect(
      ShuffleBag.permutation(seed: 9, count: 100) == ShuffleBag.permutation(seed: 9, count: 100))
    #expect(
      ShuffleBag.permutation(seed: 9, count: 100) != ShuffleBag.permutation(seed: 10, count: 100))
    #expect(ShuffleBag.permutation(seed: 3, count: 0).isEmpty)
    let today = ShuffleBag.daily(day: "2026-11-24", count: 1000, fingerprint: "f")
    #expect(today == ShuffleBag.daily(day: "2026-11-24", count: 1000, fingerprint: "f"))
    #expect((0..<1000).contains(today))
    let days = Set(
      (1...28).map { ShuffleBag.daily(day: "2026-02-\($0)", count: 1000, fingerprint: "f") })
    #expect(days.count > 20, "other days, other jokes")
    // sha256sum of "chuck:a\nchuck:b\n".
    #expect(
      ShuffleBag.fingerprint(of: ["chuck:a", "chuck:b"])
        == "89afff7448cc3fd6c1cbc5b1c45f8e79673073aaf99d901bc333b311198c40d5")
  }
}
