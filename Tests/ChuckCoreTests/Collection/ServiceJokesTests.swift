import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

@Suite struct ServiceJokesTests {
  let file: URL
  let jokes: ServiceJokes<DadShape>

  init() throws {
    file = try TemporaryDirectory.make(prefix: "service-jokes")
      .appendingPathComponent("dad-jokes.json")
    jokes = ServiceJokes(store: NetworkCache(fileURL: file))
  }

  private func dad(_ id: String, _ text: String, savedAt: String) throws -> DadJoke {
    try DadJoke(
      received: ["id": .string(id), "joke": .string(text), "status": .number(200)],
      savedAt: PostgresTimestamp(savedAt)!)
  }

  /// A joke whose id is saved is refused with its preview, and the file is not written.
  @Test func duplicateIsRefused() throws {
    let first = try dad(
      "R7UfaahVfFd", "My dog used to chase people on a bike a lot.", savedAt: "2026-01-01 10:00:00")
    #expect(try jokes.add(first) == 1)
    let bytes = try Data(contentsOf: file)
    let again = try dad("R7UfaahVfFd", "Another text", savedAt: "2026-02-01 10:00:00")
    #expect(
      throws: ChuckError.duplicate(id: "R7UfaahVfFd", preview: "My dog used to chase people on...")
    ) {
      try jokes.add(again)
    }
    #expect(try Data(contentsOf: file) == bytes)
    #expect(try jokes.add(try dad("HtcNuHJBQCd", "Second", savedAt: "2026-01-01 09:00:00")) == 2)
  }

  /// Oldest first by `saved_at`; equal times keep the saved order.
  @Test func oldestFirstBySavedAt() throws {
    for (id, time) in [
      ("cccc1", "2026-03-01 00:00:00"), ("aaaa1", "2026-01-01 00:00:00"),
      ("bbbb2", "2026-03-01 00:00:00"), ("bbbb1", "2025-12-31 23:59:59"),
    ] {
      _ = try jokes.add(try dad(id, id, savedAt: time))
    }
    #expect(try jokes.oldestFirst().map(\.id) == ["bbbb1", "aaaa1", "cccc1", "bbbb2"])
  }

  /// Found by id or unique prefix (a full id wins over longer ids it starts); a short prefix is
  /// a usage error; several matches are ambiguous, listed sorted.
  @Test func findAndRemove() throws {
    for id in ["abcd", "abcdef", "abce12", "abce34", "zzzz9"] {
      _ = try jokes.add(try dad(id, "text of \(id)", savedAt: "2026-01-01 00:00:00"))
    }
    #expect(try jokes.find("abcd")?.id == "abcd")
    #expect(try jokes.find("abcde")?.id == "abcdef")
    #expect(try jokes.find("yyyy") == nil)
    #expect(throws: ChuckError.ambiguousID(prefix: "abce", candidates: ["abce12", "abce34"])) {
      try jokes.find("abce")
    }
    #expect(throws: ChuckError.invalidArgument("an id prefix needs at least 4 characters")) {
      try jokes.find("abc")
    }
    let removal = try jokes.remove(["zzzz", "abcd", "nope", "abce1"])
    #expect(removal.removed.map(\.id) == ["zzzz9", "abcd", "abce12"])
    #expect(removal.notFound == ["nope"])
    #expect(try jokes.oldestFirst().map(\.id) == ["abcdef", "abce34"])
    var generator = SeededGenerator(seed: 1)
    #expect(["abcdef", "abce34"].contains(try jokes.pick(using: &generator)?.id ?? ""))
  }

  /// A list item that is not a joke of the source makes the list corrupt: nothing is written.
  @Test func corruptItemStopsWrites() throws {
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    let text = #"{"version":1,"items":[{"id":"abcd","joke":"no saved_at"}]}"#
    try Data(text.utf8).write(to: file)
    #expect(throws: ChuckError.self) {
      try jokes.add(try dad("efgh", "x", savedAt: "2026-01-01 00:00:00"))
    }
    #expect(try String(contentsOf: file, encoding: .utf8) == text)
    var generator = SeededGenerator(seed: 1)
    #expect(throws: ChuckError.self) { try jokes.pick(using: &generator) }
  }
}
