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

/// A stand-in for the cipher, for the tests of the log: the bytes XORed with a key, then eight
/// bytes of FNV-1a over the key, the additional data and the plaintext, which `open` checks, so
/// that a record opens only with its key, at its place, unchanged.
struct FakeSealer: SyncSealer {
  var key: UInt8 = 0x5A

  /// What `open` refuses with.
  static let refusal = "it does not open with this machine's key"

  func seal(_ plaintext: [UInt8], additionalData: [UInt8]) throws(ChuckError) -> [UInt8] {
    plaintext.map { $0 ^ key } + checksum(plaintext, additionalData)
  }

  func open(_ sealed: [UInt8], additionalData: [UInt8]) throws(ChuckError) -> [UInt8] {
    guard sealed.count >= 8 else { throw .syncRecordRefused(Self.refusal) }
    let plaintext = sealed.dropLast(8).map { $0 ^ key }
    guard sealed.suffix(8).elementsEqual(checksum(plaintext, additionalData)) else {
      throw .syncRecordRefused(Self.refusal)
    }
    return plaintext
  }

  private func checksum(_ plaintext: [UInt8], _ additionalData: [UInt8]) -> [UInt8] {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in [key, UInt8(additionalData.count & 0xFF)] + additionalData + plaintext {
      hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
    }
    return (0..<8).map { UInt8(truncatingIfNeeded: hash >> (8 * $0)) }
  }
}

/// A sealer whose library is missing: every call fails, not as a refusal.
struct MissingSealer: SyncSealer {
  func seal(_ plaintext: [UInt8], additionalData: [UInt8]) throws(ChuckError) -> [UInt8] {
    throw .libsodiumMissing("not installed")
  }

  func open(_ sealed: [UInt8], additionalData: [UInt8]) throws(ChuckError) -> [UInt8] {
    throw .libsodiumMissing("not installed")
  }
}
