import ChuckTestSupport
import Foundation
import Testing

/// `chuck export` and `chuck import`, run as a user would: every format out and in, dry runs,
/// duplicates, malformed files (65, nothing written), another machine's list merged, a whole
/// backup restored, and the fortune file read by fortune-mod itself.
@Suite struct ExportImportTests {
  static let jokes = [
    MadeUpJoke(1, "Chuck Norris counted to infinity. Twice.", createdAt: "2020-01-05 13:42:19.1"),
    MadeUpJoke(
      2, "Chuck Norris, \"the\" joke\n%\nwith a percent line", createdAt: "2019-03-04 05:06:07"),
  ]

  /// A sandbox with two Chuck Norris jokes and one of your own.
  static func sandbox() async throws -> ChuckSandbox {
    let (_, sandbox) = try await startSandbox()
    try sandbox.writeList(jokes.map(\.object))
    let added = try await sandbox.chuck(["add", "My own joke, with a comma."])
    #expect(added.status == 0, "\(added.stderr)")
    return sandbox
  }

  /// export: fortune (oldest first, `%` after each, a `%` line escaped), CSV (header, CRLF,
  /// quoting, the list's date), JSON (the saved objects, as `list --json`); `--source all`
  /// names each row's source.
  @Test func exportFormats() async throws {
    let sandbox = try await Self.sandbox()
    let fortune = try await sandbox.chuck(["export"])
    #expect(fortune.status == 0 && fortune.stderr.isEmpty, "\(fortune.stderr)")
    #expect(
      fortune.stdout
        == "Chuck Norris, \"the\" joke\n %\nwith a percent line\n%\n"
        + "Chuck Norris counted to infinity. Twice.\n%\n")
    let csv = try await sandbox.chuck(["export", "--format", "csv"])
    #expect(
      csv.stdout
        == "source,id,date,text\r\n"
        + "chuck,\(Self.jokes[1].id),2019-03-04 05:06:07,"
        + "\"Chuck Norris, \"\"the\"\" joke\n%\nwith a percent line\"\r\n"
        + "chuck,\(Self.jokes[0].id),2020-01-05 13:42:19,Chuck Norris counted to infinity. Twice.\r\n"
    )
    let json = try await sandbox.chuck(["export", "--format", "json"])
    #expect(json.stdout == (try await sandbox.chuck(["list", "--json"])).stdout)
    #expect(try await sandbox.chuck(["export", "--json"]).stdout == json.stdout)
    let all = try await sandbox.chuck(["export", "--source", "all", "--format", "csv"])
    let rows = all.stdout.components(separatedBy: "\r\n").dropFirst().filter { !$0.isEmpty }
    #expect(rows.map { $0.prefix { $0 != "," } } == ["chuck", "chuck", "mine"])
    #expect(all.stdout.hasSuffix("\"My own joke, with a comma.\"\r\n"))
    let allJSON = try JSON.parse(
      try await sandbox.chuck(["export", "--source", "all", "--json"]).stdout)
    #expect(allJSON.elements.map { $0["source"]?.string } == ["chuck", "chuck", "mine"])
    let mine = try await sandbox.chuck(["export", "--format", "fortune"], ["CHUCK_SOURCE": "mine"])
    #expect(mine.stdout == "My own joke, with a comma.\n%\n")
    let bad = try await sandbox.chuck(["export", "--json", "--format", "csv"])
    #expect(bad.status == 64)
    #expect(try await sandbox.chuck(["export", "--source", "nope"]).status == 64)
  }

  /// The fortune file is what fortune-mod reads: `strfile` indexes it and `fortune FILE` prints
  /// one of the jokes. fortune-mod must be installed where `CI` is set.
  @Test(.enabled(if: Self.hasFortuneMod || ProcessInfo.processInfo.environment["CI"] != nil))
  func fortuneModReadsTheExport() async throws {
    try #require(
      Self.hasFortuneMod,
      "fortune-mod is needed (Debian package fortune-mod: /usr/bin/strfile, /usr/games/fortune)")
    let sandbox = try await Self.sandbox()
    let file = sandbox.root.appendingPathComponent("jokes")
    let result = try await sandbox.shell(
      "\"$CHUCK\" export > '\(file.path)' && /usr/bin/strfile '\(file.path)' >/dev/null && "
        + "for i in 1 2 3 4 5 6; do /usr/games/fortune '\(file.path)'; echo '<end>'; done")
    #expect(result.status == 0, "\(result.stderr)")
    let shown = Set(result.stdout.components(separatedBy: "<end>\n").filter { !$0.isEmpty })
    let expected: Set<String> = [
      "Chuck Norris counted to infinity. Twice.\n",
      "Chuck Norris, \"the\" joke\n %\nwith a percent line\n",
    ]
    #expect(!shown.isEmpty && shown.isSubset(of: expected), "\(shown)")
    let strings = try await sandbox.shell("/usr/bin/strfile '\(file.path)' /dev/null")
    #expect(strings.stdout.contains("There were 2 strings"), "\(strings.stdout)")
  }

  static let hasFortuneMod =
    FileManager.default.isExecutableFile(atPath: "/usr/bin/strfile")
    && FileManager.default.isExecutableFile(atPath: "/usr/games/fortune")

  /// import, each format into mine: texts added, duplicates (saved, or twice in the file)
  /// counted on stderr; `-n` says what would be added and writes nothing.
  @Test func importFormats() async throws {
    let (_, sandbox) = try await startSandbox()
    let folder = sandbox.root
    let mineFile = sandbox.dataDirectory.appendingPathComponent("my-jokes.json")
    try "One\n%\nTwo\nlines\n%\nOne\n%\n".write(
      to: folder.appendingPathComponent("f"), atomically: true, encoding: .utf8)
    let dry = try await sandbox.chuck([
      "import", folder.appendingPathComponent("f").path, "--format", "fortune", "-n",
    ])
    #expect(dry.status == 0)
    #expect(dry.stderr == "Would import 2 jokes into mine (1 duplicate skipped).\n")
    #expect(!FileManager.default.fileExists(atPath: mineFile.path))
    let real = try await sandbox.chuck([
      "import", folder.appendingPathComponent("f").path, "--format", "fortune",
    ])
    #expect(real.stderr == "Imported 2 jokes into mine (1 duplicate skipped).\n")
    let lines = try await sandbox.shell(
      "printf 'One\\n\\nThree\\n' | \"$CHUCK\" import - --format lines")
    #expect(lines.stderr == "Imported 1 joke into mine (1 duplicate skipped).\n", "\(lines.stderr)")
    let csv = try await sandbox.shell(
      "printf 'n,text\\r\\n1,\"Four, \"\"quoted\"\"\"\\r\\n' | \"$CHUCK\" import - --format csv --json"
    )
    #expect(csv.stdout == "[\n{\"duplicates\":0,\"imported\":1,\"source\":\"mine\"}\n]\n")
    let json = try await sandbox.shell(
      "echo '[{\"setup\":\"Five?\",\"punchline\":\"Six.\"},{\"joke\":\"One\"}]' | \"$CHUCK\" import - --format json"
    )
    #expect(json.stderr == "Imported 1 joke into mine (1 duplicate skipped).\n")
    let exported = try await sandbox.chuck(["export", "--source", "mine"])
    #expect(
      exported.stdout == "One\n%\nTwo\nlines\n%\nThree\n%\nFour, \"quoted\"\n%\nFive?\nSix.\n%\n")
    let empty = try await sandbox.shell("\"$CHUCK\" import - --format json < /dev/null")
    #expect(
      empty.status == 0 && empty.stderr == "Imported 0 jokes into mine (0 duplicates skipped).\n")
  }

  /// A malformed record: `error: FILE:LINE: …`, exit 65, the list not even rewritten; bad
  /// arguments are usage errors (64); a missing file or a FIFO is unreadable (74, no hang).
  @Test func malformedAndUnreadable() async throws {
    let sandbox = try await Self.sandbox()
    let identity = try FileIdentity(path: sandbox.listFile.path)
    let file = sandbox.root.appendingPathComponent("bad.json")
    try "[\n{\"value\": \"fine\"},\n{\"value\": \"no id\"}\n]".write(
      to: file, atomically: true, encoding: .utf8)
    let bad = try await sandbox.chuck([
      "import", file.path, "--format", "json", "--source", "chuck",
    ])
    #expect(bad.status == 65)
    #expect(bad.stderr.hasPrefix("error: \(file.path):2: not a chuck joke"), "\(bad.stderr)")
    #expect(try FileIdentity(path: sandbox.listFile.path) == identity)
    let csv = try await sandbox.shell(
      "printf 'text\\nok\\n\"open\\n' | \"$CHUCK\" import - --format csv")
    #expect(csv.status == 65)
    #expect(csv.stderr == "error: stdin:3: a quoted field is not closed; nothing imported\n")
    let usage = try await sandbox.chuck([
      "import", file.path, "--format", "csv", "--source", "chuck",
    ])
    #expect(usage.status == 64)
    #expect(try await sandbox.chuck(["import", file.path, "--format", "yaml"]).status == 64)
    let missing = try await sandbox.chuck(["import", "/nonexistent/x", "--format", "lines"])
    #expect(missing.status == 74)
    #expect(missing.stderr == "error: cannot read /nonexistent/x: no such file\n")
    let fifo = sandbox.root.appendingPathComponent("fifo")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    let hang = try await sandbox.chuck(["import", fifo.path, "--format", "lines"], timeout: 10)
    #expect(hang.status == 74)
    #expect(hang.stderr.contains("not a regular file (a FIFO)"))
  }

  /// Another machine's `jokes.json` merges into chuck (its new jokes after yours, byte for
  /// byte the same objects); a backup of every list (`export --source all --json`) restores
  /// the same lists on an empty machine, and importing it again adds nothing.
  @Test func mergeAndRestore() async throws {
    let sandbox = try await Self.sandbox()
    let (_, other) = try await startSandbox()
    let third = MadeUpJoke(3, "A third joke from elsewhere.", createdAt: "2021-01-01 00:00:00")
    try other.writeList([Self.jokes[0].object, third.object])
    let merged = try await sandbox.chuck([
      "import", other.listFile.path, "--format", "json", "--source", "chuck",
    ])
    #expect(
      merged.stderr == "Imported 1 joke into chuck (1 duplicate skipped).\n", "\(merged.stderr)")
    #expect(try sandbox.savedIDs() == Self.jokes.map(\.id) + [third.id])
    #expect(try sandbox.savedItems().last == third.object)

    let restore = try await other.shell(
      "\"$CHUCK\" export --source all --json | CHUCK_DATA_DIR='\(sandbox.root.path)/restored' "
        + "\"$CHUCK\" import - --format json --source all")
    #expect(restore.status == 0, "\(restore.stderr)")
    #expect(restore.stderr == "Imported 2 jokes into chuck (0 duplicates skipped).\n")
    let backup = try await sandbox.shell(
      "\"$CHUCK\" export --source all --json > '\(sandbox.root.path)/backup.json' && "
        + "CHUCK_DATA_DIR='\(sandbox.root.path)/copy' \"$CHUCK\" import '\(sandbox.root.path)/backup.json' "
        + "--format json --source all && \"$CHUCK\" import '\(sandbox.root.path)/backup.json' --format json --source all"
    )
    #expect(
      backup.stderr
        == "Imported 3 jokes into chuck (0 duplicates skipped).\n"
        + "Imported 1 joke into mine (0 duplicates skipped).\n"
        + "Imported 0 jokes into chuck (3 duplicates skipped).\n"
        + "Imported 0 jokes into mine (1 duplicate skipped).\n", "\(backup.stderr)")
    // The same lists: the same objects, shown in the same order (export is oldest first, so
    // the files' own order may differ where the saved order was not).
    let original = try await sandbox.chuck(["export", "--source", "all", "--json"])
    let copy = try await sandbox.chuck(
      ["export", "--source", "all", "--json"], ["CHUCK_DATA_DIR": sandbox.root.path + "/copy"])
    #expect(copy.stdout == original.stdout)
    #expect(try JSON.parse(copy.stdout).elements.count == 4)
  }
}
