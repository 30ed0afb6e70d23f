import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Why a sandbox could not be made.
public enum ChuckSandboxError: Error {
  /// A file of the sandbox could not be written: its path.
  case cannotWrite(String)
}

/// What one run of the `chuck` binary did.
public struct ChuckResult: Sendable {
  /// The exit status (or 128 + the signal's number when a signal ended it).
  public var status: Int32
  /// Everything written to stdout.
  public var stdout: String
  /// Everything written to stderr.
  public var stderr: String
  /// Wall-clock seconds the run took.
  public var seconds: Double

  /// Makes a result.
  /// - Parameters:
  ///   - status: the exit status.
  ///   - stdout: what was written to stdout.
  ///   - stderr: what was written to stderr.
  ///   - seconds: how long it took.
  public init(status: Int32, stdout: String, stderr: String, seconds: Double) {
    self.status = status
    self.stdout = stdout
    self.stderr = stderr
    self.seconds = seconds
  }
}

/// Runs the built `chuck` binary as a user would: in a fresh temporary home, data and cache
/// directory, with a clean environment.
public final class ChuckSandbox: @unchecked Sendable {
  /// The temporary folder holding `home`, `data` and `cache`.
  public let root: URL
  /// `CHUCK_DATA_DIR`.
  public let dataDirectory: URL
  /// `CHUCK_CACHE_DIR`.
  public let cacheDirectory: URL
  /// `HOME`.
  public let home: URL
  /// The fake API runs use, if any.
  public let api: FakeAPI?
  /// The config file every run reads (`CHUCK_CONFIG`), when the sandbox was made with one; else
  /// runs read none (`~/.config/chuck/config` in the empty home).
  public let configFile: URL?

  /// The list file.
  public var listFile: URL { dataDirectory.appendingPathComponent("jokes.json") }

  /// The binary under test: `$CHUCK_BIN`, else `chuck` beside the test bundle.
  public static let binary: URL = {
    if let path = ProcessInfo.processInfo.environment["CHUCK_BIN"], !path.isEmpty {
      return URL(fileURLWithPath: path)
    }
    let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("chuck")
    if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
    return FakeAPI.packageRoot.appendingPathComponent(".build/debug/chuck")
  }()

  /// Where runs of an instrumented binary write their coverage profiles: inside the sandbox,
  /// beside (not in) the folders that tests look at, so they go when the sandbox goes.
  public var profiles: URL { root.appendingPathComponent("profiles", isDirectory: true) }

  /// Makes the directories (not the data directory itself: `chuck` must create it).
  /// - Parameters:
  ///   - api: the fake API to point `CHUCK_API_URL` at.
  ///   - config: the text of a config file (written 0600 as `config` in the sandbox's root) that
  ///     every run reads through `CHUCK_CONFIG`; `nil` for none.
  public init(api: FakeAPI? = nil, config: String? = nil) throws {
    root = try TemporaryDirectory.make(prefix: "chuck-sandbox")
    home = root.appendingPathComponent("home", isDirectory: true)
    dataDirectory = root.appendingPathComponent("data", isDirectory: true)
    cacheDirectory = root.appendingPathComponent("cache", isDirectory: true)
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    self.api = api
    if let config {
      let file = root.appendingPathComponent("config")
      guard
        FileManager.default.createFile(
          atPath: file.path, contents: Data(config.utf8), attributes: [.posixPermissions: 0o600])
      else { throw ChuckSandboxError.cannotWrite(file.path) }
      configFile = file
    } else {
      configFile = nil
    }
  }

  deinit { try? FileManager.default.removeItem(at: root) }

  /// The environment every run starts from: only what `chuck` reads, nothing from the test's own
  /// environment (so `NO_COLOR`, `COLUMNS` or `XDG_*` of the machine cannot leak in). Retries are
  /// quick unless a test says otherwise.
  public var baseEnvironment: [String: String] {
    var environment = [
      "PATH": "/usr/bin:/bin",
      "HOME": home.path,
      "CHUCK_DATA_DIR": dataDirectory.path,
      "CHUCK_CACHE_DIR": cacheDirectory.path,
      "CHUCK_RETRY_DELAY": "0.05",
      "CHUCK_TIMEOUT": "5",
      "LANG": "C.UTF-8",
    ]
    let base = api?.baseURL.absoluteString ?? "http://127.0.0.1:9"
    environment["CHUCK_API_URL"] = base
    // The other sources are the same fake under its prefixes: no run reaches a real service.
    environment["CHUCK_DAD_API_URL"] = base + "/dad"
    environment["CHUCK_OFFICIAL_API_URL"] = base + "/official"
    environment["CHUCK_SWITTER_API_URL"] = base + "/switter"
    environment["CHUCK_JOKEAPI_URL"] = base + "/jokeapi"
    // Under `swift test --enable-code-coverage` the binary is instrumented and writes a profile
    // when it exits: into the sandbox, never the working directory nor the test run's own
    // profile folder, where a run killed mid-write would leave a file that breaks the merge.
    environment["LLVM_PROFILE_FILE"] = profiles.appendingPathComponent("%p.profraw").path
    if let configFile { environment["CHUCK_CONFIG"] = configFile.path }
    return environment
  }

