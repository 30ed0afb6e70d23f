import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

/// `chuck import`: the readers of each format, malformed records by line, and the import into
/// lists (duplicates, dry runs, one write, every source).
@Suite struct JokeImportTests {
  static let time = PostgresTimestamp("2026-01-02 03:04:05")!

  static func texts(_ input: String, _ format: ImportReader.Format) throws -> [String] {
    try ImportReader.records(in: Array(input.utf8), format: format).map { record in
      guard case .text(let text) = record.content else { return "(object)" }
      return text
    }
  }

  static func lines(_ input: String, _ format: ImportReader.Format) throws -> [Int] {
    try ImportReader.records(in: Array(input.utf8), format: format).map(\.line)
  }

  static func malformed(_ input: [UInt8], _ format: ImportReader.Format) -> MalformedRecord? {
    do throws(MalformedRecord) {
      _ = try ImportReader.records(in: input, format: format)
      return nil
    } catch {
      return error
    }
  }

  static func malformed(_ input: String, _ format: ImportReader.Format) -> MalformedRecord? {
    malformed(Array(input.utf8), format)
  }

  /// fortune: records between `%` lines, CRLF and a byte order mark accepted, blank records
  /// skipped, an escaped `%` line given back, each record's first line reported.
  @Test func fortune() throws {
    let input = "\u{FEFF}One\r\n%\r\n\n%\nTwo\nlines\n %\n  %\n%\n\n\nThree\n"
    #expect(try Self.texts(input, .fortune) == ["One", "Two\nlines\n%\n %", "\n\nThree"])
    #expect(try Self.lines(input, .fortune) == [1, 5, 12])
    #expect(try Self.texts("", .fortune).isEmpty)
    #expect(try Self.texts("%\n%\n", .fortune).isEmpty)
  }

  /// lines: one joke a non-blank line.
  @Test func lines() throws {
    #expect(try Self.texts("a\n\n  \nb\r\nc", .lines) == ["a", "b", "c"])
    #expect(try Self.lines("a\n\n  \nb\r\nc", .lines) == [1, 4, 5])
  }

  /// Bytes that are not UTF-8 are malformed on their line.
  @Test func notUTF8() {
    let bytes = Array("ok\nfine\n".utf8) + [0xFF, 0x0A]
    for format in [ImportReader.Format.fortune, .lines, .csv] {
      #expect(Self.malformed(bytes, format)?.line == 3, "\(format)")
    }
  }

  /// CSV: RFC 4180 quoting (commas, doubled quotes, line breaks in fields), CRLF, the text
  /// column found by name, each record's first line.
  @Test func csv() throws {
    let input =
      "id,Text\r\n1,plain\r\n2,\"with, comma\"\r\n\r\n3,\"say \"\"hi\"\"\r\nand go\"\r\n4,last"
    #expect(try Self.texts(input, .csv) == ["plain", "with, comma", "say \"hi\"\nand go", "last"])
    #expect(try Self.lines(input, .csv) == [2, 3, 5, 7])
    #expect(try Self.texts("joke\n", .csv).isEmpty)
    #expect(try Self.texts("", .csv).isEmpty)
    #expect(try Self.texts("value\n\"a\"", .csv) == ["a"])
  }

