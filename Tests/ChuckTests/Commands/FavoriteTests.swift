import ChuckTestSupport
import Foundation
import Testing

/// `chuck favorite add|list|remove|rename`: named favourites of any source, end to end.
@Suite struct FavoriteTests {
  static let jokes = [
    MadeUpJoke(id: "favoriteJokeNumber0001", value: "Chuck Norris counted to infinity. Twice."),
    MadeUpJoke(id: "favoriteJokeNumber0002", value: "Chuck Norris divides by zero."),
  ]

  /// A sandbox with two Chuck Norris jokes and two dad jokes saved.
  static func sandbox() async throws -> (FakeAPI, ChuckSandbox) {
    let (api, sandbox) = try await startSandbox()
    try sandbox.writeList(jokes.map(\.object))
    #expect(
      try await sandbox.chuck(["save", "--source", "dad", "R7UfaahVfFd", "HtcNuHJBQCd"])
        .status == 0)
    return (api, sandbox)
  }

  var file: (ChuckSandbox) -> URL { { $0.dataDirectory.appendingPathComponent("favorites.json") } }

  /// Added by id or prefix from any source; listed by name case-insensitively with the date, the
  /// preview, source and id; `--json` in the same order; the file 0600; no request made.
  @Test func addListAndJSON() async throws {
    let (api, sandbox) = try await Self.sandbox()
    let before = try api.requests().count
    let first = try await sandbox.chuck(["favorite", "add", "favoriteJokeNumber0002", "zero"])
    #expect(first.status == 0, "\(first.stderr)")
    #expect(
      first.stdout
        == "Added favourite zero: chuck favoriteJokeNumber0002 \u{201C}Chuck Norris divides by zero.\u{201D}; 1 of 10 favourites.\n"
    )
    #expect(
      try await sandbox.chuck(["favorite", "add", "--source", "dad", "R7Uf", "Bike"]).status == 0)
    #expect(
      try await sandbox.chuck(["favourite", "add", "favoriteJokeNumber0001", "alpha"]).status == 0)
    #expect(
      try await sandbox.chuck(["fav", "add", "HtcN", "bikes", "--source", "dad"]).status == 0)
    let list = try await sandbox.chuck(["favorite", "list"], ["COLUMNS": "100"])
    #expect(list.status == 0)
    let today = String(ISO8601DateFormatter().string(from: Date()).prefix(10))
    #expect(
      list.stdout == """
          Favourites: 4 of 10

          alpha
          Chuck Norris counted to infini...
          added \(today)  chuck favoriteJokeNumber0001

          Bike
          My dog used to chase people on...
          added \(today)  dad R7UfaahVfFd

          bikes
          How many kids with ADD does it...
          added \(today)  dad HtcNuHJBQCd

          zero
          Chuck Norris divides by zero.
          added \(today)  chuck favoriteJokeNumber0002

        """)
    let json = try JSON.parse(try await sandbox.chuck(["favorite", "list", "--json"]).stdout)
    #expect(json.elements.map { $0["name"]?.string } == ["alpha", "Bike", "bikes", "zero"])
    #expect(json.elements[1].keys == ["added_at", "id", "name", "source"])
    #expect(json.elements[1]["source"]?.string == "dad")
    #expect(json.elements[1]["added_at"]?.string?.hasPrefix(today + " ") == true)
    #expect(try permissions(of: file(sandbox)) == 0o600)
    #expect(try api.requests().count == before)
  }

  /// A taken name (case-insensitively), a joke already a favourite, and a full set are refused
  /// with exit 1 and the file untouched; the limit is `CHUCK_FAVORITES_MAX`.
  @Test func refusals() async throws {
    let (_, sandbox) = try await Self.sandbox()
    #expect(
      try await sandbox.chuck(["favorite", "add", "favoriteJokeNumber0001", "Best one"]).status == 0
    )
    let bytes = try Data(contentsOf: file(sandbox))
    let taken = try await sandbox.chuck(
      ["favorite", "add", "favoriteJokeNumber0002", "BEST ONE"], stdout: .pipe, stderr: .terminal)
    #expect(taken.status == 1)
    // Wrapped at words to the terminal's 80 columns, each line red.
    #expect(
      taken.stderr.contains(
        "\u{1B}[31merror: a favourite is already named 'Best one'; choose another name, or remove"
          + "\u{1B}[0m\n\u{1B}[31mit first: chuck favorite remove 'Best one'\u{1B}[0m\n"))
    let again = try await sandbox.chuck(["favorite", "add", "favoriteJokeNumber0001", "Other"])
    #expect(again.status == 1)
    #expect(
      again.stderr == "error: this joke is already a favourite, named 'Best one'; nothing changed\n"
    )
    let full = try await sandbox.chuck(
      ["favorite", "add", "favoriteJokeNumber0002", "second"], ["CHUCK_FAVORITES_MAX": "1"])
    #expect(full.status == 1)
    #expect(
      full.stderr
        == "error: your favourites are full (1); remove one first: chuck favorite remove NAME\n")
    #expect(try Data(contentsOf: file(sandbox)) == bytes)
    for bad in ["0", "1001", "ten"] {
      let result = try await sandbox.chuck(["favorite", "list"], ["CHUCK_FAVORITES_MAX": bad])
      #expect(result.status == 64)
      #expect(result.stderr.contains("CHUCK_FAVORITES_MAX=\"\(bad)\" is not usable"))
    }
    let thousand = try await sandbox.chuck(["favorite", "list"], ["CHUCK_FAVORITES_MAX": "1000"])
    #expect(thousand.stdout.hasPrefix("  Favourites: 1 of 1000\n"))
  }

  /// Bad names are usage errors (64) before anything is read; an unknown joke is 66.
  @Test(arguments: [
    "", String(repeating: "x", count: 61), "tab\there", "new\nline", " padded", "padded ",
    "esc\u{1B}[31m",
  ])
  func badNamesAreRefused(name: String) async throws {
    let (_, sandbox) = try await Self.sandbox()
    let result = try await sandbox.chuck(["favorite", "add", "favoriteJokeNumber0001", name])
    #expect(result.status == 64)
    #expect(!result.stderr.contains("\u{1B}"))
    #expect(!FileManager.default.fileExists(atPath: file(sandbox).path))
  }

  /// 60 characters (an emoji counts as one) is the longest name; an unknown id exits 66 and a
  /// short or ambiguous prefix 64.
  @Test func limitsOfNamesAndIds() async throws {
    let (_, sandbox) = try await Self.sandbox()
    let long = String(repeating: "😀", count: 60)
    #expect(
      try await sandbox.chuck(["favorite", "add", "favoriteJokeNumber0001", long]).status == 0)
    let unknown = try await sandbox.chuck(["favorite", "add", "nothingLikeThis", "n"])
    #expect(unknown.status == 66)
    #expect(unknown.stderr == "error: no saved joke matches 'nothingLikeThis' (see chuck list)\n")
    #expect(try await sandbox.chuck(["favorite", "add", "fav", "n"]).status == 64)
    let ambiguous = try await sandbox.chuck(["favorite", "add", "favoriteJoke", "n"])
    #expect(ambiguous.status == 64)
    #expect(ambiguous.stderr.contains("matches 2 saved jokes"))
    let wrongList = try await sandbox.chuck([
      "favorite", "add", "--source", "dad", "favoriteJoke", "n",
    ])
    #expect(wrongList.status == 66)
  }

  /// `favorite remove NAME` matches case-insensitively and leaves the joke; an unknown name: 66.
  @Test func removeByName() async throws {
    let (_, sandbox) = try await Self.sandbox()
    #expect(
      try await sandbox.chuck(["favorite", "add", "--source", "dad", "R7Uf", "Bike"]).status == 0)
    let unknown = try await sandbox.chuck(["favorite", "remove", "Bik"])
    #expect(unknown.status == 66)
    #expect(unknown.stderr == "error: no favourite is named 'Bik' (see chuck favorite list)\n")
    let removed = try await sandbox.chuck(["favorite", "remove", "bIKE"])
    #expect(removed.status == 0)
    #expect(removed.stdout == "Removed favourite Bike: dad R7UfaahVfFd\n")
    let empty = try await sandbox.chuck(["favorite", "list"], ["COLUMNS": "100"])
    #expect(
      empty.stdout
        == "  Favourites: 0 of 10\n\n  You have no favourites yet. Name one with: chuck favorite add ID NAME\n"
    )
    #expect(try await sandbox.chuck(["list", "--source", "dad"]).stdout.contains("R7UfaahVfFd"))
    #expect(try await sandbox.chuck(["favorite", "list", "--json"]).stdout == "[]\n")
  }

  /// `favorite rename OLD NEW`: the old name matched case-insensitively, the joke, source and
  /// date kept; an unknown name 66, a taken name 1 and a bad name 64, the file untouched.
  @Test func renameByName() async throws {
    let (_, sandbox) = try await Self.sandbox()
    #expect(
      try await sandbox.chuck(["favorite", "add", "--source", "dad", "R7Uf", "Bike"]).status == 0)
    #expect(
      try await sandbox.chuck(["favorite", "add", "favoriteJokeNumber0001", "Twice"]).status == 0)
    let before = try JSON.parse(try await sandbox.chuck(["favorite", "list", "--json"]).stdout)
    let renamed = try await sandbox.chuck(["favorite", "rename", "bIKE", "Cycling"])
    #expect(renamed.status == 0, "\(renamed.stderr)")
    #expect(renamed.stdout == "Renamed favourite bIKE to Cycling: dad R7UfaahVfFd\n")
    let after = try JSON.parse(try await sandbox.chuck(["favorite", "list", "--json"]).stdout)
    let bike = before.elements.first { $0["name"]?.string == "Bike" }
    let cycling = after.elements.first { $0["name"]?.string == "Cycling" }
    #expect(cycling?["added_at"]?.string == bike?["added_at"]?.string)
    #expect(cycling?["id"]?.string == "R7UfaahVfFd")
    #expect(cycling?["source"]?.string == "dad")
    let saved = try Data(contentsOf: file(sandbox))
    let unknown = try await sandbox.chuck(["favorite", "rename", "Bike", "X"])
    #expect(unknown.status == 66)
    let taken = try await sandbox.chuck(["favorite", "rename", "Cycling", "twice"])
    #expect(taken.status == 1)
    #expect(taken.stderr.contains("a favourite is already named 'Twice'"))
    let bad = try await sandbox.chuck(["favorite", "rename", "Cycling", " x"])
    #expect(bad.status == 64)
    #expect(try Data(contentsOf: file(sandbox)) == saved, "nothing written")
    let json = try await sandbox.chuck(["favorite", "rename", "cycling", "cycling", "--json"])
    #expect(json.status == 0, "a new case of the same name")
    #expect(try JSON.parse(json.stdout)["name"]?.string == "cycling")
  }

  /// Removing a joke removes its favourite (and only its); a favourites file that cannot be
  /// read stops the removal before the list is touched.
  @Test func removingAJokeRemovesItsFavorite() async throws {
    let (_, sandbox) = try await Self.sandbox()
    #expect(
      try await sandbox.chuck(["favorite", "add", "--source", "dad", "R7Uf", "Bike"]).status == 0)
    #expect(
      try await sandbox.chuck(["favorite", "add", "favoriteJokeNumber0001", "Count"]).status == 0)
    let remove = try await sandbox.chuck(["remove", "--source", "dad", "R7UfaahVfFd"])
    #expect(remove.status == 0, "\(remove.stderr)")
    let json = try JSON.parse(try await sandbox.chuck(["favorite", "list", "--json"]).stdout)
    #expect(json.elements.map { $0["name"]?.string } == ["Count"])

    try Data("{not json".utf8).write(to: file(sandbox))
    let listBytes = try Data(contentsOf: sandbox.listFile)
    let blocked = try await sandbox.chuck(["remove", "favoriteJokeNumber0001"])
    #expect(blocked.status == 74)
    #expect(blocked.stderr.contains("favorites.json is not a valid chuck list"))
    #expect(try Data(contentsOf: sandbox.listFile) == listBytes)
    #expect(try Data(contentsOf: file(sandbox)) == Data("{not json".utf8))
  }

  /// A favourite whose joke was taken out of its file by other means still lists, marked.
  @Test func favoriteOfAJokeNoLongerSaved() async throws {
    let (_, sandbox) = try await Self.sandbox()
    #expect(
      try await sandbox.chuck(["favorite", "add", "favoriteJokeNumber0002", "Zero"]).status == 0)
    try sandbox.writeList([Self.jokes[0].object])
    let list = try await sandbox.chuck(["favorite", "list"], ["COLUMNS": "100"])
    #expect(list.stdout.contains("  Zero\n  (no longer in your list)\n"))
  }
}

private func permissions(of url: URL) throws -> Int {
  (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int) ?? -1
}
