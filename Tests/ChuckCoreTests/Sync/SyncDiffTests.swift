import Testing

@testable import ChuckCore

/// What a sync records of this machine's changes since the last one: each a change the merge
/// applies to give the lists as they are now.
@Suite struct SyncDiffTests {
  typealias S = SyncSamples

  static func favorite(_ name: String, _ id: String, in source: JokeSource = .dad) -> Favorite {
    Favorite(name: name, source: source, id: id, addedAt: S.addedAt)
  }

  static func lists(_ ids: [String], favorites: [Favorite] = []) -> SyncLists {
    SyncLists(saved: [.dad: ids.map { S.joke($0) }], favorites: favorites)
  }

  /// The lists the merge makes of the base's snapshot followed by the changes: what the changes
  /// must give back.
  static func replay(_ base: SyncLists, _ operations: [SyncOperation]) -> SyncLists {
    var replica = SyncReplica(id: S.replicaA)
    let records = replica.snapshot(of: base, now: 1) + operations.map { replica.record($0, now: 2) }
    return S.fold(records).lists
  }

  @Test func nothingChangedRecordsNothing() {
    let base = Self.lists(["a", "b"], favorites: [Self.favorite("A", "a")])
    #expect(SyncDiff.operations(from: base, to: base, sources: [.dad]).isEmpty)
  }

  @Test func savesRemovesAndFavourites() {
    let base = Self.lists(
      ["a", "b", "c"], favorites: [Self.favorite("A", "a"), Self.favorite("B", "b")])
    let now = Self.lists(
      ["a", "c", "d"], favorites: [Self.favorite("D", "d"), Self.favorite("Renamed", "a")])
    let operations = SyncDiff.operations(from: base, to: now, sources: [.dad])
    #expect(
      operations == [
        S.save("d"), S.rename("A", to: "Renamed", "a"), S.favorite("D", "d"), S.remove("b"),
      ])
    #expect(Self.replay(base, operations) == now)
  }

  /// A swap of two favourites' names never passes through two favourites of one name.
  @Test func swappedNamesStayTwoFavourites() {
    let base = Self.lists(
      ["a", "b"], favorites: [Self.favorite("X", "a"), Self.favorite("Y", "b")])
    let now = Self.lists(
      ["a", "b"], favorites: [Self.favorite("X", "b"), Self.favorite("Y", "a")])
    let operations = SyncDiff.operations(from: base, to: now, sources: [.dad])
    #expect(Self.replay(base, operations) == now)
  }

  /// A favourite removed with its joke is the joke's remove alone; one removed while its joke
  /// stays is recorded.
  @Test func favouriteRemovedWithItsJoke() {
    let base = Self.lists(
      ["a", "b"], favorites: [Self.favorite("A", "a"), Self.favorite("B", "b")])
    let now = Self.lists(["b"])
    let operations = SyncDiff.operations(from: base, to: now, sources: [.dad])
    #expect(operations == [S.unfavorite("B", "b"), S.remove("a")])
    #expect(Self.replay(base, operations) == now)
  }

  /// A source this machine does not read (another machine declares it) is neither saved nor
  /// removed, and its favourites stay.
  @Test func sourcesNotReadHereAreLeftAlone() {
    let other = JokeSource(dormant: "articles")!
    var base = Self.lists(["a"], favorites: [Self.favorite("Far", "x", in: other)])
    base.saved[other] = [S.joke("x")]
    let now = Self.lists(["a"], favorites: [Self.favorite("Far", "x", in: other)])
    #expect(SyncDiff.operations(from: base, to: now, sources: [.dad]).isEmpty)
  }

  /// Your own jokes are recorded as added, the others as saved.
  @Test func reasons() {
    let now = SyncLists(saved: [.mine: [S.joke("m")], .dad: [S.joke("d")]])
    let operations = SyncDiff.operations(from: SyncLists(), to: now, sources: [.dad, .mine])
    #expect(
      operations == [
        .jokeSaved(source: .dad, joke: S.joke("d"), reason: .saved),
        .jokeSaved(source: .mine, joke: S.joke("m"), reason: .added),
      ])
  }
}
