import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

/// A feed's latest list saved (``SavedList/addNew(_:)``, over
/// ``NetworkCache/append(contentsOf:select:readBack:)``): the new items appended in the
/// service's order in one write, the saved ones left as they are, nothing written when none is
/// new or one would not read back.
@Suite struct SavedListAddNewTests {
  /// When the jokes are saved.
  static let savedAt = PostgresTimestamp("2026-11-23 10:51:41")!

  /// The temporary folder.
  let root: URL
  /// The list file, in a folder not made yet.
  let file: URL

  init() throws {
    root = try TemporaryDirectory.make(prefix: "saved-list-add-new")
    file = root.appendingPathComponent("data/test-articles-jokes.json")
  }

  /// The list over ``file``.
  private var list: SavedList<TestArticles> { SavedList(store: NetworkCache(fileURL: file)) }

  /// Articles with these ids, titled `Article ID`.
  private func articles(_ ids: [Double]) throws -> [ServiceJoke<TestArticles>] {
    try ids.map {
      try ServiceJoke(
        received: articleItem(id: $0, title: "Article \(Int($0))"), savedAt: Self.savedAt)
    }
  }

  /// The list file's bytes.
  private func bytes() throws -> [UInt8] { Array(try Data(contentsOf: file)) }

  /// When the list file was last written.
  private func modificationDate() throws -> Date? {
    try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date
  }

  /// Into no list: every item, in the service's order, in a new file.
  @Test func newListInOrder() throws {
    let (added, count) = try list.addNew(try articles([3, 1, 2]))
    #expect(added.map(\.id) == ["3", "1", "2"])
    #expect(count == 3)
    #expect(try list.saved().ids == ["3", "1", "2"])
    let saved = try list.saved()
    let row = saved.row(at: try #require(saved.position(of: "1")))
    #expect(row.heading == "Article 1")
    #expect(row.value == "nisl aenean lectus pellentesque")
    #expect(try ChuckCoreTests.permissions(file) == 0o600)
  }

  /// The saved items are left as they are, byte for byte, and come first; an id saved already,
  /// or twice in the latest list, is saved once; the new ones follow in the service's order.
  @Test func onlyTheNewOnes() throws {
    _ = try list.addNew(try articles([1, 2]))
    let before = try bytes()
    let latest = try articles([5, 2, 4, 5, 1, 6, 4])
    let (added, count) = try list.addNew(latest)
    #expect(added.map(\.id) == ["5", "4", "6"])
    #expect(count == 5)
    #expect(try list.saved().ids == ["1", "2", "5", "4", "6"])
    let after = try bytes()
    let insertion = try #require(before.lastIndex(of: UInt8(ascii: "]")))
    #expect(after.starts(with: before[..<insertion]))
    #expect(after.reversed().starts(with: before[insertion...].reversed()))
  }

  /// Nothing new: nothing written (the same file, bytes and time), no file made when there was
  /// none; the count is the list's.
  @Test func nothingNewWritesNothing() throws {
    let none = try list.addNew([])
    #expect(none.added.isEmpty && none.count == 0)
    #expect(!FileManager.default.fileExists(atPath: file.path))

    _ = try list.addNew(try articles([1, 2]))
    let before = try bytes()
    let node = try inode(file)
    let modified = try modificationDate()
    usleep(20_000)
    let (added, count) = try list.addNew(try articles([2, 1, 2]))
    #expect(added.isEmpty)
    #expect(count == 2)
    #expect(try bytes() == before)
    #expect(try inode(file) == node)
    #expect(try modificationDate() == modified)
  }

  /// A list file that is not this kind's list is refused, and left as it is.
  @Test func corruptListRefused() throws {
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    let text = #"{"items":[{"title":"no id","saved_at":"2026-11-23 10:51:41"}],"version":1}"#
    try Data(text.utf8).write(to: file)
    #expect(throws: ChuckError.self) { try list.addNew(try articles([1])) }
    #expect(try bytes() == Array(text.utf8))
  }

  /// The positions `select` keeps are appended in its order, under one look at the current
  /// items; the count is the list's after.
  @Test func appendSelected() throws {
    let cache = NetworkCache<String>(fileURL: file)
    _ = try cache.append("a") { (_: RawItems) throws(ChuckError) in }
    var looks: [Int] = []
    let result = try cache.append(
      contentsOf: ["x", "y", "z"],
      select: { (raw: RawItems) throws(ChuckError) -> [Int] in
        looks.append(raw.items.count)
        return [2, 0]
      })
    #expect(result.appended == [2, 0])
    #expect(result.count == 3)
    #expect(looks == [1])
    #expect(try cache.load() == ["a", "z", "x"])
    #expect(
      String(decoding: try bytes(), as: UTF8.self) == #"{"items":["a","z","x"],"version":1}"#)
  }

  /// A reader that refuses a list holding the string `b`.
  private static func refuseB(_ raw: RawItems) throws(ChuckError) {
    if String(decoding: raw.bytes[raw.items[0]], as: UTF8.self) == #""b""# {
      throw .storageCorrupt(path: "list", reason: "item 1: b is not allowed")
    }
  }

