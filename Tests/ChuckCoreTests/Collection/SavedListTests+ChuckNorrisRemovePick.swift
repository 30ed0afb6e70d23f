import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

@Suite struct SavedListChuckNorrisRemoveTests {
  private let file: URL
  private let collection: SavedList<ChuckNorris>

  init() throws {
    file = try TemporaryDirectory.make(prefix: "joke-collection-remove").appendingPathComponent(
      "data/jokes.json")
    collection = SavedList<ChuckNorris>(store: NetworkCache(fileURL: file))
  }

  /// Items written the way a person or another tool might: odd spacing, key order, escapes and
  /// an extra field, so that re-encoding them would show.
  static let items = [
    jokeJSON(id: "alpha1AAAAAAAAAAAAAAAA", value: "Chuck Norris counts to infinity. Twice."),
    #"{ "value" : "Chuck Norris writes \u00e9 as \"e\u0301\".",  "id":"alpha2BBBBBBBBBBBBBBBB", "#
      + #""categories":[ "dev" ,"food"],"created_at":"2016-05-01 10:51:41","updated_at":"2016-05-01 10:51:41","#
      + #""icon_url":"https:\/\/api.chucknorris.io\/img\/avatar\/chuck-norris.png","#
      + #""url":"https://api.chucknorris.io/jokes/alpha2BBBBBBBBBBBBBBBB","saved_at":12.50}"#,
    jokeJSON(id: "beta3CCCCCCCCCCCCCCCCC", value: "Chuck Norris can divide by zero."),
    jokeJSON(id: "gamma4DDDDDDDDDDDDDDDD", value: "Chuck Norris\n\tdoes not need a preview cut."),
  ]

  private func writeList(_ items: [String] = items) throws {
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data((#"{"version": 1,"items": [ "# + items.joined(separator: " ,\n ") + " ] }").utf8)
      .write(to: file)
  }

  /// The items of the list file as their exact bytes.
  private func itemTexts() throws -> [String] {
    let raw = try collection.store.loadRaw()
    return raw.items.map { String(decoding: raw.bytes[$0], as: UTF8.self) }
  }

  /// Full ids and unique prefixes remove their jokes; the rest are kept byte for byte, in order.
  @Test func removesIdsAndPrefixesKeepingTheRestByteForByte() throws {
    try writeList()
    let removal = try collection.remove(["beta3CCCCCCCCCCCCCCCCC", "alpha1"])
    #expect(removal.removed.map(\.id) == ["beta3CCCCCCCCCCCCCCCCC", "alpha1AAAAAAAAAAAAAAAA"])
    #expect(
      removal.removed.map(\.preview) == [
        "Chuck Norris can divide by zer...", "Chuck Norris counts to infinit...",
      ])
    #expect(removal.notFound == [])
    #expect(try itemTexts() == [Self.items[1], Self.items[3]])
    #expect(try collection.saved().count == 2)
  }

  /// The removed jokes are reported in the order asked, whatever their order in the file.
  @Test func removedInTheOrderAsked() throws {
    try writeList()
    let removal = try collection.remove(["gamma", "beta", "alpha2"])
    #expect(
      removal.removed.map(\.id) == [
        "gamma4DDDDDDDDDDDDDDDD", "beta3CCCCCCCCCCCCCCCCC", "alpha2BBBBBBBBBBBBBBBB",
      ])
    #expect(removal.removed[0].preview == "Chuck Norris does not need a p...")
    #expect(try itemTexts() == [Self.items[0]])
  }

