import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A value shared between tasks and threads, guarded by a lock.
final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) { self.value = value }

  func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }

  var current: Value { withLock { $0 } }
}

/// The fixture files, read through the shared test support.
enum Samples {
  static func data(_ relativePath: String) throws -> Data {
    try Data(contentsOf: FakeAPI.fixtures.appendingPathComponent(relativePath))
  }

  /// The 60 real jokes.
  static func realJokes() throws -> [ChuckJoke] {
    try JSONDecoder().decode([ChuckJoke].self, from: data("samples/jokes-sample.json"))
  }

  /// The 10 made-up jokes (non-ASCII text, several categories, odd whitespace).
  static func madeUpJokes() throws -> [ChuckJoke] {
    try JSONDecoder().decode([ChuckJoke].self, from: data("jokes-made-up.json"))
  }

  /// The icon the fake serves.
  static func icon() throws -> Data { try data("chuck-norris.png") }
}

/// A joke with the given fields and defaults for the rest.
func makeJoke(
  id: String = "7ver3y48qqsfktpelir7ua",
  value: String = "Don't worry about tests, Chuck Norris's test cases cover your code too.",
  categories: [String] = ["dev"],
  createdAt: String = "2020-01-05 13:42:19.104863",
  updatedAt: String? = nil,
  iconURL: String = "https://api.chucknorris.io/img/avatar/chuck-norris.png",
  url: String? = nil,
  extraFields: [String: JSONValue] = [:]
) throws -> ChuckJoke {
  try ChuckJoke(
    id: id, value: value, categories: categories, createdAt: createdAt, updatedAt: updatedAt,
    iconURL: iconURL, url: url, extraFields: extraFields)
}