  /// Malformed CSV: the line of the record (or of the quote) that is wrong.
  @Test func malformedCSV() {
    #expect(Self.malformed("id,name\n1,x\n", .csv)?.line == 1)
    #expect(
      Self.malformed("id,text\n1,x\n2\n", .csv)
        == MalformedRecord(line: 3, reason: "1 fields where the header has 2"))
    #expect(Self.malformed("text\nok\n\"open\nstill\n", .csv)?.line == 3)
    #expect(Self.malformed("text\nok\nab\"c\n", .csv)?.line == 3)
    #expect(Self.malformed("text\nok\n\"ab\"c\n", .csv)?.line == 3)
    #expect(Self.malformed("id,text\n1,\" \"\n", .csv)?.reason == "the text is empty")
  }

  /// JSON: an array of objects, one object, or a list file; each object's line.
  @Test func json() throws {
    let array = "[\n  {\"joke\": \"a\"},\n  {\"value\": \"b\",\n   \"x\": 1}\n]\n"
    #expect(try Self.lines(array, .json) == [2, 3])
    #expect(try Self.lines("{\"joke\": \"a\"}", .json) == [1])
    let list = "{\"version\":1,\n\"items\":[\n{\"id\":\"x\"}]}"
    let records = try ImportReader.records(in: Array(list.utf8), format: .json)
    #expect(records == [ImportRecord(line: 3, content: .object(["id": .string("x")]))])
    #expect(try Self.lines("  \n", .json).isEmpty)
    #expect(try Self.lines("[]", .json).isEmpty)
  }

  /// Malformed JSON: where it stops being JSON, the element that is no object, another version.
  @Test func malformedJSON() {
    #expect(Self.malformed("[\n{\"joke\": \"a\"},\n{\"joke\": }\n]", .json)?.line == 3)
    #expect(
      Self.malformed("[\n{\"joke\": \"a\"},\n\n 42]", .json)
        == MalformedRecord(line: 4, reason: "not a JSON object"))
    #expect(Self.malformed("\"text\"", .json)?.line == 1)
    #expect(Self.malformed("[{}] x", .json)?.reason == "data after the JSON")
    #expect(
      Self.malformed("{\"version\":2,\"items\":[]}", .json)?.reason.contains("version 2") == true)
    #expect(Self.malformed("[" + String(repeating: "[", count: 300) + "]", .json) != nil)
  }

  /// Into mine: texts become your jokes; duplicates in the list and in the file are counted; a
  /// dry run writes nothing; a second import adds nothing; the file is written once.
  @Test func intoMine() throws {
    let components = try JokeExportTests.components()
    let list = components.list(Mine.self)
    _ = try list.add(try Mine.joke("Saved already", at: Self.time))
    let file = list.store.fileURL
    let before = try Data(contentsOf: file)
    let records = try ImportReader.records(
      in: Array("Saved already\n%\nNew one\n%\nTwo\nparts\n%\nNew one\n%\n".utf8), format: .fortune)
    let importer = try JokeImport(
      records, into: .source(.mine), components: components, at: Self.time)
    let expected = [JokeImport.Count(source: .mine, added: 2, duplicates: 2)]
    #expect(try importer.run(dryRun: true) == expected)
    #expect(try Data(contentsOf: file) == before)
    #expect(try importer.run() == expected)
    let saved = try list.saved()
    #expect(saved.ids.count == 3)
    #expect(saved.text(at: 1) == "New one" && saved.text(at: 2) == "Two\nparts")
    // The saved item is kept byte for byte: the new ones are spliced in before the `]`.
    let insertion = try #require(before.lastIndex(of: UInt8(ascii: "]")))
    #expect(try Data(contentsOf: file).prefix(insertion) == before.prefix(insertion))
    #expect(try importer.run() == [JokeImport.Count(source: .mine, added: 0, duplicates: 4)])
    #expect(
      expected[0].message(dryRun: false).string
        == "Imported 2 jokes into mine (2 duplicates skipped).")
    #expect(
      JokeImport.Count(source: .dad, added: 1, duplicates: 1).message(dryRun: true).string
        == "Would import 1 joke into dad (1 duplicate skipped).")
  }

  /// JSON objects into mine: every service's text fields, a two-part joke on two lines; an
  /// object without a text, or a text too long, is malformed with its line.
  @Test func objectsIntoMine() throws {
    let components = try JokeExportTests.components()
    let json = """
      [{"value": "chuck"}, {"joke": "dad"}, {"content": "switter"}, {"text": "text"},
       {"setup": "Why?", "punchline": "Because."}, {"setup": "Q", "delivery": "A"}]
      """
    let records = try ImportReader.records(in: Array(json.utf8), format: .json)
    _ = try JokeImport(records, into: .source(.mine), components: components, at: Self.time).run()
    let saved = try components.list(Mine.self).saved()
    #expect(
      (0..<saved.count).map { saved.text(at: $0) }
        == ["chuck", "dad", "switter", "text", "Why?\nBecause.", "Q\nA"])
    for (input, line) in [
      ("[\n{\"id\": \"x\"}]", 2), ("[{\"joke\": \"\(String(repeating: "x", count: 10_001))\"}]", 1),
    ] {
      let records = try ImportReader.records(in: Array(input.utf8), format: .json)
      #expect(throws: MalformedRecord.self) {
        try JokeImport(records, into: .source(.mine), components: components, at: Self.time)
      }
      do throws(MalformedRecord) {
        _ = try JokeImport(records, into: .source(.mine), components: components, at: Self.time)
      } catch {
        #expect(error.line == line)
      }
    }
  }

  /// Into another source: objects are kept as its items (a `saved_at` added when missing);
  /// another machine's list merges; an object that is not one of its jokes, a text, or another
  /// source's object is malformed and nothing is written.
  @Test func intoChuck() throws {
    let components = try JokeExportTests.components()
    let list = components.list(ChuckNorris.self)
    let mine = try ChuckNorris.joke(id: "1234", text: "Mine", date: "2020-01-01 00:00:00")
    _ = try list.add(mine)
    let other = try ChuckNorris.joke(id: "5678", text: "Theirs", date: "2020-01-02 00:00:00")
    let encoder = JSONEncoder()
    let theirFile =
      "{\"version\": 1, \"items\": [\(String(decoding: try encoder.encode(mine), as: UTF8.self)),\n\(String(decoding: try encoder.encode(other), as: UTF8.self))]}"
    let records = try ImportReader.records(in: Array(theirFile.utf8), format: .json)
    let counts = try JokeImport(
      records, into: .source(.chuck), components: components, at: Self.time
    ).run()
    #expect(counts == [JokeImport.Count(source: .chuck, added: 1, duplicates: 1)])
    #expect(try list.saved().ids == ["1234", "5678"])
    #expect(try list.store.load() == [mine, other])

    let before = try Data(contentsOf: list.store.fileURL)
    for bad in [
      "[{\"value\": \"no id\"}]", "[{\"source\": \"dad\", \"id\": \"9999\", \"joke\": \"x\"}]",
    ] {
      let records = try ImportReader.records(in: Array(bad.utf8), format: .json)
      #expect(throws: MalformedRecord.self) {
        try JokeImport(records, into: .source(.chuck), components: components, at: Self.time)
      }
    }
    let text = [ImportRecord(line: 7, content: .text("just text"))]
    #expect(
      throws: MalformedRecord(
        line: 7, reason: "a text alone is no chuck joke; import texts into mine")
    ) {
      try JokeImport(text, into: .source(.chuck), components: components, at: Self.time)
    }
    #expect(try Data(contentsOf: list.store.fileURL) == before)
  }

  /// A dad joke without `saved_at` gets one; with one, it is kept.
  @Test func savedAtAddedWhenMissing() throws {
    let components = try JokeExportTests.components()
    let json = """
      [{"id": "abcd1", "joke": "new"}, {"id": "abcd2", "joke": "old", "saved_at": "2001-02-03 04:05:06"}]
      """
    let records = try ImportReader.records(in: Array(json.utf8), format: .json)
    _ = try JokeImport(records, into: .source(.dad), components: components, at: Self.time).run()
    let saved = try components.list(ICanHazDadJoke.self).store.load()
    #expect(saved.map(\.savedAtText) == ["2026-01-02 03:04:05", "2001-02-03 04:05:06"])
  }

  /// The property: whatever the texts, exporting a list and importing it into an empty one gives
  /// the same texts, in each format; importing it into itself adds nothing.
  @Test(arguments: [ImportReader.Format.fortune, .csv, .json])
  func roundTrip(_ format: ImportReader.Format) throws {
    var generator = SeededGenerator(seed: 42)
    let pieces = [
      "%", " %", "  %", "\"", ",", "\n", "\r\n", " ", "\t", "é", "👍🏽", "a", "Chuck", "%%", "\"\"",
    ]
    var texts: Set<String> = []
    while texts.count < 60 {
      let count = Int.random(in: 1...12, using: &generator)
      let text = (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined()
      let trimmed = text.replacingOccurrences(of: "\r\n", with: "\n").trimmingWhitespace
      if !trimmed.isEmpty { texts.insert(trimmed) }
    }
    let source = try JokeExportTests.components()
    for text in texts.sorted() {
      _ = try source.list(Mine.self).add(try Mine.joke(text, at: Self.time))
    }
    let exportFormat = JokeExport.Format(rawValue: format.rawValue)!
    let exported = try JokeExportTests.export(exportFormat, [.mine], source)
    let records = try ImportReader.records(in: Array(exported.utf8), format: format)
    let target = try JokeExportTests.components()
    let counts = try JokeImport(records, into: .source(.mine), components: target, at: Self.time)
      .run()
    #expect(counts == [JokeImport.Count(source: .mine, added: texts.count, duplicates: 0)])
    let saved = try target.list(Mine.self).saved()
    #expect(Set((0..<saved.count).map { saved.text(at: $0) }) == texts)
    let again = try JokeImport(records, into: .source(.mine), components: source, at: Self.time)
      .run()
    #expect(again == [JokeImport.Count(source: .mine, added: 0, duplicates: texts.count)])
  }

  /// `--source all`: every list exported as JSON is restored into empty lists, each joke into
  /// its own; objects without a source are malformed.
  @Test func allSources() throws {
    let source = try JokeExportTests.components()
    for kind in JokeSource.allCases {
      func add<K: TestKind>(_ kind: K.Type) throws {
        _ = try source.list(kind).add(
          try K.joke(id: "4321", text: "joke of \(K.name)", date: "2020-01-01 00:00:00"))
      }
      try add(kind.testKind)
    }
    let exported = try JokeExportTests.export(.json, JokeSource.allCases, source)
    let records = try ImportReader.records(in: Array(exported.utf8), format: .json)
    let target = try JokeExportTests.components()
    let counts = try JokeImport(records, into: .all, components: target, at: Self.time).run()
    #expect(
      counts == JokeSource.allCases.map { JokeImport.Count(source: $0, added: 1, duplicates: 0) })
    // Every list as it was, byte for byte; your own jokes with the ids chuck makes from their
    // texts (the test's made-up id aside) and their `saved_at`.
    for kind in JokeSource.allCases where kind != .mine {
      let file = target.configuration.listFile(of: kind)
      let original = source.configuration.listFile(of: kind)
      #expect(try Data(contentsOf: file) == Data(contentsOf: original), "\(kind)")
    }
    let restored = try target.list(Mine.self).store.load()
    #expect(restored.map(\.text) == ["joke of mine"])
    #expect(restored.map(\.savedAtText) == ["2020-01-01 00:00:00"])
    #expect(restored.map(\.id) == [TextID.make("joke of mine")])
    let plain = [ImportRecord(line: 2, content: .object(["joke": .string("x")]))]
    #expect(throws: MalformedRecord.self) {
      try JokeImport(plain, into: .all, components: target, at: Self.time)
    }
  }
}
