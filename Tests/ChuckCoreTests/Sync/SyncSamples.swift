@testable import ChuckCore

/// Replicas, jokes and records for the sync tests, written short.
enum SyncSamples {
  static let replicaA = ReplicaID(high: 0xA, low: 1)
  static let replicaB = ReplicaID(high: 0xB, low: 2)
  static let replicaC = ReplicaID(high: 0xC, low: 3)

  /// A dad joke as its list stores it.
  static func joke(_ id: String, _ text: String = "a joke") -> StoredJoke {
    try! StoredJoke(id: id, json: #"{"id":"\#(id)","joke":"\#(text)"}"#)
  }

  static let addedAt = PostgresTimestamp("2026-11-24 10:11:12")!

  /// A record of `replica` at `milliseconds`, its sequence the milliseconds unless given.
  static func record(
    _ replica: ReplicaID, _ milliseconds: UInt64, _ operation: SyncOperation,
    sequence: UInt64? = nil, logical: UInt32 = 0
  ) -> SyncRecord {
    SyncRecord(
      replica: replica, sequence: sequence ?? milliseconds,
      clock: HybridTimestamp(physical: milliseconds, logical: logical), operation: operation)
  }

  static func save(_ id: String, _ text: String = "a joke", in source: JokeSource = .dad)
    -> SyncOperation
  {
    .jokeSaved(source: source, joke: joke(id, text), reason: .saved)
  }

  static func remove(_ id: String, in source: JokeSource = .dad) -> SyncOperation {
    .jokeRemoved(source: source, id: id)
  }

  static func favorite(_ name: String, _ id: String, in source: JokeSource = .dad)
    -> SyncOperation
  {
    .favoriteAdded(name: name, source: source, id: id, addedAt: addedAt)
  }

  static func rename(_ name: String, to newName: String, _ id: String) -> SyncOperation {
    .favoriteRenamed(name: name, newName: newName, source: .dad, id: id)
  }

  static func unfavorite(_ name: String, _ id: String) -> SyncOperation {
    .favoriteRemoved(name: name, source: .dad, id: id)
  }

  /// A time well after every sample record, so that none waits.
  static let now: UInt64 = 1_000_000

  /// The merge of `records` with a limit of `limit` favourites.
  static func fold(_ records: [SyncRecord], limit: Int = 50, now: UInt64 = now)
    -> SyncFold.Result
  {
    SyncFold(favoritesLimit: limit).fold(records, now: now)
  }

  /// The ids of a source's saved jokes, in list order.
  static func ids(_ result: SyncFold.Result, _ source: JokeSource = .dad) -> [String] {
    result.lists.saved[source]?.map(\.id) ?? []
  }

  /// The favourites as `name=id`, in name order.
  static func favorites(_ result: SyncFold.Result) -> [String] {
    result.lists.favorites.map { "\($0.name)=\($0.id)" }
  }
}
