import ChuckTestSupport
import Foundation
import Testing

/// `mine`, your own jokes: `chuck add`, and every command that reads a list treating them as
/// any other source's; those that ask a service say there is none.
@Suite struct MineTests {
  static let text = "A SQL query walks into a bar, sees two tables and asks: may I join you?"

  /// `add TEXT` and `add -` save into `my-jokes.json` (id from the text, `saved_at` added); the
  /// same text again is a duplicate (1, in red words); an empty or huge one is refused (64).
  @Test func addAndDuplicates() async throws {
    let (api, sandbox) = try await startSandbox()
    let added = try await sandbox.chuck(["add", "  \(Self.text)\n"])
    #expect(added.status == 0, "\(added.stderr)")
    let id = try #require(added.stderr.split(separator: " ").dropFirst().first.map(String.init))
      .trimmingCharacters(in: CharacterSet(charactersIn: ";"))
    #expect(id.count == 22)
    let file = sandbox.dataDirectory.appendingPathComponent("my-jokes.json")
    let saved = try JSON.parse(try Data(contentsOf: file))["items"]?.elements ?? []
    #expect(saved.count == 1)
    #expect(saved.first?["joke"]?.string == Self.text)
    #expect(saved.first?["id"]?.string == id)
    #expect(saved.first?["saved_at"]?.string != nil)
    let again = try await sandbox.chuck(["add", Self.text])
    #expect(again.status == 1)
    #expect(again.stderr.hasPrefix("error: already in your list: \(id)"))
    let piped = try await sandbox.shell("printf 'Two\\nlines\\n' | \"$CHUCK\" add -")
    #expect(piped.status == 0, "\(piped.stderr)")
    #expect(try await sandbox.chuck(["add", "   "]).status == 64)
    let huge = try await sandbox.chuck(["add", String(repeating: "x", count: 10_001)])
    #expect(huge.status == 64)
    #expect(huge.stderr.contains("at most 10000 characters"))
    let list = try await sandbox.chuck(["list", "--source", "mine"])
    #expect(list.stdout.hasPrefix("  My Jokes\n"))
    #expect(list.stdout.contains("Two lines"))
    #expect(try api.requests().isEmpty, "no service was asked")
  }

  /// show, pick, remove and favourites take your jokes; random, search and save say there is no
  /// service (64), asking nothing.
  @Test func readersAndNoService() async throws {
    let (api, sandbox) = try await startSandbox()
    #expect(try await sandbox.chuck(["add", Self.text]).status == 0)
    let source = ["--source", "mine"]
    let pick = try await sandbox.chuck(["pick", "-c"] + source)
    #expect(pick.stdout == "(mine)\n%\n\(Self.text)\n")
    let json = try JSON.parse(try await sandbox.chuck(["list", "--json"] + source).stdout)
    let id = try #require(json.elements.first?["id"]?.string)
    let show = try await sandbox.chuck(["show", String(id.prefix(6))] + source)
    #expect(show.status == 0)
    #expect(show.stdout.contains("  joke        A SQL query walks into a bar"))
    let favourite = try await sandbox.chuck(["favorite", "add", id, "Join"] + source)
    #expect(favourite.status == 0, "\(favourite.stderr)")
    for command in [["random"], ["search", "join"], ["save", id]] {
      let result = try await sandbox.chuck(command + source)
      #expect(result.status == 64, "\(command)")
      #expect(
        result.stderr
          == "error: mine jokes have no service to fetch from: add yours with chuck add TEXT, "
          + "or chuck import\n", "\(command)")
    }
    let removed = try await sandbox.chuck(["remove", id] + source)
    #expect(removed.status == 0)
    #expect(try await sandbox.chuck(["favorite", "list", "--json"]).stdout == "[]\n")
    #expect(try api.requests().isEmpty)
  }
}
