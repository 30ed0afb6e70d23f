import Foundation
import Testing

@testable import ChuckCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Holds a weak reference to the worker a `ServiceClient` (or an icon download) made, to see when
/// it is released.
final class WorkerWatch: @unchecked Sendable {
  let lock = NSLock()
  private weak var worker: ChuckWorker?
  var made = 0

  func record(_ worker: ChuckWorker) {
    lock.withLock {
      self.worker = worker
      made += 1
    }
  }

  var isAlive: Bool { lock.withLock { worker != nil } }
  var count: Int { lock.withLock { made } }
}

@Suite struct ChuckWorkerTests {
  let url = URL(string: "https://api.example/jokes/random")!

  func worker(
    _ script: ScriptedTransport, policy: RetryPolicy, notFound: ChuckError = .jokeNotFound(id: "x")
  ) -> ChuckWorker {
    ChuckWorker(
      url: url, userAgent: ChuckVersion.userAgent, transport: script.transport, policy: policy,
      limits: TransferLimits(deadline: 10, maxBytes: 1 << 20), notFound: notFound)
  }

  /// A 200 JSON answer decodes after one attempt, without sleeping.
  @Test func decodes200() async throws {
    let script = ScriptedTransport([.success(jsonResponse(jokeJSON(value: "Hi")))])
    let (policy, sleeps) = recordingPolicy()
    let joke = try await worker(script, policy: policy).decode(ChuckJoke.self)
    #expect(joke.value == "Hi")
    #expect(joke.id == "7ver3y48qqsfktpelir7ua")
    #expect(script.attempts == 1)
    #expect(sleeps.current.isEmpty)
  }

  /// `fetch` returns any 2xx answer as it is.
  @Test func fetchReturnsAnswer() async throws {
    let answer = HTTPResponse(status: 204, headers: ["X-Thing": "1"], body: Data("ok".utf8))
    let script = ScriptedTransport([.success(answer)])
    let (policy, _) = recordingPolicy()
    #expect(try await worker(script, policy: policy).fetch() == answer)
  }

  /// A 5xx is tried again exactly `retries` times, the delay between, then `.serverError`.
  @Test(arguments: [500, 502, 503, 504, 520, 599])
  func serverErrorRetried(status: Int) async {
    let script = ScriptedTransport(
      Array(
        repeating: .success(jsonResponse("<html>", status: status, contentType: "text/html")),
        count: 4))
    let (policy, sleeps) = recordingPolicy(retries: 3, delay: 2)
    await #expect(throws: ChuckError.serverError(status: status)) {
      try await worker(script, policy: policy).decode(ChuckJoke.self)
    }
    #expect(script.attempts == 4)
    #expect(sleeps.current == [2, 2, 2])
  }

  /// The configured retries and delay are the ones used.
  @Test func configuredRetriesAndDelay() async {
    let script = ScriptedTransport(
      Array(repeating: .success(jsonResponse("", status: 503)), count: 6))
    let (policy, sleeps) = recordingPolicy(retries: 5, delay: 0.25)
    await #expect(throws: ChuckError.serverError(status: 503)) {
      try await worker(script, policy: policy).fetch()
    }
    #expect(script.attempts == 6)
    #expect(sleeps.current == [0.25, 0.25, 0.25, 0.25, 0.25])
  }

  /// Connection failures and timeouts are tried again; the last attempt's error is reported.
  @Test func transportFailuresRetried() async {
    let failures: [Result<HTTPResponse, ChuckError>] = [
      .failure(.connectionFailed("one")), .failure(.timedOut(seconds: 10)),
      .failure(.connectionFailed("three")), .failure(.timedOut(seconds: 10)),
    ]
    let script = ScriptedTransport(failures)
    let (policy, sleeps) = recordingPolicy()
    await #expect(throws: ChuckError.timedOut(seconds: 10)) {
      try await worker(script, policy: policy).fetch()
    }
    #expect(script.attempts == 4)
    #expect(sleeps.current == [2, 2, 2])
    let refused = ScriptedTransport(
      Array(repeating: .failure(.connectionFailed("refused")), count: 4))
    await #expect(throws: ChuckError.connectionFailed("refused")) {
      try await worker(refused, policy: policy).fetch()
    }
    #expect(refused.attempts == 4)
  }

  /// After two failures, a third attempt that succeeds is returned.
  @Test func successAfterTwoFailures() async throws {
    let script = ScriptedTransport([
      .failure(.connectionFailed("reset")), .success(jsonResponse("", status: 502)),
      .success(jsonResponse(jokeJSON())),
    ])
    let (policy, sleeps) = recordingPolicy()
    let joke = try await worker(script, policy: policy).decode(ChuckJoke.self)
    #expect(joke.id == "7ver3y48qqsfktpelir7ua")
    #expect(script.attempts == 3)
    #expect(sleeps.current == [2, 2])
  }

  /// With 0 retries there is exactly one attempt.
  @Test func zeroRetries() async {
    let script = ScriptedTransport([
      .success(jsonResponse("", status: 503)), .success(jsonResponse(jokeJSON())),
    ])
    let (policy, sleeps) = recordingPolicy(retries: 0)
    await #expect(throws: ChuckError.serverError(status: 503)) {
      try await worker(script, policy: policy).fetch()
    }
    #expect(script.attempts == 1)
    #expect(sleeps.current.isEmpty)
  }

  /// A 404 is the call's own not-found error, after one attempt.
  @Test func notFound() async {
    let script = ScriptedTransport(
      Array(repeating: .success(jsonResponse("{}", status: 404)), count: 4))
    let (policy, sleeps) = recordingPolicy()
    await #expect(throws: ChuckError.categoryNotFound("nope")) {
      try await worker(script, policy: policy, notFound: .categoryNotFound("nope")).fetch()
    }
    #expect(script.attempts == 1)
    #expect(sleeps.current.isEmpty)
  }

  /// A 429 is `.rateLimited`, after one attempt.
  @Test func rateLimited() async {
    let script = ScriptedTransport(
      Array(repeating: .success(jsonResponse("{}", status: 429)), count: 4))
    let (policy, _) = recordingPolicy()
    await #expect(throws: ChuckError.rateLimited) {
      try await worker(script, policy: policy).fetch()
    }
    #expect(script.attempts == 1)
  }

  /// Other 4xx (and 1xx) answers are `.unexpectedStatus`, after one attempt.
  @Test(arguments: [400, 401, 403, 405, 418, 451, 499, 101])
  func unexpectedStatus(status: Int) async {
    let script = ScriptedTransport(
      Array(repeating: .success(jsonResponse("{}", status: status)), count: 4))
    let (policy, _) = recordingPolicy()
    await #expect(throws: ChuckError.unexpectedStatus(status)) {
      try await worker(script, policy: policy).fetch()
    }
    #expect(script.attempts == 1)
  }

  /// A redirect is not followed: `.redirected` naming the (made safe) location, one attempt.
  @Test(arguments: [301, 302, 303, 307, 308])
  func redirected(status: Int) async {
    let answer = HTTPResponse(status: status, headers: ["Location": "https://elsewhere.example/x"])
    let script = ScriptedTransport(Array(repeating: .success(answer), count: 4))
    let (policy, _) = recordingPolicy()
    await #expect(throws: ChuckError.redirected(location: "https://elsewhere.example/x")) {
      try await worker(script, policy: policy).fetch()
    }
    #expect(script.attempts == 1)
  }
}
