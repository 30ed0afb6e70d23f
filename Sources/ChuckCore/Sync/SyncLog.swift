/// A machine's sync log: the file of the sync folder that holds its records, sealed, one to a
/// line. Each machine appends only to its own log, named by its replica id
/// (``fileName(for:)``), so that no file of the folder is ever written by two machines.
///
/// The format is text:
///
/// ```
/// chuck sync log 1 000000000000000a0000000000000001
/// 1 BASE64
/// 2 BASE64
/// ```
///
/// The first line names the format (version 1) and the replica; every other line is one record:
/// its sequence in decimal, a space, and the record (``SyncRecord/encoded()``) sealed by the
/// ``SyncSealer`` with the additional data `chuck sync 1 <replica> <sequence>`, so that it does
/// not open in another log or at another place of this one, in standard base64
/// (RFC 4648, padded). Every line ends with a line feed: a line without one is a copy cut short.
///
/// Reading (``read(_:fileName:sealer:)``) takes whatever a replicator delivers (late, cut short
/// in the middle of a line, twice, an older copy) and never fails on the bytes: a bad line is
/// refused in words and the rest of the log is read; a bad header or name refuses the file.
public enum SyncLog {
  /// How a log's file name ends: `<replica id>.chuck-sync`.
  public static let fileExtension = ".chuck-sync"

  /// The version of the format this build writes and reads.
  public static let version = 1

  /// The longest line a log may have, line feed not counted: 4 MiB. A record of the largest joke
  /// an answer may bring (1 MiB), its quotes escaped in the record's JSON, sealed and in base64,
  /// fits; a longer line is refused unread, and this build never writes one.
  public static let maximumLineLength = 4 << 20

  /// The largest log: 256 MiB, about half a million records of ordinary jokes, far beyond any
  /// collection, and what one log may cost in memory to read (its bytes, then its records). A
  /// larger file is refused unread: the caller reads at most this many bytes plus one, and this
  /// build never writes a larger log.
  public static let maximumFileSize = 256 << 20

  /// The file name of a replica's log.
  /// - Parameter replica: the replica.
  /// - Returns: `<32 hex digits>.chuck-sync`.
  public static func fileName(for replica: ReplicaID) -> String {
    replica.description + fileExtension
  }

  /// The replica whose log a file is, by its name.
  /// - Parameter name: a file name in the sync folder.
  /// - Returns: the replica, or `nil` when the name is not exactly a log's (``fileName(for:)``).
  public static func replica(fromFileName name: String) -> ReplicaID? {
    let bytes = name.utf8
    guard bytes.count == ReplicaID.length + fileExtension.utf8.count,
      bytes.suffix(fileExtension.utf8.count).elementsEqual(fileExtension.utf8)
    else { return nil }
    return try? ReplicaID(
      parsing: String(decoding: bytes.prefix(ReplicaID.length), as: UTF8.self))
  }

  /// Whether a file of the sync folder is meant as a log, and so is read, its refusals said:
  /// its name ends in ``fileExtension`` and is not hidden. Every other file (`.git`,
  /// `.stfolder`, a `README`, a replicator's hidden temporary files) is no log and is left alone.
  /// A name meant as a log that is not exactly a log's (a replicator's conflict copy,
  /// `….sync-conflict-….chuck-sync`) is refused by ``read(_:fileName:sealer:)``.
  /// - Parameter name: a file name in the sync folder.
  public static func isMeantAsLog(_ name: String) -> Bool {
    name.hasSuffix(fileExtension) && !name.hasPrefix(".")
  }

  /// A whole log: its header and a line for each record.
  /// - Parameters:
  ///   - records: the replica's records, numbered one by one from 1.
  ///   - replica: the replica whose log it is.
  ///   - sealer: what seals each record.
  /// - Returns: the file's bytes.
  /// - Throws: what the sealer throws; ``ChuckError/syncNotReady(_:)`` for a record whose line,
  ///   or a log whose size, would be beyond what a reader takes; ``ChuckError/internalError(_:)``
  ///   for a record of another replica or out of its place.
  public static func encode(
    _ records: [SyncRecord], replica: ReplicaID, sealer: any SyncSealer
  ) throws(ChuckError) -> [UInt8] {
    var bytes = header(for: replica)
    try append(records, after: 0, replica: replica, sealer: sealer, to: &bytes)
    return bytes
  }

