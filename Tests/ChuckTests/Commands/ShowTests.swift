import ChuckCore
import ChuckTestSupport
import Foundation
import Testing

/// `show`'s output read as a user reads it: the title, then one labelled field per line, a
/// wrapped value continuing on more deeply indented lines.
struct ShowOutput {
  var title: String
  var fields: [(label: String, value: String)] = []

  init(_ text: String) {
    let lines = text.lines
    title = lines.first?.trimmingCharacters(in: .whitespaces) ?? ""
    for line in lines.dropFirst() {
      if line.hasPrefix("  "), !line.hasPrefix("   ") {
        let body = line.dropFirst(2)
        let label = body.prefix { $0 != " " }
        let value = body.dropFirst(label.count).trimmingCharacters(in: .whitespaces)
        fields.append((String(label), value))
      } else if let last = fields.indices.last {
        fields[last].value += " " + line.trimmingCharacters(in: .whitespaces)
      }
    }
  }

  var labels: [String] { fields.map(\.label) }

  subscript(label: String) -> String? { fields.first { $0.label == label }?.value }
}

@Suite struct ShowTests {
  static let iconPath = "/img/avatar/chuck-norris.png"

  /// A made-up joke whose icon is the avatar on `api`.
  static func joke(
    _ number: Int, on api: FakeAPI, value: String = "Chuck Norris can show every field at once.",
    categories: [String] = ["dev", "movie"]
  ) -> MadeUpJoke {
    MadeUpJoke(
      number, value, categories: categories, createdAt: "2020-01-05 13:42:19.104863",
      updatedAt: "2021-02-03 04:05:06.7", iconURL: api.baseURL.absoluteString + iconPath)
  }

