import ChuckTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The evidence that `chuck` loses nothing under faults, kills and load: each test attacks the
/// built binary and prints its figures (`reliability: …`) into the test log. The heavy tests run
/// one at a time, their blocking loops on threads of their own.
@Suite(.serialized) struct ReliabilityTests {
  /// One network fault, as the fake API injects it.
  struct Fault: Sendable, CustomTestStringConvertible {
    var name: String
    /// The fault rule (JSON), applied to every request of the path under test.
    var rule: String
    var status: Int32
    /// Requests the command makes for it: 4 where the spec retries (3 retries), else 1.
    var attempts: Int
    var testDescription: String { name }
  }

  /// Adding a fault is one line. Retries are 3 (the default) with a short delay.
  static let faults: [Fault] = [
    Fault(name: "refused connection", rule: "", status: 69, attempts: 0),
    Fault(name: "timeout", rule: #""delay":3"#, status: 69, attempts: 4),
    Fault(name: "reset before headers", rule: #""drop":"before_headers""#, status: 69, attempts: 4),
    Fault(name: "reset mid-body", rule: #""drop":"mid_body""#, status: 69, attempts: 4),
    Fault(name: "500 HTML", rule: #""fault":"html_500""#, status: 69, attempts: 4),
    Fault(name: "502 HTML", rule: #""fault":"html_502""#, status: 69, attempts: 4),
    Fault(name: "503 HTML", rule: #""fault":"html_503""#, status: 69, attempts: 4),
    Fault(name: "504 HTML", rule: #""fault":"html_504""#, status: 69, attempts: 4),
    Fault(name: "520 Cloudflare", rule: #""fault":"cloudflare_520""#, status: 69, attempts: 4),
    Fault(name: "429", rule: #""fault":"rate_limited""#, status: 69, attempts: 1),
    Fault(name: "404 JSON", rule: #""fault":"json_error_404""#, status: 66, attempts: 1),
    Fault(name: "404 text", rule: #""fault":"plain_404""#, status: 66, attempts: 1),
    Fault(name: "400 JSON", rule: #""status":400,"json":{"status":400}"#, status: 76, attempts: 1),
    Fault(name: "401 no body", rule: #""status":401,"body":"""#, status: 76, attempts: 1),
    Fault(
      name: "418 text", rule: #""status":418,"body":"teapot","content_type":"text/plain""#,
      status: 76, attempts: 1),
    Fault(
      name: "redirect", rule: #""redirect":"http://127.0.0.1:9/elsewhere""#, status: 76,
      attempts: 1),
    Fault(name: "malformed JSON", rule: #""fault":"malformed""#, status: 76, attempts: 1),
    Fault(name: "wrong shape", rule: #""fault":"wrong_shape""#, status: 76, attempts: 1),
    Fault(name: "missing field", rule: #""fault":"missing_field""#, status: 76, attempts: 1),
    Fault(name: "impossible date", rule: #""fault":"impossible_date""#, status: 76, attempts: 1),
    Fault(name: "empty body", rule: #""fault":"empty""#, status: 76, attempts: 1),
    Fault(name: "oversized body", rule: #""fault":"oversized""#, status: 76, attempts: 1),
    Fault(
      name: "never-ending trickle", rule: #""trickle":{"interval":0.1,"chunk":1,"forever":true}"#,
      status: 69, attempts: 4),
    Fault(
      name: "wrong Content-Type", rule: #""fault":"wrong_content_type""#, status: 76,
      attempts: 1),
    Fault(
      name: "id of another shape", rule: #""joke":{"id":"../../etc/passwd"}"#, status: 76,
      attempts: 1),
  ]

  static let saved = MadeUpJoke(1, "Chuck Norris's list survives anything.")
  /// A joke the fake serves (the first real sample) that is not saved, so `show` asks the API.
  static let unsavedID = "CfW0ccNFTpeq_v1r13IjTQ"

  /// Every fault, through `random` and through `show` of an unsaved id: the spec's exit status,
  /// one `error:` line, retries only where the spec says, and the list byte for byte unchanged.
  @Test(arguments: faults, [["random"], ["show", unsavedID]])
  func faultMatrix(fault: Fault, command: [String]) async throws {
    let path = command[0] == "random" ? "/jokes/random" : "/jokes/\(Self.unsavedID)"
    let rules = fault.rule.isEmpty ? [] : [#"{"path":"\#(path)","times":-1,\#(fault.rule)}"#]
    let (api, sandbox) = try await startSandbox(rules: rules)
    try sandbox.writeList([Self.saved.object])
    let before = try #require(sandbox.listBytes)
    var environment: [String: String?] = ["CHUCK_RETRY_DELAY": "0.05", "CHUCK_TIMEOUT": "0.5"]
    if fault.name == "refused connection" {
      environment["CHUCK_API_URL"] = "http://127.0.0.1:\(try closedPort())"
    }
    let result = try await sandbox.chuck(command, environment)
    #expect(result.status == fault.status, "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    let lines = result.stderr.split(separator: "\n")
    #expect(lines.count == 1 && lines[0].hasPrefix("error: "), "\(result.stderr)")
    let attempts = try api.requests().filter { $0.path == path }.count
    #expect(attempts == fault.attempts)
    #expect(sandbox.listBytes == before)
    #expect(sandbox.dataDirectoryEntries.allSatisfy { !$0.contains(".tmp-") })
  }

  /// SIGKILL at random moments of `chuck random` on a large list: after every kill the list
  /// parses and holds the old jokes, plus at most the new one; no temporary file outlives the
  /// next successful save.
  @Test func killedWhileSaving() async throws {
    let kills = Int(ProcessInfo.processInfo.environment["CHUCK_TEST_KILLS"] ?? "") ?? 200
    let pool = (0..<(kills + 10)).map { MadeUpJoke(500_000 + $0, "Joke number \($0) to save.") }
    let (_, sandbox) = try await startSandbox(pool: pool)
    let listed = 20_000
    try sandbox.writeListText(Self.largeList(count: listed))
    // How long a whole save takes here, to spread the kills over it.
    let timing = try await sandbox.chuck(["random"])
    try #require(timing.status == 0, "\(timing.stderr)")
    let environment: [String: String?] = [:]
    let (saved, tornOrLost) = try await onThread { () throws -> (Int, Int) in
      var expected = try Self.ids(in: sandbox.listFile)
      var generator = SeededGenerator(seed: 2026)
      var saved = 0
      var tornOrLost = 0
      for _ in 0..<kills {
        let process = try sandbox.startDiscardingOutput(["random"], environment: environment)
        let delay = Double.random(in: 0...(timing.seconds * 1.3), using: &generator)
        usleep(useconds_t(delay * 1_000_000))
        kill(process.processIdentifier, SIGKILL)
        process.waitForExit()
        let ids = (try? Self.ids(in: sandbox.listFile)) ?? []
        if ids.count == expected.count + 1, Array(ids.dropLast()) == expected {
          saved += 1
          expected = ids
        } else if ids != expected {
          tornOrLost += 1
          expected = ids
        }
      }
      return (saved, tornOrLost)
    }
    let before = try Self.ids(in: sandbox.listFile)
    let after = try await sandbox.chuck(["random"])
    #expect(after.status == 0, "\(after.stderr)")
    #expect(try Self.ids(in: sandbox.listFile).count == before.count + 1)
    #expect(sandbox.dataDirectoryEntries == ["chuck.lock", "jokes.json"])
    #expect(tornOrLost == 0)
    print(
      "reliability: \(kills) SIGKILLs during saves of a \(listed)-joke list survived; "
        + "\(saved) of them after the rename, \(tornOrLost) torn or lost")
  }

  /// The ids of a list file, read with Foundation's parser (fast enough for thousands of reads).
  static func ids(in file: URL) throws -> [String] {
    let data = try Data(contentsOf: file)
    guard let document = try JSONSerialization.jsonObject(with: data) as? [String: Any],
      document["version"] as? Int == 1, let items = document["items"] as? [[String: Any]]
    else { throw HarnessError.unexpected("not a list file") }
    return items.map { $0["id"] as? String ?? "" }
  }

  /// 50 `chuck random` at once, each given a different joke, with `chuck list` readers running
  /// meanwhile: every writer succeeds, no joke is lost, no reader sees a torn file.
  @Test func concurrentWritersAndReaders() async throws {
    let writers = 50
    let pool = (0..<writers).map { MadeUpJoke(700_000 + $0, "Concurrent joke \($0).") }
    let (_, sandbox) = try await startSandbox(pool: pool)
    try sandbox.writeList((0..<1_000).map { MadeUpJoke(800_000 + $0, "Old joke \($0).").object })
    let environment: [String: String?] = [:]
    let (failedWriters, reads, badReads) = try await onThread { () throws -> (Int, Int, Int) in
      let started = try (0..<writers).map { _ in
        try sandbox.startDiscardingOutput(["random"], environment: environment)
      }
      var reads = 0
      var badReads = 0
      while started.contains(where: \.isRunning) || reads == 0 {
        let read = try sandbox.run(["list", "--json"], environment: environment)
        reads += 1
        let parsed = try? JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [Any]
        if read.status != 0 || parsed == nil || parsed!.count < 1_000 { badReads += 1 }
      }
      let statuses = started.map { $0.waitForExit() }
      return (statuses.filter { $0 != 0 }.count, reads, badReads)
    }
    #expect(failedWriters == 0)
    #expect(badReads == 0)
    let ids = Set(try Self.ids(in: sandbox.listFile))
    #expect(ids.count == 1_000 + writers)
    #expect(pool.allSatisfy { ids.contains($0.id) })
    print(
      "reliability: \(writers) concurrent writers (\(failedWriters) failed), \(reads) reads "
        + "meanwhile (\(badReads) torn), \(1_000 + writers - ids.count) jokes lost")
  }

  /// A write that fails for lack of room (a file-size limit, SIGXFSZ ignored by chuck) exits 74;
  /// the old list is intact and no partial file is left.
  @Test func diskFull() async throws {
    let (_, sandbox) = try await startSandbox()
    try sandbox.writeList((0..<200).map { MadeUpJoke(900_000 + $0, "Filler joke \($0).").object })
    let before = try #require(sandbox.listBytes)
    // The list is about 58 KB: a limit of 16 KiB lets chuck start but not write it.
    let result = try await sandbox.shell(#"ulimit -f 16; exec "$CHUCK" random"#)
    #expect(result.status == 74, "\(result.stderr)")
    #expect(result.stderr.hasPrefix("error: cannot write"))
    #expect(sandbox.listBytes == before)
    #expect(sandbox.dataDirectoryEntries == ["chuck.lock", "jokes.json"])
  }

  /// A list file of `count` made-up jokes, in the documented format.
  static func largeList(count: Int) -> String {
    var text = #"{"items":["#
    text.reserveCapacity(count * 330)
    for number in 0..<count {
      if number > 0 { text += "," }
      let id = MadeUpJoke.id(number)
      let second = String(format: "%02d", number % 60)
      text +=
        #"{"categories":[],"created_at":"2019-03-0\#(number % 9 + 1) 10:11:\#(second).5","#
        + #""icon_url":"https://api.chucknorris.io/img/avatar/chuck-norris.png","id":"\#(id)","#
        + #""updated_at":"2019-03-01 10:11:12","url":"https://api.chucknorris.io/jokes/\#(id)","#
        + #""value":"Chuck Norris can count to infinity. Twice. This is joke \#(number)."}"#
    }
    return text + #"],"version":1}"#
  }
}
