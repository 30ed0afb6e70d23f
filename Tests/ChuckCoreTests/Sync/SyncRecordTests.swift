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
    .favoritesLimit(1), .favoritesLimit(1000),
  ]

  /// Every kind of change is read back as it was written.
  @Test(arguments: everyOperation)
  func roundTrip(operation: SyncOperation) throws {
    let record = SyncRecord(
      replica: S.replicaB, sequence: 7,
      clock: HybridTimestamp(physical: 1_717_171_717_171, logical: 2), operation: operation)
    let bytes = record.encoded()
    #expect(try SyncRecord.decode(bytes) == record)
    #expect(record.encoded() == bytes)
    #expect(!bytes.contains(UInt8(ascii: "\n")))
  }

  /// The coded form: stable field names, keys sorted, the stored item as a string holding its
  /// exact JSON.
  @Test func codedForm() throws {
    let favorite = S.record(
      S.replicaA, 1_717_171_717_171, S.favorite("Bike", "R7UfaahVfFd"), sequence: 1)
    #expect(
      String(decoding: favorite.encoded(), as: UTF8.self)
        == #"{"clock":"1717171717171-0","operation":{"added_at":"2026-11-24 10:11:12","#
        + #""id":"R7UfaahVfFd","kind":"favorite-added","name":"Bike","source":"dad"},"#
        + #""replica":"000000000000000a0000000000000001","sequence":1}"#)
    let save = S.record(S.replicaA, 5, S.save("abcd1", "x"), sequence: 2)
    #expect(
      String(decoding: save.encoded(), as: UTF8.self)
        == #"{"clock":"5-0","operation":{"id":"abcd1","item":"{\"id\":\"abcd1\",\"joke\":\"x\"}","#
        + #""kind":"joke-saved","reason":"saved","source":"dad"},"#
        + #""replica":"000000000000000a0000000000000001","sequence":2}"#)
    let rename = S.record(S.replicaA, 6, S.rename("a", to: "b", "abcd1"), sequence: 3)
    #expect(
      String(decoding: rename.encoded(), as: UTF8.self).contains(
        #"{"id":"abcd1","kind":"favorite-renamed","name":"a","new_name":"b","source":"dad"}"#))
  }

  /// The record as `JSONEncoder` reads and writes it, with the settings the records were written
  /// with before they were coded by hand.
  private struct Coded: Codable {
    let clock: String
    let operation: [String: String]
    let replica: String
    let sequence: UInt64
  }

  /// The bytes are exactly those `JSONEncoder` wrote (`.sortedKeys`, `.withoutEscapingSlashes`),
  /// for every kind of change and for any text in a field: every ASCII character, C1 and bidi
  /// controls, separators, astral characters, quotes, backslashes and slashes.
  @Test func bytesAreJSONEncoders() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    var texts = (0..<0x80).map { String(UnicodeScalar(UInt8($0))) }
    texts += ["\u{80}", "\u{9F}", "\u{A0}", "\u{200F}", "\u{2028}", "\u{2029}", "é", "★", "😀"]
    texts.append("")
    texts.append(texts.joined())
    let records =
      texts.map { text in
        SyncRecord(
          replica: S.replicaB, sequence: .max,
          clock: HybridTimestamp(physical: HybridTimestamp.maximumPhysical, logical: .max),
          operation: .unknown(kind: text))
      } + Self.everyOperation.map { S.record(S.replicaA, 1_717_171_717_171, $0, sequence: 1) }
    for record in records {
      let bytes = record.encoded()
      let coded = try JSONDecoder().decode(Coded.self, from: Data(bytes))
      #expect(Array(try encoder.encode(coded)) == bytes, "\(record)")
    }
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

  /// What a kind or a reason may be.
  private static let word = "(1 to 64 characters of a-z, 0-9 and -)"

  /// A saving operation with this item.
  private static func saving(_ item: String) -> String {
    #"{"kind":"joke-saved","id":"abcd1","item":\#(item),"reason":"saved","source":"dad"}"#
  }

  /// A damaged, truncated or foreign record is refused in words, naming what is wrong and where:
  /// each check of the reader.
  @Test(
    arguments: [
      ("", "not a JSON object"),
      ("[]", "not a JSON object"),
      (#""text""#, "not a JSON object"),
      (line() + " {}", "data after the record"),
      (line() + "\n", nil),
      (line().uppercased(), "'replica' is missing"),
      (line(replica: "1"), "'replica' is not a string"),
      (
        line(replica: #""A\#(SyncSamples.replicaA)""#),
        "'replica': 'A000000000000000a0000000000000001' is not one (\(ReplicaID.form))"
      ),
      (
        line(replica: #""000000000000000A0000000000000001""#),
        "'replica': '000000000000000A0000000000000001' is not one (\(ReplicaID.form))"
      ),
      (
        line(sequence: #""1""#),
        #"'sequence': "1" is not a record's number (a whole number from 1)"#
      ),
      (line(sequence: "0"), "'sequence': 0 is not a record's number (a whole number from 1)"),
      (line(sequence: "-1"), "'sequence': -1 is not a record's number (a whole number from 1)"),
      (line(sequence: "1.0"), "'sequence': 1.0 is not a record's number (a whole number from 1)"),
      (line(sequence: "1e2"), "'sequence': 1e2 is not a record's number (a whole number from 1)"),
      (
        line(sequence: "18446744073709551616"),
        "'sequence': 18446744073709551616 is not a record's number (a whole number from 1)"
      ),
      (line(sequence: "18446744073709551615"), nil),
      (line(sequence: "null"), "'sequence': null is not a record's number (a whole number from 1)"),
      (line(clock: "5"), "'clock' is not a string"),
      (
        line(clock: #""12""#),
        "'clock': '12' is not a clock reading (MILLISECONDS-COUNTER in decimal)"
      ),
      (line(operation: "[]"), "'operation': it is not a JSON object"),
      (line(operation: #""joke-removed""#), "'operation': it is not a JSON object"),
      (line(operation: #"{"id":"abcd1","source":"dad"}"#), "'operation.kind' is missing"),
      (line(operation: #"{"kind":1}"#), "'operation.kind' is not a string"),
      (
        line(operation: #"{"kind":"Joke-Saved"}"#),
        "'operation.kind': 'Joke-Saved' is not a kind of change \(word)"
      ),
      (line(operation: #"{"kind":"\#(String(repeating: "a", count: 64))"}"#), nil),
      (
        line(operation: #"{"kind":"\#(String(repeating: "a", count: 65))"}"#),
        "'operation.kind': '\(String(repeating: "a", count: 39))…' is not a kind of change "
          + word
      ),
      (
        line(operation: #"{"kind":""}"#),
        "'operation.kind': '' is not a kind of change \(word)"
      ),
      (
        line(operation: #"{"kind":"a\u001b[31m"}"#),
        "'operation.kind': 'a\u{FFFD}' is not a kind of change \(word)"
      ),
      (line(operation: #"{"kind":"joke-removed","source":"dad"}"#), "'operation.id' is missing"),
      (line(operation: #"{"kind":"favorites-limit"}"#), "'operation.limit' is missing"),
      (
        line(operation: #"{"kind":"favorites-limit","limit":"0"}"#),
        "'operation.limit': '0' is not a favourites limit (1 to 1000)"
      ),
      (
        line(operation: #"{"kind":"favorites-limit","limit":"010"}"#),
        "'operation.limit': '010' is not a favourites limit (1 to 1000)"
      ),
      (
        line(operation: #"{"kind":"favorites-limit","limit":"1001"}"#),
        "'operation.limit': '1001' is not a favourites limit (1 to 1000)"
      ),
      (
        line(operation: #"{"kind":"joke-removed","id":"a b","source":"dad"}"#),
        "'operation.id': 'a b' is not a joke id (\(JokeID.anyForm))"
      ),
      (line(operation: #"{"kind":"joke-removed","id":"abcd1"}"#), "'operation.source' is missing"),
      (
        line(operation: #"{"kind":"joke-removed","id":"abcd1","source":"No!"}"#),
        "'operation.source': no source could be named 'No!'"
      ),
      (
        line(operation: #"{"kind":"favorite-removed","name":"","id":"abcd1","source":"dad"}"#),
        "'operation.name': a favourite's name cannot be empty"
      ),
      (
        line(operation: #"{"kind":"favorite-removed","id":"abcd1","source":"dad"}"#),
        "'operation.name' is missing"
      ),
      (
        line(
          operation: #"{"kind":"favorite-removed","name":"\#(String(repeating: "n", count: 61))","#
            + #""id":"abcd1","source":"dad"}"#),
        "'operation.name': '\(String(repeating: "n", count: 39))…' is 61 characters long; a "
          + "favourite's name has at most 60"
      ),
      (
        line(
          operation: #"{"kind":"favorite-renamed","name":"a","new_name":" b","id":"abcd1","#
            + #""source":"dad"}"#),
        "'operation.new_name': ' b' starts or ends with a space; a favourite's name cannot"
      ),
      (
        line(operation: #"{"kind":"favorite-added","name":"a","id":"abcd1","source":"dad"}"#),
        "'operation.added_at' is missing"
      ),
      (
        line(
          operation: #"{"kind":"favorite-added","name":"a","id":"abcd1","source":"dad","#
            + #""added_at":"yesterday"}"#),
        "'operation.added_at': 'yesterday' is not a time (yyyy-MM-dd HH:mm:ss)"
      ),
      (
        line(operation: saving(#""[1]""#)),
        "'operation.item': the joke abcd1 is not one JSON object"
      ),
      (
        line(operation: saving(#""{} {}""#)),
        "'operation.item': the joke abcd1 is not one JSON object"
      ),
      (
        line(operation: saving(#""{\"id\":""#)),
        "'operation.item': the joke abcd1 is not one JSON object"
      ),
      (line(operation: saving("{}")), "'operation.item' is not a string"),
      (
        line(operation: #"{"kind":"joke-saved","id":"abcd1","reason":"saved","source":"dad"}"#),
        "'operation.item' is missing"
      ),
      (
        line(operation: saving(#""{}""#).replacingOccurrences(of: #""saved""#, with: #""Saved!""#)),
        "'operation.reason': 'Saved!' is not a reason to save \(word)"
      ),
      (
        line(operation: saving(#""{}""#).replacingOccurrences(of: #","reason":"saved""#, with: "")),
        "'operation.reason' is missing"
      ),
    ] as [(String, String?)])
  func damagedRecordsAreRefused(line: String, reason: String?) {
    guard let reason else {
      #expect(throws: Never.self) { try SyncRecord.decode(Array(line.utf8)) }
      return
    }
    #expect(
      throws: ChuckError.syncRecordRefused("it is not a record of chuck's sync log (\(reason))")
    ) { try SyncRecord.decode(Array(line.utf8)) }
    #expect(throws: Never.self) { try SyncRecord.decode(Array(Self.line().utf8)) }
  }

  /// Text that is not JSON is refused with where the scanner stopped; nesting beyond the list
  /// reader's limit too, in a field this build does not know.
  @Test func invalidJSONIsRefusedWithItsPlace() {
    let cut = String(Self.line().dropLast(30))
    #expect(
      throws: ChuckError.syncRecordRefused(
        "it is not a record of chuck's sync log (not valid JSON: unexpected end at byte "
          + "\(cut.utf8.count))")
    ) { try SyncRecord.decode(Array(cut.utf8)) }
    let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
    let nested = Self.line(
      operation: #"{"kind":"joke-removed","id":"abcd1","source":"dad","x":"#
        + deep + "}")
    #expect {
      try SyncRecord.decode(Array(nested.utf8))
    } throws: { error in
      guard case .syncRecordRefused(let reason) = error as? ChuckError else { return false }
      return reason.contains("(not valid JSON: nested too deeply at byte ")
    }
    for bad in ["{", #"{"clock":}"#, #"{"clock":"5-0",}"#, "{\"clock\":\"\u{1}\"}", "{\"a\":tru}"] {
      #expect(throws: ChuckError.self, "\(bad)") { try SyncRecord.decode(Array(bad.utf8)) }
    }
  }

  /// Keys are matched by meaning, the first of repeated keys counts, whitespace around values
  /// and the record is allowed, and unknown fields are skipped, as `JSONDecoder` read records.
  @Test func readsAsJSONDecoderDid() throws {
    let spaced =
      #" { "sequence" : 3 , "replica" : "\#(S.replicaA)", "x": [1, {"y": null}], "#
      + #""operation" : { "source":"dad", "k\u0069nd" : "joke-removed", "id":"abcd1", "#
      + #""kind":"joke-saved" }, "clock" : "5-0", "clock": "6-0" } "# + "\n"
    let record = try SyncRecord.decode(Array(spaced.utf8))
    #expect(record == S.record(S.replicaA, 5, S.remove("abcd1"), sequence: 3))
    #expect(
      String(decoding: record.encoded(), as: UTF8.self)
        == Self.line(sequence: "3")
        .replacingOccurrences(
          of: #"{"kind":"joke-removed","id":"abcd1","source":"dad"}"#,
          with: #"{"id":"abcd1","kind":"joke-removed","source":"dad"}"#))
    let escaped = Self.line(operation: Self.saving(#""{\"id\":\"abcd1\",\"a\/b\":\"\u00e9\\n\"}""#))
    let saved = try SyncRecord.decode(Array(escaped.utf8))
    #expect(saved.operation.joke?.json == #"{"id":"abcd1","a/b":"é\n"}"#)
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
    #expect(String(decoding: record.encoded(), as: UTF8.self) == line)
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
