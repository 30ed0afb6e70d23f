import ChuckTestSupport
import Foundation
import Testing

extension NetworkTests {
  /// By default an attempt may take 10 s (the server here would take an hour).
  @Test func defaultTimeout() async throws {
    let (_, sandbox) = try await startSandbox(rules: [Self.always(#""delay":3600"#)])
    let result = try await sandbox.chuck(
      ["random"], ["CHUCK_TIMEOUT": nil, "CHUCK_RETRIES": "0"], timeout: 120)
    Self.expectFailure(result, 69, sandbox)
    #expect(result.seconds >= 9.8 && result.seconds < 60, "took \(result.seconds) s")
  }

  /// Waiting for a slow answer costs no CPU: `chuck random` against a server that answers after
  /// 2 s uses far less than the 1.7 s that a polling transport burned (a generous bound; the
  /// figure itself is in the benchmark).
  @Test func waitingUsesNoCPU() async throws {
    let (_, sandbox) = try await startSandbox(
      rules: [#"{"path":"/jokes/random","delay":2}"#], pool: [Self.joke])
    let result = try await sandbox.shell(
      #"python3 -c 'import resource, subprocess, sys; "#
        + #"status = subprocess.run([sys.argv[1], "random"], capture_output=True).returncode; "#
        + #"r = resource.getrusage(resource.RUSAGE_CHILDREN); "#
        + #"print(status, r.ru_utime + r.ru_stime)' "$CHUCK""#)
    let fields = result.stdout.split(separator: " ")
    #expect(fields.first == "0", "\(result.stdout) \(result.stderr)")
    let cpu = try #require(
      Double(fields.last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""))
    #expect(cpu < 0.5, "chuck used \(cpu) s of CPU while waiting 2 s")
  }

  /// A timed-out attempt is retried, and a quick second answer is saved.
  @Test func timeoutThenSuccess() async throws {
    let (api, sandbox) = try await startSandbox(
      rules: [#"{"path":"/jokes/random","delay":3}"#], pool: [Self.joke])
    let result = try await sandbox.chuck(["random"], ["CHUCK_TIMEOUT": "0.5"])
    #expect(result.status == 0)
    #expect(try api.requests().count == 2)
    #expect(try sandbox.savedIDs() == [Self.joke.id])
  }

  /// A refused connection is retried and then exits 69.
  @Test func connectionRefused() async throws {
    let sandbox = try ChuckSandbox()
    let result = try await sandbox.chuck(
      ["random"],
      ["CHUCK_API_URL": "http://127.0.0.1:\(try closedPort())", "CHUCK_RETRY_DELAY": "0.2"])
    Self.expectFailure(result, 69, sandbox)
    #expect(result.seconds >= 0.6 && result.seconds < 5, "took \(result.seconds) s")
  }

  /// A connection dropped before or during the answer is retried like any connection failure.
  @Test(arguments: ["before_headers", "mid_body"])
  func droppedConnectionIsRetried(drop: String) async throws {
    let (api, sandbox) = try await startSandbox(rules: [Self.always(#""drop":"\#(drop)""#)])
    let result = try await sandbox.chuck(["random"])
    Self.expectFailure(result, 69, sandbox)
    #expect(try api.requests().count == 4)
  }

  /// A connection dropped once is retried and the joke then saved.
  @Test func droppedOnceThenSuccess() async throws {
    let (api, sandbox) = try await startSandbox(
      rules: [#"{"path":"/jokes/random","drop":"before_headers"}"#], pool: [Self.joke])
    let result = try await sandbox.chuck(["random"])
    #expect(result.status == 0)
    #expect(try api.requests().count == 2)
    #expect(try sandbox.savedIDs() == [Self.joke.id])
  }

  /// An answer of exactly 1 MiB is accepted; one byte more exits 76.
  @Test(arguments: [(0, Int32(0)), (1, 76)])
  func sizeLimitIsOneMebibyte(extra: Int, status: Int32) async throws {
    let api = try await startFake()
    var joke = Self.joke
    joke.value = ""
    let fixed = joke.served(by: api).text.utf8.count
    // ASCII letters need no JSON escaping: the body is exactly this long.
    joke.value = String(repeating: "a", count: (1 << 20) - fixed + extra)
    try await api.setPool([joke.json])
    let sandbox = try ChuckSandbox(api: api)
    let result = try await sandbox.chuck(["random", "--json"])
    #expect(result.status == status, "\(result.stderr)")
    #expect(try api.requests().count == 1)
    if status == 0 {
      #expect(try JSON.parse(result.stdout)["value"]?.string?.utf8.count == joke.value.utf8.count)
    } else {
      #expect(sandbox.listBytes == nil)
    }
  }

  /// An answer that is not the joke JSON the API promises exits 76 at once and saves nothing.
  @Test(arguments: [
    #""fault":"malformed""#,
    #""fault":"wrong_shape""#,
    #""fault":"missing_field""#,
    #""omit":["id"]"#,
    #""omit":["created_at"]"#,
    #""fault":"impossible_date""#,
    #""joke":{"created_at":"2020-01-05T13:42:19Z"}"#,
    #""joke":{"updated_at":"yesterday"}"#,
    #""joke":{"categories":"dev"}"#,
    #""joke":{"value":null}"#,
    #""joke":{"id":"../../etc/passwd"}"#,
    #""joke":{"id":""}"#,
    #""fault":"empty""#,
    #""json":{"status":404,"error":"Not Found"}"#,
    #""fault":"wrong_content_type""#,
    #""content_type":"text/plain;charset=UTF-8""#,
    #""fault":"oversized""#,
    #""fault":"oversized","trickle":{"interval":0,"chunk":65536}"#,
  ])
  func badResponseIsRefused(rule: String) async throws {
    let (api, sandbox) = try await startSandbox(rules: [Self.always(rule)])
    let result = try await sandbox.chuck(["random"], ["CHUCK_RETRIES": nil])
    Self.expectFailure(result, 76, sandbox)
    #expect(try api.requests().count == 1)
  }

  /// A bad answer to `show`'s lookup exits 76 too.
  @Test func badLookupIsRefused() async throws {
    let id = "CfW0ccNFTpeq_v1r13IjTQ"
    let (_, sandbox) = try await startSandbox(rules: [
      #"{"path":"/jokes/\#(id)","fault":"malformed"}"#
    ])
    let result = try await sandbox.chuck(["show", id])
    Self.expectFailure(result, 76, sandbox)
  }

  /// Legitimate answers are accepted: a charset, an extra field, 0 to 6 fraction digits.
  @Test(arguments: [
    #""content_type":"application/json;charset=UTF-8""#,
    #""content_type":"application/json; charset=utf-8""#,
    #""fault":"extra_field""#,
    #""joke":{"created_at":"2020-01-05 13:42:19","updated_at":"2020-01-05 13:42:19.1"}"#,
    #""joke":{"created_at":"2020-01-05 13:42:19.123456"}"#,
    #""joke":{"categories":["dev","movie","food"]}"#,
  ])
  func acceptableResponse(rule: String) async throws {
    let (_, sandbox) = try await startSandbox(rules: [Self.always(rule)], pool: [Self.joke])
    let result = try await sandbox.chuck(["random"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try sandbox.savedIDs() == [Self.joke.id])
  }

  /// Without `CHUCK_API_URL` requests go to https://api.chucknorris.io (seen by a proxy).
  @Test func defaultAPI() async throws {
    let sandbox = try ChuckSandbox()
    let proxy = try SentinelProxy()
    var environment = proxy.environment
    environment["CHUCK_API_URL"] = .some(nil)
    environment["CHUCK_RETRIES"] = "0"
    let result = try await sandbox.chuck(["random"], environment)
    Self.expectFailure(result, 69, sandbox)
    #expect(
      proxy.requests.contains { $0.hasPrefix("CONNECT api.chucknorris.io:443 ") },
      "\(proxy.requests)")
  }

  /// `CHUCK_API_URL` may end with a slash: requests still go to `/jokes/random`.
  @Test func baseURLWithTrailingSlash() async throws {
    let (api, sandbox) = try await startSandbox(pool: [Self.joke])
    let result = try await sandbox.chuck(
      ["random"], ["CHUCK_API_URL": api.baseURL.absoluteString + "/"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try api.requests().map(\.path) == ["/jokes/random"])
  }

  /// An unusable environment variable is a usage error (64) naming it, and nothing is requested.
  @Test(arguments: [
    ("CHUCK_TIMEOUT", "abc"), ("CHUCK_TIMEOUT", "-1"), ("CHUCK_TIMEOUT", "10s"),
    ("CHUCK_API_URL", "ftp://x"), ("CHUCK_API_URL", "not a url"), ("CHUCK_API_URL", "file:///etc"),
    ("CHUCK_RETRIES", "-1"), ("CHUCK_RETRIES", "abc"), ("CHUCK_RETRIES", "1.5"),
    ("CHUCK_RETRY_DELAY", "abc"), ("CHUCK_RETRY_DELAY", "-1"),
  ])
  func unusableEnvironment(variable: String, value: String) async throws {
    let (api, sandbox) = try await startSandbox()
    let result = try await sandbox.chuck(["random"], [variable: value])
    #expect(result.status == 64)
    #expect(result.stdout == "")
    #expect(result.stderr.hasPrefix("error:"))
    #expect(result.stderr.contains(variable))
    #expect(try api.requests().isEmpty)
  }
}
