import Foundation
import Testing

@testable import ChuckCore

/// The log's lines, one by one, and the copies a replicator delivers.
extension SyncLogTests {
  /// Each bad line is refused with its number and why, and the lines after it are read.
  @Test func lineRefusals() throws {
    let records = Self.records(6)
    let lines = try records.map { record throws in try Self.line(record) }
    func sealed(_ bytes: [UInt8], at sequence: UInt64) throws -> String {
      let sealed = try Self.sealer.seal(
        bytes, additionalData: Array("chuck sync 1 \(S.replicaA) \(sequence)".utf8))
      return "\(sequence) \(Data(sealed).base64EncodedString())\n"
    }
    let notALine = "not a record's line (a sequence from 1, a space and a sealed record in base64)"
    let goesBack = "a log's records only go up"
    let notOpening = FakeSealer.refusal
    let cases: [(lines: [String], taken: [UInt64], said: [String])] = [
      (
        [
          lines[0], "\n", "x\n", "2\n", "0 AAAA\n", "02 AAAA\n", "-2 AAAA\n", "+2 AAAA\n",
          " 2 AAAA\n", "18446744073709551616 AAAA\n", lines[1],
        ],
        [1, 2], (3...11).map { "line \($0): \(notALine)" }
      ),
      ([lines[0], "2 !!!!\n", lines[2]], [1, 3], ["line 3: not base64 after the sequence"]),
      ([lines[0], "2  AAAA\n"], [1], ["line 3: not base64 after the sequence"]),
      ([lines[0], "2 AAA\n"], [1], ["line 3: not base64 after the sequence"]),
      ([lines[0], "2 AB==\n"], [1], ["line 3: not base64 after the sequence"]),
      (
        [lines[0], lines[1].replacingOccurrences(of: "\n", with: "\r\n")], [1],
        ["line 3: not base64 after the sequence"]
      ),
      ([lines[0], "2 \n"], [1], ["line 3: \(notOpening)"]),
      (
        [lines[0], try Self.line(records[1], sealer: FakeSealer(key: 7))], [1],
        ["line 3: \(notOpening)"]
      ),
      (
        [lines[0], "3" + lines[1].dropFirst()], [1],
        ["line 3: record 2 is missing before it (sequence 3 after 1)", "line 3: \(notOpening)"]
      ),
      (
        [lines[0], try sealed(Array("[]".utf8), at: 2)], [1],
        ["line 3: it is not a record of chuck's sync log (not a JSON object)"]
      ),
      (
        [
          lines[0],
          try sealed(S.record(S.replicaB, 1, S.remove("abcd1"), sequence: 2).encoded(), at: 2),
        ],
        [1],
        [
          "line 3: a record of replica 000000000000000b0000000000000002 in the log of replica "
            + "000000000000000a0000000000000001"
        ]
      ),
      (
        [lines[0], try sealed(records[4].encoded(), at: 2)], [1],
        ["line 3: it holds record 5, not 2"]
      ),
      ([lines[0], lines[0]], [1], ["line 3: sequence 1 after 1: \(goesBack)"]),
      (
        [lines[0], lines[1], lines[0], lines[2]], [1, 2, 3],
        ["line 4: sequence 1 after 2: \(goesBack)"]
      ),
      (
        [lines[0], lines[2], lines[5]], [1, 3, 6],
        [
          "line 3: record 2 is missing before it (sequence 3 after 1)",
          "line 4: records 4 to 5 are missing before it (sequence 6 after 3)",
        ]
      ),
      ([lines[1]], [2], ["line 2: record 1 is missing before it (the first record of the log)"]),
      (
        [
          lines[0], "2 " + String(repeating: "A", count: SyncLog.maximumLineLength - 1) + "\n",
          lines[2],
        ],
        [1, 3], ["line 3: longer than the 4 MiB a line may be (4194305 bytes)"]
      ),
      (
        [lines[0], "2 " + String(repeating: "A", count: SyncLog.maximumLineLength - 2) + "\n"],
        [1], ["line 3: not base64 after the sequence"]
      ),
      (
        [lines[0], String(lines[1].dropLast())], [1],
        ["line 3: cut short (the last line has no line end: a copy still under way?)"]
      ),
    ]
    for (index, test) in cases.enumerated() {
      let reading = try Self.read(Array((Self.header + test.lines.joined()).utf8))
      #expect(reading.records == test.taken.map { records[Int($0) - 1] }, "case \(index)")
      #expect(reading.refusals == test.said.map { "\(Self.name), \($0)" }, "case \(index)")
    }
  }

