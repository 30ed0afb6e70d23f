import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

/// `JokeSaver`, the loop of `chuck save`: every check runs on every source's kind, with a fake
/// service that records what it is asked for.
@Suite struct JokeSaverTests {
  /// Ids are fetched and saved in the order given, each event telling how long the list is now;
  /// an id given twice is fetched and saved once.
  @Test(arguments: JokeSource.allCases)
  func savesInOrderOncePerID(_ source: JokeSource) async throws {
    try await Self.savesInOrder(source.testKind)
  }

  private static func savesInOrder<K: TestKind>(_ kind: K.Type) async throws {
    let saved = try TestList(kind)
    try saved.save(["1000"])
    let service = FakeService<K>()
    var events: [Reported] = []
    let outcome = await JokeSaver(list: saved.list).save(
      ["3003", "2002", "3003", "4004", "2002"], fetch: service.fetch
    ) { events.append(Reported($0)) }
    #expect(service.asked == ["3003", "2002", "4004"])
    #expect(
      events == [.saved("3003", count: 2), .saved("2002", count: 3), .saved("4004", count: 4)])
    #expect(outcome.saved == service.served)
    #expect(outcome.saved.map(\.text) == ["fetched 3003", "fetched 2002", "fetched 4004"])
    #expect(outcome.refused.isEmpty)
    #expect(outcome.stoppedBy == nil)
    #expect(outcome.failure == nil)
    #expect(try saved.ids == ["1000", "3003", "2002", "4004"])
    #expect(try saved.list.store.load() == [try saved.list.saved().joke(at: 0)] + service.served)
  }

  /// An id already saved is never fetched: it is refused with the saved joke's preview, the
  /// saved joke is left as it was, and the other ids go on.
  @Test(arguments: JokeSource.allCases)
  func savedIDIsRefusedWithoutAsking(_ source: JokeSource) async throws {
    try await Self.savedIDIsRefused(source.testKind)
  }

  private static func savedIDIsRefused<K: TestKind>(_ kind: K.Type) async throws {
    let saved = try TestList(kind)
    let first = try K.joke(
      id: "1001", text: "Chuck Norris counted to infinity. Twice over.", date: "2020-01-05 10:00:00"
    )
    _ = try saved.list.add(first)
    let service = FakeService<K>()
    var events: [Reported] = []
    let outcome = await JokeSaver(list: saved.list).save(
      ["1001", "2002", "1001"], fetch: service.fetch
    ) { events.append(Reported($0)) }
    let duplicate = ChuckError.duplicate(id: "1001", preview: "Chuck Norris counted to infini...")
    #expect(service.asked == ["2002"])
    #expect(events == [.refused(duplicate), .saved("2002", count: 2)])
    #expect(outcome.saved.map(\.id) == ["2002"])
    #expect(outcome.refused == [duplicate])
    #expect(outcome.stoppedBy == nil)
    #expect(outcome.failure == duplicate)
    #expect(try saved.list.store.load() == [first] + service.served)
  }

  /// An id the service does not know is refused and the others go on; it outranks an id already
  /// saved as the run's failure.
  @Test(arguments: JokeSource.allCases)
  func unknownIDIsRefusedAndTheRunGoesOn(_ source: JokeSource) async throws {
    try await Self.unknownIDIsRefused(source.testKind)
  }

  private static func unknownIDIsRefused<K: TestKind>(_ kind: K.Type) async throws {
    let saved = try TestList(kind)
    try saved.save(["9999"])
    let service = FakeService<K>(failures: ["2002": .jokeNotFound(id: "2002")])
    var events: [Reported] = []
    let outcome = await JokeSaver(list: saved.list).save(
      ["1001", "9999", "2002", "3003"], fetch: service.fetch
    ) { events.append(Reported($0)) }
    let duplicate = ChuckError.duplicate(id: "9999", preview: "joke 9999")
    #expect(service.asked == ["1001", "2002", "3003"])
    #expect(
      events == [
        .saved("1001", count: 2), .refused(duplicate), .refused(.jokeNotFound(id: "2002")),
        .saved("3003", count: 3),
      ])
    #expect(outcome.saved.map(\.id) == ["1001", "3003"])
    #expect(outcome.refused == [duplicate, .jokeNotFound(id: "2002")])
    #expect(outcome.stoppedBy == nil)
    #expect(outcome.failure == .jokeNotFound(id: "2002"))
    #expect(try saved.ids == ["9999", "1001", "3003"])
  }

  /// Any other error of the service stops the run: the ids after it are never asked for, and
  /// what was saved before it stays saved.
  @Test(arguments: JokeSource.allCases)
  func networkErrorStopsTheRun(_ source: JokeSource) async throws {
    try await Self.networkErrorStops(source.testKind)
  }

  private static func networkErrorStops<K: TestKind>(_ kind: K.Type) async throws {
    let saved = try TestList(kind)
    let service = FakeService<K>(
      failures: ["5005": .jokeNotFound(id: "5005"), "3003": .timedOut(seconds: 10)])
    var events: [Reported] = []
    let outcome = await JokeSaver(list: saved.list).save(
      ["1001", "5005", "2002", "3003", "4004"], fetch: service.fetch
    ) { events.append(Reported($0)) }
    #expect(service.asked == ["1001", "5005", "2002", "3003"])
    #expect(
      events == [
        .saved("1001", count: 1), .refused(.jokeNotFound(id: "5005")), .saved("2002", count: 2),
      ])
    #expect(outcome.saved.map(\.id) == ["1001", "2002"])
    #expect(outcome.refused == [.jokeNotFound(id: "5005")])
    #expect(outcome.stoppedBy == .timedOut(seconds: 10))
    #expect(outcome.failure == .timedOut(seconds: 10))
    #expect(try saved.ids == ["1001", "2002"])
  }

  /// A list that cannot be read stops the run before anything is asked for, and is left as it is.
  @Test(arguments: JokeSource.allCases)
  func unreadableListStopsBeforeFetching(_ source: JokeSource) async throws {
    try await Self.unreadableList(source.testKind)
  }

  private static func unreadableList<K: TestKind>(_ kind: K.Type) async throws {
    let saved = try TestList(kind)
    let future = Data(#"{"version":99,"items":[]}"#.utf8)
    try future.write(to: saved.file)
    let service = FakeService<K>()
    var events: [Reported] = []
    let outcome = await JokeSaver(list: saved.list).save(["1001", "2002"], fetch: service.fetch) {
      events.append(Reported($0))
    }
    let error = ChuckError.storageUnsupportedVersion(path: saved.file.path, version: 99)
    #expect(service.asked.isEmpty)
    #expect(events.isEmpty)
    #expect(outcome.saved.isEmpty && outcome.refused.isEmpty)
    #expect(outcome.stoppedBy == error)
    #expect(outcome.failure == error)
    #expect(try Data(contentsOf: saved.file) == future)
  }

  /// A storage error while saving (here: the list replaced by a newer chuck's during the run)
  /// stops the run with it; the jokes saved before it are still reported as saved.
  @Test(arguments: JokeSource.allCases)
  func storageErrorWhileSavingStopsTheRun(_ source: JokeSource) async throws {
    try await Self.storageErrorWhileSaving(source.testKind)
  }

  private static func storageErrorWhileSaving<K: TestKind>(_ kind: K.Type) async throws {
    let saved = try TestList(kind)
    let future = Data(#"{"version":2,"items":[]}"#.utf8)
    let file = saved.file
    let service = FakeService<K> { id in
      if id == "2002" { try? future.write(to: file) }
    }
    var events: [Reported] = []
    let outcome = await JokeSaver(list: saved.list).save(
      ["1001", "2002", "3003"], fetch: service.fetch
    ) { events.append(Reported($0)) }
    let error = ChuckError.storageUnsupportedVersion(path: saved.file.path, version: 2)
    #expect(service.asked == ["1001", "2002"])
    #expect(events == [.saved("1001", count: 1)])
    #expect(outcome.saved.map(\.id) == ["1001"])
    #expect(outcome.refused.isEmpty)
    #expect(outcome.stoppedBy == error)
    #expect(outcome.failure == error)
    #expect(try Data(contentsOf: saved.file) == future)
  }

  /// An answer that cannot be saved (here the service's; an item the list would not read back
  /// is refused the same way by `add`) is refused and the ids after it are still saved.
  @Test(arguments: JokeSource.allCases)
  func badAnswerIsRefusedAndTheRunGoesOn(_ source: JokeSource) async throws {
    try await Self.badAnswerIsRefused(source.testKind)
  }

  private static func badAnswerIsRefused<K: TestKind>(_ kind: K.Type) async throws {
    let saved = try TestList(kind)
    let bad = ChuckError.badResponse("it cannot be saved: the list could not read it back")
    let service = FakeService<K>(failures: ["2002": bad, "4004": .jokeNotFound(id: "4004")])
    var events: [Reported] = []
    let outcome = await JokeSaver(list: saved.list).save(
      ["1001", "2002", "3003", "4004"], fetch: service.fetch
    ) { events.append(Reported($0)) }
    #expect(service.asked == ["1001", "2002", "3003", "4004"])
    #expect(
      events == [
        .saved("1001", count: 1), .refused(bad), .saved("3003", count: 2),
        .refused(.jokeNotFound(id: "4004")),
      ])
    #expect(outcome.stoppedBy == nil)
    #expect(outcome.failure == bad)
    #expect(try saved.ids == ["1001", "3003"])
  }

  /// The run's failure: what stopped it; else the first answer that could not be saved; else
  /// the first id the service did not know, before any id already saved; else the first id
  /// already saved; else none.
  @Test(arguments: JokeSource.allCases)
  func failurePrecedence(_ source: JokeSource) throws {
    try Self.failurePrecedence(source.testKind)
  }

  private static func failurePrecedence<K: TestKind>(_ kind: K.Type) throws {
    let duplicateA = ChuckError.duplicate(id: "1001", preview: "a")
    let duplicateB = ChuckError.duplicate(id: "2002", preview: "b")
    let missingC = ChuckError.jokeNotFound(id: "3003")
    let missingD = ChuckError.jokeNotFound(id: "4004")
    let stop = ChuckError.storageWriteFailed(path: "/x/list.json", reason: "No space left")
    var outcome = JokeSaver<K>.Outcome()
    #expect(outcome.failure == nil)
    outcome.saved = [try K.joke(id: "5005", text: "saved", date: "2020-01-05 10:00:00")]
    #expect(outcome.failure == nil)
    outcome.refused = [duplicateA, duplicateB]
    #expect(outcome.failure == duplicateA)
    outcome.refused = [duplicateA, missingC, duplicateB, missingD]
    #expect(outcome.failure == missingC)
    outcome.refused = [missingD, duplicateA]
    #expect(outcome.failure == missingD)
    let bad = ChuckError.badResponse("too deep")
    outcome.refused = [duplicateA, missingC, bad, .badResponse("another")]
    #expect(outcome.failure == bad)
    outcome.stoppedBy = stop
    #expect(outcome.failure == stop)
    outcome.refused = []
    #expect(outcome.failure == stop)
  }
}

