import ChuckTestSupport
import Foundation
import Testing

@Suite struct SaveTests {
  static let first = MadeUpJoke(1, "Chuck Norris saves jokes by staring at them.")
  static let second = MadeUpJoke(
    2, "Chuck Norris can save a file with no name.", categories: ["dev"])
  static let third = MadeUpJoke(3, "Chuck Norris never needs an undo.")
  /// Well formed, but not in the fake's pool.
  static let missing = "missingJoke00000000000"

  static func jokeRequests(_ api: FakeAPI) throws -> [String] {
    try api.requests().map(\.path).filter { $0.hasPrefix("/jokes/") }
  }

  /// Each id is fetched (`GET /jokes/{id}`) and saved in order; each text goes to stdout and a
  /// `Saved` line per joke to stderr.
  @Test func savesEachJoke() async throws {
    let (api, sandbox) = try await startSandbox(pool: [Self.first, Self.second, Self.third])
    let result = try await sandbox.chuck(["save", Self.second.id, Self.first.id])
    #expect(result.status == 0)
    #expect(result.stdout == Self.second.value + "\n" + Self.first.value + "\n")
    #expect(result.stderr.lines.count == 2)
    #expect(result.stderr.contains(Self.second.id) && result.stderr.contains(Self.first.id))
    #expect(try sandbox.savedIDs() == [Self.second.id, Self.first.id])
    #expect(try Self.jokeRequests(api) == ["/jokes/\(Self.second.id)", "/jokes/\(Self.first.id)"])
    let saved = try sandbox.savedItems()
    #expect(
      saved.map { $0.only(MadeUpJoke.keys) }
        == [Self.second, Self.first].map { $0.served(by: api) })
  }

  /// An answer that could not be read back from the list (nested 300 deep) is refused with an
  /// `error:` line, and the ids after it are still fetched and saved; the run exits 76.
  @Test func unsavableAnswerIsRefusedAndTheRestAreSaved() async throws {
    var deep: Any = "bottom"
    for _ in 0..<300 { deep = [deep] }
    let rule: [String: Any] = ["path": "/jokes/\(Self.second.id)", "joke": ["nested": deep]]
    let (_, sandbox) = try await startSandbox(
      rules: [String(decoding: try JSONSerialization.data(withJSONObject: rule), as: UTF8.self)],
      pool: [Self.first, Self.second, Self.third])
    let result = try await sandbox.chuck(["save", Self.first.id, Self.second.id, Self.third.id])
    #expect(result.status == 76, "\(result.stderr)")
    #expect(result.stdout == Self.first.value + "\n" + Self.third.value + "\n")
    #expect(result.stderr.lines.filter { $0.hasPrefix("error:") }.count == 1)
    #expect(result.stderr.contains("nested"), "\(result.stderr)")
    #expect(try sandbox.savedIDs() == [Self.first.id, Self.third.id])
  }

  /// A duplicate is refused with an `error:` naming it and exit 1, and the others are still saved.
  @Test func duplicateExitsOneAndTheRestAreSaved() async throws {
    let (_, sandbox) = try await startSandbox(pool: [Self.first, Self.second])
    try sandbox.writeList([Self.first.object])
    let result = try await sandbox.chuck(["save", Self.first.id, Self.second.id])
    #expect(result.status == 1)
    #expect(result.stdout == Self.second.value + "\n")
    let errors = result.stderr.lines.filter { $0.hasPrefix("error:") }
    #expect(errors.count == 1)
    #expect(errors.first?.contains(Self.first.id) == true)
    #expect(try sandbox.savedIDs() == [Self.first.id, Self.second.id])
  }

  /// The same id twice in one command: asked for once and saved once (exit 0).
  @Test func sameIdTwiceIsFetchedOnce() async throws {
    let (api, sandbox) = try await startSandbox(pool: [Self.first, Self.second])
    let result = try await sandbox.chuck(
      ["save", Self.first.id, Self.second.id, Self.first.id])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try sandbox.savedIDs() == [Self.first.id, Self.second.id])
    #expect(
      try Self.jokeRequests(api) == ["/jokes/\(Self.first.id)", "/jokes/\(Self.second.id)"])
  }

  /// `--json`: when a later id fails (here the API is down), the jokes already saved are still
  /// printed as a JSON array, and the command ends with the failure's status.
  @Test func jsonPrintsWhatWasSavedBeforeAFailure() async throws {
    let (_, sandbox) = try await startSandbox(
      rules: [#"{"path":"/jokes/\#(Self.second.id)","status":503,"times":-1}"#],
      pool: [Self.first, Self.second])
    let result = try await sandbox.chuck(
      ["save", "--json", Self.first.id, Self.second.id], ["CHUCK_RETRIES": "0"])
    #expect(result.status == 69, "\(result.stderr)")
    let printed =
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
    #expect(printed?.map { $0["id"] as? String } == [Self.first.id])
    #expect(result.stderr.lines.last?.hasPrefix("error: ") == true, "\(result.stderr)")
    #expect(try sandbox.savedIDs() == [Self.first.id])
  }

  /// Only duplicates: exit 1 and the list file is not rewritten.
  @Test func onlyDuplicatesLeaveTheFileAlone() async throws {
    let (_, sandbox) = try await startSandbox(pool: [Self.first])
    try sandbox.writeList([Self.first.object])
    let identity = try FileIdentity(path: sandbox.listFile.path)
    let bytes = sandbox.listBytes
    try await Task.sleep(nanoseconds: 20_000_000)
    let result = try await sandbox.chuck(["save", Self.first.id])
    #expect(result.status == 1)
    #expect(result.stdout == "")
    #expect(sandbox.listBytes == bytes)
    #expect(try FileIdentity(path: sandbox.listFile.path) == identity)
  }

  /// An id the API does not know is reported and exits 66; the others are still saved.
  @Test func notFoundExits66AndTheRestAreSaved() async throws {
    let (_, sandbox) = try await startSandbox(pool: [Self.first, Self.second])
    let result = try await sandbox.chuck(["save", Self.missing, Self.second.id])
    #expect(result.status == 66)
    #expect(result.stdout == Self.second.value + "\n")
    let errors = result.stderr.lines.filter { $0.hasPrefix("error:") }
    #expect(errors.count == 1)
    #expect(errors.first?.contains(Self.missing) == true)
    #expect(try sandbox.savedIDs() == [Self.second.id])
  }

  /// Not found wins over duplicate, in either order: exit 66, and the new joke is saved.
  @Test(arguments: [false, true])
  func notFoundWinsOverDuplicate(missingFirst: Bool) async throws {
    let (_, sandbox) = try await startSandbox(pool: [Self.first, Self.second, Self.third])
    try sandbox.writeList([Self.first.object])
    let ids =
      missingFirst
      ? [Self.missing, Self.first.id, Self.third.id] : [Self.first.id, Self.third.id, Self.missing]
    let result = try await sandbox.chuck(["save"] + ids)
    #expect(result.status == 66)
    #expect(result.stderr.lines.filter { $0.hasPrefix("error:") }.count == 2)
    #expect(try sandbox.savedIDs() == [Self.first.id, Self.third.id])
  }

  /// A malformed id exits 64 before any request, and nothing is saved, even the good ids.
  @Test(arguments: [
    "short", "missingJoke0000000000", "missingJoke000000000000", "missing/oke00000000000",
    "missingJoke0000000000é", "missing joke0000000000",
  ])
  func malformedIdIsRefusedBeforeAnyRequest(bad: String) async throws {
    let (api, sandbox) = try await startSandbox(pool: [Self.first])
    let result = try await sandbox.chuck(["save", Self.first.id, bad])
    #expect(result.status == 64)
    #expect(result.stdout == "")
    #expect(try api.requests().isEmpty)
    #expect(sandbox.listBytes == nil)
  }

  /// `--json` prints an array of the jokes saved by this run (not the refused ones).
  @Test func jsonPrintsTheSavedJokes() async throws {
    let (api, sandbox) = try await startSandbox(pool: [Self.first, Self.second, Self.third])
    try sandbox.writeList([Self.first.object])
    let result = try await sandbox.chuck([
      "save", Self.third.id, Self.first.id, Self.missing, Self.second.id, "--json",
    ])
    #expect(result.status == 66)
    let printed = try JSON.parse(result.stdout).elements
    #expect(
      printed.map { $0.only(MadeUpJoke.keys) }
        == [Self.third, Self.second].map { $0.served(by: api) })
    #expect(try sandbox.savedIDs() == [Self.first.id, Self.third.id, Self.second.id])
  }

  /// Hostile text from the API is made safe on the terminal.
  @Test func hostileTextIsMadeSafe() async throws {
    let jokes = OutputRulesTests.hostileJokes
    let (_, sandbox) = try await startSandbox(pool: jokes)
    let result = try await sandbox.chuck(["save"] + jokes.map(\.id))
    #expect(result.status == 0)
    #expect(TerminalOracle.unsafeScalars(in: result.stdout).isEmpty)
    #expect(TerminalOracle.unsafeScalars(in: result.stderr).isEmpty)
  }
}
