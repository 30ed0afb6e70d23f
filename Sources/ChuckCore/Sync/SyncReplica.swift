/// This machine's side of a sync: its replica id, its clock, and the place of its next record.
/// It makes the records of its own log, and nothing else: "each machine appends only to its own
/// log". `pick`'s rotation is not a change it records: it stays each machine's own.
public struct SyncReplica: Sendable, Equatable {
  /// The replica's id.
  public let id: ReplicaID
  /// Its clock.
  public private(set) var clock: HybridLogicalClock
  /// The sequence of the next record it makes (the first is 1).
  public private(set) var nextSequence: UInt64

  /// A replica that starts (again) after the last record of its own log.
  /// - Parameters:
  ///   - id: its id.
  ///   - last: the last record of its log, `nil` for a new replica.
  public init(id: ReplicaID, after last: SyncRecord? = nil) {
    self.id = id
    clock = HybridLogicalClock(latest: last?.clock ?? .zero)
    nextSequence = (last?.sequence ?? 0) + 1
  }

  /// Records a local change.
  /// - Parameters:
  ///   - operation: the change.
  ///   - now: the wall clock, in milliseconds since 1970.
  /// - Returns: the record to append to this replica's log.
  public mutating func record(_ operation: SyncOperation, now: UInt64) -> SyncRecord {
    let record = SyncRecord(
      replica: id, sequence: nextSequence, clock: clock.tick(now: now), operation: operation)
    nextSequence += 1
    return record
  }

  /// Takes in the clocks of other replicas' records, so that every later local change is
  /// stamped after each of them. Records stamped too far ahead are left out (the merge sets them
  /// aside too), and so are this replica's own.
  /// - Parameters:
  ///   - records: records read from the other logs.
  ///   - now: the wall clock, in milliseconds since 1970.
  public mutating func receive(_ records: some Sequence<SyncRecord>, now: UInt64) {
    for record in records where record.replica != id {
      _ = try? clock.receive(record.clock, now: now)
    }
  }

  /// The records that make the lists a machine has when sync is set up on it (or joins one): a
  /// save of every saved joke, source by source in name order and each list in its order, then a
  /// favourite for each favourite. Stamped now, after every record seen, they win over older
  /// removes elsewhere: nothing kept on this machine is lost by joining.
  /// - Parameters:
  ///   - lists: the machine's lists.
  ///   - now: the wall clock, in milliseconds since 1970.
  /// - Returns: the records to append to this replica's log, in order.
  public mutating func snapshot(of lists: SyncLists, now: UInt64) -> [SyncRecord] {
    var records: [SyncRecord] = []
    for source in lists.sources {
      for joke in lists.saved[source] ?? [] {
        records.append(
          record(.jokeSaved(source: source, joke: joke, reason: .existing), now: now))
      }
    }
    for favorite in lists.favorites.sorted(by: Favorite.inNameOrder) {
      records.append(
        record(
          .favoriteAdded(
            name: favorite.name, source: favorite.source, id: favorite.id,
            addedAt: favorite.addedAt), now: now))
    }
    return records
  }
}