  /// A file of many bad lines says the first refusals one by one and counts the rest, and still
  /// takes its good lines.
  @Test func refusalsAreCounted() throws {
    let records = Self.records(3)
    let bad = String(repeating: "\n", count: 150)
    let text =
      Self.header + (try Self.line(records[0])) + bad + (try Self.line(records[1])) + bad
      + (try Self.line(records[2]))
    let reading = try Self.read(Array(text.utf8))
    #expect(reading.records == records)
    #expect(reading.refusals.count == SyncLog.maximumRefusals + 1)
    #expect(reading.refusals[99].hasPrefix("\(Self.name), line 102: not a record's line"))
    #expect(
      reading.refusals.last
        == "\(Self.name): 200 more refusals, not said one by one (the first 100 are)")
  }

  /// A record does not open in another log, even one whose file and header name that log.
  @Test func recordsDoNotMove() throws {
    let log = try Self.log(Self.records(2))
    let moved = Array(
      Self.text(log).replacingOccurrences(
        of: S.replicaA.description, with: S.replicaB.description
      ).utf8)
    let reading = try Self.read(moved, name: SyncLog.fileName(for: S.replicaB))
    #expect(reading.records.isEmpty)
    #expect(
      reading.refusals
        == (2...3).map {
          "\(SyncLog.fileName(for: S.replicaB)), line \($0): \(FakeSealer.refusal)"
        })
  }

  /// A sealer that cannot work (libsodium missing) fails the reading; it is not a refusal.
  @Test func sealerFailureIsThrown() throws {
    let log = try Self.log(Self.records(1))
    #expect(throws: ChuckError.libsodiumMissing("not installed")) {
      try SyncLog.read(log, fileName: Self.name, sealer: MissingSealer())
    }
    #expect(
      try SyncLog.read(Array(Self.header.utf8), fileName: Self.name, sealer: MissingSealer())
        == SyncLog.Reading())
  }

  // MARK: What a replicator delivers

  /// A copy cut at any byte: nothing crashes, every whole line is taken, and only the line cut
  /// short (or an empty file) is refused.
  @Test func cutAtEveryByte() throws {
    let records = Self.records(5)
    let log = try Self.log(records)
    for count in 0...log.count {
      let reading = try Self.read(Array(log[..<count]))
      let whole = log[..<count].count(where: { $0 == UInt8(ascii: "\n") })
      if count == 0 {
        #expect(reading.refusals == ["\(Self.name): empty (a copy still under way?)"])
      } else if log[count - 1] == UInt8(ascii: "\n") {
        #expect(reading.refusals.isEmpty, "cut at \(count)")
      } else {
        #expect(
          reading.refusals == [
            "\(Self.name), line \(whole + 1): cut short (the last line has no line end: a copy "
              + "still under way?)"
          ], "cut at \(count)")
      }
      #expect(reading.records == Array(records.prefix(max(0, whole - 1))), "cut at \(count)")
    }
  }

  /// A log delivered twice, an older copy after a newer, or a file that holds itself twice:
  /// the merge has the records once, as from the newest copy alone.
  @Test func duplicateAndOlderDelivery() throws {
    let records = Self.records(8)
    let log = try Self.log(records)
    let older = try Self.log(Array(records.prefix(5)))
    let newest = try Self.read(log)
    let once = S.fold(newest.records)
    #expect(S.fold(newest.records + (try Self.read(log)).records) == once)
    #expect(S.fold((try Self.read(older)).records + newest.records) == once)
    #expect(S.fold(newest.records + (try Self.read(older)).records) == once)
    let twice = try Self.read(log + log)
    #expect(twice.records == records)
    #expect(twice.refusals.count == 9)
    #expect(
      twice.refusals.first
        == "\(Self.name), line 10: not a record's line (a sequence from 1, a space and a sealed "
        + "record in base64)")
    #expect(
      twice.refusals.last
        == "\(Self.name), line 18: sequence 8 after 8: a log's records only go up")
  }
}
