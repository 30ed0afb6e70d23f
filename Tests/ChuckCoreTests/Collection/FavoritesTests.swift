import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

@Suite struct FavoritesTests {
  let folder: URL
  let components: ChuckComponents

  init() throws {
    folder = try TemporaryDirectory.make(prefix: "favorites")
    components = ChuckComponents(
      configuration: try ChuckConfiguration(environment: [
        "CHUCK_DATA_DIR": folder.path, "CHUCK_CACHE_DIR": folder.path, "CHUCK_FAVORITES_MAX": "3",
      ]))
    let dad = components.list(ICanHazDadJoke.self)
    for (id, text) in [("R7UfaahVfFd", "Bike joke"), ("HtcNuHJBQCd", "Kids joke"), ("abcd1", "A")] {
      _ = try dad.add(
        try DadJoke(
          received: ["id": .string(id), "joke": .string(text)],
          savedAt: PostgresTimestamp("2026-01-01 00:00:00")!))
    }
  }

  var favorites: Favorites { components.favorites }
  var dad: any SavedListProtocol {
    get throws { try components.list(of: .dad) }
  }
  let time = PostgresTimestamp("2026-11-24 10:11:12")!
  var fileBytes: Data? { try? Data(contentsOf: folder.appendingPathComponent("favorites.json")) }

  /// The favourites as lists show them: by name, each with its joke's text, the texts asked of
  /// each source once for exactly its favourites' ids; a joke taken out of its list by other
  /// means shows `(no longer in your list)`, in `chuck favorite list` and the screen alike.
  @Test func shownWithTheirTexts() throws {
    _ = try favorites.add(name: "Kids", idOrPrefix: "HtcN", in: dad, at: time)
    _ = try favorites.add(name: "bike", idOrPrefix: "R7Uf", in: dad, at: time)
    var asked: [(JokeSource, Set<String>)] = []
    let shown = try favorites.shown { (source, ids) throws(ChuckError) in
      asked.append((source, ids))
      return ["R7UfaahVfFd": "Bike joke"]
    }
    #expect(asked.count == 1 && asked[0].0 == .dad && asked[0].1 == ["R7UfaahVfFd", "HtcNuHJBQCd"])
    #expect(shown.map(\.favorite.name) == ["bike", "Kids"])
    #expect(shown.map(\.shownText) == ["Bike joke", "(no longer in your list)"])
    #expect(shown[1].text == nil)
  }