  /// An ambiguous prefix removes nothing, even with other good ids, and the file is untouched.
  @Test func ambiguousRemovesNothing() throws {
    try writeList()
    let bytes = try Data(contentsOf: file)
    let node = try inode(file)
    #expect(
      throws: ChuckError.ambiguousID(
        prefix: "alph", candidates: ["alpha1AAAAAAAAAAAAAAAA", "alpha2BBBBBBBBBBBBBBBB"])
    ) {
      try collection.remove(["beta3CCCCCCCCCCCCCCCCC", "alph", "gamma"])
    }
    #expect(try Data(contentsOf: file) == bytes)
    #expect(try inode(file) == node)
  }

  /// Ids that match nothing are reported in order, and the others are still removed.
  @Test func notFoundIsReportedAndTheOthersRemoved() throws {
    try writeList()
    let removal = try collection.remove(["zzzz", "beta", "alpha1AAAAAAAAAAAAAAAX", "nope"])
    #expect(removal.removed.map(\.id) == ["beta3CCCCCCCCCCCCCCCCC"])
    #expect(removal.notFound == ["zzzz", "alpha1AAAAAAAAAAAAAAAX", "nope"])
    #expect(try itemTexts() == [Self.items[0], Self.items[1], Self.items[3]])
  }

  /// A joke named several times (id, prefix, id again) is removed and reported once.
  @Test func repeatedIdIsRemovedOnce() throws {
    try writeList()
    let removal = try collection.remove([
      "beta3CCCCCCCCCCCCCCCCC", "beta3C", "beta3CCCCCCCCCCCCCCCCC",
    ])
    #expect(removal.removed.map(\.id) == ["beta3CCCCCCCCCCCCCCCCC"])
    #expect(removal.notFound == [])
    #expect(try itemTexts() == [Self.items[0], Self.items[1], Self.items[3]])
  }

  /// A saved id that is also the prefix of longer saved ids removes only itself.
  @Test func exactIdWinsOverLongerIds() throws {
    let items = [
      jokeJSON(id: "abcd", value: "short id"), jokeJSON(id: "abcdef", value: "long id"),
      jokeJSON(id: "abcdxy", value: "other long id"),
    ]
    try writeList(items)
    let removal = try collection.remove(["abcd"])
    #expect(removal.removed.map(\.id) == ["abcd"])
    #expect(try itemTexts() == [items[1], items[2]])
  }

  /// Nothing to remove writes nothing: the file keeps its bytes and inode, and a missing list
  /// stays missing.
  @Test func nothingRemovedWritesNothing() throws {
    let missing = try collection.remove(["abcd1234"])
    #expect(missing.removed.isEmpty)
    #expect(missing.notFound == ["abcd1234"])
    #expect(!FileManager.default.fileExists(atPath: file.path))

    try writeList()
    let bytes = try Data(contentsOf: file)
    let node = try inode(file)
    let removal = try collection.remove(["zzzz", "yyyyy"])
    #expect(removal == Removal(removed: [], notFound: ["zzzz", "yyyyy"]))
    #expect(try Data(contentsOf: file) == bytes)
    #expect(try inode(file) == node)
  }

  /// Removing every joke leaves a valid, empty list.
  @Test func removingEverythingLeavesAnEmptyList() throws {
    try writeList()
    let removal = try collection.remove(["alpha1", "alpha2", "beta", "gamma"])
    #expect(removal.removed.count == 4)
    #expect(try collection.saved().count == 0)
    #expect(try collection.store.load() == [])
  }

  /// A prefix shorter than 4 characters is refused before anything is read or written.
  @Test func shortPrefixIsRefused() throws {
    try writeList()
    let bytes = try Data(contentsOf: file)
    #expect(
      throws: ChuckError.invalidArgument("an id prefix needs at least 4 characters")
    ) {
      try collection.remove(["beta3CCCCCCCCCCCCCCCCC", "gam"])
    }
    #expect(try Data(contentsOf: file) == bytes)
  }

  /// A corrupt list is never rewritten: the storage error is passed on.
  @Test func corruptListIsLeftAlone() throws {
    try writeList(["{\"id\":\"abcd1234\"}"])
    let bytes = try Data(contentsOf: file)
    #expect(throws: ChuckError.self) { try collection.remove(["abcd1234"]) }
    #expect(try Data(contentsOf: file) == bytes)
  }
}

@Suite struct SavedListChuckNorrisPickTests {
  private let file: URL
  private let collection: SavedList<ChuckNorris>

  init() throws {
    file = try TemporaryDirectory.make(prefix: "joke-collection-pick").appendingPathComponent(
      "jokes.json")
    collection = SavedList<ChuckNorris>(store: NetworkCache(fileURL: file))
  }

  private func save(_ jokes: [(String, [String])]) throws {
    for (id, categories) in jokes {
      _ = try collection.add(try makeJoke(id: id, value: "joke \(id)", categories: categories))
    }
  }

