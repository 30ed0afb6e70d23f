import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

/// `SavedList`, the one saved-list type: every check runs on every source's kind.
@Suite struct SavedListTests {
  /// Adding counts; a saved id is refused with the saved joke's preview, the file untouched.
  @Test(arguments: JokeSource.allCases)
  func addCountsAndRefusesDuplicates(_ source: JokeSource) throws {
    try Self.addCountsAndRefusesDuplicates(source.testKind)
  }

  private static func addCountsAndRefusesDuplicates<K: TestKind>(_ kind: K.Type) throws {
    let saved = try TestList(kind)
    let first = try K.joke(
      id: "1001", text: "Chuck Norris counted to infinity. Twice over.", date: "2020-01-05 10:00:00"
    )
    #expect(try saved.list.add(first) == 1)
    #expect(try saved.list.add(try K.joke(id: "1002", text: "b", date: "2020-01-06 10:00:00")) == 2)
    let bytes = try Data(contentsOf: saved.file)
    #expect(throws: ChuckError.duplicate(id: "1001", preview: "Chuck Norris counted to infini..."))
    {
      try saved.list.add(try K.joke(id: "1001", text: "another text", date: "2021-01-01 00:00:00"))
    }
    #expect(try Data(contentsOf: saved.file) == bytes)
    #expect(try saved.ids == ["1001", "1002"])
    #expect(try saved.list.store.load() == [first, try saved.list.saved().joke(at: 1)])
  }

  /// Oldest first by the date the list shows; equal dates keep their saved order.
  @Test(arguments: JokeSource.allCases)
  func oldestFirstIsStable(_ source: JokeSource) throws {
    try Self.oldestFirstIsStable(source.testKind)
  }

  private static func oldestFirstIsStable<K: TestKind>(_ kind: K.Type) throws {
    let saved = try TestList(kind)
    try saved.save(["1111"], date: "2021-01-01 00:00:00")
    try saved.save(["2222", "3333"], date: "2020-01-05 13:42:19")
    try saved.save(["4444"], date: "2019-12-31 23:59:59")
    let index = try saved.list.saved()
    #expect(index.oldestFirst().map { index.id(at: $0) } == ["4444", "2222", "3333", "1111"])
    #expect(index.row(at: 3).value == "joke 4444")
  }

  /// The one matching rule: a saved id always wins (even a short one, or one that starts
  /// others); a prefix of 4 or more matches; shorter is a usage error unless it is a whole id
  /// of the kind; several matches are ambiguous.
  @Test(arguments: JokeSource.allCases)
  func findRule(_ source: JokeSource) throws {
    try Self.findRule(source.testKind)
  }

