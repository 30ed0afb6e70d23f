import ChuckTestSupport
import Foundation
import Testing

/// The source matrix: for every source, the same command gives the same exit status, the same
/// shape of message (the same words but for the source's name, title, ids and previews) and the
/// same file effects, unless the SPEC names a difference (``MatrixSource``'s flags); each
/// `do` block is one cell of the matrix.
@Suite struct SourceMatrixTests {
  /// random twice on a pool that repeats one joke: the second is refused in red with exit 1,
  /// naming the id and the preview, stdout empty, the list file neither changed nor rewritten.
  @Test(arguments: MatrixSource.all)
  func duplicateIsRefused(source: MatrixSource) async throws {
    let joke = source.makeJoke(
      source.repeated.id, source.repeated.text, "https://api.chucknorris.io")
    let (_, sandbox) = try await source.sandbox(pool: [joke])
    let file = source.listFile(in: sandbox)
    do {
      let first = try await sandbox.chuck(["random", "--source", source.name])
      #expect(first.status == 0, "\(first.stderr)")
      let items = try sandbox.items(of: file)
      #expect(items.map { $0["id"]?.idText } == [source.repeated.id])
      let item = try #require(items.first)
      #expect(first.stdout.lines == source.lines(of: item))
      #expect(first.stderr == "Saved \(source.repeated.id); your list holds 1 joke.\n")
      let bytes = try Data(contentsOf: file)
      let identity = try FileIdentity(path: file.path)
      let again = try await sandbox.chuck(["random", "--source", source.name, "--color", "always"])
      #expect(again.status == 1)
      #expect(again.stdout == "")
      #expect(again.stderr.hasPrefix("\u{1B}[31merror: "), "\(again.stderr)")
      #expect(
        again.stderr.withoutSGR
          == "error: already in your list: \(source.repeated.id) \u{201C}"
          + "\(MatrixSource.preview(source.repeated.text))\u{201D}; nothing saved\n")
      let json = try await sandbox.chuck(["random", "--source", source.name, "--json"])
      #expect(json.status == 1)
      #expect(json.stdout == "")
      #expect(json.stderr.hasPrefix("error: already in your list: \(source.repeated.id) "))
      #expect(try Data(contentsOf: file) == bytes)
      #expect(try FileIdentity(path: file.path) == identity)
    }
  }

  /// An empty list: exit 0, the title and a friendly line naming the command that fetches the
  /// first joke of that source; the command named does so, whatever `CHUCK_SOURCE` says;
  /// `list --json` prints `[]`; no list file appears.
  @Test(arguments: MatrixSource.all)
  func emptyList(source: MatrixSource) async throws {
    let api = try await startFake()
    do {
      try await Self.checkEmptyList(source, api: api, environment: [:])
    }
    // The line must hold when the default source is another one.
    let other = MatrixSource.other(than: source)
    do {
      try await Self.checkEmptyList(source, api: api, environment: ["CHUCK_SOURCE": other.name])
    }
  }

  private static func checkEmptyList(
    _ source: MatrixSource, api: FakeAPI, environment: [String: String?]
  ) async throws {
    let sandbox = try source.sandbox(on: api)
    var wide = environment
    wide["COLUMNS"] = "200"
    let empty = try await sandbox.chuck(["list", "--source", source.name], wide)
    #expect(empty.status == 0)
    #expect(empty.stderr == "")
    let lead = "  Your list is empty. Fetch your first joke with: "
    #expect(empty.stdout.lines.count == 3)
    #expect(Array(empty.stdout.lines.prefix(2)) == ["  \(source.title)", ""])
    let line = try #require(empty.stdout.lines.last)
    #expect(line.hasPrefix(lead + "chuck random"), "\(line)")
    let json = try await sandbox.chuck(["list", "--source", source.name, "--json"], environment)
    #expect(json.status == 0)
    #expect(json.stdout == "[]\n")
    #expect(!FileManager.default.fileExists(atPath: source.listFile(in: sandbox).path))
    // Run what the line says, as a user would.
    let command = line.dropFirst(lead.count).split(separator: " ").map(String.init)
    #expect(command.first == "chuck")
    let fetch = try await sandbox.chuck(Array(command.dropFirst()), environment)
    #expect(fetch.status == 0, "\(fetch.stderr)")
    #expect(try sandbox.items(of: source.listFile(in: sandbox)).count == 1)
    #expect(sandbox.dataDirectoryEntries.filter { $0.hasSuffix(".json") } == [source.listFileName])
  }

  /// `list --json`: an array of the saved objects, oldest first, ids as saved; `show --json`: one
  /// of them; `random --json`: one object, the one the list file now holds.
  @Test(arguments: MatrixSource.all)
  func jsonShapes(source: MatrixSource) async throws {
    let (_, sandbox, items) = try await source.sandboxWithList()
    let file = source.listFile(in: sandbox)
    do {
      let list = try await sandbox.chuck(["list", "--source", source.name, "--json"])
      #expect(list.status == 0, "\(list.stderr)")
      #expect(try JSON.parse(list.stdout) == .array(items))
    }
    do {
      let show = try await sandbox.chuck([
        "show", source.savedIDs[1], "--source", source.name, "--json",
      ])
      #expect(show.status == 0, "\(show.stderr)")
      #expect(show.stderr == "")
      #expect(try JSON.parse(show.stdout) == items[1])
    }
    do {
      let random = try await sandbox.chuck(["random", "--source", source.name, "--json"])
      #expect(random.status == 0, "\(random.stderr)")
      let printed = try JSON.parse(random.stdout)
      let saved = try sandbox.items(of: file)
      #expect(saved.count == 3)
      #expect(Array(saved.prefix(2)) == items)
      #expect(printed == saved.last)
      let id = try #require(printed["id"]?.idText)
      #expect(random.stderr == "Saved \(id); your list holds 3 jokes.\n")
    }
  }

  /// `random --category`: a source with categories fetches one of that category; the others
  /// refuse it (64) before any request, naming the source.
  @Test(arguments: MatrixSource.all)
  func categories(source: MatrixSource) async throws {
    let (api, sandbox) = try await source.startSandbox()
    do {
      let random = try await sandbox.chuck(
        ["random", "--source", source.name, "--category", source.category.name, "--json"])
      if source.hasCategories {
        #expect(random.status == 0, "\(random.stderr)")
        let field = try JSON.parse(random.stdout)[source.category.field]
        let names = field?.string.map { [$0] } ?? field?.elements.compactMap(\.string) ?? []
        #expect(names.contains(source.category.name))
      } else {
        #expect(random.status == 64)
        #expect(random.stdout == "")
        #expect(
          random.stderr
            == "error: \(source.name) jokes have no categories; the sources that have them: "
            + "\(MatrixSource.all.filter(\.hasCategories).map(\.name).joined(separator: ", "))\n")
        #expect(try api.requestCount() == 0)
        #expect(!FileManager.default.fileExists(atPath: source.listFile(in: sandbox).path))
      }
    }
  }
}
