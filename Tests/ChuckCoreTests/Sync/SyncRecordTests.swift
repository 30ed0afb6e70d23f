import Foundation
import Testing

@testable import ChuckCore

@Suite struct SyncRecordTests {
  private typealias S = SyncSamples

  private static let everyOperation: [SyncOperation] = [
    S.save("R7UfaahVfFd", #"Bike \"joke\" ünï ★\n/"#),
    .jokeSaved(source: .mine, joke: S.joke("m1234"), reason: .added),
    .jokeSaved(source: .chuck, joke: S.joke("7ver3y48qqsfktpelir7ua"), reason: .imported),
    .jokeSaved(source: .dad, joke: S.joke("abcd1"), reason: SaveReason(rawValue: "later")),
    S.remove("R7UfaahVfFd"),
    S.favorite("Bike", "R7UfaahVfFd"),
    S.rename("Bike", to: "Two words ★", "R7UfaahVfFd"),
    S.unfavorite("Two words ★", "R7UfaahVfFd"),
  ]

  /// Every kind of change is read back as it was written.
  @Test(arguments: everyOperation)
  func roundTrip(operation: SyncOperation) throws {
    let record = SyncRecord(
      replica: S.replicaB, sequence: 7,
      clock: HybridTimestamp(physical: 1_717_171_717_171, logical: 2), operation: operation)
    let bytes = try record.encoded()
    #expect(try SyncRecord.decode(bytes) == record)
    #expect(try record.encoded() == bytes)
    #expect(!bytes.contains(UInt8(ascii: "\n")))
  }

  /// The coded form: stable field names, keys sorted, the stored item as a string holding its
  /// exact JSON.
  @Test func codedForm() throws {
    let favorite = S.record(
      S.replicaA, 1_717_171_717_171, S.favorite("Bike", "R7UfaahVfFd"), sequence: 1)
    #expect(
      String(decoding: try favorite.encoded(), as: UTF8.self)
        == #"{"clock":"1717171717171-0","operation":{"added_at":"2026-11-24 10:11:12","#
        + #""id":"R7UfaahVfFd","kind":"favorite-added","name":"Bike","source":"dad"},"#
        + #""replica":"000000000000000a0000000000000001","sequence":1}"#)
    let save = S.record(S.replicaA, 5, S.save("abcd1", "x"), sequence: 2)
    #expect(
      String(decoding: try save.encoded(), as: UTF8.self)
        == #"{"clock":"5-0","operation":{"id":"abcd1","item":"{\"id\":\"abcd1\",\"joke\":\"x\"}","#
        + #""kind":"joke-saved","reason":"saved","source":"dad"},"#
        + #""replica":"000000000000000a0000000000000001","sequence":2}"#)
    let rename = S.record(S.replicaA, 6, S.rename("a", to: "b", "abcd1"), sequence: 3)
    #expect(
      String(decoding: try rename.encoded(), as: UTF8.self).contains(
        #"{"id":"abcd1","kind":"favorite-renamed","name":"a","new_name":"b","source":"dad"}"#))
  }

  /// A change of a kind a newer chuck writes decodes as unknown, with the fields it does not
  /// know ignored; the log's other records decode, and the merge skips it and says so.
  @Test func unknownKindIsSkippedNotFatal() throws {
    let log = [
      #"{"clock":"4-0","operation":{"id":"abcd1","item":"{\"id\":\"abcd1\"}","kind":"joke-saved","#
        + #""reason":"saved","source":"dad"},"#
        + #""replica":"000000000000000a0000000000000001","sequence":1}"#,
      #"{"clock":"5-0","operation":{"kind":"joke-rated","id":"abcd1","stars":5},"#
        + #""replica":"000000000000000a0000000000000001","sequence":2,"signature":"new"}"#,
      #"{"clock":"6-0","operation":{"added_at":"2026-11-24 10:11:12","id":"abcd1","#
        + #""kind":"favorite-added","name":"Bike","source":"dad","colour":"red"},"#
        + #""replica":"000000000000000a0000000000000001","sequence":3}"#,
    ]
    let records = try log.map { line throws(ChuckError) in try SyncRecord.decode(Array(line.utf8)) }
    #expect(records[1].operation == .unknown(kind: "joke-rated"))
    let result = S.fold(records)
    #expect(S.ids(result) == ["abcd1"])
    #expect(S.favorites(result) == ["Bike=abcd1"])
    #expect(result.notes == [SyncFold.Note(record: records[1], outcome: .unknownOperation)])
    #expect(
      result.notes[0].message
        == "a change of a kind this chuck does not know, 'joke-rated', was skipped (replica "
        + "000000000000000a0000000000000001, record 2); a newer chuck wrote it")
  }

  /// A record's line with the given fields' JSON, the others a good record's.
  private static func line(
    clock: String = #""5-0""#,
    operation: String = #"{"kind":"joke-removed","id":"abcd1","source":"dad"}"#,
    replica: String = #""\#(SyncSamples.replicaA)""#, sequence: String = "1"
  ) -> String {
    #"{"clock":\#(clock),"operation":\#(operation),"replica":\#(replica),"sequence":\#(sequence)}"#
  }

  /// A saving operation with this item.
  private static func saving(_ item: String) -> String {
    #"{"kind":"joke-saved","id":"abcd1","item":\#(item),"reason":"saved","source":"dad"}"#
  }

  /// A damaged, truncated or foreign record is refused in words, naming what is wrong.
  @Test(arguments: [
    (String(line().dropLast(30)), "not valid JSON"),
    (line(operation: #"{"id":"abcd1","source":"dad"}"#), "'kind' missing at operation"),
    (line(operation: #"{"kind":"joke-removed","source":"dad"}"#), "'id' missing at operation"),
    (
      line(operation: #"{"kind":"joke-removed","id":"a b","source":"dad"}"#),
      "bad value at operation.id"
    ),
    (
      line(operation: #"{"kind":"joke-removed","id":"abcd1","source":"No!"}"#),
      "bad value at operation.source"
    ),
    (
      line(operation: #"{"kind":"favorite-removed","name":"","id":"abcd1","source":"dad"}"#),
      "bad value at operation.name"
    ),
    (line(operation: saving(#""[1]""#)), "bad value at operation.item"),
    (line(operation: saving(#""{} {}""#)), "bad value at operation.item"),
    (line(operation: saving(#""{\"id\":""#)), "bad value at operation.item"),
    (line(operation: saving("{}")), "wrong type at operation.item"),
    (line(sequence: #""1""#), "wrong type at sequence"),
    (line(clock: #""12""#), "bad value at clock"),
    (line(replica: #""A\#(SyncSamples.replicaA)""#), "bad value at replica"),
    (line().uppercased(), "'replica' missing at the top level"),
    ("[]", "wrong type at the top level"),
  ])
  func damagedRecordsAreRefused(line: String, reason: String) {
    #expect(
      throws: ChuckError.syncRecordRefused("it is not a record of chuck's sync log (\(reason))")
    ) { try SyncRecord.decode(Array(line.utf8)) }
    #expect(throws: Never.self) { try SyncRecord.decode(Array(Self.line().utf8)) }
  }

  /// A source that this machine's config file does not declare is kept by name, as favourites
  /// keep it: another machine declares it.
  @Test func undeclaredSourceIsKeptByName() throws {
    let line =
      #"{"clock":"5-0","operation":{"id":"abcd1","kind":"joke-removed","source":"articles-2"},"#
      + #""replica":"\#(S.replicaA)","sequence":1}"#
    let record = try SyncRecord.decode(Array(line.utf8))
    #expect(record.operation.subject?.source.name == "articles-2")
    #expect(record.operation.subject?.source.isDormant == true)
    #expect(String(decoding: try record.encoded(), as: UTF8.self) == line)
  }

  /// A stored joke is an acceptable id and exactly one JSON object, as a list file reads it.
  @Test func storedJokeForm() throws {
    #expect(try StoredJoke(id: "abcd1", json: #" {"id":"abcd1"} "#).json == #" {"id":"abcd1"} "#)
    #expect(try StoredJoke(id: "abcd1", bytes: Array(#"{"a":[1,{}]}"#.utf8)).id == "abcd1")
    #expect(throws: ChuckError.syncRecordRefused("the joke abcd1 is not one JSON object")) {
      try StoredJoke(id: "abcd1", json: "[]")
    }
    for bad in ["", "{", "{} {}", #""text""#, "{\"a\":1,}", String(repeating: "[", count: 300)] {
      #expect(throws: ChuckError.self, "\(bad)") { try StoredJoke(id: "abcd1", json: bad) }
    }
    let deep = String(repeating: #"{"a":"#, count: 300) + "1" + String(repeating: "}", count: 300)
    #expect(throws: ChuckError.self) { try StoredJoke(id: "abcd1", json: deep) }
    #expect(
      throws: ChuckError.syncRecordRefused(
        "'a b' is not a joke id (1 to 64 characters of A-Z, a-z, 0-9, _ and -)")
    ) { try StoredJoke(id: "a b", json: "{}") }
  }
}
