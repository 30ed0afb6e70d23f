import FoundationEssentials

extension SyncSession.Report {
  /// What `chuck sync` says on stdout, one line each: the replica when this sync set it up, then
  /// what came in and went out.
  /// - Parameter folder: the sync folder.
  public func lines(folder: String) -> [String] {
    var lines: [String] = []
    if joined {
      lines.append("This machine joined the sync as replica \(replica.shortName).")
    }
    let machines = others.count == 1 ? "1 other machine" : "\(others.count) other machines"
    lines.append("Synced through \(folder) with \(machines).")
    lines.append(
      "In: \(Self.count(added, "joke")) added, \(removed) removed, "
        + "\(Self.count(favoritesChanged, "favourite")) changed. "
        + "Out: \(Self.count(recorded, "change")) of this machine.")
    return lines
  }

  static func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)" + (number == 1 ? "" : "s")
  }
}

extension SyncSetup.Replica {
  /// One line of `chuck sync --status`.
  public var line: String {
    let owner = isThisMachine ? "this machine" : "another machine"
    let change = lastChange.map { "last change " + SyncSetup.dateTime($0) } ?? "no change yet"
    let written = lastWritten.map { ", its log written " + SyncSetup.dateTime($0) } ?? ""
    let refused = refusals.isEmpty ? "" : "; \(refusals.count) refused"
    return "\(id.shortName) (\(owner)): \(SyncSession.Report.count(records, "record")), "
      + change + written + refused
  }
}

extension SyncSetup {
  /// A time in UTC to the second, as `chuck` shows saved times (`2026-11-27 20:15:03 UTC`).
  static func dateTime(_ date: Date) -> String {
    let micros = Int64((date.timeIntervalSince1970 * 1_000_000).rounded(.down))
    return SwedishDateFormatter().dateTime(PostgresTimestamp(microseconds: micros)) + " UTC"
  }
}

extension ReplicaID {
  /// The first 12 hex digits: enough to tell a person's machines apart.
  public var shortName: String { String(description.prefix(12)) }
}