extension NetworkCache {
  /// Rewrites the whole list under the lock, through the real file mechanics: how tests put a
  /// list of any shape in place (the product only appends, removes and replaces).
  func modify<R>(_ body: (inout [T]) throws(ChuckError) -> R) throws(ChuckError) -> R {
    try file.exclusively { () throws(ChuckError) -> R in
      var items = try load()
      let result = try body(&items)
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      let encoded = (try? encoder.encode(items)) ?? Data("[]".utf8)
      try file.replace(
        with: Array(#"{"items":"#.utf8) + Array(encoded) + Array(#","version":1}"#.utf8))
      return result
    }
  }
}

extension JokeListView {
  /// The whole output for jokes, each shown by its id, date and text.
  func render(_ jokes: [ChuckJoke]) -> String {
    render(rows: jokes.map { Row(id: $0.id, date: $0.created, value: $0.value) }).string
  }
}

extension ChuckNorrisIndex {
  /// The streamed JSON array, gathered whole.
  func jsonArray(_ positions: [Int]) -> [UInt8] {
    var output: [UInt8] = []
    jsonArray(positions) { output.append(contentsOf: $0) }
    return output
  }
}

extension PostgresTimestamp {
  /// The same instant as a `Date`, computed independently of the fast path's arithmetic.
  var date: Date { Date(timeIntervalSince1970: TimeInterval(microseconds) / 1_000_000) }
}

/// The JSON text of a joke object as the API sends it.
func jokeJSON(
  id: String = "7ver3y48qqsfktpelir7ua", value: String = "Chuck Norris counts to infinity. Twice.",
  createdAt: String = "2020-01-05 13:42:19.104863"
) -> String {
  let object: [String: Any] = [
    "categories": ["dev"], "created_at": createdAt,
    "icon_url": "https://api.chucknorris.io/img/avatar/chuck-norris.png", "id": id,
    "updated_at": createdAt, "url": "https://api.chucknorris.io/jokes/\(id)", "value": value,
  ]
  let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
  return String(decoding: data, as: UTF8.self)
}

/// The permission bits of a file or directory.
func permissions(_ url: URL) throws -> mode_t {
  var info = stat()
  guard stat(url.path, &info) == 0 else { throw CocoaError(.fileNoSuchFile) }
  return info.st_mode & 0o777
}

/// The inode of a file, which changes when an atomic rename replaces it.
func inode(_ url: URL) throws -> UInt64 {
  var info = stat()
  guard stat(url.path, &info) == 0 else { throw CocoaError(.fileNoSuchFile) }
  return UInt64(info.st_ino)
}

/// Whether any scalar of `text` would be unsafe on a terminal.
func hasUnsafeScalar(_ text: TerminalText, keepNewlines: Bool = true) -> Bool {
  hasUnsafeScalar(text.string, keepNewlines: keepNewlines)
}

func hasUnsafeScalar(_ text: String, keepNewlines: Bool = true) -> Bool {
  text.unicodeScalars.contains { TerminalSafeText.isUnsafe($0, keepNewlines: keepNewlines) }
}

/// `text` without SGR sequences (`ESC [ … m`), to measure what a terminal shows.
func strippingSGR(_ text: TerminalText) -> String { strippingSGR(text.string) }

func strippingSGR(_ text: String) -> String {
  text.replacingOccurrences(
    of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
}

/// Waits for `condition` up to `seconds`, polling; returns whether it became true.
func eventually(within seconds: Double, _ condition: () -> Bool) async -> Bool {
  let deadline = Date().addingTimeInterval(seconds)
  while Date() < deadline {
    if condition() { return true }
    try? await Task.sleep(nanoseconds: 10_000_000)
  }
  return condition()
}

/// A JSON answer.
func jsonResponse(_ text: String, status: Int = 200, contentType: String = "application/json")
  -> HTTPResponse
{
  HTTPResponse(status: status, headers: ["Content-Type": contentType], body: Data(text.utf8))
}

/// A transport that answers from a script, one answer per attempt, and records every request.
final class ScriptedTransport: Sendable {
  let requests = Locked<[HTTPRequest]>([])
  let limits = Locked<[TransferLimits]>([])
  private let answers: Locked<[Result<HTTPResponse, ChuckError>]>
  private let during: @Sendable () -> Void

  init(_ answers: [Result<HTTPResponse, ChuckError>], during: @escaping @Sendable () -> Void = {}) {
    self.answers = Locked(answers)
    self.during = during
  }

  /// How many attempts were made.
  var attempts: Int { requests.current.count }

  var transport: HTTPTransport {
    HTTPTransport {
      [self] (request: HTTPRequest, limits: TransferLimits) async throws(ChuckError) -> HTTPResponse
      in
      requests.withLock { $0.append(request) }
      self.limits.withLock { $0.append(limits) }
      during()
      let next = answers.withLock { $0.isEmpty ? nil : $0.removeFirst() }
      guard let next else { throw .internalError("the script has no more answers") }
      return try next.get()
    }
  }
}

/// A `RetryPolicy` whose sleep only records the delays asked for.
func recordingPolicy(retries: Int = 3, delay: Double = 2) -> (RetryPolicy, Locked<[Double]>) {
  let sleeps = Locked<[Double]>([])
  let policy = RetryPolicy(retries: retries, delay: delay) { seconds in
    sleeps.withLock { $0.append(seconds) }
  }
  return (policy, sleeps)
}

/// Chuck Norris jokes' client over `transport`, as ``ChuckComponents/client(_:)`` makes it, its
/// categories cached in a new temporary folder. Chuck Norris requests never ask for a device id:
/// one asked for fails the request.
func chuckClient(
  _ baseURL: URL, transport: HTTPTransport = .live, policy: RetryPolicy = RetryPolicy(retries: 0),
  timeout: Double = NetworkDefaults.timeout,
  workerCreated: (@Sendable (ChuckWorker) -> Void)? = nil
) throws -> ServiceClient<ChuckNorris> {
  ServiceClient<ChuckNorris>(
    baseURL: baseURL, transport: transport, policy: policy, timeout: timeout,
    deviceID: { () throws(ChuckError) -> String in
      throw .internalError("a Chuck Norris request asked for a device id")
    },
    catalogFile: try TemporaryDirectory.make(prefix: "chuck-client")
      .appendingPathComponent(CategoryCatalog.fileName(of: .chuck)),
    workerCreated: workerCreated)
}

/// Runs blocking work on a Dispatch thread, so that the few threads of Swift's cooperative pool
/// stay free for the tests that measure time.
func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    DispatchQueue.global().async { continuation.resume(with: Result { try body() }) }
  }
}

/// At most two fakes start at once: a crowd of Python interpreters starting together on a small
/// machine would starve the tests that measure time.
private let fakeLaunchGate = DispatchSemaphore(value: 2)

/// Starts the local fake API without blocking the cooperative pool.
func startFake(script: String? = nil) async throws -> FakeAPI {
  try await offPool {
    fakeLaunchGate.wait()
    defer { fakeLaunchGate.signal() }
    return try FakeAPI(script: script)
  }
}

/// Stops the local fake API without blocking the cooperative pool.
func stop(_ fake: FakeAPI) async {
  _ = try? await offPool { fake.stop() }
}

func == (lhs: TerminalText?, rhs: String) -> Bool { lhs?.string == rhs }
func == (lhs: [TerminalText], rhs: [String]) -> Bool { lhs.map(\.string) == rhs }
func == (lhs: ArraySlice<TerminalText>, rhs: [String]) -> Bool { lhs.map(\.string) == rhs }
func == (lhs: String, rhs: TerminalText) -> Bool { lhs == rhs.string }

/// Terminal text read as the string it writes, so that tests compare and search it as such.
extension TerminalText {
  static func == (lhs: TerminalText, rhs: String) -> Bool { lhs.string == rhs }
  static func + (lhs: TerminalText, rhs: String) -> String { lhs.string + rhs }
  static func + (lhs: String, rhs: TerminalText) -> String { lhs + rhs.string }
  var utf8: String.UTF8View { string.utf8 }
  var unicodeScalars: String.UnicodeScalarView { string.unicodeScalars }
  var count: Int { string.count }
  func hasPrefix(_ prefix: String) -> Bool { string.hasPrefix(prefix) }
  func hasSuffix(_ suffix: String) -> Bool { string.hasSuffix(suffix) }
  func contains(_ other: String) -> Bool { string.contains(other) }
  func split(separator: Character, omittingEmptySubsequences: Bool = true) -> [Substring] {
    string.split(separator: separator, omittingEmptySubsequences: omittingEmptySubsequences)
  }
  func components(separatedBy separator: String) -> [String] {
    string.components(separatedBy: separator)
  }
  func dropLast(_ count: Int = 1) -> Substring { string.dropLast(count) }
  func filter(_ isIncluded: (Character) -> Bool) -> String { string.filter(isIncluded) }
  func allSatisfy(_ predicate: (Character) -> Bool) -> Bool { string.allSatisfy(predicate) }
  func replacing(_ other: String, with replacement: String) -> String {
    string.replacing(other, with: replacement)
  }
}

extension SavedList {
  // `chuck pick --no-rotate` over one list, without `JokePicker`'s files: the filter and the
  // uniform choice that it uses, tested on every kind's index.
  /// One saved joke chosen at random, offline.
  /// - Parameters:
  ///   - category: only jokes of this category.
  ///   - generator: the source of randomness.
  /// - Returns: the joke, or `nil` when no saved joke fits.
  /// - Throws: a storage error.
  func pick(category: String? = nil, using generator: inout some RandomNumberGenerator)
    throws(ChuckError) -> Joke?
  {
    try pick(PickFilter(category: category), using: &generator)
  }

  /// One saved joke that passes `filter`, at random, each equally likely.
  /// - Parameters:
  ///   - filter: which jokes may be chosen.
  ///   - generator: the source of randomness.
  /// - Returns: the joke, or `nil` when none passes.
  /// - Throws: a storage error.
  func pick(_ filter: PickFilter, using generator: inout some RandomNumberGenerator)
    throws(ChuckError) -> Joke?
  {
    let saved = try saved()
    let position = PickRotation.random(count: saved.count, using: &generator) {
      filter.admits($0, in: saved)
    }
    return try position.map { (position: Int) throws(ChuckError) in try saved.joke(at: position) }
  }
}
