import Foundation
import Testing

@testable import ChuckCore

@Suite struct SyncLogTests {
  typealias S = SyncSamples

  static let sealer = FakeSealer()
  static let name = SyncLog.fileName(for: S.replicaA)

  /// Replica A's records 1 to `count`: saves, a favourite, a rename, a remove, in turn.
  static func records(_ count: Int, from first: UInt64 = 1) -> [SyncRecord] {
    (0..<UInt64(count)).map { offset in
      let sequence = first + offset
      let operations: [SyncOperation] = [
        S.save("abcd\(sequence)", #"a \"joke\" ★ \#(sequence)"#),
        S.favorite("F\(sequence)", "abcd1"),
        S.rename("F\(sequence)", to: "G\(sequence)", "abcd1"), S.remove("abcd\(sequence)"),
      ]
      return S.record(
        S.replicaA, 1000 + sequence, operations[Int(sequence % 4)], sequence: sequence)
    }
  }

  static func log(_ records: [SyncRecord]) throws -> [UInt8] {
    try SyncLog.encode(records, replica: S.replicaA, sealer: sealer)
  }

  static func read(_ bytes: [UInt8], name: String = name, sealer: FakeSealer = sealer)
    throws -> SyncLog.Reading
  {
    try SyncLog.read(bytes, fileName: name, sealer: sealer)
  }

  static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  /// A record's line as written, sealed with `sealer` at `sequence` in `replica`'s log.
  static func line(
    _ record: SyncRecord, sequence: UInt64? = nil, replica: ReplicaID = S.replicaA,
    sealer: FakeSealer = sealer
  ) throws -> String {
    let sequence = sequence ?? record.sequence
    let sealed = try sealer.seal(
      record.encoded(),
      additionalData: Array("chuck sync 1 \(replica) \(sequence)".utf8))
    return "\(sequence) \(Data(sealed).base64EncodedString())\n"
  }

  static let header = "chuck sync log 1 \(S.replicaA)\n"

  // MARK: Names

  /// A log is named by its replica's id; any other file of the folder is not a log.
  @Test func fileNames() {
    #expect(Self.name == "000000000000000a0000000000000001.chuck-sync")
    #expect(SyncLog.replica(fromFileName: Self.name) == S.replicaA)
    let other = ReplicaID(high: 0xFEDC_BA98_7654_3210, low: .max)
    #expect(SyncLog.replica(fromFileName: SyncLog.fileName(for: other)) == other)
    for name in [
      ".git", ".stfolder", "README", "README.md", ".chuck-sync", "\(Self.name).tmp",
      ".syncthing.\(Self.name).tmp", "~\(Self.name)", "\(Self.name)~",
      "000000000000000A0000000000000001.chuck-sync", "00000000000000a0000000000000001.chuck-sync",
      "0000000000000000a0000000000000001.chuck-sync", "000000000000000a0000000000000001.chuck-syn",
      "000000000000000a0000000000000001.CHUCK-SYNC", "000000000000000a000000000000000g.chuck-sync",
      "000000000000000a0000000000000001.sync-conflict-20260101-101010-ABCDEFG.chuck-sync",
      "000000000000000a000000000000000é.chuck-sync", "",
    ] {
      #expect(SyncLog.replica(fromFileName: name) == nil, "\(name)")
    }
    #expect(SyncLog.isMeantAsLog(Self.name))
    #expect(SyncLog.isMeantAsLog("x.sync-conflict-20260101-101010-ABCDEFG.chuck-sync"))
    for name in [".git", ".stfolder", "README", ".\(Self.name)", "\(Self.name).tmp", ".chuck-sync"]
    {
      #expect(!SyncLog.isMeantAsLog(name), "\(name)")
    }
  }

  // MARK: Writing and reading

  /// A log reads back as the records it was written with; its form is the header, then one
  /// line per record: the sequence and the sealed record in standard base64, sealed with where
  /// it belongs.
  @Test func roundTrip() throws {
    let records = Self.records(9)
    let bytes = try Self.log(records)
    let lines = Self.text(bytes).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 11)
    #expect(lines.first == "chuck sync log 1 000000000000000a0000000000000001")
    #expect(lines.last == "")
    for (index, record) in records.enumerated() {
      #expect(lines[index + 1] + "\n" == (try Self.line(record)))
    }
    #expect(try Self.read(bytes) == SyncLog.Reading(records: records))
    #expect(try Self.log([]) == Array(Self.header.utf8))
    #expect(try Self.read(Array(Self.header.utf8)) == SyncLog.Reading())
  }

  /// Appending keeps the bytes before and gives what writing the whole log gives.
  @Test func appending() throws {
    let records = Self.records(6)
    let whole = try Self.log(records)
    let start = try SyncLog.appending(
      Array(records[..<2]), to: [], replica: S.replicaA, sealer: Self.sealer)
    #expect(start == (try Self.log(Array(records[..<2]))))
    let next = try SyncLog.appending(
      Array(records[2..<5]), to: start, replica: S.replicaA, sealer: Self.sealer)
    #expect(next.starts(with: start))
    let last = try SyncLog.appending(
      [records[5]], to: next, replica: S.replicaA, sealer: Self.sealer)
    #expect(last == whole)
    let fromHeader = try SyncLog.appending(
      records, to: Array(Self.header.utf8), replica: S.replicaA, sealer: Self.sealer)
    #expect(fromHeader == whole)
    #expect(try SyncLog.appending([], to: whole, replica: S.replicaA, sealer: Self.sealer) == whole)
  }

