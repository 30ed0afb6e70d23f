import ChuckTestSupport
import Foundation
import Testing

@Suite struct NetworkTests {
  static let joke = MadeUpJoke(1, "Chuck Norris answers every request on the first try.")

  /// A rule applying to every request for a random joke.
  static func always(_ fields: String) -> String {
    #"{"path":"/jokes/random","times":-1,"# + fields + "}"
  }

  /// Asserts that a run failed with `status`, an `error:` line, nothing on stdout and nothing
  /// saved.
  static func expectFailure(
    _ result: ChuckResult, _ status: Int32, _ sandbox: ChuckSandbox,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(result.status == status, "\(result.stderr)", sourceLocation: sourceLocation)
    #expect(result.stdout == "", sourceLocation: sourceLocation)
    #expect(result.stderr.hasPrefix("error:"), sourceLocation: sourceLocation)
    #expect(sandbox.listBytes == nil, sourceLocation: sourceLocation)
  }

  /// 5xx answers (with HTML bodies) are retried: 4 attempts by default, then exit 69.
  @Test(arguments: ["html_500", "html_502", "html_503", "html_504", "cloudflare_520"])
  func serverErrorsAreRetried(fault: String) async throws {
    let (api, sandbox) = try await startSandbox(rules: [Self.always(#""fault":"\#(fault)""#)])
    let result = try await sandbox.chuck(["random"], ["CHUCK_RETRIES": nil])
    Self.expectFailure(result, 69, sandbox)
    #expect(try api.requests().count == 4)
  }

  /// `CHUCK_RETRIES` sets how many times a request is tried again; 0 means one attempt.
  @Test(arguments: [("0", 1), ("1", 2), ("2", 3), ("3", 4)])
  func retriesSetting(retries: String, attempts: Int) async throws {
    let (api, sandbox) = try await startSandbox(rules: [Self.always(#""fault":"html_503""#)])
    let result = try await sandbox.chuck(["random"], ["CHUCK_RETRIES": retries])
    Self.expectFailure(result, 69, sandbox)
    #expect(try api.requests().count == attempts)
  }

  /// Attempts are spaced by `CHUCK_RETRY_DELAY` seconds (fractions allowed).
  @Test func retryDelaySetting() async throws {
    let (api, sandbox) = try await startSandbox(rules: [Self.always(#""fault":"html_502""#)])
    let result = try await sandbox.chuck(["random"], ["CHUCK_RETRY_DELAY": "0.3"])
    Self.expectFailure(result, 69, sandbox)
    let times = try api.requests().map(\.time)
    #expect(times.count == 4)
    for (earlier, later) in zip(times, times.dropFirst()) {
      #expect(later - earlier >= 0.3, "gap \(later - earlier)")
      #expect(later - earlier < 1.5, "gap \(later - earlier)")
    }
  }

  /// By default there are 3 retries 2 s apart: 4 attempts, then exit 69.
  @Test func defaultRetryPolicy() async throws {
    let (api, sandbox) = try await startSandbox(rules: [Self.always(#""fault":"html_503""#)])
    let result = try await sandbox.chuck(
      ["random"], ["CHUCK_RETRIES": nil, "CHUCK_RETRY_DELAY": nil])
    Self.expectFailure(result, 69, sandbox)
    let times = try api.requests().map(\.time)
    #expect(times.count == 4)
    for (earlier, later) in zip(times, times.dropFirst()) {
      #expect(later - earlier >= 2 && later - earlier < 3.5, "gap \(later - earlier)")
    }
    #expect(result.seconds >= 6 && result.seconds < 10, "took \(result.seconds) s")
  }

  /// Two 503s then a joke: the third attempt succeeds and the joke is saved.
  @Test func successAfterTwoFailures() async throws {
    let (api, sandbox) = try await startSandbox(
      rules: [#"{"path":"/jokes/random","fault":"html_503","times":2}"#], pool: [Self.joke])
    let result = try await sandbox.chuck(["random"])
    #expect(result.status == 0)
    #expect(result.stdout == Self.joke.value + "\n")
    #expect(try api.requests().map(\.status) == [503, 503, 200])
    #expect(try sandbox.savedIDs() == [Self.joke.id])
  }

  /// 4xx answers are never retried: 404 → 66, 429 → 69, any other → 76.
  @Test(arguments: [
    (#""status":400,"json":{"status":400,"error":"Bad Request"}"#, Int32(76)),
    (#""status":401,"json":{"status":401,"error":"Unauthorized"}"#, 76),
    (#""status":403,"content_type":"text/html","body":"<h1>Forbidden</h1>""#, 76),
    (#""fault":"json_error_404""#, 66),
    (#""fault":"plain_404""#, 66),
    (#""status":410,"json":{"status":410}"#, 76),
    (#""status":418,"json":{"status":418,"error":"I'm a teapot"}"#, 76),
    (#""fault":"rate_limited""#, 69),
    (#""status":429,"body":"""#, 69),
  ])
  func clientErrorsAreNotRetried(rule: String, status: Int32) async throws {
    let (api, sandbox) = try await startSandbox(rules: [Self.always(rule)])
    let result = try await sandbox.chuck(
      ["random", "--category", "dev"], ["CHUCK_RETRIES": nil])
    Self.expectFailure(result, status, sandbox)
    // Asking for the category list to name the choices is not a retry.
    #expect(try api.requests().filter { $0.path == "/jokes/random" }.count == 1)
  }

  /// The spec maps every 404 to 66, also one for `/jokes/random` without a category.
  @Test(arguments: ["json_error_404", "plain_404"])
  func notFoundWithoutCategory(fault: String) async throws {
    let (api, sandbox) = try await startSandbox(rules: [Self.always(#""fault":"\#(fault)""#)])
    let result = try await sandbox.chuck(["random"], ["CHUCK_RETRIES": nil])
    Self.expectFailure(result, 66, sandbox)
    #expect(try api.requests().count == 1)
  }

  /// A 404 for a joke id is "not found" (66) and not retried.
  @Test func unknownIdIsNotRetried() async throws {
    let (api, sandbox) = try await startSandbox()
    let result = try await sandbox.chuck(
      ["show", "NoSuchJokeAnywhere0123"], ["CHUCK_RETRIES": nil])
    #expect(result.status == 66)
    #expect(try api.requests().count == 1)
  }

  /// A redirect is not followed: exit 76, and its target is never requested.
  @Test(arguments: [301, 302, 303, 307, 308])
  func redirectsAreNotFollowed(status: Int) async throws {
    let api = try await startFake(rules: [])
    let target = api.baseURL.absoluteString + "/jokes/redirect-target"
    try await api.addRules(
      #"{"rules":[{"path":"/jokes/random","times":-1,"status":\#(status),"redirect":"\#(target)"}]}"#
    )
    let sandbox = try ChuckSandbox(api: api)
    let result = try await sandbox.chuck(["random"])
    Self.expectFailure(result, 76, sandbox)
    #expect(try api.requests().map(\.path) == ["/jokes/random"])
  }

  /// A slow answer times out after `CHUCK_TIMEOUT` per attempt, then retries, then exits 69.
  @Test func slowAnswerTimesOut() async throws {
    let (api, sandbox) = try await startSandbox(rules: [Self.always(#""delay":30"#)])
    let result = try await sandbox.chuck(
      ["random"], ["CHUCK_TIMEOUT": "0.5", "CHUCK_RETRIES": "1", "CHUCK_RETRY_DELAY": "0.2"])
    Self.expectFailure(result, 69, sandbox)
    #expect(try api.requests().count == 2)
    // Two attempts of 0.5 s and a pause of 0.2 s; the bound leaves room for a loaded machine.
    #expect(result.seconds >= 1.2 && result.seconds < 8, "took \(result.seconds) s")
  }

  /// The timeout is a deadline, not an idle timer: a trickling answer is cut off.
  @Test(arguments: [
    #""trickle":{"interval":0.1,"chunk":1,"forever":true}"#,
    #""trickle":{"interval":0.2,"chunk":8}"#,
  ])
  func tricklingAnswerIsCutByTheDeadline(rule: String) async throws {
    let (api, sandbox) = try await startSandbox(rules: [Self.always(rule)], pool: [Self.joke])
    let result = try await sandbox.chuck(["random"], ["CHUCK_TIMEOUT": "1", "CHUCK_RETRIES": "0"])
    Self.expectFailure(result, 69, sandbox)
    #expect(try api.requests().count == 1)
    #expect(result.seconds >= 1 && result.seconds < 6, "took \(result.seconds) s")
  }
}
