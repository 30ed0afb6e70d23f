import FoundationEssentials

/// `SyncLog.read` and `SyncRecord.decode`, which read what other machines wrote to the sync folder:
/// the input is read both as a whole log and as one record's JSON (what a sealed line opens to).
///
/// A reading never traps and never fails on the bytes; each refusal is one safe line naming the
/// file, at most ``SyncLog/maximumRefusals`` of them and a count; the records taken are the log's
/// replica's, their sequences going up; the same log cut at the end of an earlier line (a copy
/// still under way) gives the first of those records, and cut at its last line end (when its last
/// line has none), all of them; a log without refusals written again reads back as the same
/// records. A record that decodes is written as one line that decodes as the same record and is
/// written again as the same bytes.
enum SyncLogTarget {
  static let replica = ReplicaID(high: 0xA, low: 1)

  static func run(_ bytes: [UInt8]) {
    if let record = try? SyncRecord.decode(bytes) { checkWritten(record) }
    let name = SyncLog.fileName(for: replica)
    let reading = read(bytes)
    FuzzCheck.require(
      reading.refusals.count <= SyncLog.maximumRefusals + 1, "\(reading.refusals.count) refusals")
    for refusal in reading.refusals {
      FuzzCheck.require(
        refusal.hasPrefix(name) && TerminalSafeText.render(refusal, keepNewlines: false) == refusal,
        "a refusal not naming the file, or not one safe line: \(refusal.debugDescription)")
    }
    var previous: UInt64 = 0
    for record in reading.records {
      FuzzCheck.require(record.replica == replica, "a record of \(record.replica) taken")
      FuzzCheck.require(record.sequence > previous, "record \(record.sequence) after \(previous)")
      previous = record.sequence
      checkWritten(record)
    }
    if let lastEnd = bytes.dropLast().lastIndex(of: UInt8(ascii: "\n")) {
      let shorter = read(Array(bytes[...lastEnd]))
      FuzzCheck.require(
        reading.records.starts(with: shorter.records), "a shorter copy gives other records")
      if bytes.last != UInt8(ascii: "\n") {
        FuzzCheck.require(
          shorter.records == reading.records, "the whole lines of a cut copy give other records")
      }
    }
    if reading.refusals.isEmpty, !reading.records.isEmpty {
      let first = reading.records[0].sequence
      let numbered = reading.records.enumerated().allSatisfy {
        $0.element.sequence == first + UInt64($0.offset)
      }
      // A log that starts after 1 or has gaps said them; one without refusals is numbered 1, 2, …
      FuzzCheck.require(first == 1 && numbered, "a log without refusals is not numbered from 1")
      guard
        let written = try? SyncLog.encode(reading.records, replica: replica, sealer: PlainSealer())
      else { return FuzzCheck.require(false, "a log that was read cannot be written") }
      let again = read(written)
      FuzzCheck.require(
        again.refusals.isEmpty && again.records == reading.records,
        "a log written again reads back otherwise: \(again.refusals)")
    }
  }

  private static func read(_ bytes: [UInt8]) -> SyncLog.Reading {
    do {
      return try SyncLog.read(
        bytes, fileName: SyncLog.fileName(for: replica), sealer: PlainSealer())
    } catch {
      FuzzCheck.require(false, "a reading failed: \(error)")
      return SyncLog.Reading()
    }
  }

  private static func checkWritten(_ record: SyncRecord) {
    let bytes = record.encoded()
    FuzzCheck.require(!bytes.contains(UInt8(ascii: "\n")), "a record written on two lines")
    guard let again = try? SyncRecord.decode(bytes) else {
      return FuzzCheck.require(
        false, "a record as written does not read: \(String(decoding: bytes, as: UTF8.self))")
    }
    FuzzCheck.require(again == record, "a record reads back otherwise")
    FuzzCheck.require(again.encoded() == bytes, "a record is written otherwise the second time")
  }
}

/// A sealer without a cipher (the fuzz build links no libsodium), bound to where a record belongs
/// as the real one is: the sealed bytes are the additional data's length (one byte), the
/// additional data and the plaintext, and `open` refuses any other additional data. The seeds of
/// `Fuzz/Corpus/sync-log` are sealed so.
struct PlainSealer: SyncSealer {
  func seal(_ plaintext: [UInt8], additionalData: [UInt8]) throws(ChuckError) -> [UInt8] {
    [UInt8(additionalData.count)] + additionalData + plaintext
  }

  func open(_ sealed: [UInt8], additionalData: [UInt8]) throws(ChuckError) -> [UInt8] {
    guard sealed.count > additionalData.count, sealed[0] == additionalData.count,
      sealed.dropFirst().prefix(additionalData.count).elementsEqual(additionalData)
    else { throw .syncRecordRefused("it does not open with this machine's key") }
    return Array(sealed[(additionalData.count + 1)...])
  }
}