  private static func findRule<K: TestKind>(_ kind: K.Type) throws {
    let saved = try TestList(kind)
    let jokes = try saved.save(["1234", "12345", "55551", "55552", "77"])
    #expect(try saved.list.find("1234") == .saved(jokes[0]))
    #expect(try saved.list.find("77") == .saved(jokes[4]))
    #expect(try saved.list.find("5555") == .ambiguous(["55551", "55552"]))
    #expect(try saved.list.find("55552") == .saved(jokes[3]))
    #expect(try saved.list.find("9999") == .none)
    #expect(throws: ChuckError.ambiguousID(prefix: "5555", candidates: ["55551", "55552"])) {
      try saved.list.joke(matching: "5555")
    }
    if K.isFullID("555") {
      #expect(try saved.list.find("555") == .none)
    } else {
      #expect(throws: ChuckError.invalidArgument("an id prefix needs at least 4 characters")) {
        try saved.list.find("555")
      }
    }
  }

  /// `show`'s lookup: saved first, else the service for a whole id (a kind that can be fetched
  /// by id), else no match.
  @Test(arguments: JokeSource.allCases)
  func lookUpAsksTheServiceOnlyForWholeIDs(_ source: JokeSource) async throws {
    try await Self.lookUp(source.testKind)
  }

  private static func lookUp<K: TestKind>(_ kind: K.Type) async throws {
    let saved = try TestList(kind)
    try saved.save(["1234"])
    // A whole id of each kind (Chuck Norris ids have 22 characters; the others may be short).
    let whole = try #require(["987654", "1234567890123456789012"].first(where: K.isFullID))
    let fetched = try K.joke(id: whole, text: "from the service", date: "2020-01-01 00:00:00")
    let asked = Asked()
    let fetch = { (id: String) throws(ChuckError) -> K.Joke in
      asked.ids.append(id)
      return fetched
    }
    #expect(try await saved.list.lookUp("1234", fetch: fetch).isSaved)
    guard K.source.canFetchByID else {
      // A kind that cannot be fetched by id says so, and its service is not asked.
      await #expect(throws: ChuckError.invalidArgument(K.source.noFetchByIDMessage)) {
        try await saved.list.lookUp(whole, fetch: fetch)
      }
      #expect(asked.ids.isEmpty)
      return
    }
    let found = try await saved.list.lookUp(whole, fetch: fetch)
    #expect(!found.isSaved && found.joke == fetched)
    await #expect(throws: ChuckError.noSavedMatch("12a4!")) {
      try await saved.list.lookUp("12a4!", fetch: fetch)
    }
    #expect(asked.ids == [whole])
    #expect(try saved.ids == ["1234"])
  }

  /// Removing: in one write, unknown ids reported, ids given twice removed once; an ambiguous
  /// prefix removes nothing.
  @Test(arguments: JokeSource.allCases)
  func removeRule(_ source: JokeSource) throws {
    try Self.removeRule(source.testKind)
  }

  private static func removeRule<K: TestKind>(_ kind: K.Type) throws {
    let saved = try TestList(kind)
    try saved.save(["11111", "22222", "33331", "33332"])
    #expect(throws: ChuckError.ambiguousID(prefix: "3333", candidates: ["33331", "33332"])) {
      try saved.list.remove(["11111", "3333"])
    }
    #expect(try saved.ids == ["11111", "22222", "33331", "33332"])
    let removal = try saved.list.remove(["11111", "99999", "2222", "11111"])
    #expect(
      removal
        == Removal(
          removed: [
            .init(id: "11111", preview: "joke 11111"), .init(id: "22222", preview: "joke 22222"),
          ],
          notFound: ["99999"]))
    #expect(try saved.ids == ["33331", "33332"])
    #expect(try saved.list.remove(["4444"]) == Removal(notFound: ["4444"]))
  }

  /// When the step before the write fails, nothing is removed and the file is untouched.
  @Test(arguments: JokeSource.allCases)
  func removeStopsWhenTheStepBeforeFails(_ source: JokeSource) throws {
    try Self.removeStops(source.testKind)
  }

  private static func removeStops<K: TestKind>(_ kind: K.Type) throws {
    let saved = try TestList(kind)
    try saved.save(["11111", "22222"])
    let bytes = try Data(contentsOf: saved.file)
    #expect(throws: ChuckError.cancelled) {
      try saved.list.remove(["11111"]) { (removed: [Removal.Joke]) throws(ChuckError) in
        #expect(removed.map(\.id) == ["11111"])
        throw .cancelled
      }
    }
    #expect(try Data(contentsOf: saved.file) == bytes)
  }

  /// A random pick comes from the list; none from an empty list or for an unknown category.
  @Test(arguments: JokeSource.allCases)
  func pick(_ source: JokeSource) throws {
    try Self.pick(source.testKind)
  }

  private static func pick<K: TestKind>(_ kind: K.Type) throws {
    let saved = try TestList(kind)
    var generator = SeededGenerator(seed: 7)
    #expect(try saved.list.pick(using: &generator) == nil)
    try saved.save(["1111", "2222", "3333"])
    var picked: Set<String> = []
    for _ in 0..<60 { picked.insert(try saved.list.pick(using: &generator)?.id ?? "") }
    #expect(picked == ["1111", "2222", "3333"])
    #expect(try saved.list.pick(category: "no such category", using: &generator) == nil)
  }

  /// An item that is not a joke of the kind makes the list unreadable (74), naming the item.
  @Test(arguments: JokeSource.allCases)
  func foreignItemIsCorrupt(_ source: JokeSource) throws {
    try Self.foreignItemIsCorrupt(source.testKind)
  }

  private static func foreignItemIsCorrupt<K: TestKind>(_ kind: K.Type) throws {
    let saved = try TestList(kind)
    try saved.save(["1111"])
    try Data(#"{"version":1,"items":[{"nothing":true}]}"#.utf8).write(to: saved.file)
    #expect {
      try saved.list.find("1111")
    } throws: { error in
      guard case ChuckError.storageCorrupt(let path, _) = error else { return false }
      return path == saved.file.path
    }
  }

  /// The run-time view (`--source`) sees the same list.
  @Test(arguments: JokeSource.allCases)
  func anySavedListIsTheSameList(_ source: JokeSource) throws {
    try Self.anySavedList(source.testKind)
  }

  private static func anySavedList<K: TestKind>(_ kind: K.Type) throws {
    let saved = try TestList(kind)
    try saved.save(["1111", "2222"])
    let any: any SavedListProtocol = saved.list
    #expect(any.source == K.source)
    #expect(try any.texts().ids == ["1111", "2222"])
    #expect(try any.texts().text(of: "2222") == "joke 2222")
    #expect(try any.entry(matching: "2222") == SavedTexts.Entry(id: "2222", text: "joke 2222"))
    #expect(try any.entry(matching: "3333") == nil)
  }
}

/// What a fake service was asked for.
private final class Asked: @unchecked Sendable {
  var ids: [String] = []
}
