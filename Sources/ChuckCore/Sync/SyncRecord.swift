/// One entry of a machine's sync log: which replica made the change, its place in that replica's
/// log, when (by the replica's ``HybridLogicalClock``), and the change.
///
/// Coded as one line of JSON, `{"clock", "operation", "replica", "sequence"}` with the keys
/// sorted (``SyncOperation`` says how an operation is coded), by ``encoded()`` and
/// ``decode(_:)``; fields a newer chuck adds are ignored.
public struct SyncRecord: Sendable, Hashable {
  /// The replica whose log holds the record.
  public let replica: ReplicaID
  /// Its place in that log: 1, 2, 3, … With ``replica``, what makes two copies of a record the
  /// same record.
  public let sequence: UInt64
  /// When the change was made, by the replica's clock.
  public let clock: HybridTimestamp
  /// The change.
  public let operation: SyncOperation

  /// Makes a record.
  /// - Parameters:
  ///   - replica: the replica whose log holds it.
  ///   - sequence: its place in that log, from 1.
  ///   - clock: when the change was made.
  ///   - operation: the change.
  public init(
    replica: ReplicaID, sequence: UInt64, clock: HybridTimestamp, operation: SyncOperation
  ) {
    self.replica = replica
    self.sequence = sequence
    self.clock = clock
    self.operation = operation
  }

  /// The order every machine merges records in: by clock, then by replica id (which makes it
  /// total: one replica's clock never gives two records one reading), then by sequence (for
  /// damaged logs only).
  /// - Parameters:
  ///   - lhs: one record.
  ///   - rhs: another.
  public static func inMergeOrder(_ lhs: SyncRecord, _ rhs: SyncRecord) -> Bool {
    (lhs.clock, lhs.replica, lhs.sequence) < (rhs.clock, rhs.replica, rhs.sequence)
  }
}
