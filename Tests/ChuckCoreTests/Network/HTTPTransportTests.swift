import CCurl
import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite struct HTTPTransportTests {
  private func request(_ fake: FakeAPI, _ path: String) -> HTTPRequest {
    var request = HTTPRequest(url: fake.baseURL.appendingPathComponent(path))
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    request.setValue(ChuckVersion.userAgent, forHTTPHeaderField: "User-Agent")
    return request
  }

  private func send(_ request: HTTPRequest, deadline: Double = 5, maxBytes: Int = 1 << 20)
    async -> (Result<HTTPResponse, ChuckError>, Double)
  {
    let start = Date()
    do throws(ChuckError) {
      let response = try await HTTPTransport.live.send(
        request, TransferLimits(deadline: deadline, maxBytes: maxBytes))
      return (.success(response), Date().timeIntervalSince(start))
    } catch {
      return (.failure(error), Date().timeIntervalSince(start))
    }
  }

  /// A normal GET returns the status, lower-cased headers and the whole body.
  @Test func normalGet() async throws {
    let fake = try await startFake()
    let (result, _) = await send(request(fake, "/jokes/random"))
    let response = try result.get()
    #expect(response.status == 200)
    #expect(response.headers["content-type"] == "application/json")
    #expect(response.headers["content-length"] == String(response.body.count))
    let joke = try JSONDecoder().decode(ChuckJoke.self, from: response.body)
    #expect(joke.id == "CfW0ccNFTpeq_v1r13IjTQ")
    let log = try fake.requests()
    #expect(log.map(\.path) == ["/jokes/random"])
    #expect(log.first?.headers["user-agent"] == ChuckVersion.userAgent)
    await stop(fake)
  }

  /// A 4xx or 5xx answer is returned as it is, body included.
  @Test func errorStatusReturned() async throws {
    let fake = try await startFake(script: #"{"rules":[{"fault":"html_503"}]}"#)
    let (result, _) = await send(request(fake, "/jokes/random"))
    let response = try result.get()
    #expect(response.status == 503)
    #expect(String(decoding: response.body, as: UTF8.self).contains("Application Error"))
    await stop(fake)
  }

  /// The deadline is for the whole attempt: a server trickling forever is cut off at it.
  @Test func wholeAttemptDeadline() async throws {
    let fake = try await startFake(
      script: #"{"rules":[{"trickle":{"interval":0.2,"forever":true}}]}"#)
    let (result, elapsed) = await send(request(fake, "/jokes/random"), deadline: 1.0)
    #expect(throws: ChuckError.timedOut(seconds: 1.0)) { try result.get() }
    #expect(elapsed >= 0.9 && elapsed < 120, "took \(elapsed) s")
    await stop(fake)
  }

  /// A fractional deadline is honoured, not truncated to whole seconds.
  @Test func fractionalDeadline() async throws {
    let fake = try await startFake(script: #"{"rules":[{"delay":3600}]}"#)
    let (result, elapsed) = await send(request(fake, "/jokes/random"), deadline: 0.5)
    #expect(throws: ChuckError.timedOut(seconds: 0.5)) { try result.get() }
    #expect(elapsed >= 0.4 && elapsed < 120, "took \(elapsed) s")
    await stop(fake)
  }

  /// A 2 MiB body is refused as too large.
  @Test func oversizedBody() async throws {
    let fake = try await startFake(script: #"{"rules":[{"fault":"oversized"}]}"#)
    let (result, _) = await send(request(fake, "/jokes/random"))
    #expect(throws: ChuckError.responseTooLarge(limit: 1 << 20)) { try result.get() }
    await stop(fake)
  }

  /// A body over the limit without a Content-Length is counted and refused.
  @Test func oversizedBodyWithoutLength() async throws {
    let fake = try await startFake(
      script: #"{"rules":[{"fault":"oversized","trickle":{"interval":0,"chunk":65536}}]}"#)
    let (result, elapsed) = await send(request(fake, "/jokes/random"), deadline: 3600)
    #expect(throws: ChuckError.responseTooLarge(limit: 1 << 20)) { try result.get() }
    #expect(elapsed < 120)
    let small = try await startFake(script: #"{"rules":[{"trickle":{"interval":0,"chunk":16}}]}"#)
    let (cut, _) = await send(request(small, "/jokes/random"), maxBytes: 100)
    #expect(throws: ChuckError.responseTooLarge(limit: 100)) { try cut.get() }
    await stop(fake)
    await stop(small)
  }

  /// A Content-Length over the limit is refused at once, before any body arrives.
  @Test func contentLengthRefusedEarly() async throws {
    let fake = try await startFake(
      script: #"{"rules":[{"headers":{"Content-Length":"5000000"},"body":"{}"}]}"#)
    let (result, elapsed) = await send(request(fake, "/jokes/random"), deadline: 3600)
    #expect(throws: ChuckError.responseTooLarge(limit: 1 << 20)) { try result.get() }
    #expect(elapsed < 120, "took \(elapsed) s")
    await stop(fake)
  }

  /// A redirect is not followed: the 302 comes back as it is and the target is never asked.
  @Test func redirectNotFollowed() async throws {
    let fake = try await startFake()
    let target = fake.baseURL.appendingPathComponent("/jokes/categories").absoluteString
    try await fake.addRules(#"{"rules":[{"path":"/jokes/random","redirect":"\#(target)"}]}"#)
    let (result, _) = await send(request(fake, "/jokes/random"))
    let response = try result.get()
    #expect(response.status == 302)
    #expect(response.headers["location"] == target)
    try await Task.sleep(nanoseconds: 300_000_000)
    #expect(try fake.requests().map(\.path) == ["/jokes/random"])
    await stop(fake)
  }

  /// A closed port is a refused connection that names the host and the port.
  @Test func connectionRefused() async throws {
    let port = try closedPort()
    let url = URL(string: "http://127.0.0.1:\(port)/jokes/random")!
    let (result, elapsed) = await send(HTTPRequest(url: url))
    #expect(throws: ChuckError.connectionFailed("connection refused by 127.0.0.1 port \(port)")) {
      try result.get()
    }
    #expect(elapsed < 120)
  }

  /// A connection reset before the headers is a connection failure.
  @Test func dropBeforeHeaders() async throws {
    let fake = try await startFake(script: #"{"rules":[{"drop":"before_headers"}]}"#)
    let (result, _) = await send(request(fake, "/jokes/random"))
    if case .failure(.connectionFailed) = result {
    } else {
      Issue.record("expected a connection failure, got \(result)")
    }
    await stop(fake)
  }

  /// A connection reset in the middle of the body is a connection failure, not a short body.
  @Test func dropMidBody() async throws {
    let fake = try await startFake(script: #"{"rules":[{"drop":"mid_body"}]}"#)
    let (result, _) = await send(request(fake, "/jokes/random"))
    if case .failure(.connectionFailed) = result {
    } else {
      Issue.record("expected a connection failure, got \(result)")
    }
    await stop(fake)
  }

  /// Cancelling the task ends the attempt promptly with `.cancelled`.
  @Test func cancellation() async throws {
    let fake = try await startFake(script: #"{"rules":[{"delay":3600}]}"#)
    let request = request(fake, "/jokes/random")
    let task = Task {
      try await HTTPTransport.live.send(request, TransferLimits(deadline: 3600, maxBytes: 1 << 20))
    }
    try await Task.sleep(nanoseconds: 300_000_000)
    let start = Date()
    task.cancel()
    await #expect(throws: ChuckError.cancelled) { try await task.value }
    #expect(Date().timeIntervalSince(start) < 120)
    await stop(fake)
  }

  /// A task cancelled before the attempt starts ends at once with `.cancelled`, never hangs.
  @Test func cancelledBeforeStart() async throws {
    let fake = try await startFake(script: #"{"rules":[{"delay":0.5}]}"#)
    let request = request(fake, "/jokes/random")
    let outcome = Locked<Result<HTTPResponse, ChuckError>?>(nil)
    Task {
      withUnsafeCurrentTask { $0?.cancel() }
      let result: Result<HTTPResponse, ChuckError>
      do throws(ChuckError) {
        result = .success(
          try await HTTPTransport.live.send(request, TransferLimits(deadline: 1, maxBytes: 1 << 20))
        )
      } catch {
        result = .failure(error)
      }
      outcome.withLock { $0 = result }
    }
    let finished = await eventually(within: 4) { outcome.current != nil }
    #expect(finished, "send never returned for a task cancelled before it started")
    #expect(outcome.current == .failure(.cancelled))
    await stop(fake)
  }

  /// libcurl's codes map to words, never a bare number: the timeout, DNS, a refused connection
  /// naming host and port, certificates (not retried), a lost connection, broken compression.
  @Test func translateCurlCodes() {
    let url = URL(string: "https://jokes.example:8443/jokes/random")!
    func translate(_ code: CURLcode, _ words: String = "") -> ChuckError {
      CurlError.translate(code, words: words, url: url, deadline: 3)
    }
    #expect(translate(CURLE_OPERATION_TIMEDOUT) == .timedOut(seconds: 3))
    #expect(
      translate(CURLE_COULDNT_RESOLVE_HOST)
        == .connectionFailed("the host jokes.example was not found"))
    #expect(
      translate(CURLE_COULDNT_CONNECT, "Failed to connect to jokes.example port 8443")
        == .connectionFailed("connection refused by jokes.example port 8443"))
    let certificate = translate(CURLE_PEER_FAILED_VERIFICATION, "SSL certificate problem: expired")
    #expect(
      certificate
        == .certificateRejected(host: "jokes.example", reason: "SSL certificate problem: expired"))
    #expect(!certificate.isTransient)
    #expect(certificate.errorDescription?.contains("certificate") == true)
    #expect(translate(CURLE_RECV_ERROR, "reset").isTransient)
    guard case .badResponse = translate(CURLE_BAD_CONTENT_ENCODING) else {
      Issue.record("broken compression is not a bad response")
      return
    }
    let proxy = translate(
      CURLE_COULDNT_RESOLVE_PROXY, "Could not resolve proxy: http://user:secret@proxy.example:3128")
    #expect(proxy == .connectionFailed("proxy: Could not resolve proxy: http://proxy.example:3128"))
    // Any other code still says what failed, in libcurl's words.
    guard case .connectionFailed(let reason) = translate(CURLE_SEND_FAIL_REWIND) else {
      Issue.record("unexpected")
      return
    }
    #expect(!reason.isEmpty && Int(reason) == nil)
  }

  /// Response header names are lower-cased, a later duplicate winning.
  @Test func responseHeadersLowerCased() {
    let response = HTTPResponse(status: 200, headers: ["Content-Type": "a", "X-Y": "b"])
    #expect(response.headers == ["content-type": "a", "x-y": "b"])
    #expect(HTTPResponse(status: 204).body.isEmpty)
  }
}
