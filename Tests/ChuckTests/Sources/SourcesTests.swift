import ChuckTestSupport
import Foundation
import Testing

/// `--source dad|official|switter`: the same commands over the other services' lists.
@Suite struct SourcesTests {
  /// random saves to the source's own file (0600, the chuck list untouched), list shows it with
  /// `saved DATE`, show prints every field, pick prints it, remove takes it away.
  @Test(arguments: ["dad", "official", "switter", "jokeapi"])
  func roundTrip(source: String) async throws {
    let (api, sandbox) = try await startSandbox()
    let file = sandbox.dataDirectory.appendingPathComponent("\(source)-jokes.json")
    let random = try await sandbox.chuck(["random", "--source", source])
    #expect(random.status == 0, "\(random.stderr)")
    #expect(random.stderr.contains("your list holds 1 joke."))
    #expect(try permissions(of: file) == 0o600)
    #expect(!FileManager.default.fileExists(atPath: sandbox.listFile.path))
    let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
    let item = (saved?["items"] as? [[String: Any]])?.first ?? [:]
    let id = (item["id"] as? String) ?? (item["id"] as? Int).map(String.init) ?? "?"
    #expect((item["saved_at"] as? String)?.count == 19)

    let list = try await sandbox.chuck(["list", "--source", source])
    #expect(list.status == 0)
    #expect(list.stdout.contains("  saved 20"))
    #expect(list.stdout.contains(id))
    let show = try await sandbox.chuck(["show", id, "--source", source])
    #expect(show.status == 0, "\(show.stderr)")
    #expect(show.stdout.contains("saved_at"))
    #expect(show.stdout.hasPrefix("  \(id)\n"))
    let pick = try await sandbox.chuck(["pick", "--source", source])
    #expect(pick.status == 0)
    #expect(random.stdout == pick.stdout)
    let json = try await sandbox.chuck(["list", "--json"], ["CHUCK_SOURCE": source])
    #expect(json.stdout.hasPrefix("[\n{"))
    #expect(json.stdout.contains(#""saved_at":"#))

    let remove = try await sandbox.chuck(["remove", id, "--source", source])
    #expect(remove.status == 0, "\(remove.stderr)")
    let empty = try await sandbox.chuck(["list", "--source", source], ["COLUMNS": "120"])
    #expect(empty.stdout.contains("chuck random --source \(source)"))
    #expect(try api.requests().allSatisfy { $0.path.hasPrefix("/\(source)/") })
  }

  /// A joke already saved is refused in red with exit 1 and the file is not rewritten.
  @Test func duplicateIsRefused() async throws {
    let pool = try TemporaryDirectory.make(prefix: "dad-pool").appendingPathComponent("dad.json")
    try Data(
      #"[{"id":"R7UfaahVfFd","joke":"My dog used to chase people on a bike.","status":200}]"#.utf8
    )
    .write(to: pool)
    let (_, sandbox) = try await startSandbox(arguments: ["--dad-pool", pool.path])
    #expect(try await sandbox.chuck(["random", "--source", "dad"]).status == 0)
    let file = sandbox.dataDirectory.appendingPathComponent("dad-jokes.json")
    let bytes = try Data(contentsOf: file)
    let again = try await sandbox.chuck(
      ["random", "--source", "dad"], stdout: .pipe, stderr: .terminal)
    #expect(again.status == 1)
    #expect(again.stderr.contains("\u{1B}[31merror: already in your list: R7UfaahVfFd"))
    #expect(try Data(contentsOf: file) == bytes)
  }

  /// A two-part joke prints its setup and punchline at once when stdin is not a terminal, and
  /// `--json` prints the object; Switter's device id is made once, sent only to Switter.
  @Test func twoPartAndDeviceID() async throws {
    let (api, sandbox) = try await startSandbox()
    let official = try await sandbox.chuck(["random", "--source", "official"])
    #expect(official.stdout == "What did the fish say when it hit the wall?\nDam.\n")
    let json = try await sandbox.chuck(["random", "--source", "official", "--json"])
    #expect(json.stdout.contains(#""punchline":"#) && json.stdout.contains(#""setup":"#))
    _ = try await sandbox.chuck(["random", "--source", "switter"])
    _ = try await sandbox.chuck(["random", "--source", "switter"])
    _ = try await sandbox.chuck(["random", "--source", "dad"])
    let device = try String(
      contentsOf: sandbox.dataDirectory.appendingPathComponent("device-id"), encoding: .utf8)
    let uuid = device.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(UUID(uuidString: uuid) != nil)
    let log = try api.requests()
    let sent = log.filter { $0.path.hasPrefix("/switter/") }.map { $0.headers["x-device-uuid"] }
    #expect(sent == [uuid, uuid])
    #expect(
      log.filter { !$0.path.hasPrefix("/switter/") }.allSatisfy {
        $0.headers["x-device-uuid"] == nil
      })
  }

  /// Unknown sources are usage errors; chuck's own options are refused for other sources.
  @Test func badSources() async throws {
    let (api, sandbox) = try await startSandbox()
    let option = try await sandbox.chuck(["list", "--source", "dads"])
    #expect(option.status == 64)
    let variable = try await sandbox.chuck(["list"], ["CHUCK_SOURCE": "dads"])
    #expect(variable.status == 64)
    #expect(
      variable.stderr
        == "error: CHUCK_SOURCE=\"dads\" is not usable: expected one of chuck, dad, official, "
        + "switter, jokeapi, mine\n"
    )
    let category = try await sandbox.chuck(["random", "--source", "dad", "--category", "dev"])
    #expect(category.status == 64)
    #expect(category.stderr.contains("dad jokes have no categories"))
    let url = try await sandbox.chuck(
      ["random", "--source", "dad"], ["CHUCK_DAD_API_URL": "ftp://x"])
    #expect(url.status == 64)
    #expect(url.stderr.contains("CHUCK_DAD_API_URL"))
    #expect(try api.requests().isEmpty)
  }
}

private func permissions(of url: URL) throws -> Int {
  (try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int) ?? -1
}