  /// Runs `chuck` and waits for it.
  /// - Parameters:
  ///   - arguments: the command line after `chuck`.
  ///   - environment: variables added to (or, with an empty value, replacing) the base ones;
  ///     `nil` removes a variable.
  ///   - timeout: seconds after which the run is killed (a hang is a failure, not a stuck test).
  ///   - directory: the working directory (the test's when `nil`).
  /// - Returns: what it did.
  @discardableResult
  public func run(
    _ arguments: [String], environment: [String: String?] = [:], timeout: Double = 60,
    directory: URL? = nil
  ) throws -> ChuckResult {
    var merged = baseEnvironment
    for (name, value) in environment { merged[name] = value }
    return try Self.run(
      executable: Self.binary, arguments: arguments, environment: merged, timeout: timeout,
      directory: directory)
  }

  /// Starts `chuck` without waiting, for tests that signal or race it.
  /// - Parameters:
  ///   - arguments: the command line after `chuck`.
  ///   - environment: as for ``run(_:environment:timeout:directory:)``.
  /// - Returns: the running process, its stdout and its stderr pipes (read them with a deadline:
  ///   `readAllRetryingInterrupts(timeout:)`).
  public func start(_ arguments: [String], environment: [String: String?] = [:]) throws -> (
    ChildProcess, Pipe, Pipe
  ) {
    let (out, err) = (Spawn.pipe(), Spawn.pipe())
    let process = try launch(
      arguments, environment: environment,
      stdout: .descriptor(out.fileHandleForWriting.fileDescriptor),
      stderr: .descriptor(err.fileHandleForWriting.fileDescriptor))
    try out.fileHandleForWriting.close()
    try err.fileHandleForWriting.close()
    return (process, out, err)
  }

  /// Starts `chuck` without waiting, its output thrown away (for attacks that start hundreds).
  /// - Parameters:
  ///   - arguments: the command line after `chuck`.
  ///   - environment: as for ``run(_:environment:timeout:directory:)``.
  /// - Returns: the running process.
  public func startDiscardingOutput(_ arguments: [String], environment: [String: String?] = [:])
    throws -> ChildProcess
  {
    try launch(arguments, environment: environment, stdout: .null, stderr: .null)
  }

  private func launch(
    _ arguments: [String], environment: [String: String?], stdout: Spawn.Stream,
    stderr: Spawn.Stream
  ) throws -> ChildProcess {
    var merged = baseEnvironment
    for (name, value) in environment { merged[name] = value }
    return try ChildProcess(
      Self.binary, arguments: arguments, environment: merged.compactMapValues { $0 },
      stdout: stdout, stderr: stderr)
  }

  /// Runs any program with a clean environment, collecting its output.
  /// - Parameters:
  ///   - executable: the program.
  ///   - arguments: its arguments.
  ///   - environment: its whole environment.
  ///   - timeout: seconds after which it is killed.
  ///   - directory: its working directory (the test's when `nil`).
  ///   - input: a file for its stdin (/dev/null when `nil`).
  /// - Returns: what it did.
  public static func run(
    executable: URL, arguments: [String], environment: [String: String?], timeout: Double,
    directory: URL? = nil, input: URL? = nil
  ) throws -> ChuckResult {
    let out = Spawn.pipe()
    let err = Spawn.pipe()
    let started = Date()
    let process = try ChildProcess(
      executable, arguments: arguments, environment: environment.compactMapValues { $0 },
      stdin: input.map { .file($0.path) } ?? .null,
      stdout: .descriptor(out.fileHandleForWriting.fileDescriptor),
      stderr: .descriptor(err.fileHandleForWriting.fileDescriptor), directory: directory)
    try out.fileHandleForWriting.close()
    try err.fileHandleForWriting.close()
    return collect(
      process, started: started, timeout: timeout,
      outputs: [out.fileHandleForReading.fileDescriptor, err.fileHandleForReading.fileDescriptor])
  }

  /// Waits for a started process, killing it after `timeout` seconds, while reading its stdout
  /// and stderr together (so that neither can fill up and block it). Reading stops 2 s after it
  /// exits even if something else (a daemon it started) still holds a pipe; 10 s after the
  /// timeout whatever happens. Blocks this thread: never call it on a cooperative one.
  /// - Parameters:
  ///   - process: the running process.
  ///   - started: when it was started.
  ///   - timeout: seconds after which it is killed.
  ///   - outputs: the test's ends of its stdout and stderr (pipes or terminals).
  /// - Returns: what it did; a signal's death is 128 + the signal's number.
  public static func collect(
    _ process: ChildProcess, started: Date, timeout: Double, outputs: [Int32]
  ) -> ChuckResult {
    let deadline = started.addingTimeInterval(timeout)
    let data = PipeReader.readAll(outputs, until: deadline.addingTimeInterval(10)) {
      if Date() > deadline { process.signal(SIGKILL) }
      return !process.isRunning
    }
    let status = process.waitForExit(killingAfter: max(0, deadline.timeIntervalSinceNow))
    return ChuckResult(
      status: status, stdout: String(decoding: data[0], as: UTF8.self),
      stderr: String(decoding: data[1], as: UTF8.self),
      seconds: Date().timeIntervalSince(started))
  }
}
