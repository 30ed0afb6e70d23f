import ChuckTestSupport
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Bounds how many processes the suite starts at once. Swift Testing starts every test together;
/// on a 2-core machine a burst of fakes and `chuck` runs would stretch the timings that tests
/// measure (retry spacing, deadlines, Ctrl-C) far beyond what a user ever sees.
actor ProcessSlots {
  static let shared = ProcessSlots(limit: 6)

  private var available: Int
  private var waiting: [CheckedContinuation<Void, Never>] = []

  init(limit: Int) { available = limit }

  func acquire() async {
    if available > 0 {
      available -= 1
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }

  func release() {
    if waiting.isEmpty {
      available += 1
    } else {
      waiting.removeFirst().resume()
    }
  }
}

/// Runs blocking work (waiting for a process) on its own thread, so that the test's task does not
/// hold one of the few threads of Swift's cooperative pool while it waits.
func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    Thread { continuation.resume(with: Result { try body() }) }.start()
  }
}

/// Runs blocking work on its own thread while holding one of the ``ProcessSlots``.
func throttled<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  await ProcessSlots.shared.acquire()
  do {
    let value = try await onThread(body)
    await ProcessSlots.shared.release()
    return value
  } catch {
    await ProcessSlots.shared.release()
    throw error
  }
}

/// Starts a fake API of the test's own.
/// - Parameters:
///   - rules: fault rules, each the JSON text of one rule object.
///   - pool: the jokes to serve instead of the default pool.
///   - arguments: further launch flags of the fake.
/// - Returns: the running fake.
func startFake(
  rules: [String] = [], pool: [MadeUpJoke]? = nil, arguments: [String] = []
) async throws -> FakeAPI {
  let script = rules.isEmpty ? nil : #"{"rules":["# + rules.joined(separator: ",") + "]}"
  let jokes = pool?.map(\.json)
  return try await throttled { try FakeAPI(script: script, pool: jokes, arguments: arguments) }
}

/// Starts a fake API and a sandbox pointed at it.
/// - Parameters:
///   - rules: fault rules, each the JSON text of one rule object.
///   - pool: the jokes to serve instead of the default pool.
///   - arguments: further launch flags of the fake.
/// - Returns: the fake and the sandbox.
func startSandbox(
  rules: [String] = [], pool: [MadeUpJoke]? = nil, arguments: [String] = []
) async throws -> (FakeAPI, ChuckSandbox) {
  let api = try await startFake(rules: rules, pool: pool, arguments: arguments)
  return (api, try ChuckSandbox(api: api))
}

