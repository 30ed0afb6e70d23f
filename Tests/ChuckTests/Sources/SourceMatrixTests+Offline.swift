import ChuckTestSupport
import Foundation
import Testing

/// The matrix's cells that never ask a service: `pick`, `export` and `import`.
extension SourceMatrixTests {
  /// pick: one of the saved jokes, printed as `random` printed it; `--match` chooses one, `-c`
  /// names the source first as fortune names its file, `--source all` finds it among every list,
  /// a match that fits none is 66 naming the source's list, and an empty list prints nothing
  /// (0). The list file is never touched and no request is made.
  @Test(arguments: MatrixSource.all)
  func pick(source: MatrixSource) async throws {
    let (api, sandbox, items) = try await source.sandboxWithList()
    let file = source.listFile(in: sandbox)
    let bytes = try Data(contentsOf: file)
    let identity = try FileIdentity(path: file.path)
    let printed = items.map { source.lines(of: $0) }
    do {
      let any = try await sandbox.chuck(["pick", "--source", source.name])
      #expect(any.status == 0, "\(any.stderr)")
      #expect(any.stderr == "")
      #expect(printed.contains(any.stdout.lines), "\(any.stdout)")
    }
    do {
      let second = try await sandbox.chuck(
        ["pick", "--source", source.name, "--match", "joke 2 of", "--no-rotate"])
      #expect(second.status == 0, "\(second.stderr)")
      #expect(second.stdout.lines == printed[1])
      let named = try await sandbox.chuck(
        ["pick", "--source", source.name, "--match", "joke 1 of", "-c"])
      #expect(named.status == 0, "\(named.stderr)")
      #expect(named.stdout.lines == ["(\(source.name))", "%"] + printed[0])
      let all = try await sandbox.chuck(
        ["pick", "--source", "all", "--match", "of the \(source.name) list", "-c", "--no-rotate"])
      #expect(all.status == 0, "\(all.stderr)")
      #expect(all.stdout.lines.first == "(\(source.name))")
      #expect(printed.contains(Array(all.stdout.lines.dropFirst(2))), "\(all.stdout)")
      let json = try await sandbox.chuck(
        ["pick", "--source", source.name, "--match", "joke 1 of", "--json"])
      #expect(json.status == 0, "\(json.stderr)")
      #expect(try JSON.parse(json.stdout) == items[0])
    }
    do {
      let none = try await sandbox.chuck(["pick", "--source", source.name, "--match", "zebra"])
      #expect(none.status == 66)
      #expect(none.stdout == "")
      #expect(
        none.stderr
          == "error: no saved joke fits: matching 'zebra' (in your \(source.name) list)\n")
    }
    do {
      let empty = try source.sandbox(on: api)
      let nothing = try await empty.chuck(["pick", "--source", source.name])
      #expect(nothing.status == 0)
      #expect(nothing.stdout == "")
      #expect(nothing.stderr == "")
      #expect(!FileManager.default.fileExists(atPath: source.listFile(in: empty).path))
    }
    #expect(try Data(contentsOf: file) == bytes)
    #expect(try FileIdentity(path: file.path) == identity)
    #expect(try api.requestCount() == 0)
  }

  /// export: JSON is `list --json`, fortune each joke's lines then `%`, CSV a row naming the
  /// source and the id of each, in the same order; `--source all` JSON names the source of
  /// each. import of either JSON into another machine's empty list gives the same items, and
  /// again skips them all as duplicates. No request is made.
  @Test(arguments: MatrixSource.all)
  func exportImport(source: MatrixSource) async throws {
    let (api, sandbox, items) = try await source.sandboxWithList()
    let listed = try await sandbox.chuck(["list", "--source", source.name, "--json"])
    let order = try JSON.parse(listed.stdout).elements
    #expect(Set(order.map(\.text)) == Set(items.map(\.text)))
    do {
      let json = try await sandbox.chuck(["export", "--source", source.name, "--format", "json"])
      #expect(json.status == 0, "\(json.stderr)")
      #expect(json.stderr == "")
      #expect(json.stdout == listed.stdout)
      let fortune = try await sandbox.chuck(["export", "--source", source.name])
      #expect(fortune.status == 0, "\(fortune.stderr)")
      #expect(fortune.stdout.lines == order.flatMap { source.lines(of: $0) + ["%"] })
      let csv = try await sandbox.chuck(["export", "--source", source.name, "--format", "csv"])
      #expect(csv.status == 0, "\(csv.stderr)")
      let rows = csv.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }
      #expect(rows.first == "source,id,date,text")
      #expect(
        rows.dropFirst().map { $0.split(separator: ",").prefix(2).joined(separator: ",") }
          == order.map { "\(source.name),\($0["id"]?.idText ?? "?")" })
    }
    let all = try await sandbox.chuck(["export", "--source", "all", "--json"])
    #expect(all.status == 0, "\(all.stderr)")
    #expect(
      try JSON.parse(all.stdout).elements
        == order.map { $0.adding("source", .string(source.name)) })
    let folder = try TemporaryDirectory.make(prefix: "matrix-export")
    defer { try? FileManager.default.removeItem(at: folder) }
    for (scope, text) in [(source.name, listed.stdout), ("all", all.stdout)] {
      let export = folder.appendingPathComponent("\(scope).json")
      try Data(text.utf8).write(to: export)
      let other = try source.sandbox(on: api)
      let command = ["import", export.path, "--format", "json", "--source", scope]
      let imported = try await other.chuck(command)
      #expect(imported.status == 0, "\(imported.stderr)")
      #expect(imported.stdout == "")
      #expect(imported.stderr == "Imported 2 jokes into \(source.name) (0 duplicates skipped).\n")
      #expect(try other.items(of: source.listFile(in: other)) == items)
      let again = try await other.chuck(command + ["--json"])
      #expect(again.status == 0, "\(again.stderr)")
      #expect(
        try JSON.parse(again.stdout)
          == .array([
            .object([
              "duplicates": .number(2), "imported": .number(0), "source": .string(source.name),
            ])
          ]))
      #expect(try other.items(of: source.listFile(in: other)) == items)
    }
    #expect(try api.requestCount() == 0)
  }
}
