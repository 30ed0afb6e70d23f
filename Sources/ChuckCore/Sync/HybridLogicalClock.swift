import FoundationEssentials

/// One replica's hybrid logical clock (Kulkarni et al., "Logical Physical Clocks", 2014): it
/// stamps each local change with a ``HybridTimestamp`` later than every stamp the replica has
/// made or seen, close to the wall clock, so that "the later change wins" means what a person
/// expects, and an event that knew of another is always after it.
///
/// The rules, with `now` the wall clock in milliseconds (injected, never read here):
/// - ``tick(now:)``, a local change: the larger of `now` and the last reading; a reading at the
///   same millisecond counts up. The clock never goes backwards, even when the wall clock does.
/// - ``receive(_:now:)``, a stamp from another replica: the largest of the three milliseconds, the
///   counter one past the largest counter at that millisecond.
/// - The counter is 32 bits; when it is full, the reading moves to the next millisecond with the
///   counter at zero (``HybridTimestamp``), so it never wraps around. It grows only while events
///   outrun the wall clock, by one per event: four billion events in one millisecond.
/// - A stamp more than ``maximumDrift`` (24 hours) ahead of `now` is refused, not clamped: taking
///   it would drag this clock, and every later change here, a day or more into the future, where
///   the changes of machines with right clocks would lose to it. Clamping would reorder that
///   record against others differently on each machine. The record waits instead: once the wall
///   clock is within 24 hours of it, it is taken (``SyncFold`` sets such records aside the same
///   way).
public struct HybridLogicalClock: Sendable, Equatable {
  /// The last reading made or seen.
  public private(set) var latest: HybridTimestamp

  /// How far ahead of the wall clock a received stamp may be, in milliseconds: 24 hours, more than
  /// any clock that keeps time, and short enough that a machine set to the wrong day is noticed.
  public static let maximumDrift: UInt64 = 24 * 60 * 60 * 1000

  /// Makes a clock that has already read `latest` (the last stamp of the replica's own log, when
  /// it starts again).
  /// - Parameter latest: the last reading made or seen.
  public init(latest: HybridTimestamp = .zero) {
    self.latest = latest
  }

  /// Stamps a local change.
  /// - Parameter now: the wall clock, in milliseconds since 1970.
  /// - Returns: a reading later than every reading this clock made or saw.
  public mutating func tick(now: UInt64) -> HybridTimestamp {
    let now = min(now, HybridTimestamp.maximumPhysical)
    latest = now > latest.physical ? HybridTimestamp(physical: now, logical: 0) : latest.successor
    return latest
  }

  /// Takes in another replica's stamp, so that every later local change is stamped after it.
  /// - Parameters:
  ///   - remote: the other replica's stamp.
  ///   - now: the wall clock, in milliseconds since 1970.
  /// - Returns: the reading of the receipt, later than `remote` and than every earlier reading.
  /// - Throws: ``ChuckError/syncRecordRefused(_:)`` when `remote` is more than
  ///   ``maximumDrift`` ahead of `now`; the clock is unchanged then.
  @discardableResult
  public mutating func receive(_ remote: HybridTimestamp, now: UInt64) throws(ChuckError)
    -> HybridTimestamp
  {
    let now = min(now, HybridTimestamp.maximumPhysical)
    if let problem = Self.aheadProblem(remote, now: now) { throw .syncRecordRefused(problem) }
    let physical = max(latest.physical, remote.physical, now)
    if physical == latest.physical, physical == remote.physical {
      latest = max(latest, remote).successor
    } else if physical == latest.physical {
      latest = latest.successor
    } else if physical == remote.physical {
      latest = remote.successor
    } else {
      latest = HybridTimestamp(physical: now, logical: 0)
    }
    return latest
  }

  /// Why a stamp is too far ahead of the wall clock to take, or `nil` when it may be taken.
  /// - Parameters:
  ///   - stamp: another replica's stamp.
  ///   - now: the wall clock, in milliseconds since 1970.
  /// - Returns: the reason, worded for a message.
  public static func aheadProblem(_ stamp: HybridTimestamp, now: UInt64) -> String? {
    let now = min(now, HybridTimestamp.maximumPhysical)
    guard stamp.physical > now + maximumDrift else { return nil }
    let hours = (stamp.physical - now + 3_599_999) / 3_600_000
    let ahead = hours < 72 ? "\(hours) hours" : "\(hours / 24) days"
    return "it is stamped \(ahead) ahead of this machine's clock, and at most 24 hours are taken; "
      + "it waits until then (is the clock of the machine that wrote it right?)"
  }

  /// The wall-clock reading the clock takes: milliseconds since 1970, rounded down; 0 for a time
  /// before 1970.
  /// - Parameter date: the time (the caller's injected "now").
  public static func milliseconds(_ date: Date) -> UInt64 {
    let value = (date.timeIntervalSince1970 * 1000).rounded(.down)
    guard value > 0 else { return 0 }
    return value >= Double(HybridTimestamp.maximumPhysical)
      ? HybridTimestamp.maximumPhysical : UInt64(value)
  }
}
