import Testing

@testable import ChuckCore

@Suite struct SyncFoldTests {
  private typealias S = SyncSamples
  private let a = SyncSamples.replicaA
  private let b = SyncSamples.replicaB
  private let c = SyncSamples.replicaC

  /// A remove beats an older save, wherever each was made, and takes the joke's favourite along.
  /// Every machine merges with the smallest of each replica's latest favourites limit: a
  /// replica that raised its limit later counts with the later one; the favourite beyond the
  /// limit is the later one, on every machine alike.
  @Test func favouritesLimitIsTheSmallestLatest() {
    let (a, b) = (S.replicaA, S.replicaB)
    let records = [
      S.record(a, 1, .favoritesLimit(1)), S.record(a, 5, .favoritesLimit(3)),
      S.record(b, 2, .favoritesLimit(2)),
      S.record(a, 10, S.save("abcd1")), S.record(a, 11, S.save("abcd2")),
      S.record(a, 12, S.save("abcd3")),
      S.record(a, 20, S.favorite("One", "abcd1")), S.record(b, 21, S.favorite("Two", "abcd2")),
      S.record(a, 22, S.favorite("Three", "abcd3")),
    ]
    #expect(SyncFold.limit(of: records) == 2)
    #expect(SyncFold.limit(of: [S.record(a, 1, S.save("abcd1"))]) == nil)
    let result = S.fold(records.reversed(), limit: 50)
    #expect(S.favorites(result) == ["One=abcd1", "Two=abcd2"])
    #expect(result.notes.map(\.outcome) == [.favoritesFull(limit: 2)])
  }

  @Test func removeBeatsOlderSave() {
    let records = [
      S.record(a, 10, S.save("abcd1")), S.record(a, 11, S.save("abcd2")),
      S.record(a, 12, S.favorite("Bike", "abcd1")), S.record(b, 20, S.remove("abcd1")),
    ]
    let result = S.fold(records)
    #expect(S.ids(result) == ["abcd2"])
    #expect(result.lists.favorites.isEmpty)
    #expect(result.notes.isEmpty)
  }

  /// A later save beats an older remove, and goes to the end of its list with its own item.
  @Test func laterSaveBeatsOlderRemove() {
    let records = [
      S.record(a, 10, S.save("abcd1", "first")), S.record(a, 11, S.save("abcd2")),
      S.record(b, 20, S.remove("abcd1")), S.record(c, 30, S.save("abcd1", "again")),
    ]
    let result = S.fold(records)
    #expect(S.ids(result) == ["abcd2", "abcd1"])
    #expect(result.lists.saved[.dad]?.last == S.joke("abcd1", "again"))
    // Only a remove stamped later than the save takes it out.
    #expect(S.ids(S.fold(records + [S.record(b, 25, S.remove("abcd1"))])) == ["abcd2", "abcd1"])
    #expect(S.ids(S.fold(records + [S.record(b, 35, S.remove("abcd1"))])) == ["abcd2"])
  }

  /// A save of a saved joke changes nothing: the first save's item and place stay, as
  /// `chuck save` refuses a duplicate. A list whose jokes all went is given, empty.
  @Test func savedJokesAreASet() {
    let records = [
      S.record(a, 10, S.save("abcd1", "first")), S.record(b, 11, S.save("abcd2")),
      S.record(b, 12, S.save("abcd1", "second")), S.record(a, 13, S.save("m1234", in: .mine)),
      S.record(c, 14, S.remove("m1234", in: .mine)),
    ]
    let result = S.fold(records)
    #expect(result.lists.saved[.dad] == [S.joke("abcd1", "first"), S.joke("abcd2")])
    #expect(result.lists.saved[.mine] == [])
    #expect(result.lists.sources == [.dad, .mine])
  }

