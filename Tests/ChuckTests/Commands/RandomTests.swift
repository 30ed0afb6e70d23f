import ChuckTestSupport
import Foundation
import Testing

@Suite struct RandomTests {
  // Made-up jokes: the real data has no multi-line text and no chosen categories.
  static let first = MadeUpJoke(
    1, "Chuck Norris counted to infinity.\nTwice.", categories: ["dev"],
    createdAt: "2020-01-05 13:42:24.4")
  static let second = MadeUpJoke(
    2, "Chuck Norris's \"hello world\" prints &#8734; lines.", categories: ["food"])

  /// A new joke is printed whole on stdout and one stderr line says it was saved and the new count.
  @Test func newJokeIsPrintedAndCounted() async throws {
    let (_, sandbox) = try await startSandbox(pool: [Self.first, Self.second])
    let first = try await sandbox.chuck(["random"])
    #expect(first.status == 0)
    #expect(first.stdout == Self.first.value + "\n")
    #expect(first.stderr.lines.count == 1)
    #expect(first.stderr.hasSuffix("\n"))
    #expect(first.stderr.lowercased().contains("saved"))
    #expect(first.stderr.replacingOccurrences(of: Self.first.id, with: "").contains(/\b1\b/))

    let second = try await sandbox.chuck(["random"])
    #expect(second.status == 0)
    #expect(second.stdout == Self.second.value + "\n")
    #expect(second.stderr.lines.count == 1)
    #expect(second.stderr.replacingOccurrences(of: Self.second.id, with: "").contains(/\b2\b/))
    #expect(try sandbox.savedIDs() == [Self.first.id, Self.second.id])
  }

  /// `--json` prints the joke object with all seven fields exactly as the API sent them.
  @Test func jsonPrintsTheServedObject() async throws {
    let (api, sandbox) = try await startSandbox(pool: [Self.first])
    let result = try await sandbox.chuck(["random", "--json"])
    #expect(result.status == 0)
    let printed = try JSON.parse(result.stdout)
    #expect(printed.only(MadeUpJoke.keys) == Self.first.served(by: api))
    #expect(result.stdout.hasSuffix("\n"))
    #expect(result.stderr.lines.count == 1)
  }

  /// A duplicate exits 1 with an `error:` naming it, and the list file is not rewritten.
  @Test func duplicateIsRefusedAndTheListIsNotRewritten() async throws {
    let (_, sandbox) = try await startSandbox(pool: [Self.first])
    #expect(try await sandbox.chuck(["random"]).status == 0)
    let bytes = try #require(sandbox.listBytes)
    let identity = try FileIdentity(path: sandbox.listFile.path)
    let entries = sandbox.dataDirectoryEntries
    try await Task.sleep(nanoseconds: 20_000_000)  // so that a rewrite would show in the mtime

    for arguments in [["random"], ["random", "--json"]] {
      let duplicate = try await sandbox.chuck(arguments)
      #expect(duplicate.status == 1)
      #expect(duplicate.stdout == "")
      #expect(duplicate.stderr.hasPrefix("error:"))
      #expect(duplicate.stderr.lines.count == 1)
      #expect(duplicate.stderr.contains(Self.first.id))
      #expect(!duplicate.stderr.contains("\u{1B}"))
    }
    #expect(sandbox.listBytes == bytes)
    #expect(try FileIdentity(path: sandbox.listFile.path) == identity)
    #expect(sandbox.dataDirectoryEntries == entries)
  }

  /// The duplicate error is red (SGR 31) when colour is on, and still says `error:`.
  @Test func duplicateErrorIsRedWithColourOn() async throws {
    let (_, sandbox) = try await startSandbox(pool: [Self.first])
    #expect(try await sandbox.chuck(["random"]).status == 0)
    let red = try await sandbox.chuck(["random", "--color", "always"])
    #expect(red.status == 1)
    #expect(red.stderr.contains("\u{1B}[31m"))
    #expect(red.stderr.withoutSGR.hasPrefix("error:"))
    #expect(red.stderr.contains(Self.first.id))
  }

  /// `--category dev` asks the API for `category=dev` and saves the joke it gets.
  @Test func categoryIsSentToTheAPI() async throws {
    let (api, sandbox) = try await startSandbox(pool: [Self.second, Self.first])
    let result = try await sandbox.chuck(["random", "--category", "dev"])
    #expect(result.status == 0)
    #expect(result.stdout == Self.first.value + "\n")
    let requests = try api.requests()
    #expect(requests.map(\.path) == ["/jokes/random"])
    #expect(requests.map(\.query) == ["category=dev"])
    #expect(try sandbox.savedIDs() == [Self.first.id])
  }

  /// An unknown (or empty) category exits 66 with an `error:` naming it, and saves nothing.
  @Test(arguments: ["nosuchthing", ""])
  func unknownCategoryIsNotFound(category: String) async throws {
    let (api, sandbox) = try await startSandbox(pool: [Self.first])
    let result = try await sandbox.chuck(["random", "--category", category])
    #expect(result.status == 66)
    #expect(result.stdout == "")
    #expect(result.stderr.hasPrefix("error:"))
    #expect(result.stderr.contains("'\(category)'") || result.stderr.contains("\"\(category)\""))
    let random = try api.requests().filter { $0.path == "/jokes/random" }
    #expect(random.map(\.query) == ["category=\(category)"])
    #expect(sandbox.listBytes == nil)
  }

  /// Every request sends `Accept: application/json` and `User-Agent: chuck/<version>`.
  @Test func everyRequestIdentifiesItself() async throws {
    let unsaved = MadeUpJoke(3, "Chuck Norris is looked up, never down.")
    let (api, sandbox) = try await startSandbox(
      rules: [#"{"path":"/jokes/random","fault":"html_503","times":1}"#],
      pool: [Self.first, Self.second, unsaved])
    let version = try await sandbox.chuck(["--version"]).stdout
      .trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(!version.isEmpty)
    #expect(try await sandbox.chuck(["random"]).status == 0)
    #expect(try await sandbox.chuck(["random", "--category", "food"]).status == 0)
    #expect(try await sandbox.chuck(["show", unsaved.id]).status == 0)
    let requests = try api.requests()
    #expect(requests.map(\.path).filter { $0.hasPrefix("/jokes/") }.count == 4)
    #expect(requests.contains { $0.path == "/img/avatar/chuck-norris.png" })
    for request in requests {
      #expect(request.headers["user-agent"] == "chuck/\(version)", "\(request.path)")
      if request.path.hasPrefix("/jokes/") {
        #expect(request.headers["accept"] == "application/json", "\(request.path)")
      }
    }
  }
}
