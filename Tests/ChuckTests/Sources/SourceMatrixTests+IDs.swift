import ChuckTestSupport
import Foundation
import Testing

/// The matrix's cells on saved ids: `show`, `remove` and favourites.
extension SourceMatrixTests {
  /// show: a full saved id (0), a short prefix (64), an ambiguous prefix (64, the candidates
  /// listed), a well-formed unknown id (asked of a service that fetches by id: 66; else the SPEC's
  /// 64), an unsaved id the service has (shown with a note, not saved), and an id no source can
  /// have (66, no request). The list file is never touched.
  @Test(arguments: MatrixSource.all)
  func showByID(source: MatrixSource) async throws {
    let (api, sandbox, items) = try await source.sandboxWithList()
    let file = source.listFile(in: sandbox)
    let bytes = try Data(contentsOf: file)
    let identity = try FileIdentity(path: file.path)
    let show = { (id: String) async throws -> ChuckResult in
      try await sandbox.chuck(["show", id, "--source", source.name], ["COLUMNS": "100"])
    }
    do {
      let saved = try await show(source.savedIDs[0])
      #expect(saved.status == 0, "\(saved.stderr)")
      #expect(saved.stdout.lines.first == "  \(source.savedIDs[0])")
      #expect(saved.stderr == "")
      #expect(saved.stdout.contains(source.lines(of: items[0])[0]))
    }
    do {
      let before = try api.requestCount()
      let short = try await show(source.tooShortPrefix)
      #expect(short.status == 64)
      #expect(short.stdout == "")
      #expect(short.stderr == "error: an id prefix needs at least 4 characters\n")
      #expect(try api.requestCount() == before)
      if source.shortIDsAreWhole {
        // A short whole id is no prefix: the service is asked for it.
        let number = try await show("123")
        #expect(number.status == 66)
        #expect(number.stderr == "error: no joke with id '123' in your list or on the API\n")
        #expect(try api.requestCount() == before + 1)
      }
    }
    do {
      let ambiguous = try await show(source.sharedPrefix)
      #expect(ambiguous.status == 64)
      #expect(ambiguous.stdout == "")
      // Wrapped at COLUMNS (100): read as one line.
      #expect(
        ambiguous.stderr.split(separator: "\n").joined(separator: " ") + "\n"
          == "error: '\(source.sharedPrefix)' matches 2 saved jokes: "
          + "\(source.savedIDs.sorted().joined(separator: ", ")); type more of the id\n")
    }
    do {
      let before = try api.requestCount()
      let unknown = try await show(source.unknownID)
      #expect(unknown.stdout == "")
      if source.canFetchByID {
        #expect(unknown.status == 66)
        #expect(
          unknown.stderr
            == "error: no joke with id '\(source.unknownID)' in your list or on the API\n")
        // The id is asked for, in the path or (JokeAPI's idRange) the query.
        let asked = try #require(try api.requests().dropFirst(before).last)
        #expect(asked.path.hasSuffix(source.unknownID) || asked.query.contains(source.unknownID))
      } else {
        // The SPEC's difference: a source without fetch by id says so (64), asking nothing.
        #expect(unknown.status == 64)
        #expect(unknown.stderr == "error: \(source.name) jokes have no ids to fetch by\n")
        #expect(try api.requestCount() == before)
      }
    }
    if let known = source.knownIDs.first {
      do {
        let unsaved = try await show(known)
        #expect(unsaved.status == 0, "\(unsaved.stderr)")
        #expect(unsaved.stdout.lines.first == "  \(known)")
        #expect(
          unsaved.stderr == "note: this joke is not in your list; it was fetched from the API.\n")
      }
    }
    do {
      let before = try api.requestCount()
      let malformed = try await show("bad/id")
      #expect(malformed.status == 66)
      #expect(malformed.stdout == "")
      #expect(malformed.stderr == "error: no saved joke matches 'bad/id' (see chuck list)\n")
      #expect(try api.requestCount() == before)
    }
    #expect(try Data(contentsOf: file) == bytes)
    #expect(try FileIdentity(path: file.path) == identity)
  }

  /// remove: an unknown id (66), a short or an ambiguous prefix (64) leave the file as it was; a
  /// saved id is removed with `Removed <id> “preview”`, and its favourite with it; `--json`
  /// reports `{"removed","not_found"}` with the ids as text.
  @Test(arguments: MatrixSource.all)
  func removeByID(source: MatrixSource) async throws {
    let (api, sandbox, items) = try await source.sandboxWithList()
    let file = source.listFile(in: sandbox)
    let (first, second) = (source.savedIDs[0], source.savedIDs[1])
    do {
      let bytes = try Data(contentsOf: file)
      let identity = try FileIdentity(path: file.path)
      let unknown = try await sandbox.chuck(["remove", "--source", source.name, "zzzzz"])
      #expect(unknown.status == 66)
      #expect(unknown.stdout == "")
      #expect(unknown.stderr == "error: no saved joke matches 'zzzzz' (see chuck list)\n")
      let short = try await sandbox.chuck(
        ["remove", "--source", source.name, first, source.tooShortPrefix])
      #expect(short.status == 64)
      #expect(short.stdout == "")
      #expect(short.stderr == "error: an id prefix needs at least 4 characters\n")
      let ambiguous = try await sandbox.chuck(
        ["remove", "--source", source.name, first, source.sharedPrefix])
      #expect(ambiguous.status == 64)
      #expect(ambiguous.stdout == "")
      // Wrapped at COLUMNS (100): read as one line.
      #expect(
        ambiguous.stderr.split(separator: "\n").joined(separator: " ") + "\n"
          == "error: '\(source.sharedPrefix)' matches 2 saved jokes: "
          + "\(source.savedIDs.sorted().joined(separator: ", ")); type more of the id\n")
      #expect(try Data(contentsOf: file) == bytes)
      #expect(try FileIdentity(path: file.path) == identity)
    }
    do {
      let add = try await sandbox.chuck(["favorite", "add", "--source", source.name, first, "Gone"])
      #expect(add.status == 0, "\(add.stderr)")
      let removed = try await sandbox.chuck(["remove", "--source", source.name, first])
      #expect(removed.status == 0, "\(removed.stderr)")
      #expect(removed.stderr == "")
      #expect(
        removed.stdout == "Removed \(first) \u{201C}\(source.preview(of: items[0]))\u{201D}\n")
      #expect(try sandbox.items(of: file) == [items[1]])
      let favorites = try await sandbox.chuck(["favorite", "list", "--json"])
      #expect(favorites.stdout == "[]\n")
    }
    do {
      let json = try await sandbox.chuck([
        "remove", "--source", source.name, second, "zzzzz", "--json",
      ])
      #expect(json.status == 66)
      #expect(
        try JSON.parse(json.stdout)
          == .object(["removed": [.string(second)], "not_found": ["zzzzz"]]))
      #expect(json.stderr == "error: no saved joke matches 'zzzzz' (see chuck list)\n")
      #expect(try sandbox.items(of: file) == [])
    }
    #expect(try api.requestCount() == 0)
  }

  /// favorite add / list / remove on a joke of each source: the same lines but for the source's
  /// name, id and preview; an ambiguous or short prefix (64) and an unknown id (66) are refused.
  @Test(arguments: MatrixSource.all)
  func favoriteAddListRemove(source: MatrixSource) async throws {
    let (api, sandbox, items) = try await source.sandboxWithList()
    let id = source.savedIDs[0]
    let preview = source.preview(of: items[0])
    let name = "Matrix \(source.name)"
    do {
      let add = try await sandbox.chuck(["favorite", "add", "--source", source.name, id, name])
      #expect(add.status == 0, "\(add.stderr)")
      #expect(
        add.stdout
          == "Added favourite \(name): \(source.name) \(id) \u{201C}\(preview)\u{201D}; 1 of 10 favourites.\n"
      )
      let ambiguous = try await sandbox.chuck(
        ["favorite", "add", "--source", source.name, source.sharedPrefix, "Other"])
      #expect(ambiguous.status == 64)
      #expect(ambiguous.stderr.hasPrefix("error: '\(source.sharedPrefix)' matches 2 saved jokes: "))
      let unknown = try await sandbox.chuck([
        "favorite", "add", "--source", source.name, "zzzzz", "Other",
      ])
      #expect(unknown.status == 66)
      #expect(unknown.stderr == "error: no saved joke matches 'zzzzz' (see chuck list)\n")
      let short = try await sandbox.chuck(
        ["favorite", "add", "--source", source.name, source.tooShortPrefix, "Other"])
      #expect(short.status == 64)
      #expect(short.stderr == "error: an id prefix needs at least 4 characters\n")
    }
    do {
      let list = try await sandbox.chuck(["favorite", "list"], ["COLUMNS": "100"])
      #expect(list.status == 0)
      let today = String(ISO8601DateFormatter().string(from: Date()).prefix(10))
      #expect(
        list.stdout
          == "  Favourites: 1 of 10\n\n  \(name)\n  \(preview)\n  added \(today)  \(source.name) \(id)\n"
      )
      let json = try JSON.parse(try await sandbox.chuck(["favorite", "list", "--json"]).stdout)
      #expect(json.elements.count == 1)
      #expect(json.elements.first?.keys == ["added_at", "id", "name", "source"])
      #expect(
        json.elements.first?.only(["id", "name", "source"])
          == .object(["id": .string(id), "name": .string(name), "source": .string(source.name)]))
    }
    do {
      let removed = try await sandbox.chuck(["favorite", "remove", name.uppercased()])
      #expect(removed.status == 0, "\(removed.stderr)")
      #expect(removed.stdout == "Removed favourite \(name): \(source.name) \(id)\n")
      #expect(try sandbox.items(of: source.listFile(in: sandbox)) == items)
    }
    #expect(try api.requestCount() == 0)
  }
}
