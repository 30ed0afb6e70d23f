import ChuckTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

extension OutputRulesTests {
  /// Hostile server text never reaches a terminal raw; JSON escapes it; the file keeps it.
  @Test(arguments: HostileSource.allCases)
  func hostileTextIsMadeSafe(source: HostileSource) async throws {
    let (api, sandbox) =
      source == .fakeFault
      ? try await startSandbox(rules: [#"{"path":"/jokes/random","fault":"hostile","times":-1}"#])
      : try await startSandbox(pool: Self.hostileJokes)

    let text = try await sandbox.chuck(["random"])
    #expect(text.status == 0)
    Self.expectSafe(text.stdout, "random stdout")
    Self.expectSafe(text.stderr, "random stderr")

    let json = try await sandbox.chuck(["random", "--json"])
    #expect(json.status == 0)
    #expect(!json.stdout.dropLast().unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    #expect(json.stdout.contains("\\u001b") || json.stdout.contains("\\u001B"))
    let printed = try JSON.parse(json.stdout)
    let saved = try sandbox.savedItems()
    #expect(saved.count == 2)
    #expect(saved.last?["value"] == printed["value"])
    #expect(printed["value"]?.string?.contains("\u{1B}]") == true)
    if source == .madeUp {
      #expect(printed.only(MadeUpJoke.keys) == Self.hostileJokes[1].served(by: api))
      #expect(saved.first?.only(MadeUpJoke.keys) == Self.hostileJokes[0].served(by: api))
    }

    for arguments in [["list"], ["list", "--color", "always"]] {
      let list = try await sandbox.chuck(arguments)
      #expect(list.status == 0)
      Self.expectSafe(Self.withoutOwnColours(list.stdout), "\(arguments) stdout")
      Self.expectSafe(list.stderr, "\(arguments) stderr")
    }
    for id in try sandbox.savedIDs() {
      for environment in [["COLUMNS": "80"], ["COLUMNS": "20"]] {
        let show = try await sandbox.chuck(["show", id, "--color", "always"], environment)
        #expect(show.status == 0)
        Self.expectSafe(Self.withoutOwnColours(show.stdout), "show stdout \(environment)")
        Self.expectSafe(show.stderr, "show stderr")
      }
    }
    let listJSON = try JSON.parse(try await sandbox.chuck(["list", "--json"]).stdout)
    #expect(
      Set(listJSON.elements.compactMap { $0["value"]?.string })
        == Set(saved.compactMap { $0["value"]?.string }))

    if source == .madeUp {
      let duplicate = try await sandbox.chuck(["random"])
      #expect(duplicate.status == 1)
      Self.expectSafe(duplicate.stderr, "duplicate error")
    }
  }

  /// `--json` escapes every control, DEL, C1 and bidi character, yet parses to the raw value.
  @Test(arguments: [["random", "--json"], ["list", "--json"], ["show", "--json"]])
  func jsonEscapesEveryUnsafeCharacter(arguments: [String]) async throws {
    let joke = Self.hostileJokes[0]
    let (api, sandbox) = try await startSandbox(pool: [joke])
    if arguments[0] != "random" { #expect(try await sandbox.chuck(["random"]).status == 0) }
    let result = try await sandbox.chuck(arguments + (arguments[0] == "show" ? [joke.id] : []))
    #expect(result.status == 0)
    let unsafe = TerminalOracle.unsafeScalars(in: result.stdout)
    #expect(unsafe.isEmpty, "raw: \(unsafe.map { String($0.value, radix: 16) })")
    let printed = try JSON.parse(result.stdout)
    #expect((printed.elements.first ?? printed).only(MadeUpJoke.keys) == joke.served(by: api))
  }

  /// Removes the SGR codes chuck itself writes when colour is on (reset, bold, dim, red, green).
  static func withoutOwnColours(_ text: String) -> String {
    var text = text
    for code in ["0", "1", "2", "31", "32"] {
      text = text.replacingOccurrences(of: "\u{1B}[\(code)m", with: "")
    }
    return text
  }

  /// Hostile server text quoted in an error (a redirect's target, category names) is made safe.
  @Test(arguments: [
    (
      #"{"path":"/jokes/random","status":302,"headers":{"Location":"http://127.0.0.1:9/\u001b]52;c;aGk=\u0007x"},"body":""}"#,
      ["random"], Int32(76), "127.0.0.1:9"
    ),
    (
      #"{"path":"/jokes/categories","times":-1,"json":["dev\u001b[2J","\u202eved","x\u009b31m","y\ru"]}"#,
      ["random", "--category", "nope"], 66, "ved"
    ),
  ])
  func hostileTextInErrorsIsMadeSafe(
    rule: String, arguments: [String], status: Int32, quoted: String
  ) async throws {
    let (_, sandbox) = try await startSandbox(rules: [rule])
    let result = try await sandbox.chuck(arguments)
    #expect(result.status == status)
    #expect(result.stderr.hasPrefix("error:"))
    #expect(result.stderr.contains(quoted))
    Self.expectSafe(result.stderr, "stderr")
  }

  /// A spinner runs on stderr during a slow request when stderr is a terminal.
  @Test func spinnerOnTerminal() async throws {
    let (_, sandbox) = try await startSandbox(
      rules: [#"{"path":"/jokes/random","delay":1}"#], pool: [Self.joke])
    let result = try await sandbox.chuck(["random"], stdout: .pipe, stderr: .terminal)
    #expect(result.status == 0)
    #expect(result.stdout == Self.joke.value + "\n")
    #expect(result.stderr.unicodeScalars.contains { (0x2800...0x28FF).contains($0.value) })
    #expect(result.stderr.contains("\r"))
    // Once the request is done the spinner's line is cleared and the message written.
    let last = result.stderr.components(separatedBy: "\u{1B}[K").last ?? ""
    #expect(last.contains(Self.joke.id))
    #expect(!last.unicodeScalars.contains { (0x2800...0x28FF).contains($0.value) })
  }

  /// No spinner when stderr is a pipe: one plain line, no carriage returns or escapes.
  @Test func noSpinnerInPipe() async throws {
    let (_, sandbox) = try await startSandbox(
      rules: [#"{"path":"/jokes/random","delay":1}"#], pool: [Self.joke])
    let result = try await sandbox.chuck(["random"], stdout: .terminal, stderr: .pipe)
    #expect(result.status == 0)
    #expect(result.stderr.lines.count == 1)
    #expect(!result.stderr.contains("\r"))
    #expect(!result.stderr.contains("\u{1B}"))
    #expect(!result.stderr.unicodeScalars.contains { (0x2800...0x28FF).contains($0.value) })
  }

  /// `chuck list | head -1` on a long list ends quietly: status 0 and nothing on stderr.
  @Test(arguments: [["list"], ["list", "--json"]])
  func closedPipeEndsQuietly(arguments: [String]) async throws {
    let sandbox = try ChuckSandbox()
    try sandbox.writeList(
      (1...5000).map {
        MadeUpJoke($0, "Chuck Norris joke number \($0) is as good as the others.").object
      })
    let errors = sandbox.root.appendingPathComponent("stderr.txt")
    let result = try await sandbox.shell(
      #""$CHUCK" "$@" 2>"$ERRORS" | head -n 1; echo "status=${PIPESTATUS[0]}""#
        .replacingOccurrences(of: "\"$@\"", with: arguments.joined(separator: " ")),
      ["ERRORS": errors.path])
    #expect(result.stdout.lines.count == 2, "\(result.stdout)")
    #expect(result.stdout.lines.last == "status=0")
    #expect(try String(contentsOf: errors, encoding: .utf8) == "")
  }

  enum InterruptCase: String, Sendable, CaseIterable {
    case slowRandom, retryDelay, slowShow, lockWait
  }

  /// Ctrl-C during a fetch, a retry pause or a lock wait ends at once with 130, list untouched.
  @Test(arguments: InterruptCase.allCases)
  func interruptEndsAtOnce(_ row: InterruptCase) async throws {
    let remote = MadeUpJoke(9, "Chuck Norris cannot be interrupted, but chuck can.")
    let rules: [String]
    var environment: [String: String?] = [:]
    switch row {
    case .slowRandom:
      rules = [#"{"path":"/jokes/random","delay":3600}"#]
    case .retryDelay:
      rules = [#"{"path":"/jokes/random","fault":"html_503","times":-1}"#]
      environment["CHUCK_RETRY_DELAY"] = "10"
    case .slowShow:
      rules = [#"{"path":"/jokes/\#(remote.id)","delay":3600}"#]
    case .lockWait:
      rules = []
    }
    let (api, sandbox) = try await startSandbox(rules: rules, pool: [remote])
    try sandbox.writeList([Self.joke.object])
    let holder =
      row == .lockWait
      ? try LockHolder(path: sandbox.dataDirectory.path + "/chuck.lock", seconds: 3600) : nil
    defer { _ = holder }
    let before = try #require(sandbox.listBytes)
    let identity = try FileIdentity(path: sandbox.listFile.path)
    let arguments = row == .slowShow ? ["show", remote.id] : ["random"]

    let (process, out, _) = try sandbox.launch(arguments, environment)
    defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
    #expect(try await waitUntil(seconds: 60) { try !api.requests().isEmpty })
    try await Task.sleep(nanoseconds: 200_000_000)
    #expect(process.isRunning)
    let sent = Date()
    kill(process.processIdentifier, SIGINT)
    // 130 either way: chuck's own exit(130), or death by SIGINT (128 + 2).
    let status = await process.exit(killingAfter: 60)
    let elapsed = Date().timeIntervalSince(sent)
    #expect(elapsed < 60, "took \(elapsed) s")
    #expect(status == 130, "\(status)")
    #expect(out.fileHandleForReading.readAllRetryingInterrupts(timeout: 5).isEmpty)
    #expect(sandbox.listBytes == before)
    #expect(try FileIdentity(path: sandbox.listFile.path) == identity)
    #expect(
      sandbox.dataDirectoryEntries.allSatisfy { $0 == "jokes.json" || $0 == "chuck.lock" })
  }
}
