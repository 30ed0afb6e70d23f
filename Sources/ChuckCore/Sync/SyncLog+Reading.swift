extension SyncLog {
  /// What one log gave: the records that opened and read, and every refusal, in words.
  public struct Reading: Sendable, Equatable {
    /// The log's records, in its order: each opened with the key, read, and found to belong to
    /// its log and its line.
    public var records: [SyncRecord]
    /// What could not be taken, in the file's order, each a sentence that names the file and,
    /// for a line, its number: a file refused whole (its name, size or header), a line refused
    /// (cut short, too long, not a record's line, going back, not base64, not opening, not a
    /// record, another replica's or place's record), or records missing between two lines. At
    /// most ``SyncLog/maximumRefusals`` are said one by one, and then one more sentence counts
    /// the rest.
    public var refusals: [String]

    /// Makes a reading.
    /// - Parameters:
    ///   - records: the records taken.
    ///   - refusals: what was refused.
    public init(records: [SyncRecord] = [], refusals: [String] = []) {
      self.records = records
      self.refusals = refusals
    }
  }

  /// Reads a log as a replicator delivered it.
  ///
  /// Nothing in the bytes makes it fail: a file whose name is not exactly a log's, that is larger
  /// than ``maximumFileSize``, or whose header is not this format's for the replica of its name
  /// is refused whole; any other line that is wrong is refused and the next read. A line
  /// without its line feed (a copy still under way) is refused: it is taken when it is whole. A
  /// sequence that does not go up is refused (the first line with it counts); records missing
  /// between two lines are said, and the lines around them taken. The same file read twice
  /// gives the same records, which the merge counts once; an older copy gives fewer.
  /// - Parameters:
  ///   - bytes: the file's bytes; the caller reads at most ``maximumFileSize`` + 1.
  ///   - fileName: the file's name in the sync folder (``isMeantAsLog(_:)``).
  ///   - sealer: what opens each record.
  /// - Returns: the records and the refusals.
  /// - Throws: what the sealer throws other than ``ChuckError/syncRecordRefused(_:)`` (which
  ///   refuses the line): ``ChuckError/libsodiumMissing(_:)``, for example.
  public static func read(
    _ bytes: [UInt8], fileName: String, sealer: any SyncSealer
  ) throws(ChuckError) -> Reading {
    let name = TerminalSafeText.render(fileName, keepNewlines: false)
    guard let replica = replica(fromFileName: fileName) else {
      return Reading(
        refusals: [
          "\(name): not a sync log's name, which is the replica's id and \(fileExtension) "
            + "(\(ReplicaID.form); a replicator's copy of a conflict?)"
        ])
    }
    guard bytes.count <= maximumFileSize else {
      return Reading(
        refusals: [
          "\(name): \(bytes.count) bytes, more than the \(size(maximumFileSize)) a log may "
            + "hold; not read"
        ])
    }
    var lines = Lines(bytes: bytes)
    guard let header = lines.next() else {
      return Reading(refusals: ["\(name): empty (a copy still under way?)"])
    }
    if let problem = headerProblem(header, bytes: bytes, replica: replica) {
      return Reading(refusals: ["\(name), line 1: \(problem)"])
    }
    var reading = Reading()
    var previous: UInt64 = 0
    var unsaid = 0
    while let line = lines.next() {
      func refuse(_ reason: String) {
        guard reading.refusals.count < maximumRefusals else {
          unsaid += 1
          return
        }
        reading.refusals.append("\(name), line \(line.number): \(reason)")
      }
      guard line.isWhole else {
        refuse(cutShort)
        break
      }
      let text = bytes[line.range]
      guard let blank = text.firstIndex(of: space),
        let sequence = HybridTimestamp.number(text[..<blank]), sequence > 0
      else {
        refuse("not a record's line (a sequence from 1, a space and a sealed record in base64)")
        continue
      }
      guard sequence > previous else {
        refuse("sequence \(sequence) after \(previous): a log's records only go up")
        continue
      }
      if sequence > previous + 1 {
        let missing =
          sequence == previous + 2
          ? "record \(previous + 1) is" : "records \(previous + 1) to \(sequence - 1) are"
        let place =
          previous == 0 ? "the first record of the log" : "sequence \(sequence) after \(previous)"
        refuse("\(missing) missing before it (\(place))")
      }
      previous = sequence
      guard line.range.count <= maximumLineLength else {
        refuse(
          "longer than the \(size(maximumLineLength)) a line may be (\(line.range.count) bytes)")
        continue
      }
      guard let sealed = Base64.decode(text[(blank + 1)...]) else {
        refuse("not base64 after the sequence")
        continue
      }
      do throws(ChuckError) {
        let record = try SyncRecord.decode(
          try sealer.open(
            sealed, additionalData: additionalData(replica: replica, sequence: sequence)))
        guard record.replica == replica else {
          refuse("a record of replica \(record.replica) in the log of replica \(replica)")
          continue
        }
        guard record.sequence == sequence else {
          refuse("it holds record \(record.sequence), not \(sequence)")
          continue
        }
        reading.records.append(record)
      } catch {
        guard case .syncRecordRefused(let reason) = error else { throw error }
        refuse(reason)
      }
    }
    if unsaid > 0 {
      reading.refusals.append(
        "\(name): \(unsaid) more refusals, not said one by one (the first \(maximumRefusals) are)")
    }
    return reading
  }

  /// The most refusals of one file said one by one; the others are counted in one sentence
  /// more, so that a hostile file of empty lines cannot make a sentence of each.
  public static let maximumRefusals = 100

  private static let cutShort =
    "cut short (the last line has no line end: a copy still under way?)"

  /// Why the first line is not the header of this replica's log, or `nil` when it is.
  private static func headerProblem(
    _ line: Lines.Line, bytes: [UInt8], replica: ReplicaID
  ) -> String? {
    guard line.isWhole else { return cutShort }
    let expected = header(for: replica).dropLast()
    let text = bytes[line.range]
    if text.elementsEqual(expected) { return nil }
    // `chuck sync log VERSION ID`, of another version or replica.
    let words = text.split(separator: space, omittingEmptySubsequences: false)
    guard text.count <= 200, words.count == 5,
      words.prefix(3).map(\.text) == ["chuck", "sync", "log"],
      let version = HybridTimestamp.number(words[3])
    else { return "the header is not a chuck sync log's ('\(expected.text)')" }
    guard version == Self.version else {
      return "a log of format \(version), which this chuck does not read (a newer chuck wrote it?)"
    }
    return "the header names replica '\(SyncRecord.shown(words[4].text))', not its own (\(replica))"
  }

  /// The lines of a file, numbered from 1; the last may lack its line feed.
  private struct Lines {
    struct Line {
      /// The line's bytes in the file, line feed not included.
      let range: Range<Int>
      /// Whether a line feed ends it.
      let isWhole: Bool
      /// Its number, from 1.
      let number: Int
    }

    let bytes: [UInt8]
    private var start = 0
    private var number = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func next() -> Line? {
      guard start < bytes.count else { return nil }
      number += 1
      let end = bytes[start...].firstIndex(of: SyncLog.lineFeed)
      defer { start = (end ?? bytes.count - 1) + 1 }
      return Line(range: start..<(end ?? bytes.count), isWhole: end != nil, number: number)
    }
  }
}

extension Collection<UInt8> {
  /// The bytes as UTF-8 text.
  fileprivate var text: String { String(decoding: self, as: UTF8.self) }
}
