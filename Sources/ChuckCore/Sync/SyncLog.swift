import FoundationEssentials

/// A machine's log in the sync folder, `<replica id>.chuck-sync`, written only by that machine:
/// a header line `chuck sync log 1 <replica id>`, then one line a record, `<sequence> <sealed>`,
/// the sealed record (``SyncSealer``, bound to its replica and sequence) in standard base64.
///
/// Reading never fails as a whole: what cannot be used is refused line by line, in words naming
/// the file and the line, and every other record is kept. A header that is not a chuck log
/// refuses the whole file; a last line without its line end (a copy still under way) is refused
/// as cut short.
public enum SyncLog {
  /// The file name's ending.
  public static let fileExtension = ".chuck-sync"
  private static let headerPrefix = "chuck sync log 1 "
  /// The longest line read: 1 MiB (a record holds one joke, at most 1 MiB as a list item).
  static let longestLine = 1 << 20

  /// The log's file name in the folder.
  /// - Parameter replica: the replica whose log it is.
  public static func fileName(for replica: ReplicaID) -> String {
    replica.description + fileExtension
  }

  /// The replica whose log a file name is, or `nil` for any other file (what the engine keeps in
  /// the folder, a replicator's temporary files, a conflict copy): not a log, left alone.
  /// - Parameter name: a file name in the folder.
  public static func replica(fromFileName name: String) -> ReplicaID? {
    guard name.hasSuffix(fileExtension),
      name.utf8.count == ReplicaID.length + fileExtension.utf8.count
    else { return nil }
    return try? ReplicaID(parsing: name.dropLast(fileExtension.count))
  }

  /// A new log's bytes: its header alone.
  /// - Parameter replica: the replica whose log it is.
  public static func header(for replica: ReplicaID) -> [UInt8] {
    Array((headerPrefix + replica.description + "\n").utf8)
  }

  /// The data a record is sealed with: where it belongs, so that it cannot be moved to another
  /// log or place.
  static func additionalData(replica: ReplicaID, sequence: UInt64) -> [UInt8] {
    Array("chuck sync 1 \(replica) \(sequence)".utf8)
  }

  /// A log with records appended, each sealed.
  /// - Parameters:
  ///   - records: the records, of the log's replica, in sequence.
  ///   - log: the log's bytes so far (at least its header).
  ///   - sealer: what seals them.
  /// - Returns: the new bytes.
  /// - Throws: the sealer's errors, ``ChuckError/internalError(_:)`` for a record that cannot be
  ///   encoded.
  public static func appending(
    _ records: [SyncRecord], to log: [UInt8], sealer: any SyncSealer
  ) throws(ChuckError) -> [UInt8] {
    var bytes = log
    for record in records {
      let sealed = try sealer.seal(
        record.encoded(),
        additionalData: additionalData(replica: record.replica, sequence: record.sequence))
      bytes += Array("\(record.sequence) ".utf8)
      bytes += Array(Data(sealed).base64EncodedString().utf8)
      bytes.append(UInt8(ascii: "\n"))
    }
    return bytes
  }

  /// What a log holds.
  public struct Reading: Sendable {
    /// The replica its header names, `nil` when the header is not a chuck log's.
    public var replica: ReplicaID?
    /// The records that opened and read, in the file's order.
    public var records: [SyncRecord] = []
    /// What was refused, one sentence each, naming the file and the line.
    public var refusals: [String] = []
  }

  /// Reads a log.
  /// - Parameters:
  ///   - bytes: the file's bytes.
  ///   - fileName: the file's name in the folder, whose replica the header must name; `nil` for
  ///     this machine's own copy, whose header names it.
  ///   - sealer: what opens the records.
  /// - Returns: the records and what was refused.
  public static func read(_ bytes: [UInt8], fileName: String?, sealer: any SyncSealer) -> Reading {
    let name = fileName ?? SyncLocalFiles.logName
    var reading = Reading()
    var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    let cutShort = lines.last.map { !$0.isEmpty } ?? false
    if lines.last?.isEmpty == true { lines.removeLast() }
    guard let first = lines.first, first.count <= 100,
      let header = String(validating: first, as: UTF8.self), header.hasPrefix(headerPrefix),
      let replica = try? ReplicaID(parsing: header.dropFirst(headerPrefix.count)),
      fileName.map({ Self.replica(fromFileName: $0) == replica }) ?? true,
      !(cutShort && lines.count == 1)
    else {
      reading.refusals.append("\(name): it is not a chuck sync log of its replica (the first line)")
      return reading
    }
    reading.replica = replica
    var last: UInt64 = 0
    for (offset, line) in lines.enumerated().dropFirst() {
      let number = offset + 1
      func refuse(_ why: String) { reading.refusals.append("\(name), line \(number): \(why)") }
      if cutShort, offset == lines.count - 1 {
        refuse("cut short (no line end: a copy still under way?)")
        break
      }
      guard line.count <= longestLine, let space = line.firstIndex(of: UInt8(ascii: " ")),
        let sequence = UInt64(String(decoding: line[..<space], as: UTF8.self)),
        let sealed = Data(base64Encoded: Data(line[line.index(after: space)...]))
      else {
        refuse("not a record of a chuck sync log")
        continue
      }
      guard sequence > last else {
        refuse("sequence \(sequence) after \(last)")
        continue
      }
      do throws(ChuckError) {
        let plain = try sealer.open(
          Array(sealed), additionalData: additionalData(replica: replica, sequence: sequence))
        let record = try SyncRecord.decode(plain)
        guard record.replica == replica, record.sequence == sequence else {
          refuse("a record of another place (replica \(record.replica), \(record.sequence))")
          continue
        }
        reading.records.append(record)
        last = sequence
      } catch {
        if case .syncRecordRefused(let why) = error { refuse(why) } else { refuse("\(error)") }
      }
    }
    return reading
  }
}