extension ChuckSandbox {
  /// Writes a config file (0600) in the sandbox's root, for `CHUCK_CONFIG`.
  /// - Parameter text: the file's text.
  /// - Returns: its path.
  func writeConfigFile(_ text: String) throws -> String {
    let file = root.appendingPathComponent("config")
    guard
      FileManager.default.createFile(
        atPath: file.path, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600])
    else { throw HarnessError.unexpected("cannot write \(file.path)") }
    return file.path
  }

  /// Starts `chuck` without waiting for it (see `start(_:environment:)`).
  func launch(_ arguments: [String], _ environment: [String: String?] = [:]) throws -> (
    ChildProcess, Pipe, Pipe
  ) {
    try start(arguments, environment: environment)
  }

  /// Runs `chuck` with its output in pipes, as a script would.
  /// - Parameters:
  ///   - arguments: the command line after `chuck`.
  ///   - environment: changes to the sandbox's environment (`nil` removes a variable).
  ///   - timeout: seconds after which the run is killed.
  /// - Returns: what it did.
  func chuck(
    _ arguments: [String], _ environment: [String: String?] = [:], timeout: Double = 60
  ) async throws -> ChuckResult {
    try await throttled {
      try self.run(arguments, environment: environment, timeout: timeout)
    }
  }

  /// Runs a shell command line with the sandbox's environment, `$CHUCK` naming the binary.
  /// - Parameters:
  ///   - script: the bash command line.
  ///   - environment: changes to the sandbox's environment (`nil` removes a variable).
  /// - Returns: what the shell did.
  func shell(_ script: String, _ environment: [String: String?] = [:]) async throws
    -> ChuckResult
  {
    var merged: [String: String?] = baseEnvironment
    for (name, value) in environment { merged[name] = value }
    merged["CHUCK"] = ChuckSandbox.binary.path
    let frozen = merged
    return try await throttled {
      try ChuckSandbox.run(
        executable: URL(fileURLWithPath: "/bin/bash"), arguments: ["-c", script],
        environment: frozen, timeout: 60)
    }
  }

  /// The saved list's bytes, or `nil` when there is no file.
  var listBytes: Data? { try? Data(contentsOf: listFile) }

  /// Writes the list file as chuck documents it, creating the data directory 0700.
  /// - Parameter items: the list's items, in saved order.
  func writeList(_ items: [JSON]) throws {
    try writeListText(JSON.object(["version": .number(1), "items": .array(items)]).text)
  }

  /// Writes the list file's exact text, creating the data directory 0700.
  /// - Parameter text: the file's contents.
  func writeListText(_ text: String) throws {
    try FileManager.default.createDirectory(
      at: dataDirectory, withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
    try Data(text.utf8).write(to: listFile)
  }

  /// The saved list's items, read the way a script would read the documented format.
  /// - Returns: the items in file order.
  func savedItems() throws -> [JSON] {
    let data = try Data(contentsOf: listFile)
    let document = try JSON.parse(data)
    guard case .object(let fields) = document, fields["version"] == .number(1),
      case .array(let items)? = fields["items"]
    else { throw HarnessError.unexpected("list file of another shape: \(document.text)") }
    return items
  }

  /// The ids of the saved list's items, in file order.
  func savedIDs() throws -> [String] {
    try savedItems().map { $0["id"]?.string ?? "(no id)" }
  }

  /// The names of the entries of the data directory, sorted.
  var dataDirectoryEntries: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: dataDirectory.path)) ?? []).sorted()
  }
}

/// What went wrong in the harness itself.
enum HarnessError: Error {
  case unexpected(String)
}

/// The identity of a file on disk: a rewrite, even with the same bytes, changes it.
struct FileIdentity: Equatable {
  var inode: UInt64
  var modified: timespec
  var changed: timespec
  var size: Int64
  var mode: UInt32

  init(path: String) throws {
    var info = stat()
    guard stat(path, &info) == 0 else {
      throw HarnessError.unexpected("stat \(path): \(String(cString: strerror(errno)))")
    }
    inode = UInt64(info.st_ino)
    modified = info.st_mtim
    changed = info.st_ctim
    size = Int64(info.st_size)
    mode = UInt32(info.st_mode)
  }

  /// The permission bits.
  var permissions: UInt32 { mode & 0o7777 }

  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.inode == rhs.inode && lhs.size == rhs.size && lhs.mode == rhs.mode
      && lhs.modified.tv_sec == rhs.modified.tv_sec
      && lhs.modified.tv_nsec == rhs.modified.tv_nsec
      && lhs.changed.tv_sec == rhs.changed.tv_sec && lhs.changed.tv_nsec == rhs.changed.tv_nsec
  }
}

/// Waits until `condition` holds, checking every 20 ms, for at most `seconds`.
/// - Returns: whether it held in time.
@discardableResult
func waitUntil(seconds: Double, _ condition: () throws -> Bool) async rethrows -> Bool {
  let deadline = Date().addingTimeInterval(seconds)
  while Date() < deadline {
    if try condition() { return true }
    try? await Task.sleep(nanoseconds: 20_000_000)
  }
  return try condition()
}

extension String {
  /// The lines, without their terminators; a final newline does not make an empty last line.
  var lines: [String] {
    var parts = split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if parts.last == "" { parts.removeLast() }
    return parts
  }

  /// The text with SGR colour sequences (`ESC [ … m`) removed.
  var withoutSGR: String {
    replacing(/\x{1B}\[[0-9;]*m/, with: "")
  }

  /// The exact Unicode scalars, for comparisons that canonical equivalence must not blur.
  var scalars: [Unicode.Scalar] { Array(unicodeScalars) }
}