  /// `show <id>` prints the id, then icon, dates, link, categories and value, in order.
  @Test func fieldsInOrder() async throws {
    let (_, sandbox) = try await startSandbox()
    let joke = Self.joke(1, on: sandbox.api!)
    try sandbox.writeList([joke.object])
    let result = try await sandbox.chuck(["show", joke.id], ["COLUMNS": "80"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    let output = ShowOutput(result.stdout)
    #expect(output.title == joke.id)
    #expect(output.labels == ["icon", "created_at", "updated_at", "link", "categories", "value"])
    #expect(output["created_at"] == "2020-01-05 13:42:19 UTC")
    #expect(output["updated_at"] == "2021-02-03 04:05:06 UTC")
    #expect(output["link"] == "https://api.chucknorris.io/jokes/\(joke.id)")
    #expect(output["categories"]?.contains(/^dev, ?movie$/) == true)
    #expect(output["value"] == joke.value)
  }

  /// A unique prefix of 4 or more characters shows that joke.
  @Test(arguments: [4, 5, 12, 21])
  func uniquePrefix(length: Int) async throws {
    let sandbox = try ChuckSandbox()
    let jokes = [
      MadeUpJoke(id: "abcdefghijklmnopqrstuv", value: "Chuck Norris is the first."),
      MadeUpJoke(id: "abcXefghijklmnopqrstuv", value: "Chuck Norris is the second."),
    ]
    try sandbox.writeList(jokes.map(\.object))
    let result = try await sandbox.chuck(["show", String(jokes[0].id.prefix(length))])
    #expect(result.status == 0)
    #expect(ShowOutput(result.stdout).title == jokes[0].id)
    #expect(ShowOutput(result.stdout)["value"] == jokes[0].value)
  }

  /// A prefix shorter than 4 characters is a usage error (64), and nothing is asked of the API.
  @Test(arguments: ["abc", "a"])
  func shortPrefix(prefix: String) async throws {
    let (api, sandbox) = try await startSandbox()
    try sandbox.writeList([MadeUpJoke(id: "abcdefghijklmnopqrstuv", value: "Chuck.").object])
    let result = try await sandbox.chuck(["show", prefix])
    #expect(result.status == 64)
    #expect(result.stdout == "")
    #expect(result.stderr.lowercased().contains("error"))
    #expect(try api.requests().isEmpty)
  }

  /// An ambiguous prefix is a usage error (64) listing every candidate id.
  @Test func ambiguousPrefix() async throws {
    let sandbox = try ChuckSandbox()
    let jokes = [
      MadeUpJoke(id: "abcdEFGhijklmnopqrstuv", value: "Chuck Norris is the first."),
      MadeUpJoke(id: "abcdXYZhijklmnopqrstuv", value: "Chuck Norris is the second."),
      MadeUpJoke(id: "zzzzXYZhijklmnopqrstuv", value: "Chuck Norris is not a candidate."),
    ]
    try sandbox.writeList(jokes.map(\.object))
    let result = try await sandbox.chuck(["show", "abcd"])
    #expect(result.status == 64)
    #expect(result.stdout == "")
    #expect(result.stderr.hasPrefix("error:"))
    #expect(result.stderr.contains(jokes[0].id))
    #expect(result.stderr.contains(jokes[1].id))
    #expect(!result.stderr.contains(jokes[2].id))
  }

  /// An unsaved well-formed id is fetched from the API, shown with a note, and not saved.
  @Test func unsavedIdIsLookedUp() async throws {
    // A made-up joke only the API knows.
    let remote = MadeUpJoke(7, "Chuck Norris lives on the server.")
    let saved = MadeUpJoke(8, "Chuck Norris lives in the list.")
    let (api, sandbox) = try await startSandbox(pool: [remote, saved])
    try sandbox.writeList([saved.object])
    let before = try #require(sandbox.listBytes)

    let result = try await sandbox.chuck(["show", remote.id])
    #expect(result.status == 0)
    #expect(ShowOutput(result.stdout).title == remote.id)
    #expect(ShowOutput(result.stdout)["value"] == remote.value)
    let note = result.stderr.lowercased()
    #expect(note.contains("not") && (note.contains("saved") || note.contains("list")))
    #expect(
      try api.requests().filter { $0.path.hasPrefix("/jokes/") }.map(\.path) == [
        "/jokes/\(remote.id)"
      ])
    // Every request, the icon's included, sends the spec's two headers.
    let requests = try api.requests()
    #expect(requests.contains { $0.path == Self.iconPath })
    for request in requests {
      #expect(request.headers["accept"] == "application/json", "\(request.path)")
      #expect(request.headers["user-agent"] == "chuck/\(ChuckVersion.current)", "\(request.path)")
    }

    let json = try await sandbox.chuck(["show", remote.id, "--json"])
    #expect(json.status == 0)
    #expect(try JSON.parse(json.stdout).only(MadeUpJoke.keys) == remote.served(by: api))
    #expect(sandbox.listBytes == before)
  }

  /// A well-formed id that neither the list nor the API knows exits 66.
  @Test func unknownIdIsNotFound() async throws {
    let (api, sandbox) = try await startSandbox()
    let id = "NoSuchJokeAnywhere0123"
    let result = try await sandbox.chuck(["show", id])
    #expect(result.status == 66)
    #expect(result.stdout == "")
    #expect(result.stderr.hasPrefix("error:"))
    #expect(result.stderr.contains(id))
    #expect(try api.requests().map(\.path) == ["/jokes/\(id)"])
    #expect(sandbox.listBytes == nil)
  }

  /// An id that is not saved and not of the API's form exits 66 without asking the API.
  @Test(arguments: [
    "zzzz", "nope-not-an-id", "CfW0ccNFTpeq_v1r13IjT.", "CfW0ccNFTpeq_v1r13IjTQX",
    "CfW0ccNFTpeq_v1r13IjT/", "../../../../etc/passwd", "CfW0ccNFTpeq v1r13IjTQ",
  ])
  func malformedIdIsNotFoundOffline(id: String) async throws {
    let (api, sandbox) = try await startSandbox()
    let result = try await sandbox.chuck(["show", id])
    #expect(result.status == 66)
    #expect(result.stdout == "")
    #expect(result.stderr.hasPrefix("error:"))
    #expect(try api.requests().isEmpty)
  }

  struct DateCase: Sendable, CustomTestStringConvertible {
    var createdAt: String
    var expected: String
    var timeZone: String
    var testDescription: String { "\(createdAt) TZ=\(timeZone)" }
  }

  /// Dates are shown in UTC as `yyyy-MM-dd HH:mm:ss`, labelled UTC, whatever the time zone.
  @Test(arguments: [
    DateCase(
      createdAt: "2020-01-05 13:42:19.104863", expected: "2020-01-05 13:42:19 UTC",
      timeZone: "America/Los_Angeles"),
    DateCase(
      createdAt: "2020-01-05 23:30:00", expected: "2020-01-05 23:30:00 UTC",
      timeZone: "Asia/Tokyo"),
    DateCase(
      createdAt: "2020-01-05 00:30:00.5", expected: "2020-01-05 00:30:00 UTC",
      timeZone: "America/Los_Angeles"),
    DateCase(
      createdAt: "2016-05-01 10:51:41", expected: "2016-05-01 10:51:41 UTC",
      timeZone: "Europe/Stockholm"),
    DateCase(
      createdAt: "2020-01-05 23:59:59.9996", expected: "2020-01-05 23:59:59 UTC",
      timeZone: "UTC"),
  ])
  func datesInUTC(_ row: DateCase) async throws {
    let sandbox = try ChuckSandbox()
    let joke = MadeUpJoke(1, "Chuck Norris is always on time.", createdAt: row.createdAt)
    try sandbox.writeList([joke.object])
    let result = try await sandbox.chuck(["show", joke.id], ["TZ": row.timeZone])
    #expect(result.status == 0)
    #expect(ShowOutput(result.stdout)["created_at"] == row.expected)
    #expect(ShowOutput(result.stdout)["updated_at"] == row.expected)
  }

  /// Categories are comma-separated, or `uncategorized` when there are none.
  @Test(arguments: [
    ([], "^uncategorized$"), (["dev"], "^dev$"),
    (["dev", "movie", "food"], "^dev, ?movie, ?food$"),
  ])
  func categories(_ categories: [String], pattern: String) async throws {
    let sandbox = try ChuckSandbox()
    let joke = MadeUpJoke(1, "Chuck Norris is in every category.", categories: categories)
    try sandbox.writeList([joke.object])
    let result = try await sandbox.chuck(["show", joke.id])
    #expect(result.status == 0)
    let shown = try #require(ShowOutput(result.stdout)["categories"])
    #expect(try Regex(pattern).wholeMatch(in: shown) != nil, "\(shown)")
  }
}