  /// Names: 1 to 60 characters (graphemes), no control characters, no space at either end.
  @Test func nameRules() {
    #expect(Favorite.nameProblem("Bike") == nil)
    #expect(Favorite.nameProblem("two words, ünïcode ★") == nil)
    #expect(Favorite.nameProblem(String(repeating: "é", count: 60)) == nil)
    #expect(Favorite.nameProblem("") == "a favourite's name cannot be empty")
    #expect(
      Favorite.nameProblem(String(repeating: "a", count: 61))
        == "'\(String(repeating: "a", count: 61))' is 61 characters long; a favourite's name has at most 60"
    )
    #expect(Favorite.nameProblem("a\u{7}b")?.contains("contains a control character") == true)
    #expect(Favorite.nameProblem("a\u{202E}b")?.contains("control character") == true)
    #expect(Favorite.nameProblem(" a")?.contains("starts or ends with a space") == true)
    #expect(Favorite.nameProblem("a\u{A0}")?.contains("starts or ends with a space") == true)
  }

  /// Sorted by name case-insensitively, then byte for byte.
  @Test func order() throws {
    let names = ["beta", "Alpha", "alpha", "ALPHA", "Ångström", "Zed", "10", "9"]
    let sorted = names.map { Favorite(name: $0, source: .dad, id: "x", addedAt: time) }
      .sorted(by: Favorite.inNameOrder).map(\.name)
    #expect(sorted == ["10", "9", "ALPHA", "Alpha", "alpha", "beta", "Zed", "Ångström"])
  }

  /// add stores the full id of a prefix with its date; every refusal leaves the file as it was.
  @Test func addAndRefusals() throws {
    let added = try favorites.add(name: "Bike", idOrPrefix: "R7Uf", in: dad, at: time)
    #expect(
      added.favorite == Favorite(name: "Bike", source: .dad, id: "R7UfaahVfFd", addedAt: time))
    #expect(added.text == "Bike joke")
    #expect(added.count == 1)
    let stored = String(decoding: fileBytes ?? Data(), as: UTF8.self)
    #expect(
      stored.contains(
        #"{"added_at":"2026-11-24 10:11:12","id":"R7UfaahVfFd","name":"Bike","source":"dad"}"#))
    let bytes = fileBytes
    #expect(throws: ChuckError.alreadyFavorite(name: "Bike")) {
      try favorites.add(name: "Again", idOrPrefix: "R7UfaahVfFd", in: dad, at: time)
    }
    #expect(throws: ChuckError.favoriteNameTaken("Bike")) {
      try favorites.add(name: "bIKe", idOrPrefix: "HtcN", in: dad, at: time)
    }
    #expect(throws: ChuckError.noSavedMatch("zzzz")) {
      try favorites.add(name: "New", idOrPrefix: "zzzz", in: dad, at: time)
    }
    #expect(throws: ChuckError.invalidArgument("a favourite's name cannot be empty")) {
      try favorites.add(name: "", idOrPrefix: "HtcN", in: dad, at: time)
    }
    #expect(fileBytes == bytes)
    _ = try favorites.add(name: "Kids", idOrPrefix: "HtcN", in: dad, at: time)
    _ = try favorites.add(name: "A", idOrPrefix: "abcd1", in: dad, at: time)
    let full = fileBytes
    let chuck = components.list(ChuckNorris.self)
    _ = try chuck.add(try makeJoke(id: "favoriteJokeNumber0001", value: "C"))
    #expect(throws: ChuckError.favoritesFull(limit: 3)) {
      try favorites.add(name: "C", idOrPrefix: "favoriteJokeNumber0001", in: chuck, at: time)
    }
    #expect(fileBytes == full)
    #expect(try favorites.sorted().map(\.name) == ["A", "Bike", "Kids"])
  }

  /// remove(named:) matches case-insensitively; an unknown name (or no file) is `noFavorite`.
  @Test func removeNamed() throws {
    #expect(throws: ChuckError.noFavorite("Bike")) { try favorites.remove(named: "Bike") }
    _ = try favorites.add(name: "Bike", idOrPrefix: "R7Uf", in: dad, at: time)
    #expect(try favorites.remove(named: "BIKE").id == "R7UfaahVfFd")
    #expect(try favorites.sorted().isEmpty)
  }

  /// rename(named:to:) matches the old name case-insensitively, keeps the joke, source and date,
  /// and refuses an unknown name, a taken one and a bad one without writing.
  @Test func renameNamed() throws {
    #expect(throws: ChuckError.noFavorite("Bike")) { try favorites.rename(named: "Bike", to: "X") }
    _ = try favorites.add(name: "Bike", idOrPrefix: "R7Uf", in: dad, at: time)
    _ = try favorites.add(name: "Kids", idOrPrefix: "HtcN", in: dad, at: time)
    let renamed = try favorites.rename(named: "bike", to: "Cycling")
    #expect(renamed == Favorite(name: "Cycling", source: .dad, id: "R7UfaahVfFd", addedAt: time))
    #expect(try favorites.sorted().map(\.name) == ["Cycling", "Kids"])
    let bytes = fileBytes
    #expect(throws: ChuckError.favoriteNameTaken("Kids")) {
      try favorites.rename(named: "Cycling", to: "KIDS")
    }
    #expect(throws: ChuckError.invalidArgument("a favourite's name cannot be empty")) {
      try favorites.rename(named: "Cycling", to: "")
    }
    #expect(throws: ChuckError.noFavorite("Bike")) { try favorites.rename(named: "Bike", to: "X") }
    #expect(fileBytes == bytes)
    #expect(try favorites.rename(named: "kids", to: "kids").name == "kids", "a new case")
  }

  /// Removing jokes removes their favourites with them, of that source only; when the favourites
  /// cannot be read, the jokes stay.
  @Test func removingJokes() throws {
    _ = try favorites.add(name: "Bike", idOrPrefix: "R7Uf", in: dad, at: time)
    _ = try favorites.add(name: "Kids", idOrPrefix: "HtcN", in: dad, at: time)
    let removal = try components.removeJokes(["R7Uf", "nothing"], from: .dad)
    #expect(removal.removed.map(\.id) == ["R7UfaahVfFd"])
    #expect(removal.notFound == ["nothing"])
    #expect(try favorites.sorted().map(\.name) == ["Kids"])
    // A Chuck Norris joke with the same id as a dad favourite leaves the favourite alone.
    #expect(try components.removeJokes(["HtcNuHJBQCd"], from: .chuck).removed.isEmpty)
    #expect(try favorites.sorted().map(\.name) == ["Kids"])

    try Data(#"{"version":1,"items":[{"name":"","source":"dad","id":"x","added_at":"x"}]}"#.utf8)
      .write(to: folder.appendingPathComponent("favorites.json"))
    #expect(throws: ChuckError.self) { try components.removeJokes(["HtcN"], from: .dad) }
    #expect(try components.list(ICanHazDadJoke.self).joke(matching: "HtcNuHJBQCd") != nil)
  }

  /// A favourite of a source the config file no longer declares (`cat`, once `[sources.cat]`) is
  /// kept by name: listed, written back as it was when another favourite is added, and shown as
  /// not declared, its list never read.
  @Test func favoriteOfAnUndeclaredSourceIsKept() throws {
    let file = folder.appendingPathComponent("favorites.json")
    let cat = #"{"name":"a","source":"cat","id":"x","added_at":"2026-01-01 00:00:00"}"#
    try Data(#"{"version":1,"items":["#.utf8 + Data(cat.utf8) + Data("]}".utf8)).write(to: file)
    let stored = try favorites.sorted()
    #expect(stored.map(\.source.name) == ["cat"])
    #expect(stored.map(\.source.isDormant) == [true])
    #expect(JokeSource(rawValue: "cat") == nil, "--source does not take it")
    _ = try favorites.add(name: "New", idOrPrefix: "R7Uf", in: dad, at: time)
    let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
    #expect(text.contains(cat), "\(text)")
    var asked: [String] = []
    let shown = try favorites.shown { (source, _) throws(ChuckError) -> [String: String] in
      asked.append(source.name)
      return [:]
    }
    #expect(asked == ["dad"])
    #expect(
      shown.map(\.shownText) == [
        "(cat is not declared in your config file)", "(no longer in your list)",
      ])
  }

  /// A dormant source (a favourite's, its source no longer declared) has no kind: its list is
  /// neither opened, nor browsed, nor removed from, each refused in words; your own jokes'
  /// list, which a joke of the same id is in, is not read for it, nor written.
  @Test func undeclaredSourceHasNoList() throws {
    let joke = try Mine.joke("My own joke", at: time)
    _ = try components.list(Mine.self).add(joke)
    let id = joke.id
    let file = folder.appendingPathComponent("favorites.json")
    let item = #"{"name":"a","source":"cat","id":"\#(id)","added_at":"2026-01-01 00:00:00"}"#
    try Data(#"{"version":1,"items":["#.utf8 + Data(item.utf8) + Data("]}".utf8)).write(to: file)
    let cat = try #require(try favorites.sorted().first?.source)
    #expect(cat.isDormant)
    let mineFile = folder.appendingPathComponent(Mine.listFileName)
    let before = try Data(contentsOf: mineFile)
    let refusal = ChuckError.invalidArgument(
      "cat is not declared in your config file: declare [sources.cat] again to read its jokes")
    #expect(throws: refusal) { try cat.kind }
    #expect(throws: refusal) { try components.list(of: cat).texts() }
    #expect(throws: refusal) { try components.browser(cat).detail(id) }
    #expect(throws: refusal) { try components.removeJokes([id], from: cat) }
    #expect(try Data(contentsOf: mineFile) == before)
    #expect(try favorites.sorted().map(\.name) == ["a"])
    #expect(
      try FavoriteRows.rows(components).map(\.entry.value) == [
        "(cat is not declared in your config file)"
      ])
    #expect(cat.label == "cat" && cat.dateFormat == nil && !cat.hasService)
  }

  /// A stored favourite is checked field by field: a source no declaration could name, a bad id
  /// or date, a bad name make the file corrupt (never rewritten).
  @Test(arguments: [
    #"{"name":"a","source":"Cat!","id":"x","added_at":"2026-01-01 00:00:00"}"#,
    #"{"name":"a","source":"dad","id":"x/y","added_at":"2026-01-01 00:00:00"}"#,
    #"{"name":"a","source":"dad","id":"x","added_at":"yesterday"}"#,
    #"{"name":" a","source":"dad","id":"x","added_at":"2026-01-01 00:00:00"}"#,
    #"{"source":"dad","id":"x","added_at":"2026-01-01 00:00:00"}"#,
  ])
  func storedFavoritesAreChecked(item: String) throws {
    let file = folder.appendingPathComponent("favorites.json")
    let text = #"{"version":1,"items":["# + item + "]}"
    try Data(text.utf8).write(to: file)
    #expect {
      try favorites.sorted()
    } throws: { error in
      if case .storageCorrupt(let path, _)? = error as? ChuckError { return path == file.path }
      return false
    }
    #expect(throws: ChuckError.self) {
      try favorites.add(name: "New", idOrPrefix: "R7Uf", in: dad, at: time)
    }
    #expect(try Data(contentsOf: file) == Data(text.utf8))
  }

  /// A favourite is written with the `added_at` it was read with, so it reads back as the same
  /// instant, before the Gregorian calendar too (found by Fuzz/ stores).
  @Test(arguments: ["1012-03-02 08:30:00", "0000-02-29 23:59:59", "2025-03-01 12:00:00.5"])
  func addedAtReadsBack(stamp: String) throws {
    let json = #"{"added_at":"\#(stamp)","id":"R7UfaahVfFd","name":"Bike","source":"dad"}"#
    let favorite = try JSONDecoder().decode(Favorite.self, from: Data(json.utf8))
    let written = try JSONEncoder().encode(favorite)
    #expect(try JSONDecoder().decode(Favorite.self, from: written) == favorite)
    #expect(String(decoding: written, as: UTF8.self).contains(#""added_at":"\#(stamp)""#))
  }
}