  /// Keeps the first two items.
  private static func firstTwo(_ raw: RawItems) throws(ChuckError) -> [Int] { [0, 1] }

  /// An item that would not read back writes nothing, not even the others: the reader's
  /// problem is said; an error of another kind is thrown as it is; `select` throwing writes
  /// nothing either.
  @Test func readBackFailureWritesNothing() throws {
    let cache = NetworkCache<String>(fileURL: file)
    let refused = ChuckError.badResponse(
      "it cannot be saved: the list could not read it back (item 1: b is not allowed)")
    #expect(throws: refused) {
      try cache.append(contentsOf: ["a", "b"], select: Self.firstTwo, readBack: Self.refuseB)
    }
    #expect(!FileManager.default.fileExists(atPath: file.path))

    _ = try cache.append("kept") { (_: RawItems) throws(ChuckError) in }
    let before = try bytes()
    #expect(throws: refused) {
      try cache.append(contentsOf: ["a", "b"], select: Self.firstTwo, readBack: Self.refuseB)
    }
    #expect(throws: ChuckError.cancelled) {
      try cache.append(
        contentsOf: ["a", "c"], select: Self.firstTwo,
        readBack: { (_: RawItems) throws(ChuckError) in throw .cancelled })
    }
    #expect(throws: ChuckError.duplicate(id: "a", preview: "a")) {
      try cache.append(
        contentsOf: ["a", "c"],
        select: { (_: RawItems) throws(ChuckError) -> [Int] in
          throw .duplicate(id: "a", preview: "a")
        })
    }
    #expect(try bytes() == before)
    #expect(try cache.load() == ["kept"])
    #expect(
      try cache.append(contentsOf: ["a", "c"], select: Self.firstTwo, readBack: Self.refuseB)
        .count == 3)
  }
}

/// A feed fetched and saved through the components and a tab's browser, as `random` and the
/// screen's Joke! do it.
@Suite struct DeclaredFeedSaveTests {
  /// Components over a scripted transport, their folders in a new temporary folder.
  private func components(_ script: ScriptedTransport) throws -> ChuckComponents {
    let folder = try TemporaryDirectory.make(prefix: "declared-feed")
    let configuration = try ChuckConfiguration(environment: [
      "CHUCK_DATA_DIR": folder.path, "CHUCK_CACHE_DIR": folder.path,
      "CHUCK_STATE_DIR": folder.path, "CHUCK_RETRIES": "0",
    ])
    return ChuckComponents(configuration: configuration, transport: script.transport)
  }

  /// A feed's answer: articles with these ids, titled `Article ID`.
  private func answer(_ ids: [Double]) -> HTTPResponse {
    jsonResponse(
      jsonText(.array(ids.map { .object(articleItem(id: $0, title: "Article \(Int($0))")) })))
  }

