import ChuckTestSupport
import Foundation
import Testing

@Suite struct CategoriesTests {
  /// The fake's categories (`samples/categories-live.json`), sorted.
  static let names: [String] = {
    let file = FakeAPI.fixtures.appendingPathComponent("samples/categories-live.json")
    let data = (try? Data(contentsOf: file)) ?? Data("[]".utf8)
    return ((try? JSONDecoder().decode([String].self, from: data)) ?? []).sorted()
  }()

  static func categoryRequests(_ api: FakeAPI) throws -> Int {
    try api.requests().filter { $0.path == "/jokes/categories" }.count
  }

  /// Dates every file of the sandbox's cache directory `seconds` in the past.
  static func ageCache(_ sandbox: ChuckSandbox, by seconds: Double) throws {
    let directory = sandbox.cacheDirectory.path
    let date = Date().addingTimeInterval(-seconds)
    for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
      try FileManager.default.setAttributes(
        [.modificationDate: date], ofItemAtPath: directory + "/" + name)
    }
  }

  /// `categories` prints the API's names sorted, one per line, and caches them privately (0600
  /// files in a 0700 cache directory).
  @Test func printsTheAPIListAndCachesIt() async throws {
    let (api, sandbox) = try await startSandbox()
    #expect(Self.names.count == 16)
    let result = try await sandbox.chuck(["categories"])
    #expect(result.status == 0)
    #expect(result.stdout == Self.names.map { $0 + "\n" }.joined())
    #expect(result.stderr == "")
    #expect(try Self.categoryRequests(api) == 1)
    let files = try FileManager.default.contentsOfDirectory(atPath: sandbox.cacheDirectory.path)
    #expect(!files.isEmpty)
    #expect(try FileIdentity(path: sandbox.cacheDirectory.path).permissions == 0o700)
    for name in files {
      let identity = try FileIdentity(path: sandbox.cacheDirectory.path + "/" + name)
      #expect(identity.permissions == 0o600, "\(name)")
    }
  }

  /// A second run within the day is served from the cache: no request, the same output.
  @Test func secondRunMakesNoRequest() async throws {
    let (api, sandbox) = try await startSandbox()
    let first = try await sandbox.chuck(["categories"])
    try Self.ageCache(sandbox, by: 23 * 3600)
    let second = try await sandbox.chuck(["categories"])
    #expect(second.status == 0)
    #expect(second.stdout == first.stdout)
    #expect(second.stderr == "")
    #expect(try Self.categoryRequests(api) == 1)
    #expect(try api.requests().count == 1)
  }

  /// A cache more than a day old is fetched again, without any note.
  @Test func cacheOlderThanADayIsRefreshed() async throws {
    let (api, sandbox) = try await startSandbox()
    #expect(try await sandbox.chuck(["categories"]).status == 0)
    try Self.ageCache(sandbox, by: 25 * 3600)
    let again = try await sandbox.chuck(["categories"])
    #expect(again.status == 0)
    #expect(again.stdout == Self.names.map { $0 + "\n" }.joined())
    #expect(again.stderr == "")
    #expect(try Self.categoryRequests(api) == 2)
  }

  /// `--json` prints a JSON array of the names.
  @Test func jsonIsAnArrayOfNames() async throws {
    let (_, sandbox) = try await startSandbox()
    for _ in 0..<2 {  // from the API, then from the cache
      let result = try await sandbox.chuck(["categories", "--json"])
      #expect(result.status == 0)
      #expect(try JSON.parse(result.stdout) == .array(Self.names.map { .string($0) }))
      #expect(result.stdout.hasSuffix("\n"))
    }
  }

  /// Where the stopped fake was, another test's fake may listen a moment later (its port is free
  /// again): the API is gone for good at the discard port, where nothing listens here.
  static let gone: [String: String?] = ["CHUCK_API_URL": "http://127.0.0.1:9"]

  /// With an old cache and the API gone, the cached names are printed, and a `note:` line on
  /// stderr says they may be stale; the exit status is 0.
  @Test func apiDownServesTheStaleCacheWithANote() async throws {
    let (api, sandbox) = try await startSandbox()
    #expect(try await sandbox.chuck(["categories"]).status == 0)
    try Self.ageCache(sandbox, by: 3 * 86_400)
    try await onThread { api.stop() }
    for arguments in [["categories"], ["categories", "--json"]] {
      let result = try await sandbox.chuck(arguments, Self.gone)
      #expect(result.status == 0)
      if arguments.count == 1 {
        #expect(result.stdout == Self.names.map { $0 + "\n" }.joined())
      } else {
        #expect(try JSON.parse(result.stdout) == .array(Self.names.map { .string($0) }))
      }
      #expect(result.stderr.hasPrefix("note:"), "\(result.stderr)")
      #expect(result.stderr.lowercased().contains("stale"))
      #expect(result.stderr.lines.count == 1)
    }
  }

  /// With an old cache and the API answering 503, the cache is served with the note, after the
  /// usual retries.
  @Test func apiFailingServesTheStaleCacheWithANote() async throws {
    let (api, sandbox) = try await startSandbox()
    #expect(try await sandbox.chuck(["categories"]).status == 0)
    try Self.ageCache(sandbox, by: 2 * 86_400)
    try await api.addRules(
      #"{"rules":[{"path":"/jokes/categories","fault":"html_503","times":-1}]}"#)
    let result = try await sandbox.chuck(["categories"])
    #expect(result.status == 0)
    #expect(result.stdout == Self.names.map { $0 + "\n" }.joined())
    #expect(result.stderr.hasPrefix("note:"))
    #expect(result.stderr.lowercased().contains("stale"))
    #expect(result.stderr.contains("503"))
    #expect(try Self.categoryRequests(api) == 1 + 4)
  }

  /// Without a cache and without the API: an `error:` line, exit 69, nothing on stdout.
  @Test func apiDownWithoutCacheFails() async throws {
    let (api, sandbox) = try await startSandbox()
    try await onThread { api.stop() }
    let result = try await sandbox.chuck(["categories"], Self.gone)
    #expect(result.status == 69)
    #expect(result.stdout == "")
    #expect(result.stderr.hasPrefix("error:"))
  }

  /// A corrupt saved list does not matter to `categories`, which does not read it.
  @Test func corruptListIsIrrelevant() async throws {
    let (_, sandbox) = try await startSandbox()
    try sandbox.writeListText("{ not json")
    let result = try await sandbox.chuck(["categories"])
    #expect(result.status == 0)
    #expect(result.stdout == Self.names.map { $0 + "\n" }.joined())
  }

  /// Hostile category names from the server are made safe on a terminal, escaped in JSON.
  @Test func hostileNamesAreMadeSafe() async throws {
    let hostile = ["dev", "evil\u{1B}[31mred", "two\nlines", "\u{202E}ved", "bell\u{07}"]
    let body = JSON.array(hostile.map { .string($0) }).text
    let (_, sandbox) = try await startSandbox(rules: [
      #"{"path":"/jokes/categories","times":-1,"json":"# + body + "}"
    ])
    let text = try await sandbox.chuck(["categories"])
    #expect(text.status == 0)
    #expect(TerminalOracle.unsafeScalars(in: text.stdout).isEmpty)
    #expect(text.stdout.lines.count == hostile.count)
    let json = try await sandbox.chuck(["categories", "--json"])
    #expect(json.status == 0)
    #expect(TerminalOracle.unsafeScalars(in: json.stdout).isEmpty)
    #expect(try JSON.parse(json.stdout).elements.compactMap(\.string) == hostile.sorted())
  }
}