  /// No list, or an empty one, picks nothing.
  @Test func emptyListPicksNothing() throws {
    var generator = SeededGenerator(seed: 1)
    #expect(try collection.pick(using: &generator) == nil)
    try Data(#"{"version":1,"items":[]}"#.utf8).write(to: file)
    #expect(try collection.pick(using: &generator) == nil)
    #expect(try collection.pick(category: "dev", using: &generator) == nil)
  }

  /// Every saved joke is picked about as often as the others.
  @Test func pickIsUniformEnough() throws {
    let ids = ["pick0000", "pick1111", "pick2222", "pick3333"]
    try save(ids.map { ($0, []) })
    var generator = SeededGenerator(seed: 42)
    var counts: [String: Int] = [:]
    for _ in 0..<4000 {
      let joke = try #require(try collection.pick(using: &generator))
      counts[joke.id, default: 0] += 1
    }
    #expect(Set(counts.keys) == Set(ids))
    for id in ids {
      // 1000 expected; a fair pick strays by more than 120 with a chance below 1e-4.
      #expect((880...1120).contains(counts[id] ?? 0), "\(id): \(counts[id] ?? 0)")
    }
  }

  /// The same seed picks the same sequence: the generator given is the only source of chance.
  @Test func pickUsesTheGivenGenerator() throws {
    try save((0..<10).map { ("seeded0\($0)", []) })
    var first = SeededGenerator(seed: 7)
    var second = SeededGenerator(seed: 7)
    let one = try (0..<20).map { _ in try collection.pick(using: &first)?.id }
    let two = try (0..<20).map { _ in try collection.pick(using: &second)?.id }
    #expect(one == two)
    #expect(Set(one).count > 3)
  }

  /// A category picks only jokes that have it, among several categories too; none → `nil`.
  @Test func categoryFilters() throws {
    try save([
      ("catDev01", ["dev"]), ("catFood1", ["food"]), ("catBoth1", ["food", "dev"]),
      ("catNone1", []),
    ])
    var generator = SeededGenerator(seed: 3)
    var seen: Set<String> = []
    for _ in 0..<200 {
      let joke = try #require(try collection.pick(category: "dev", using: &generator))
      seen.insert(joke.id)
    }
    #expect(seen == ["catDev01", "catBoth1"])
    #expect(try collection.pick(category: "music", using: &generator) == nil)
    #expect(try collection.pick(category: "De", using: &generator) == nil)
  }

  /// The picked joke is the saved one, every field as in the file.
  @Test func pickedJokeIsWhole() throws {
    let joke = try makeJoke(
      id: "wholeJoke1", value: "Chuck Norris \u{1B}[31m keeps e\u{301} apart.",
      categories: ["dev", "caf\u{E9}"], createdAt: "2016-05-01 10:51:41")
    _ = try collection.add(joke)
    var generator = SeededGenerator(seed: 9)
    #expect(try collection.pick(using: &generator) == joke)
    #expect(try collection.pick(category: "caf\u{E9}", using: &generator) == joke)
  }

  /// A corrupt list is an error, not an empty pick.
  @Test func corruptListThrows() throws {
    try Data("{".utf8).write(to: file)
    var generator = SeededGenerator(seed: 1)
    #expect(throws: ChuckError.self) { try collection.pick(using: &generator) }
  }
}

@Suite struct ChuckNorrisIndexCategoriesTests {
  private let file: URL

  init() throws {
    file = try TemporaryDirectory.make(prefix: "saved-categories").appendingPathComponent(
      "jokes.json")
  }

  /// A joke item whose `categories` member is exactly `categories` (JSON text).
  private func item(_ id: String, categories: String) -> String {
    #"{"categories":"# + categories
      + #","created_at":"2020-01-05 13:42:19","icon_url":"https://x.example/i.png","id":""#
      + id + #"","updated_at":"2020-01-05 13:42:19","url":"https://x.example/","value":"v"}"#
  }

  private func saved(_ items: [String]) throws -> ChuckNorrisIndex {
    try Data((#"{"version":1,"items":["# + items.joined(separator: ",") + "]}").utf8)
      .write(to: file)
    return try ChuckNorrisIndex(
      try NetworkCache<ChuckJoke>(fileURL: file).loadRaw(), path: file.path)
  }

  /// Each item's categories are read from its own array: empty, spaced, escaped, astral.
  @Test func categoriesPerPosition() throws {
    let saved = try saved([
      item("cats0000", categories: "[]"),
      item("cats1111", categories: #"[ "dev" , "food" ]"#),
      item("cats2222", categories: #"["caf\u00e9","\ud83d\ude00","a\"b\/c","e\u0301"]"#),
      item("cats3333", categories: "[\n\t\"explicit\"\n]"),
    ])
    #expect(saved.categories(at: 0) == [])
    #expect(saved.categories(at: 1) == ["dev", "food"])
    #expect(
      saved.categories(at: 2).map { Array($0.unicodeScalars) }
        == ["café", "😀", "a\"b/c", "e\u{301}"].map { Array($0.unicodeScalars) })
    #expect(saved.categories(at: 3) == ["explicit"])
  }

  /// As `JSONDecoder` does, the first of repeated `categories` members counts.
  @Test func firstRepeatedMemberCounts() throws {
    let text = item("repeat00", categories: #"["first"]"#)
      .replacingOccurrences(of: #""value":"v"}"#, with: #""value":"v","categories":["second"]}"#)
    let saved = try saved([text])
    #expect(saved.categories(at: 0) == ["first"])
    #expect(try saved.joke(at: 0).categories == saved.categories(at: 0))
  }
}
