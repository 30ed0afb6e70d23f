import ChuckTestSupport
import Foundation
import Testing

/// The matrix's cells that ask a service for something else than a random joke: `save`, `search`.
extension SourceMatrixTests {
  /// save, for a source that fetches by id: a known id is saved (0, its text on stdout, `Saved`),
  /// saving it again is refused (1, the file not rewritten), an unknown id is 66, `--json` prints
  /// the saved objects; a source without fetch by id says so (64) and asks nothing.
  @Test(arguments: MatrixSource.all)
  func saveByID(source: MatrixSource) async throws {
    let (api, sandbox) = try await source.startSandbox()
    let file = source.listFile(in: sandbox)
    guard source.canFetchByID, source.knownIDs.count >= 2 else {
      do {
        let refused = try await sandbox.chuck(["save", "--source", source.name, source.repeated.id])
        #expect(refused.status == 64)
        #expect(refused.stdout == "")
        #expect(refused.stderr == "error: \(source.name) jokes have no ids to fetch by\n")
        #expect(try api.requestCount() == 0)
        #expect(!FileManager.default.fileExists(atPath: file.path))
      }
      return
    }
    let (known, other) = (source.knownIDs[0], source.knownIDs[1])
    do {
      let saved = try await sandbox.chuck(["save", "--source", source.name, known])
      #expect(saved.status == 0, "\(saved.stderr)")
      let items = try sandbox.items(of: file)
      #expect(items.map { $0["id"]?.idText } == [known])
      let item = try #require(items.first)
      #expect(saved.stdout.lines == source.lines(of: item))
      #expect(saved.stderr == "Saved \(known); your list holds 1 joke.\n")
    }
    do {
      let items = try sandbox.items(of: file)
      let item = try #require(items.first)
      let bytes = try Data(contentsOf: file)
      let identity = try FileIdentity(path: file.path)
      let again = try await sandbox.chuck(["save", "--source", source.name, known])
      #expect(again.status == 1)
      #expect(again.stdout == "")
      #expect(
        again.stderr
          == "error: already in your list: \(known) \u{201C}\(source.preview(of: item))\u{201D}; "
          + "nothing saved\n")
      #expect(try Data(contentsOf: file) == bytes)
      #expect(try FileIdentity(path: file.path) == identity)
    }
    do {
      let bytes = try Data(contentsOf: file)
      let unknown = try await sandbox.chuck(["save", "--source", source.name, source.unknownID])
      #expect(unknown.status == 66)
      #expect(unknown.stdout == "")
      #expect(
        unknown.stderr
          == "error: no joke with id '\(source.unknownID)' in your list or on the API\n")
      #expect(try Data(contentsOf: file) == bytes)
    }
    do {
      // Every id is checked before any request, in the source's own words for its ids.
      let bytes = try Data(contentsOf: file)
      let before = try api.requestCount()
      let malformed = try await sandbox.chuck(
        ["save", "--source", source.name, known, "bad/id"])
      #expect(malformed.status == 64)
      #expect(malformed.stdout == "")
      #expect(malformed.stderr.hasPrefix("error: 'bad/id' is not a joke id: ids are "))
      #expect(try api.requestCount() == before)
      #expect(try Data(contentsOf: file) == bytes)
    }
    do {
      let json = try await sandbox.chuck(["save", "--source", source.name, other, "--json"])
      #expect(json.status == 0, "\(json.stderr)")
      let items = try sandbox.items(of: file)
      #expect(items.map { $0["id"]?.idText } == [known, other])
      #expect(try JSON.parse(json.stdout) == .array(Array(items.suffix(1))))
      #expect(json.stderr == "Saved \(other); your list holds 2 jokes.\n")
    }
  }

  /// search: a source that can search answers a query with no match as the reference source does
  /// (the same lines but for the source's title and name), `--json` an array (`[]` for none); one
  /// that cannot says so (64), naming those that can, and asks nothing.
  @Test(arguments: MatrixSource.all)
  func search(source: MatrixSource) async throws {
    let (api, sandbox) = try await source.startSandbox()
    guard source.canSearch else {
      do {
        for arguments in [[source.searchHit], [source.searchHit, "--json"]] {
          let refused = try await sandbox.chuck(["search", "--source", source.name] + arguments)
          #expect(refused.status == 64)
          #expect(refused.stdout == "")
          #expect(
            refused.stderr
              == "error: \(source.name) jokes cannot be searched; the sources that can: "
              + "\(MatrixSource.searchable)\n")
        }
        #expect(try api.requestCount() == 0)
      }
      return
    }
    do {
      let found = try await sandbox.chuck([
        "search", "--source", source.name, source.searchHit, "--json",
      ])
      #expect(found.status == 0, "\(found.stderr)")
      let jokes = try JSON.parse(found.stdout).elements
      #expect(!jokes.isEmpty)
      #expect(jokes.allSatisfy { $0["id"]?.idText != nil && $0["saved_at"] == nil })
      let none = try await sandbox.chuck(["search", "--source", source.name, "zebra", "--json"])
      #expect(none.status == 0, "\(none.stderr)")
      #expect(none.stdout == "[]\n")
    }
    do {
      let reference = MatrixSource.reference
      let mine = try await sandbox.chuck(["search", "--source", source.name, "zebra"])
      let theirs = try await sandbox.chuck(["search", "--source", reference.name, "zebra"])
      #expect(mine.status == 0, "\(mine.stderr)")
      #expect(mine.stderr == "")
      #expect(!mine.stdout.isEmpty)
      #expect(try Self.generic(mine.stdout, source) == Self.generic(theirs.stdout, reference))
    }
    #expect(!FileManager.default.fileExists(atPath: source.listFile(in: sandbox).path))
  }

  /// The text with the source's title and name (as a word) replaced by placeholders.
  static func generic(_ text: String, _ source: MatrixSource) throws -> String {
    let name = try Regex(#"\b"# + source.name + #"\b"#)
    return text.replacing(source.title, with: "{title}").replacing(name, with: "{name}")
  }
}
