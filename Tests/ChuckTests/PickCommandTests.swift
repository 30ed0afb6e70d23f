import ChuckTestSupport
import Foundation
import Testing

@Suite struct PickCommandTests {
  static let dev = MadeUpJoke(1, "Chuck Norris compiles with his eyes closed.", categories: ["dev"])
  static let food = MadeUpJoke(
    2, "Chuck Norris eats\n\tthe menu.", categories: ["food", "explicit"],
    createdAt: "2016-05-01 10:51:41")

  /// A sandbox whose API is a running fake (so that any request would show in its log).
  static func sandbox(saving jokes: [MadeUpJoke]?) async throws -> (FakeAPI, ChuckSandbox) {
    let (api, sandbox) = try await startSandbox()
    if let jokes { try sandbox.writeList(jokes.map(\.object)) }
    return (api, sandbox)
  }

  /// An empty or missing list prints nothing at all and exits 0, without any request and
  /// without creating the data directory.
  @Test(arguments: [false, true])
  func emptyListPrintsNothing(fileExists: Bool) async throws {
    let (api, sandbox) = try await Self.sandbox(saving: fileExists ? [] : nil)
    for arguments in [["pick"], ["pick", "--json"], ["pick", "--category", "dev"]] {
      let result = try await sandbox.chuck(arguments)
      #expect(result.status == 0)
      #expect(result.stdout == "")
      #expect(result.stderr == "")
    }
    #expect(try api.requests().isEmpty)
    #expect(FileManager.default.fileExists(atPath: sandbox.dataDirectory.path) == fileExists)
  }

  /// A saved joke's text is printed whole; over many runs every saved joke comes up; no request.
  @Test func printsASavedJokeAtRandom() async throws {
    let (api, sandbox) = try await Self.sandbox(saving: [Self.dev, Self.food])
    let bytes = sandbox.listBytes
    var seen: Set<String> = []
    for _ in 0..<16 {
      let result = try await sandbox.chuck(["pick"])
      #expect(result.status == 0)
      #expect(result.stderr == "")
      #expect([Self.dev.value + "\n", Self.food.value + "\n"].contains(result.stdout))
      seen.insert(result.stdout)
    }
    #expect(seen.count == 2)
    #expect(try api.requests().isEmpty)
    #expect(sandbox.listBytes == bytes)
  }

  /// `--category` picks only a joke of that category; none of it → nothing, exit 0.
  @Test func categoryFilters() async throws {
    let (api, sandbox) = try await Self.sandbox(saving: [Self.dev, Self.food])
    for _ in 0..<6 {
      let result = try await sandbox.chuck(["pick", "--category", "explicit"])
      #expect(result.status == 0)
      #expect(result.stdout == Self.food.value + "\n")
    }
    let none = try await sandbox.chuck(["pick", "--category", "music"])
    #expect(none.status == 0)
    #expect(none.stdout == "")
    #expect(none.stderr == "")
    #expect(try api.requests().isEmpty)
  }

  /// `--json` prints the saved joke object.
  @Test func jsonPrintsTheObject() async throws {
    let (_, sandbox) = try await Self.sandbox(saving: [Self.food])
    let result = try await sandbox.chuck(["pick", "--json"])
    #expect(result.status == 0)
    #expect(try JSON.parse(result.stdout).only(MadeUpJoke.keys) == Self.food.object)
    #expect(result.stdout.hasSuffix("\n"))
  }

  /// `pick` works with no API at all: nothing listens at the configured URL.
  @Test func worksOffline() async throws {
    let sandbox = try ChuckSandbox()
    try sandbox.writeList([Self.dev.object])
    let result = try await sandbox.chuck(
      ["pick"], ["CHUCK_API_URL": "http://127.0.0.1:\(try closedPort())", "CHUCK_RETRIES": "0"])
    #expect(result.status == 0)
    #expect(result.stdout == Self.dev.value + "\n")
  }

  /// Hostile saved text never reaches the terminal raw.
  @Test func hostileTextIsMadeSafe() async throws {
    let sandbox = try ChuckSandbox()
    try sandbox.writeList([OutputRulesTests.hostileJokes[0].object])
    let result = try await sandbox.chuck(["pick"])
    #expect(result.status == 0)
    #expect(!result.stdout.isEmpty)
    #expect(TerminalOracle.unsafeScalars(in: result.stdout).isEmpty)
  }

  /// A corrupt list fails with 74, naming the file.
  @Test func corruptListFails() async throws {
    let sandbox = try ChuckSandbox()
    try sandbox.writeListText("{")
    let result = try await sandbox.chuck(["pick"])
    #expect(result.status == 74)
    #expect(result.stdout == "")
    #expect(result.stderr.contains(sandbox.listFile.path))
  }
}