  /// The writer refuses to write what a reader would refuse or what is not the replica's next
  /// record, and appends only to this replica's whole log.
  @Test func writerRefusals() throws {
    let records = Self.records(3)
    let log = try Self.log(records)
    let corrupt = { (reason: String) in
      ChuckError.storageCorrupt(path: Self.name, reason: reason)
    }
    #expect(throws: corrupt("its last line is cut short (it has no line end)")) {
      try SyncLog.appending(
        Self.records(1, from: 4), to: log.dropLast(), replica: S.replicaA, sealer: Self.sealer)
    }
    #expect(
      throws: corrupt("its first line is not 'chuck sync log 1 000000000000000a0000000000000001'")
    ) {
      try SyncLog.appending(
        Self.records(1, from: 4), to: Array("chuck sync log 1 \(S.replicaB)\n".utf8),
        replica: S.replicaA, sealer: Self.sealer)
    }
    #expect(throws: corrupt("its last line is not a record's")) {
      try SyncLog.appending(
        Self.records(1, from: 4), to: log + Array("garbage\n".utf8), replica: S.replicaA,
        sealer: Self.sealer)
    }
    let outOfPlace = ChuckError.internalError(
      "record 3 of replica 000000000000000a0000000000000001 cannot follow record 3 in the log "
        + "of replica 000000000000000a0000000000000001")
    #expect(throws: outOfPlace) {
      try SyncLog.appending(
        [records[2]], to: log, replica: S.replicaA, sealer: Self.sealer)
    }
    #expect(throws: ChuckError.self) { try Self.log(Self.records(2, from: 2)) }
    #expect(throws: ChuckError.self) { try Self.log([records[0], records[2]]) }
    #expect(throws: ChuckError.self) {
      try SyncLog.encode(records, replica: S.replicaB, sealer: Self.sealer)
    }
    #expect(throws: ChuckError.libsodiumMissing("not installed")) {
      try SyncLog.encode(records, replica: S.replicaA, sealer: MissingSealer())
    }
    let huge = S.record(
      S.replicaA, 5,
      .jokeSaved(
        source: .dad, joke: S.joke("abcd1", String(repeating: "x", count: 3 << 20)),
        reason: .saved), sequence: 1)
    #expect(
      throws: ChuckError.syncNotReady(
        "a change is too large for the sync log (joke-saved of dad abcd1): its line would be "
          + "4194578 bytes, and a log's line is at most 4 MiB")
    ) { try Self.log([huge]) }
  }

  // MARK: Refusals

  /// A file refused whole says why in one sentence, and gives no record.
  @Test(arguments: [
    ("", "\(name): empty (a copy still under way?)"),
    (
      "chuck sync log 1 \(S.replicaA)",
      "\(name), line 1: cut short (the last line has no line end: a copy still under way?)"
    ),
    (
      "hello\n1 AAAA\n",
      "\(name), line 1: the header is not a chuck sync log's "
        + "('chuck sync log 1 000000000000000a0000000000000001')"
    ),
    (
      "chuck sync log 1 \(S.replicaA) \n",
      "\(name), line 1: the header is not a chuck sync log's "
        + "('chuck sync log 1 000000000000000a0000000000000001')"
    ),
    (
      "chuck sync log 01 \(S.replicaA)\n",
      "\(name), line 1: the header is not a chuck sync log's "
        + "('chuck sync log 1 000000000000000a0000000000000001')"
    ),
    (
      "chuck sync log 2 \(S.replicaA)\n1 AAAA\n",
      "\(name), line 1: a log of format 2, which this chuck does not read "
        + "(a newer chuck wrote it?)"
    ),
    (
      "chuck sync log 1 \(S.replicaB)\n",
      "\(name), line 1: the header names replica '000000000000000b0000000000000002', not its "
        + "own (000000000000000a0000000000000001)"
    ),
    (
      "chuck sync log 1 \u{1B}[2J\n",
      "\(name), line 1: the header names replica '\u{FFFD}', not its own "
        + "(000000000000000a0000000000000001)"
    ),
    (
      "\u{FEFF}chuck sync log 1 \(S.replicaA)\n",
      "\(name), line 1: the header is not a chuck sync log's "
        + "('chuck sync log 1 000000000000000a0000000000000001')"
    ),
  ])
  func wholeFileRefusals(text: String, refusal: String) throws {
    #expect(try Self.read(Array(text.utf8)) == SyncLog.Reading(refusals: [refusal]))
  }

  /// A file whose name is not exactly a log's, or that is larger than a log may be, is refused
  /// unread.
  @Test func nameAndSizeRefusals() throws {
    let log = try Self.log(Self.records(2))
    let conflict = "000000000000000a0000000000000001.sync-conflict-20260101-101010-ABC.chuck-sync"
    #expect(
      try Self.read(log, name: conflict).refusals == [
        "\(conflict): not a sync log's name, which is the replica's id and .chuck-sync (a "
          + "replica id is 32 characters of 0-9 and a-f; a replicator's copy of a conflict?)"
      ])
    #expect(
      try Self.read(log, name: "\u{1B}]0;x\u{7}.chuck-sync").refusals[0].hasPrefix("\u{FFFD}"))
    var large = log
    large += [UInt8](repeating: UInt8(ascii: "\n"), count: SyncLog.maximumFileSize + 1 - log.count)
    #expect(
      try Self.read(large)
        == SyncLog.Reading(refusals: [
          "\(Self.name): 268435457 bytes, more than the 256 MiB a log may hold; not read"
        ]))
  }
}
