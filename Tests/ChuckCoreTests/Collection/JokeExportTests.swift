import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

/// `chuck export`'s formats, and every source's list written in each.
@Suite struct JokeExportTests {
  /// A fortune record is the text, then a line `%`; a line that is `%` after spaces gets one more
  /// space, and controls are made safe.
  @Test func fortuneRecords() {
    #expect(JokeExport.fortuneRecord("One liner.") == "One liner.\n%\n")
    #expect(JokeExport.fortuneRecord("Setup?\nPunchline.") == "Setup?\nPunchline.\n%\n")
    #expect(JokeExport.fortuneRecord("a\n%\n %\nb%\n% b") == "a\n %\n  %\nb%\n% b\n%\n")
    #expect(JokeExport.fortuneRecord("bell\u{07}\u{1B}[31mred") == "bell\u{FFFD}\u{FFFD}red\n%\n")
  }

  /// CSV fields are quoted only when needed, quotes doubled, records ended by CRLF.
  @Test func csvQuoting() {
    #expect(JokeExport.csvRow(["a", "b c", ""]) == "a,b c,\r\n")
    #expect(
      JokeExport.csvRow(["x,y", "say \"hi\"", "two\nlines"])
        == "\"x,y\",\"say \"\"hi\"\"\",\"two\nlines\"\r\n")
    #expect(JokeExport.csvRow([" padded", "tab\t"]) == "\" padded\",\"tab\t\"\r\n")
    #expect(JokeExport.csvRow(["esc\u{1B}]0;x\u{07}"]) == "esc\u{FFFD}\r\n")
  }

  /// Every source's list is exported in each format: oldest first, two-part jokes on two lines,
  /// the CSV date the list's, JSON the saved objects (with `source` only for several lists).
  @Test(arguments: JokeSource.allCases)
  func everySource(_ source: JokeSource) throws {
    try Self.everySource(source.testKind)
  }

  private static func everySource<K: TestKind>(_ kind: K.Type) throws {
    let components = try Self.components()
    let list = components.list(kind)
    _ = try list.add(try K.joke(id: "2222", text: "Newer joke", date: "2021-02-03 04:05:06"))
    _ = try list.add(try K.joke(id: "1111", text: "Older, \"quoted\"", date: "2020-01-02 03:04:05"))
    let older = try list.saved().joke(at: 1)
    let whole = JokeExport.wholeText(older.text, punchline: older.punchline)

    let fortune = try Self.export(.fortune, [K.source], components)
    #expect(fortune.hasPrefix(whole + "\n%\n"))
    #expect(fortune.hasSuffix("%\n"))
    #expect(fortune.components(separatedBy: "\n%\n").count == 3)

    let csv = try Self.export(.csv, [K.source], components)
    let quoted = "\"" + whole.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    #expect(
      csv.hasPrefix(
        "source,id,date,text\r\n\(K.name),\(older.id),2020-01-02 03:04:05,\(quoted)\r\n"))

    let json = try Self.export(.json, [K.source], components)
    let objects = try #require(
      JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    #expect(objects.count == 2)
    #expect(objects.allSatisfy { $0["source"] == nil })

    let all = try Self.export(.json, JokeSource.allCases, components)
    let tagged = try #require(
      JSONSerialization.jsonObject(with: Data(all.utf8)) as? [[String: Any]])
    #expect(tagged.map { $0["source"] as? String } == [K.name, K.name])
  }

  /// Empty lists: nothing for fortune, the header for CSV, `[]` for JSON (one list or all).
  @Test func emptyLists() throws {
    let components = try Self.components()
    #expect(try Self.export(.fortune, [.chuck], components) == "")
    #expect(try Self.export(.csv, JokeSource.allCases, components) == "source,id,date,text\r\n")
    #expect(try Self.export(.json, [.mine], components) == "[]\n")
    #expect(try Self.export(.json, JokeSource.allCases, components) == "[]\n")
  }

  /// A list that cannot be read fails before anything is written.
  @Test func corruptListWritesNothing() throws {
    let components = try Self.components()
    _ = try components.list(ChuckNorris.self).add(
      try ChuckNorris.joke(id: "1234", text: "fine", date: "2020-01-01 00:00:00"))
    try Data("{".utf8).write(to: components.configuration.listFile(of: .mine))
    var written = ""
    #expect(throws: ChuckError.self) {
      try JokeExport(format: .fortune, sources: JokeSource.allCases).write(from: components) {
        written += $0.string
      }
    }
    #expect(written.isEmpty)
  }

  static func components() throws -> ChuckComponents {
    let folder = try TemporaryDirectory.make(prefix: "export")
    return ChuckComponents(
      configuration: try ChuckConfiguration(environment: [
        "CHUCK_DATA_DIR": folder.path, "CHUCK_CACHE_DIR": folder.path,
      ]))
  }

  static func export(
    _ format: JokeExport.Format, _ sources: [JokeSource], _ components: ChuckComponents
  ) throws -> String {
    var output = ""
    try JokeExport(format: format, sources: sources).write(from: components) {
      output += $0.string
    }
    return output
  }
}
