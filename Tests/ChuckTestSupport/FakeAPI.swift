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
  private let process: Process
  private let stdin: Pipe
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
    process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3"] + launch
    stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = FileHandle.nullDevice
    try process.run()
    let line = stdout.fileHandleForReading.readLineRetryingInterrupts()
    let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard let url = URL(string: text), text.hasPrefix("http://127.0.0.1:") else {
      process.terminate()
      throw FakeAPIError.didNotStart(text)
    }
    baseURL = url
  }

  deinit { stop() }

  /// Stops the fake (it exits when its stdin closes) and waits for it.
  public func stop() {
    guard process.isRunning else { return }
    try? stdin.fileHandleForWriting.close()
    process.terminate()
    process.waitForExit()
    try? FileManager.default.removeItem(at: directory)
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