  /// Favourite names go to the last writer: two renames of one favourite, the later wins,
  /// whichever replica made it and in whatever order they arrive.
  @Test func favoriteRenameLastWriterWins() {
    let base = [S.record(a, 10, S.save("abcd1")), S.record(a, 11, S.favorite("Bike", "abcd1"))]
    let early = S.record(a, 20, S.rename("Bike", to: "Cycle", "abcd1"))
    let late = S.record(b, 21, S.rename("Bike", to: "Pedal", "abcd1"))
    #expect(S.favorites(S.fold(base + [early, late])) == ["Pedal=abcd1"])
    #expect(S.favorites(S.fold([late, early] + base)) == ["Pedal=abcd1"])
    // The date it was made a favourite stays through renames.
    #expect(S.fold(base + [late]).lists.favorites.first?.addedAt == S.addedAt)
    // Only the case changes.
    #expect(
      S.favorites(S.fold(base + [S.record(b, 30, S.rename("Bike", to: "BIKE", "abcd1"))]))
        == ["BIKE=abcd1"])
  }

  /// Two jokes made favourites under one name (in any case) on two machines: the later holds
  /// the name, and the other favourite is dropped, with a note saying so.
  @Test func sameNameTwoJokesLaterHoldsIt() {
    let records = [
      S.record(a, 10, S.save("abcd1")), S.record(a, 11, S.save("abcd2")),
      S.record(a, 20, S.favorite("Bike", "abcd1")), S.record(b, 21, S.favorite("bike", "abcd2")),
    ]
    let result = S.fold(records)
    #expect(S.favorites(result) == ["bike=abcd2"])
    let dropped = Favorite(name: "Bike", source: .dad, id: "abcd1", addedAt: S.addedAt)
    #expect(
      result.notes == [SyncFold.Note(record: records[3], outcome: .replacedFavorite(dropped))])
    #expect(
      result.notes[0].message
        == "favourite 'Bike' (dad abcd1) was replaced by 'bike' (replica "
        + "000000000000000b0000000000000002, record 21)")
    // A rename onto a name another favourite holds takes it the same way.
    let renamed =
      Array(records.dropLast()) + [
        S.record(b, 21, S.favorite("Kids", "abcd2")),
        S.record(c, 22, S.rename("Kids", to: "BIKE", "abcd2")),
      ]
    #expect(S.favorites(S.fold(renamed)) == ["BIKE=abcd2"])
  }

  /// One joke made a favourite on two machines under two names: the later name is its name.
  @Test func sameJokeTwoNamesLaterNameWins() {
    let records = [
      S.record(a, 10, S.save("abcd1")), S.record(a, 20, S.favorite("Bike", "abcd1")),
      S.record(b, 21, S.favorite("Cycle", "abcd1")),
    ]
    #expect(S.favorites(S.fold(records)) == ["Cycle=abcd1"])
  }

  /// A rename or remove finds the favourite by its joke: a remove after a rename elsewhere
  /// still removes it; a rename of a favourite removed earlier is skipped, with a note.
  @Test func favoriteKnownByItsJoke() {
    let base = [S.record(a, 10, S.save("abcd1")), S.record(a, 11, S.favorite("Bike", "abcd1"))]
    let renamed = S.record(a, 20, S.rename("Bike", to: "Cycle", "abcd1"))
    let removed = S.record(b, 21, S.unfavorite("Bike", "abcd1"))
    let result = S.fold(base + [renamed, removed])
    #expect(result.lists.favorites.isEmpty)
    #expect(S.ids(result) == ["abcd1"])
    let late = S.record(c, 30, S.rename("Bike", to: "Pedal", "abcd1"))
    let skipped = S.fold(base + [removed, late])
    #expect(skipped.lists.favorites.isEmpty)
    #expect(skipped.notes == [SyncFold.Note(record: late, outcome: .noFavorite)])
    #expect(skipped.notes[0].message.hasPrefix("favourite 'Bike' was not renamed to 'Pedal'"))
  }

  /// A favourite never outlives its joke: one made before the joke's remove goes with it; one
  /// made after the remove, on a machine that had not seen it, is not made.
  @Test func favoriteGoesWithItsJoke() {
    let records = [
      S.record(a, 10, S.save("abcd1")), S.record(b, 20, S.remove("abcd1")),
      S.record(a, 30, S.favorite("Bike", "abcd1")),
    ]
    let result = S.fold(records)
    #expect(S.ids(result).isEmpty)
    #expect(result.lists.favorites.isEmpty)
    #expect(result.notes == [SyncFold.Note(record: records[2], outcome: .jokeNotSaved)])
    #expect(
      result.notes[0].message.hasPrefix("favourite 'Bike' was not made: its joke (dad abcd1)"))
    // Saved again later, the joke does not bring the favourite back.
    #expect(S.fold(records + [S.record(c, 40, S.save("abcd1"))]).lists.favorites.isEmpty)
  }

  /// The limit is checked in merge order: the favourite that would be one too many is the later
  /// one, and is not made (nor made later when room is made); a favourite that replaces another
  /// under its name or joke does not count twice.
  @Test func limitRefusesTheLaterFavorite() {
    let saves = ["abcd1", "abcd2", "abcd3"].enumerated().map { index, id in
      S.record(a, 10 + UInt64(index), S.save(id))
    }
    let first = S.record(a, 20, S.favorite("One", "abcd1"))
    let second = S.record(b, 21, S.favorite("Two", "abcd2"))
    let third = S.record(c, 22, S.favorite("Three", "abcd3"))
    let result = S.fold(saves + [third, first, second], limit: 2)
    #expect(S.favorites(result) == ["One=abcd1", "Two=abcd2"])
    #expect(result.notes == [SyncFold.Note(record: third, outcome: .favoritesFull(limit: 2))])
    #expect(
      result.notes[0].message.hasPrefix(
        "favourite 'Three' was not made: the favourites were full (2)"))
    let roomLater = saves + [first, second, third, S.record(a, 30, S.unfavorite("One", "abcd1"))]
    #expect(S.favorites(S.fold(roomLater, limit: 2)) == ["Two=abcd2"])
    let replacing =
      saves + [
        first, second, S.record(c, 30, S.favorite("one", "abcd3")),
        S.record(c, 31, S.favorite("Deux", "abcd2")),
      ]
    #expect(S.favorites(S.fold(replacing, limit: 2)) == ["Deux=abcd2", "one=abcd3"])
  }

  /// Copies of a record count once, whatever the order; two different records under one
  /// replica and sequence are both set aside, whatever the order.
  @Test func copiesAndConflictingRecords() {
    let records = [
      S.record(a, 10, S.save("abcd1")), S.record(b, 11, S.save("abcd2")),
      S.record(b, 12, S.remove("abcd1")),
    ]
    let once = S.fold(records)
    #expect(S.fold(records + records.reversed() + records) == once)
    let forged = S.record(b, 30, S.save("abcd9"), sequence: 11)
    let result = S.fold(records + [forged])
    let reversed = S.fold([forged] + records.reversed())
    #expect(result == reversed)
    #expect(S.ids(result) == [])
    #expect(result.notes.map(\.outcome) == [.conflictingCopies, .conflictingCopies])
    #expect(Set(result.notes.map(\.record)) == [records[1], forged])
    #expect(
      result.notes[0].message
        == "the log holds different records under one place (replica "
        + "000000000000000b0000000000000002, record 11); none of them was merged")
  }

  /// A record stamped more than a day ahead of this machine's clock waits, with a note, and
  /// is merged once the clock is within a day of it.
  @Test func farFutureRecordWaits() {
    let day: UInt64 = 86_400_000
    let records = [S.record(a, 10, S.save("abcd1")), S.record(b, 5 * day, S.remove("abcd1"))]
    let early = S.fold(records, now: 1000)
    #expect(S.ids(early) == ["abcd1"])
    #expect(early.notes.count == 1)
    guard case .aheadOfClock(let reason) = early.notes.first?.outcome else {
      Issue.record("no note of the waiting record")
      return
    }
    #expect(reason.hasPrefix("it is stamped 5 days ahead of this machine's clock"))
    #expect(
      early.notes[0].message.hasPrefix(
        "a change waits (replica 000000000000000b0000000000000002, record 432000000): it is "))
    #expect(S.ids(S.fold(records, now: 4 * day)) == [])
  }

  /// Turning a machine's lists into records and merging them gives the same lists back; the
  /// replica's records continue its log and come after everything it has seen.
  @Test func snapshotRoundTrip() {
    let lists = SyncLists(
      saved: [
        .dad: [S.joke("abcd2"), S.joke("abcd1")], .mine: [S.joke("m1234")], .chuck: [],
      ],
      favorites: [
        Favorite(name: "zed", source: .mine, id: "m1234", addedAt: S.addedAt),
        Favorite(name: "Bike", source: .dad, id: "abcd1", addedAt: S.addedAt),
      ])
    let seen = S.record(b, 9000, S.save("abcd9"))
    var replica = SyncReplica(id: a, after: S.record(a, 500, S.remove("x"), sequence: 41))
    replica.receive([seen], now: 100)
    let records = replica.snapshot(of: lists, now: 100)
    #expect(records.map(\.sequence) == Array(42...46))
    #expect(records.allSatisfy { $0.clock > seen.clock && $0.replica == a })
    #expect(
      records.first?.operation == .jokeSaved(source: .dad, joke: S.joke("abcd2"), reason: .existing)
    )
    let result = S.fold(records, now: 10_000)
    #expect(
      result.lists.saved == [.dad: [S.joke("abcd2"), S.joke("abcd1")], .mine: [S.joke("m1234")]])
    #expect(result.lists.favorites == lists.favorites.sorted(by: Favorite.inNameOrder))
    #expect(result.notes.isEmpty)
  }
}
