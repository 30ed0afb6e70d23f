import Foundation
import Testing

@testable import ChuckCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension ChuckWorkerTests {
  /// A redirect without a location, or with escape sequences in it, is reported safely.
  @Test func redirectLocationMadeSafe() async {
    let (policy, _) = recordingPolicy()
    let bare = ScriptedTransport([.success(HTTPResponse(status: 302))])
    await #expect(throws: ChuckError.redirected(location: "?")) {
      try await worker(bare, policy: policy).fetch()
    }
    let hostile = ScriptedTransport([
      .success(HTTPResponse(status: 302, headers: ["location": "http://x/\u{1B}]52;c;aGk=\u{07}"]))
    ])
    await #expect(throws: ChuckError.redirected(location: "http://x/\u{FFFD}")) {
      try await worker(hostile, policy: policy).fetch()
    }
  }

  /// Errors another attempt would not change are never retried.
  @Test(arguments: [
    ChuckError.responseTooLarge(limit: 1 << 20), .cancelled, .badResponse("not HTTP"),
  ])
  func permanentTransportErrorsNotRetried(error: ChuckError) async {
    let script = ScriptedTransport(Array(repeating: .failure(error), count: 4))
    let (policy, sleeps) = recordingPolicy()
    await #expect(throws: error) { try await worker(script, policy: policy).fetch() }
    #expect(script.attempts == 1)
    #expect(sleeps.current.isEmpty)
  }

  /// A sleep that is cancelled ends the retries with `.cancelled`.
  @Test func cancelledWhileWaiting() async {
    let script = ScriptedTransport(
      Array(repeating: .success(jsonResponse("", status: 503)), count: 4))
    let policy = RetryPolicy(retries: 3, delay: 2) { _ throws(ChuckError) in throw .cancelled }
    await #expect(throws: ChuckError.cancelled) { try await worker(script, policy: policy).fetch() }
    #expect(script.attempts == 1)
  }

  /// A body that is not JSON by its Content-Type is a bad response, the type made safe.
  @Test(arguments: [
    ("text/html; charset=utf-8", "text/html; charset=utf-8"), ("text/plain", "text/plain"),
    ("application/jsonx", "application/jsonx"), ("text/\u{1B}[31mjson", "text/\u{FFFD}json"),
  ])
  func wrongContentType(contentType: String, shown: String) async {
    let script = ScriptedTransport([.success(jsonResponse(jokeJSON(), contentType: contentType))])
    let (policy, _) = recordingPolicy()
    await #expect(throws: ChuckError.badResponse("expected JSON, got \(shown)")) {
      try await worker(script, policy: policy).decode(ChuckJoke.self)
    }
  }

  /// JSON media types pass with parameters, in any case, as `+json`, or with no header.
  @Test(
    arguments: [
      "application/json", "application/json;charset=UTF-8", "application/json; charset=utf-8",
      "APPLICATION/JSON", " application/json ", "application/problem+json", nil,
    ] as [String?])
  func jsonContentTypes(contentType: String?) async throws {
    let headers = contentType.map { ["Content-Type": $0] } ?? [:]
    let answer = HTTPResponse(status: 200, headers: headers, body: Data(jokeJSON().utf8))
    let script = ScriptedTransport([.success(answer)])
    let (policy, _) = recordingPolicy()
    #expect(try await worker(script, policy: policy).decode(ChuckJoke.self).value.isEmpty == false)
  }

  /// Bodies that are empty, not JSON, or not the expected shape are bad responses saying why.
  @Test(arguments: [
    ("", "the body is empty"),
    ("{\"categories\":[\"dev\"],\"created_at\":\"2020-01-05 13:4", "not valid JSON"),
    ("<html>", "not valid JSON"),
    // Found by Fuzz/ json: 513 levels crash JSONDecoder; the list reader reads 256 (257: 76).
    (String(repeating: "[", count: 513), "nested more than 256 levels deep"),
    (
      jokeJSON().replacingOccurrences(
        of: "\"categories\":[\"dev\"]",
        with: "\"categories\":[\"dev\"],\"x\":" + String(repeating: "[", count: 256)
          + String(repeating: "]", count: 256)),
      "nested more than 256 levels deep"
    ),
    ("[1,2,3]", "wrong type at the top level"),
    (
      jokeJSON().replacingOccurrences(of: "\"value\":", with: "\"valeur\":"),
      "'value' missing at the top level"
    ),
    (
      jokeJSON(createdAt: "2020-02-30 25:61:00"),
      "bad value at created_at"
    ),
    (
      jokeJSON().replacingOccurrences(of: "\"categories\":[\"dev\"]", with: "\"categories\":[7]"),
      "wrong type at categories.0"
    ),
    (
      jokeJSON().replacingOccurrences(of: "\"categories\":[\"dev\"]", with: "\"categories\":null"),
      "wrong type at categories"
    ),
  ])
  func badBodies(body: String, reason: String) async {
    let script = ScriptedTransport([.success(jsonResponse(body))])
    let (policy, _) = recordingPolicy()
    await #expect(throws: ChuckError.badResponse(reason)) {
      try await worker(script, policy: policy).decode(ChuckJoke.self)
    }
    #expect(script.attempts == 1)
  }

  /// The request is a GET with Accept, User-Agent `chuck/<version>` and the worker's limits.
  @Test func requestHeaders() async throws {
    let script = ScriptedTransport([.success(jsonResponse(jokeJSON()))])
    let (policy, _) = recordingPolicy()
    let made = worker(script, policy: policy)
    #expect(made.request.httpMethod == "GET")
    _ = try await made.decode(ChuckJoke.self)
    let sent = try #require(script.requests.current.first)
    #expect(sent.url == url)
    #expect(sent.value(forHTTPHeaderField: "Accept") == "application/json")
    #expect(sent.value(forHTTPHeaderField: "User-Agent") == "chuck/\(ChuckVersion.current)")
    #expect(ChuckVersion.userAgent == "chuck/" + ChuckVersion.current)
    #expect(script.limits.current == [TransferLimits(deadline: 10, maxBytes: 1 << 20)])
  }

  /// The worker a call makes is alive during the call and released once it returns.
  @Test func workerReleasedAfterSuccess() async throws {
    let watch = WorkerWatch()
    let aliveDuring = Locked(false)
    let script = ScriptedTransport([.success(jsonResponse(jokeJSON()))]) {
      aliveDuring.withLock { $0 = watch.isAlive }
    }
    let (policy, _) = recordingPolicy()
    let api = try chuckClient(
      URL(string: "https://api.example")!, transport: script.transport, policy: policy,
      workerCreated: { watch.record($0) })
    _ = try await api.randomJoke(category: nil)
    #expect(watch.count == 1)
    #expect(aliveDuring.current)
    #expect(!watch.isAlive)
  }

  /// The worker is released after a failed call too, retries included.
  @Test func workerReleasedAfterFailure() async throws {
    let watch = WorkerWatch()
    let aliveDuring = Locked(false)
    let script = ScriptedTransport(
      Array(repeating: .success(jsonResponse("", status: 503)), count: 2)
    ) {
      aliveDuring.withLock { $0 = watch.isAlive }
    }
    let (policy, _) = recordingPolicy(retries: 1)
    let api = try chuckClient(
      URL(string: "https://api.example")!, transport: script.transport, policy: policy,
      workerCreated: { watch.record($0) })
    await #expect(throws: ChuckError.serverError(status: 503)) { try await api.joke(id: "abcd") }
    #expect(watch.count == 1)
    #expect(aliveDuring.current)
    #expect(!watch.isAlive)
  }

  /// The worker of an image download is released too, and each call makes a new worker.
  @Test func imageWorkerReleased() async throws {
    let watch = WorkerWatch()
    let png = try Samples.icon()
    let script = ScriptedTransport([
      .success(HTTPResponse(status: 200, body: png)),
      .success(HTTPResponse(status: 200, body: png)),
    ])
    for name in ["a.png", "b.png"] {
      _ = try await IconStore.download(
        URL(string: "https://api.example/\(name)")!, transport: script.transport,
        workerCreated: { watch.record($0) })
    }
    #expect(watch.count == 2)
    #expect(!watch.isAlive)
  }
}
