import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

@Suite struct SavedListChuckNorrisTests {
  private let file: URL
  private let collection: SavedList<ChuckNorris>

  init() throws {
    file = try TemporaryDirectory.make(prefix: "joke-collection").appendingPathComponent(
      "data/jokes.json")
    collection = SavedList<ChuckNorris>(store: NetworkCache(fileURL: file))
  }

  private func joke(_ id: String, _ created: String = "2020-01-05 13:42:19") throws -> ChuckJoke {
    try makeJoke(id: id, value: "joke \(id)", createdAt: created)
  }

  /// Adding jokes saves them and returns how many the list holds.
  @Test func addCounts() throws {
    #expect(try collection.add(try joke("aaaa1")) == 1)
    #expect(try collection.add(try joke("bbbb2")) == 2)
    #expect(try collection.store.load().map(\.id) == ["aaaa1", "bbbb2"])
  }

  /// A duplicate id is refused with `.duplicate`; the file keeps its bytes and inode.
  @Test func duplicateRefused() throws {
    let saved = try makeJoke(
      id: "7ver3y48qqsfktpelir7ua", value: "Chuck Norris counted to infinity. Twice over.")
    _ = try collection.add(saved)
    let bytes = try Data(contentsOf: file)
    let node = try inode(file)
    let again = try makeJoke(id: saved.id, value: "a different text")
    #expect(
      throws: ChuckError.duplicate(
        id: "7ver3y48qqsfktpelir7ua", preview: "Chuck Norris counted to infini...")
    ) {
      try collection.add(again)
    }
    #expect(try Data(contentsOf: file) == bytes)
    #expect(try inode(file) == node)
    #expect(try collection.store.load() == [saved])
  }

  /// Jokes are sorted oldest first by `created_at`, the fraction counted.
  @Test func oldestFirst() throws {
    let jokes = [
      try joke("c", "2020-01-05 13:42:19.5"), try joke("a", "2016-05-01 10:51:41"),
      try joke("b", "2020-01-05 13:42:19.104863"), try joke("d", "2021-01-01 00:00:00"),
    ]
    #expect(JokeOrder.oldestFirst(jokes).map(\.id) == ["a", "b", "c", "d"])
  }

  /// Equal timestamps keep their saved order, even interleaved with other timestamps.
  @Test func oldestFirstIsStable() throws {
    let same = "2020-01-05 13:42:18.823766"
    let jokes = [
      try joke("s1", same), try joke("late", "2022-01-01 00:00:00"), try joke("s2", same),
      try joke("early", "2019-01-01 00:00:00"), try joke("s3", same), try joke("s4", same),
      try joke("late2", "2022-01-01 00:00:00"), try joke("s5", same),
    ]
    #expect(
      JokeOrder.oldestFirst(jokes).map(\.id) == [
        "early", "s1", "s2", "s3", "s4", "s5", "late", "late2",
      ])
    let many = try (0..<200).map { try joke("m\($0)", same) }
    #expect(JokeOrder.oldestFirst(many.reversed()).map(\.id) == many.reversed().map(\.id))
  }

  /// `saved().oldestFirst()` reads the saved list and sorts it oldest first, ties in saved order.
  @Test func sortedFromDisk() throws {
    for joke in try Samples.madeUpJokes() { _ = try collection.add(joke) }
    let saved = try collection.saved()
    let ids = saved.oldestFirst().map { saved.id(at: $0) }
    #expect(ids.first == "qUoTe8EntItY3aMp5Xy1Zw")
    #expect(ids.last == "mu1tiCat3gor1es_x-Y8zQ")
    let tie = ["ws4Tabs9Newl1nes0Run5s", "thirty0Chars1Exact2Ly3"]
    let tieIndex = try #require(ids.firstIndex(of: tie[0]))
    #expect(Array(ids[tieIndex...].prefix(2)) == tie)
  }

  /// `find` matches an exact id or a unique prefix.
  @Test func findExactAndPrefix() throws {
    let first = try joke("7ver3y48qqsfktpelir7ua")
    let second = try joke("CfW0ccNFTpeq_v1r13IjTQ")
    _ = try collection.add(first)
    _ = try collection.add(second)
    #expect(try collection.find("7ver3y48qqsfktpelir7ua") == .saved(first))
    #expect(try collection.find("7ver") == .saved(first))
    #expect(try collection.find("CfW0cc") == .saved(second))
    #expect(try collection.find("cfw0") == SavedList<ChuckNorris>.Match.none)
    #expect(try collection.find("zzzz") == SavedList<ChuckNorris>.Match.none)
    #expect(try collection.find("7ver3y48qqsfktpelir7uaX") == SavedList<ChuckNorris>.Match.none)
  }

  /// An ambiguous prefix lists every candidate, sorted.
  @Test func findAmbiguous() throws {
    for id in ["abcdZ", "abcdA", "xyzw1", "abcd_"] { _ = try collection.add(try joke(id)) }
    #expect(try collection.find("abcd") == .ambiguous(["abcdA", "abcdZ", "abcd_"]))
  }

  /// A prefix shorter than 4 characters is an invalid argument, even when it would match.
  @Test(arguments: ["", "a", "ab", "abc"])
  func findTooShort(prefix: String) throws {
    _ = try collection.add(try joke("abcdef"))
    #expect(throws: ChuckError.invalidArgument("an id prefix needs at least 4 characters")) {
      try collection.find(prefix)
    }
  }

  /// A saved id wins over the longer ids it is a prefix of.
  @Test func exactIDWins() throws {
    let short = try joke("abcd")
    for id in ["abcdefgh", "abcd", "abcdxyz"] { _ = try collection.add(try joke(id)) }
    #expect(try collection.find("abcd") == .saved(short))
    #expect(try collection.find("abcde") == .saved(try joke("abcdefgh")))
  }

  /// An empty or missing list finds nothing; a corrupt one reports the storage error.
  @Test func findStorageStates() throws {
    #expect(try collection.find("abcd") == SavedList<ChuckNorris>.Match.none)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data("{".utf8).write(to: file)
    #expect(throws: ChuckError.storageCorrupt(path: file.path, reason: "unexpected end at byte 1"))
    {
      try collection.find("abcd")
    }
    #expect(throws: ChuckError.storageCorrupt(path: file.path, reason: "unexpected end at byte 1"))
    {
      try collection.add(try joke("abcd"))
    }
    #expect(try Data(contentsOf: file) == Data("{".utf8))
  }
}
