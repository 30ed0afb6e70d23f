import ChuckTestSupport
import Foundation
import Testing

@Suite struct SearchTests {
  // Made-up jokes with chosen dates, served in an order that is not oldest first.
  static let newest = MadeUpJoke(
    1, "Chuck Norris roundhoused the 2021 calendar.", createdAt: "2021-03-04 05:06:07")
  static let oldest = MadeUpJoke(
    2, "A roundhouse kick from Chuck Norris in 2016.", createdAt: "2016-05-01 10:51:41")
  static let other = MadeUpJoke(3, "Nothing to see here.", createdAt: "2017-01-01 00:00:00")
  static let middle = MadeUpJoke(
    4, "ROUNDHOUSE, in capitals, 2020.", createdAt: "2020-01-05 13:42:19.104863")
  static let pool = [newest, oldest, other, middle]

  static func searchRequests(_ api: FakeAPI) throws -> [LoggedRequest] {
    try api.requests().filter { $0.path == "/jokes/search" }
  }

  /// The `query` parameter of a logged request, decoded.
  static func query(of request: LoggedRequest) -> String? {
    var components = URLComponents()
    components.percentEncodedQuery = request.query
    return components.queryItems?.first { $0.name == "query" }?.value
  }

  /// Results are shown like `list`, oldest first: preview, then date and id, with `(saved)` on
  /// the jokes already saved and on no other.
  @Test func resultsAreListedOldestFirstWithSavedMarks() async throws {
    let (api, sandbox) = try await startSandbox(pool: Self.pool)
    try sandbox.writeList([Self.middle.object])
    let result = try await sandbox.chuck(["search", "roundhouse"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    let lines = result.stdout.lines
    try #require(lines.count == 10)
    #expect(lines[0].contains("roundhouse"))
    #expect(
      Array(lines[1...]) == [
        "",
        "  A roundhouse kick from Chuck N...",
        "  2016-05-01  \(Self.oldest.id)",
        "",
        "  ROUNDHOUSE, in capitals, 2020.",
        "  2020-01-05  \(Self.middle.id)  (saved)",
        "",
        "  Chuck Norris roundhoused the 2...",
        "  2021-03-04  \(Self.newest.id)",
      ])
    #expect(lines.filter { $0.contains("(saved)") }.count == 1)
    let requests = try Self.searchRequests(api)
    #expect(requests.count == 1)
    #expect(requests.first.map(Self.query(of:)) == "roundhouse")
  }

  /// `--json` prints the found joke objects, oldest first, as the API sent them.
  @Test func jsonPrintsTheObjectsOldestFirst() async throws {
    let (api, sandbox) = try await startSandbox(pool: Self.pool)
    try sandbox.writeList([Self.middle.object])
    let result = try await sandbox.chuck(["search", "ROUNDHOUSE", "--json"])
    #expect(result.status == 0)
    let printed = try JSON.parse(result.stdout).elements
    #expect(
      printed.map { $0.only(MadeUpJoke.keys) }
        == [Self.oldest, Self.middle, Self.newest].map { $0.served(by: api) })
    #expect(result.stdout.hasSuffix("\n"))
  }

  /// No hit is one friendly line and exit 0; `--json` prints `[]`.
  @Test func zeroHitsIsFriendly() async throws {
    let (_, sandbox) = try await startSandbox(pool: Self.pool)
    let text = try await sandbox.chuck(["search", "zebra"])
    #expect(text.status == 0)
    #expect(text.stderr == "")
    #expect(!text.stdout.isEmpty)
    #expect(!text.stdout.lowercased().contains("error"))
    #expect(text.stdout.lines.count <= 3)
    let json = try await sandbox.chuck(["search", "zebra", "--json"])
    #expect(json.status == 0)
    #expect(try JSON.parse(json.stdout) == .array([]))
  }

  /// Queries outside 3 to 120 UTF-16 code units (an emoji counts 2) exit 64 with the rule, and
  /// nothing is asked of the API.
  @Test(arguments: [
    "", "ab", "é", "😀", String(repeating: "a", count: 121),
    String(repeating: "😀", count: 60) + "a", String(repeating: "👍🏽", count: 31),
  ])
  func badLengthIsRefusedBeforeAnyRequest(query: String) async throws {
    let (api, sandbox) = try await startSandbox(pool: Self.pool)
    let result = try await sandbox.chuck(["search", query])
    #expect(result.status == 64)
    #expect(result.stdout == "")
    #expect(result.stderr.contains("3") && result.stderr.contains("120"))
    #expect(try api.requests().isEmpty)
  }

  /// Queries of 3 and 120 UTF-16 code units are sent, even when they are fewer characters.
  @Test(arguments: [
    "abc", "😀a", String(repeating: "😀", count: 60), String(repeating: "x", count: 120),
  ])
  func boundaryLengthsAreSent(query: String) async throws {
    let (api, sandbox) = try await startSandbox(pool: Self.pool)
    let result = try await sandbox.chuck(["search", query])
    #expect(result.status == 0, "\(result.stderr)")
    let requests = try Self.searchRequests(api)
    #expect(requests.count == 1)
    #expect(requests.first.map(Self.query(of:)) == query)
  }

  /// Characters that mean something in a URL reach the server as part of the query.
  @Test func queryIsEncoded() async throws {
    let (api, sandbox) = try await startSandbox(pool: Self.pool)
    let query = "a+b & c=d#e%f?g/h"
    #expect(try await sandbox.chuck(["search", query]).status == 0)
    #expect(try Self.searchRequests(api).first.map(Self.query(of:)) == query)
  }

  /// Hostile text in results (and in the query) never reaches the terminal raw; JSON escapes it.
  @Test func hostileTextIsMadeSafe() async throws {
    let (_, sandbox) = try await startSandbox(pool: OutputRulesTests.hostileJokes)
    for query in ["Chuck Norris", "Chuck\u{1B}[2J\u{202E}"] {
      let text = try await sandbox.chuck(["search", query])
      #expect(text.status == 0)
      #expect(TerminalOracle.unsafeScalars(in: text.stdout).isEmpty, "\(query.debugDescription)")
      #expect(TerminalOracle.unsafeScalars(in: text.stderr).isEmpty)
    }
    let json = try await sandbox.chuck(["search", "Chuck Norris", "--json"])
    #expect(json.status == 0)
    #expect(TerminalOracle.unsafeScalars(in: json.stdout).isEmpty)
    let values = try JSON.parse(json.stdout).elements.compactMap { $0["value"]?.string }
    #expect(values.count == 2)
    #expect(values.allSatisfy { $0.contains("\u{1B}]52;") })
  }

  /// A failing API is an error with the spec's status: 69 after the retries.
  @Test func failingAPIIsAnError() async throws {
    let (_, sandbox) = try await startSandbox(rules: [
      #"{"path":"/jokes/search","fault":"html_503","times":-1}"#
    ])
    let result = try await sandbox.chuck(["search", "roundhouse"])
    #expect(result.status == 69)
    #expect(result.stdout == "")
    #expect(result.stderr.hasPrefix("error:"))
  }
}