  /// The latest list's new items are saved; how many were sent and new, and the list's count,
  /// are told; a failure saves nothing.
  @Test func fetchFeedAndSave() async throws {
    let script = ScriptedTransport([
      .success(answer([2, 1])), .success(answer([3, 2, 1])),
      .success(jsonResponse("{}", status: 500)),
    ])
    let components = try components(script)
    let first = try await components.fetchFeedAndSave(TestArticles.self)
    #expect(first.sent == 2 && first.added.map(\.id) == ["2", "1"] && first.count == 2)
    let second = try await components.fetchFeedAndSave(TestArticles.self)
    #expect(second.sent == 3 && second.added.map(\.id) == ["3"] && second.count == 3)
    await #expect(throws: ChuckError.serverError(status: 500)) {
      try await components.fetchFeedAndSave(TestArticles.self)
    }
    #expect(try components.list(TestArticles.self).saved().ids == ["2", "1", "3"])
    #expect(
      script.requests.current.map(\.url.absoluteString)
        == Array(repeating: "http://127.0.0.1:9/articles/v3/latest", count: 3))
  }

  /// The one random action: a feed brings its latest list (`--category` refused before any
  /// request); the errors that show the stored list are the service's being down or out of
  /// reach, not an answer that does not fit.
  @Test func fetchRandomOfAFeed() async throws {
    let script = ScriptedTransport([.success(answer([2, 1]))])
    let components = try components(script)
    await #expect(throws: ChuckError.self) {
      try await components.fetchRandom(TestArticles.self, category: "dev")
    }
    #expect(script.requests.current.isEmpty)
    guard
      case .feed(let sent, let added, let count) = try await components.fetchRandom(
        TestArticles.self)
    else {
      Issue.record("a feed's random is its list")
      return
    }
    #expect(sent == 2 && added.map(\.id) == ["2", "1"] && count == 2)
    #expect(ChuckError.serverError(status: 503).showsStoredList)
    #expect(ChuckError.timedOut(seconds: 1).showsStoredList)
    #expect(!ChuckError.badResponse("no title").showsStoredList)
    #expect(!ChuckError.invalidArgument("x").showsStoredList)
  }

  /// A feed's tab: Joke! saves the new items and says how many, the id shown the first new
  /// one's, else the last saved (none: no id); rows show their heading as a name; the detail writes its
  /// dates in the source's own format.
  @Test func browser() async throws {
    let script = ScriptedTransport([
      .success(answer([])), .success(answer([2, 1])), .success(answer([2, 1])),
    ])
    let components = try components(script)
    let browser = try components.browser(JokeSource(TestArticles.self))
    let empty = try await browser.fetchAndSave()
    #expect(empty.id == "" && empty.count == 0)
    #expect(empty.news == "0 new of 0 in the latest list")
    let fetched = try await browser.fetchAndSave()
    #expect(fetched.id == "2")
    #expect(fetched.count == 2)
    #expect(fetched.news == "2 new of 2 in the latest list")
    #expect(fetched.punchline == nil && fetched.note == nil)
    let again = try await browser.fetchAndSave()
    #expect(again.id == "1")
    #expect(again.news == "0 new of 2 in the latest list")
    #expect(try browser.entries().compactMap(\.heading).sorted() == ["Article 1", "Article 2"])
    #expect(try browser.rows(components).compactMap(\.name).sorted() == ["Article 1", "Article 2"])
    let detail = try browser.detail("2")
    #expect(detail.fields.first { $0.label == "release_date" }?.value == "Mon, Jun 25, '18")
    // The image as the source decides it, whichever tab opens the detail (the favourites' once
    // took Chuck Norris's avatar for an article's image).
    let image = try #require(detail.image)
    #expect(image.alternative == "image of \u{201C}Article 2\u{201D}")
    #expect(image.upgradesHTTP)
  }
}
