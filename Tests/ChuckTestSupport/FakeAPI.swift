import Foundation

/// The local fake of api.chucknorris.io (`Fixtures/fake_api.py`), started on 127.0.0.1 with a free
/// port for one test and stopped when the test lets it go.
public final class FakeAPI: @unchecked Sendable {
  /// The package's root folder.
  public static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  /// The `Fixtures` folder.
  public static let fixtures = packageRoot.appendingPathComponent("Fixtures")

  /// Where the fake listens, for example `http://127.0.0.1:41533`.
  public let baseURL: URL
  /// The JSON-lines request log the fake appends to.
  public let logFile: URL
  private let process: ChildProcess

  /// The fake's process id.
  public var pid: pid_t { process.pid }
  private let stdin: FileHandle
  private let directory: URL

  /// Starts the fake.
  /// - Parameters:
  ///   - script: fault rules to start with, as the JSON text `{"rules": [...]}`.
  ///   - pool: jokes to serve instead of the default pool.
  ///   - arguments: further launch flags (`--order shuffle`, `--no-rewrite-icons`…).
  public init(script: String? = nil, pool: [String]? = nil, arguments: [String] = []) throws {
    directory = try TemporaryDirectory.make(prefix: "fake-api")
    logFile = directory.appendingPathComponent("requests.jsonl")
    var launch = [
      FakeAPI.fixtures.appendingPathComponent("fake_api.py").path, "--port", "0", "--quiet",
      "--exit-on-stdin-eof", "--log", logFile.path,
    ]
    if let script {
      let file = directory.appendingPathComponent("script.json")
      try Data(script.utf8).write(to: file)
      launch += ["--script", file.path]
    }
    if let pool {
      let file = directory.appendingPathComponent("pool.json")
      try Data(("[" + pool.joined(separator: ",") + "]").utf8).write(to: file)
      launch += ["--pool", file.path]
    }
    launch += arguments
    let stdin = Spawn.pipe()
    let stdout = Spawn.pipe()
    process = try ChildProcess(
      URL(fileURLWithPath: Spawn.python.path), arguments: Spawn.python.arguments + launch,
      environment: ["PATH": Spawn.testPath, "LANG": "C.UTF-8"],
      stdin: .descriptor(stdin.fileHandleForReading.fileDescriptor),
      stdout: .descriptor(stdout.fileHandleForWriting.fileDescriptor), stderr: .null)
    try stdin.fileHandleForReading.close()
    try stdout.fileHandleForWriting.close()
    self.stdin = stdin.fileHandleForWriting
    let line = stdout.fileHandleForReading.readLineRetryingInterrupts(timeout: 30)
    let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard let url = URL(string: text), text.hasPrefix("http://127.0.0.1:") else {
      process.signal(SIGKILL)
      throw FakeAPIError.didNotStart(text)
    }
    baseURL = url
  }

  /// Lets the fake go without waiting: its stdin closes (it exits then) and it gets SIGTERM; the
  /// ``Reaper`` kills it if it still runs 5 s later, reaps it and removes its folder.
  deinit {
    try? stdin.close()
    let directory = directory
    process.release(signal: SIGTERM, killingAfter: 5) {
      try? FileManager.default.removeItem(at: directory)
    }
  }

  /// Stops the fake and waits for it (at most 5 s, then it is killed): for a test that needs it
  /// gone. Blocks this thread: never call it on a cooperative one.
  public func stop() {
    try? stdin.close()
    process.signal(SIGTERM)
    process.waitForExit(killingAfter: 5)
  }

  /// The requests the fake has answered (or dropped), oldest first.
  /// - Returns: one entry per request.
  public func requests() throws -> [LoggedRequest] {
    guard let data = try? Data(contentsOf: logFile) else { return [] }
    return try data.split(separator: UInt8(ascii: "\n")).map {
      try JSONDecoder().decode(LoggedRequest.self, from: Data($0))
    }
  }

  /// Appends fault rules while the fake runs.
  /// - Parameter script: the JSON text `{"rules": [...]}`.
  public func addRules(_ script: String) async throws {
    try await post("/_fake/script", body: script)
  }

  /// Replaces the pool of jokes the fake serves.
  /// - Parameter jokes: joke objects as JSON texts.
  public func setPool(_ jokes: [String]) async throws {
    try await post("/_fake/pool", body: #"{"jokes":["# + jokes.joined(separator: ",") + "]}")
  }

  /// Replaces the list or pool one of the other services serves (`POST /_fake/pool/NAME`): the
  /// Articles seed's list (`articles`) from the next request on.
  /// - Parameters:
  ///   - items: its items as JSON texts.
  ///   - service: the service's name, its path prefix without `/` (`articles`, `dad`, …).
  public func setPool(_ items: [String], of service: String) async throws {
    try await post(
      "/_fake/pool/\(service)", body: #"{"jokes":["# + items.joined(separator: ",") + "]}")
  }

  private func post(_ path: String, body: String) async throws {
    var request = URLRequest(url: baseURL.appendingPathComponent(path))
    request.httpMethod = "POST"
    request.httpBody = Data(body.utf8)
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    let (_, response) = try await URLSession.shared.data(for: request)
    guard (response as? HTTPURLResponse)?.statusCode == 200 else {
      throw FakeAPIError.controlFailed(path)
    }
  }
}

/// One request in the fake's log.
public struct LoggedRequest: Decodable, Sendable {
  /// The method, `GET` for every request `chuck` makes.
  public var method: String
  /// The path, without the query.
  public var path: String
  /// The query string, without `?`.
  public var query: String
  /// The header fields, names in lower case.
  public var headers: [String: String]
  /// When it arrived, in seconds of the fake's monotonic clock.
  public var time: Double
  /// The status answered, or `nil` when the connection was dropped.
  public var status: Int?
}

/// Why the fake could not be used.
public enum FakeAPIError: Error {
  /// It did not print its URL; what it printed instead.
  case didNotStart(String)
  /// A control request failed.
  case controlFailed(String)
}

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