/// An event as the tests compare it: the saved joke by its id.
private enum Reported: Equatable {
  case saved(String, count: Int)
  case refused(ChuckError)

  init<K: JokeKind>(_ event: JokeSaver<K>.Event) {
    switch event {
    case .saved(let joke, let count): self = .saved(joke.id, count: count)
    case .refused(let error): self = .refused(error)
    }
  }
}

/// A fake service for one kind: answers every id with a joke `fetched <id>` unless told to fail
/// it, and records, under a lock, every id asked for and every joke served.
private final class FakeService<K: TestKind>: Sendable {
  private let failures: [String: ChuckError]
  private let during: @Sendable (String) -> Void
  private let log = Locked<(asked: [String], served: [K.Joke])>(([], []))

  init(
    failures: [String: ChuckError] = [:], during: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    self.failures = failures
    self.during = during
  }

  /// The ids asked for, in order.
  var asked: [String] { log.current.asked }
  /// The jokes served, in order.
  var served: [K.Joke] { log.current.served }

  func fetch(_ id: String) async throws(ChuckError) -> K.Joke {
    log.withLock { $0.asked.append(id) }
    during(id)
    if let failure = failures[id] { throw failure }
    let joke: K.Joke
    do {
      joke = try K.joke(id: id, text: "fetched \(id)", date: "2021-02-03 04:05:06")
    } catch {
      throw .internalError("the fake could not make joke \(id): \(error)")
    }
    log.withLock { $0.served.append(joke) }
    return joke
  }
}