  /// A log with more records at its end; its bytes before are kept as they are.
  /// - Parameters:
  ///   - records: the replica's next records, numbered one by one after the log's last.
  ///   - log: the log's bytes now, empty when there is none yet.
  ///   - replica: the replica whose log it is.
  ///   - sealer: what seals each record.
  /// - Returns: the file's new bytes.
  /// - Throws: as ``encode(_:replica:sealer:)``; ``ChuckError/storageCorrupt(path:reason:)``
  ///   (the path being the log's file name) for a log that is not this replica's, or whose last
  ///   line is cut short or no record's.
  public static func appending(
    _ records: [SyncRecord], to log: [UInt8], replica: ReplicaID, sealer: any SyncSealer
  ) throws(ChuckError) -> [UInt8] {
    guard !log.isEmpty else { return try encode(records, replica: replica, sealer: sealer) }
    let header = header(for: replica)
    func corrupt(_ reason: String) -> ChuckError {
      .storageCorrupt(path: fileName(for: replica), reason: reason)
    }
    guard log.starts(with: header) else {
      throw corrupt("its first line is not '\(String(decoding: header.dropLast(), as: UTF8.self))'")
    }
    guard log.last == lineFeed else {
      throw corrupt("its last line is cut short (it has no line end)")
    }
    let lastLine = (log.dropLast().lastIndex(of: lineFeed) ?? -1) + 1
    var last: UInt64 = 0
    if lastLine >= header.count {
      let line = log[lastLine..<(log.count - 1)]
      guard let blank = line.firstIndex(of: space),
        let sequence = HybridTimestamp.number(line[..<blank]), sequence > 0
      else { throw corrupt("its last line is not a record's") }
      last = sequence
    }
    var bytes = log
    try append(records, after: last, replica: replica, sealer: sealer, to: &bytes)
    return bytes
  }

  /// The first line of a replica's log, line feed included.
  static func header(for replica: ReplicaID) -> [UInt8] {
    Array("chuck sync log \(version) \(replica)\n".utf8)
  }

  /// What a record is sealed with: where it belongs, so that it opens nowhere else.
  static func additionalData(replica: ReplicaID, sequence: UInt64) -> [UInt8] {
    Array("chuck sync \(version) \(replica) \(sequence)".utf8)
  }

  static let lineFeed = UInt8(ascii: "\n")
  static let space = UInt8(ascii: " ")

  /// Sizes as messages say them: `4 MiB`, or bytes below one.
  static func size(_ bytes: Int) -> String {
    bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
  }

  private static func append(
    _ records: [SyncRecord], after last: UInt64, replica: ReplicaID, sealer: any SyncSealer,
    to bytes: inout [UInt8]
  ) throws(ChuckError) {
    var previous = last
    for record in records {
      guard record.replica == replica, record.sequence == previous &+ 1 else {
        throw .internalError(
          "record \(record.sequence) of replica \(record.replica) cannot follow record "
            + "\(previous) in the log of replica \(replica)")
      }
      let sealed = try sealer.seal(
        record.encoded(),
        additionalData: additionalData(replica: replica, sequence: record.sequence))
      let number = Array(String(record.sequence).utf8)
      let length = number.count + 1 + Base64.encodedCount(sealed.count)
      guard length <= maximumLineLength else {
        throw .syncNotReady(
          "a change is too large for the sync log (\(subject(record.operation))): its line "
            + "would be \(size(length)), and a log's line is at most \(size(maximumLineLength))")
      }
      guard bytes.count + length + 1 <= maximumFileSize else {
        throw .syncNotReady(
          "this machine's sync log would grow past \(size(maximumFileSize)), the most a log "
            + "may hold")
      }
      bytes.append(contentsOf: number)
      bytes.append(space)
      Base64.encode(sealed, to: &bytes)
      bytes.append(lineFeed)
      previous = record.sequence
    }
  }

  private static func subject(_ operation: SyncOperation) -> String {
    guard let subject = operation.subject else { return operation.kind }
    return "\(operation.kind) of \(subject.source.name) \(subject.id)"
  }
}
