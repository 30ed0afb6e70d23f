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

/// `chuck sync --json`: one object a line, keys sorted, terminal controls escaped.
public enum SyncJSON {
  /// A sync's report, with the key when `init` made one.
  /// - Parameters:
  ///   - report: what the sync did.
  ///   - folder: the sync folder.
  ///   - key: the key `init` made, else `nil`.
  public static func report(_ report: SyncSession.Report, folder: String, key: SyncKey? = nil)
    -> TerminalText
  {
    var members: [(String, [UInt8])] = [
      ("added", number(report.added)), ("favorites_changed", number(report.favoritesChanged)),
      ("folder", quoted(folder)), ("joined", Array((report.joined ? "true" : "false").utf8)),
      ("notes", strings(report.notes)), ("others", strings(report.others.map(\.description))),
      ("recorded", number(report.recorded)), ("refusals", strings(report.refusals)),
      ("removed", number(report.removed)), ("replica", quoted(report.replica.description)),
    ]
    if let key { members.insert(("key", quoted(key.text)), at: 4) }
    return object(members)
  }

  /// `chuck sync key --json`.
  public static func key(_ key: SyncKey) -> TerminalText { object([("key", quoted(key.text))]) }

  /// `chuck sync --status --json`.
  /// - Parameters:
  ///   - replicas: each machine's log.
  ///   - waiting: this machine's changes not synced yet.
  ///   - folder: the sync folder.
  public static func status(_ replicas: [SyncSetup.Replica], waiting: Int, folder: String)
    -> TerminalText
  {
    var array: [UInt8] = [UInt8(ascii: "[")]
    for (index, replica) in replicas.enumerated() {
      if index > 0 { array.append(UInt8(ascii: ",")) }
      array +=
        object(
          [
            ("last_change", replica.lastChange.map { quoted(SyncSetup.dateTime($0)) } ?? null),
            ("last_written", replica.lastWritten.map { quoted(SyncSetup.dateTime($0)) } ?? null),
            ("records", number(replica.records)), ("refusals", strings(replica.refusals)),
            ("replica", quoted(replica.id.description)),
            ("this_machine", Array((replica.isThisMachine ? "true" : "false").utf8)),
          ], lineBreak: false
        ).bytes
    }
    array.append(UInt8(ascii: "]"))
    return object([
      ("folder", quoted(folder)), ("replicas", array), ("waiting", number(waiting)),
    ])
  }

  private static let null = Array("null".utf8)

  private static func number(_ value: Int) -> [UInt8] { Array(String(value).utf8) }

  private static func quoted(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = []
    JSONText.appendQuoted(text, to: &bytes)
    return bytes
  }

  private static func strings(_ texts: [String]) -> [UInt8] {
    var bytes: [UInt8] = [UInt8(ascii: "[")]
    for (index, text) in texts.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      JSONText.appendQuoted(text, to: &bytes)
    }
    bytes.append(UInt8(ascii: "]"))
    return bytes
  }

  private static func object(_ members: [(String, [UInt8])], lineBreak: Bool = true)
    -> TerminalText
  {
    var bytes: [UInt8] = [UInt8(ascii: "{")]
    for (index, member) in members.enumerated() {
      if index > 0 { bytes.append(UInt8(ascii: ",")) }
      JSONText.appendQuoted(member.0, to: &bytes)
      bytes.append(UInt8(ascii: ":"))
      bytes += member.1
    }
    bytes.append(UInt8(ascii: "}"))
    if lineBreak { bytes.append(UInt8(ascii: "\n")) }
    return TerminalText(
      verbatim: String(decoding: JSONText.escapingTerminalControls(bytes), as: UTF8.self))
  }
}

extension TerminalText {
  /// The text's UTF-8 bytes.
  fileprivate var bytes: [UInt8] { Array(string.utf8) }
}
