import ChuckTestSupport
import Foundation
import Testing

@Suite struct RemoveTests {
  static let alpha1 = MadeUpJoke(
    id: "alpha1AAAAAAAAAAAAAAAA", value: "Chuck Norris counts to infinity. Twice.")
  static let alpha2 = MadeUpJoke(
    id: "alpha2BBBBBBBBBBBBBBBB", value: "Chuck Norris is.", createdAt: "2016-05-01 10:51:41")
  static let beta = MadeUpJoke(
    id: "beta3CCCCCCCCCCCCCCCCC", value: "Chuck Norris   can\n divide by zero.")
  static let gamma = MadeUpJoke(
    id: "gamma4DDDDDDDDDDDDDDDD", value: "Chuck Norris deletes himself.")
  static let all = [alpha1, alpha2, beta, gamma]

  /// The list file's text with each item on its own line, spaced, with an extra field.
  static func listText(_ jokes: [MadeUpJoke]) -> String {
    let items = jokes.map { joke in
      var text = joke.json
      text.removeLast()
      return text + #", "saved_at" : "2024-01-01T00:00:00Z" }"#
    }
    return "{\n  \"version\": 1,\n  \"items\": [\n    " + items.joined(separator: ",\n    ")
      + "\n  ]\n}\n"
  }

  /// Starts a sandbox on a fake (to see that nothing is asked of it) with the four jokes saved.
  static func sandboxWithList() async throws -> (FakeAPI, ChuckSandbox) {
    let (api, sandbox) = try await startSandbox()
    try sandbox.writeListText(listText(all))
    return (api, sandbox)
  }

  /// Ids and unique prefixes are removed; stdout says `Removed <id> “preview”` for each, in the
  /// order given; the others stay, their bytes unchanged; no request is made.
  @Test func removesIdsAndPrefixes() async throws {
    let (api, sandbox) = try await Self.sandboxWithList()
    let result = try await sandbox.chuck(["remove", "beta", Self.alpha2.id])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(
      result.stdout.lines == [
        "Removed \(Self.beta.id) \u{201C}Chuck Norris can divide by zer...\u{201D}",
        "Removed \(Self.alpha2.id) \u{201C}Chuck Norris is.\u{201D}",
      ])
    #expect(try sandbox.savedIDs() == [Self.alpha1.id, Self.gamma.id])
    let text = String(decoding: try #require(sandbox.listBytes), as: UTF8.self)
    let kept = Self.listText([Self.alpha1, Self.gamma]).components(separatedBy: "\n")
      .filter { $0.contains("\"id\"") }
    #expect(kept.count == 2)
    for line in kept {
      #expect(
        text.contains(line.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: [","])))
    }
    #expect(try api.requests().isEmpty)
  }

  /// An ambiguous prefix removes nothing (even the good ids), exits 64 and lists the candidates;
  /// the file is not rewritten.
  @Test func ambiguousRemovesNothing() async throws {
    let (_, sandbox) = try await Self.sandboxWithList()
    let identity = try FileIdentity(path: sandbox.listFile.path)
    let bytes = sandbox.listBytes
    try await Task.sleep(nanoseconds: 20_000_000)
    let result = try await sandbox.chuck(["remove", Self.gamma.id, "alpha"])
    #expect(result.status == 64)
    #expect(result.stdout == "")
    #expect(result.stderr.hasPrefix("error:"))
    #expect(result.stderr.contains(Self.alpha1.id) && result.stderr.contains(Self.alpha2.id))
    #expect(sandbox.listBytes == bytes)
    #expect(try FileIdentity(path: sandbox.listFile.path) == identity)
  }

  /// An id that matches nothing is reported (`error:`), exits 66, and the others are removed.
  @Test func notFoundIsReportedAndTheOthersRemoved() async throws {
    let (_, sandbox) = try await Self.sandboxWithList()
    let result = try await sandbox.chuck(["remove", "zzzz9", "gamma"])
    #expect(result.status == 66)
    #expect(result.stdout.lines == ["Removed \(Self.gamma.id) \u{201C}\(Self.gamma.value)\u{201D}"])
    #expect(result.stderr.hasPrefix("error:"))
    #expect(result.stderr.contains("zzzz9"))
    #expect(try sandbox.savedIDs() == [Self.alpha1.id, Self.alpha2.id, Self.beta.id])
  }

  /// The same joke named twice (id and prefix) is removed and reported once.
  @Test func repeatedIdIsRemovedOnce() async throws {
    let (_, sandbox) = try await Self.sandboxWithList()
    let result = try await sandbox.chuck(["remove", Self.beta.id, "beta3", Self.beta.id])
    #expect(result.status == 0)
    #expect(result.stdout.lines.count == 1)
    #expect(try sandbox.savedIDs() == [Self.alpha1.id, Self.alpha2.id, Self.gamma.id])
  }

  /// `--json` prints `{"removed":[…],"not_found":[…]}`.
  @Test func jsonReportsRemovedAndNotFound() async throws {
    let (_, sandbox) = try await Self.sandboxWithList()
    let result = try await sandbox.chuck(["remove", "gamma", "nope1", Self.alpha1.id, "--json"])
    #expect(result.status == 66)
    let printed = try JSON.parse(result.stdout)
    #expect(
      printed
        == .object([
          "removed": [.string(Self.gamma.id), .string(Self.alpha1.id)], "not_found": ["nope1"],
        ]))
    let clean = try await sandbox.chuck(["remove", "beta", "--json"])
    #expect(clean.status == 0)
    #expect(
      try JSON.parse(clean.stdout)
        == .object(["removed": [.string(Self.beta.id)], "not_found": []]))
    #expect(try sandbox.savedIDs() == [Self.alpha2.id])
  }

  /// A prefix shorter than 4 characters is a usage error (64); nothing is removed.
  @Test func shortPrefixIsAUsageError() async throws {
    let (_, sandbox) = try await Self.sandboxWithList()
    let bytes = sandbox.listBytes
    let result = try await sandbox.chuck(["remove", Self.beta.id, "gam"])
    #expect(result.status == 64)
    #expect(result.stdout == "")
    #expect(sandbox.listBytes == bytes)
  }

  /// Without a list, every id is not found: exit 66, and no list file appears.
  @Test func emptyListFindsNothing() async throws {
    let sandbox = try ChuckSandbox()
    let result = try await sandbox.chuck(["remove", "abcd"])
    #expect(result.status == 66)
    #expect(result.stdout == "")
    #expect(sandbox.listBytes == nil)
  }

  /// A corrupt list is never overwritten: exit 74 naming the file.
  @Test func corruptListIsLeftAlone() async throws {
    let sandbox = try ChuckSandbox()
    try sandbox.writeListText(#"{"version":1,"items":[{"id":"abcd1234"}]}"#)
    let bytes = sandbox.listBytes
    let result = try await sandbox.chuck(["remove", "abcd1234"])
    #expect(result.status == 74)
    #expect(result.stderr.contains(sandbox.listFile.path))
    #expect(sandbox.listBytes == bytes)
  }

  /// A hostile saved text never reaches the terminal raw in the `Removed` line.
  @Test func hostilePreviewIsMadeSafe() async throws {
    let sandbox = try ChuckSandbox()
    try sandbox.writeList(OutputRulesTests.hostileJokes.map(\.object))
    let result = try await sandbox.chuck(["remove", "hostile1", "hostile2"])
    #expect(result.status == 0)
    #expect(result.stdout.lines.count == 2)
    #expect(TerminalOracle.unsafeScalars(in: result.stdout).isEmpty)
  }
}
