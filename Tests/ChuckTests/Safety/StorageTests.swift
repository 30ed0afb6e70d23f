import ChuckTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Holds an exclusive `flock` on a file from another process, as a second `chuck` would.
final class LockHolder: @unchecked Sendable {
  let process: ChildProcess
  let input: FileHandle

  /// Starts the holder and returns once it holds the lock.
  /// - Parameters:
  ///   - path: the file to lock.
  ///   - seconds: the longest it holds it before exiting.
  init(path: String, seconds: Double) throws {
    let input = Spawn.pipe()
    let out = Spawn.pipe()
    process = try ChildProcess(
      URL(fileURLWithPath: "/usr/bin/env"),
      arguments: [
        "python3", "-c",
        "import fcntl, select, sys\n"
          + "f = open(sys.argv[1], 'a')\n"
          + "fcntl.flock(f, fcntl.LOCK_EX)\n"
          + "print('locked', flush=True)\n"
          + "select.select([sys.stdin], [], [], float(sys.argv[2]))\n",
        path, String(seconds),
      ], environment: ["PATH": Spawn.testPath],
      stdin: .descriptor(input.fileHandleForReading.fileDescriptor),
      stdout: .descriptor(out.fileHandleForWriting.fileDescriptor), stderr: .null)
    try input.fileHandleForReading.close()
    try out.fileHandleForWriting.close()
    self.input = input.fileHandleForWriting
    let line = out.fileHandleForReading.readLineRetryingInterrupts()
    guard String(decoding: line, as: UTF8.self).hasPrefix("locked") else {
      throw HarnessError.unexpected("the lock holder did not lock")
    }
  }

  /// Releases the lock: the holder exits when its stdin closes (`python3` may be a wrapper
  /// script that would outlive a signal sent to it); the reaper kills it if it has not 5 s later.
  deinit {
    try? input.close()
    process.release(signal: 0, killingAfter: 5)
  }
}

@Suite struct StorageTests {
  static let joke = MadeUpJoke(1, "Chuck Norris keeps his jokes in a safe place.")

  struct LocationCase: Sendable, CustomTestStringConvertible {
    var name: String
    /// Values may start with `@`, which stands for the sandbox's root folder.
    var environment: [String: String?]
    /// Where the file or folder must be, `@` standing for the sandbox's root folder.
    var expected: String
    var testDescription: String { name }

    func environment(root: URL) -> [String: String?] {
      environment.mapValues { $0.map { $0.replacingOccurrences(of: "@", with: root.path) } }
    }

    func expected(root: URL) -> String {
      expected.replacingOccurrences(of: "@", with: root.path)
    }
  }

  /// Every regular file under `folder` whose name is `name` (or any, when `nil`), as paths.
  static func files(under folder: URL, named name: String? = nil) -> [String] {
    let paths =
      FileManager.default.enumerator(atPath: folder.path)?.allObjects
      .compactMap { $0 as? String } ?? []
    return paths.map { folder.appendingPathComponent($0).path }.filter { path in
      var isDirectory: ObjCBool = false
      return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        && !isDirectory.boolValue && (name == nil || path.hasSuffix("/" + name!))
    }.sorted()
  }

  /// The list lives in `CHUCK_DATA_DIR`, else an absolute `XDG_DATA_HOME`, else `~/.local/share`.
  @Test(arguments: [
    LocationCase(
      name: "CHUCK_DATA_DIR wins",
      environment: ["CHUCK_DATA_DIR": "@/own", "XDG_DATA_HOME": "@/xdg"],
      expected: "@/own/jokes.json"),
    LocationCase(
      name: "XDG_DATA_HOME", environment: ["CHUCK_DATA_DIR": nil, "XDG_DATA_HOME": "@/xdg"],
      expected: "@/xdg/chuck/jokes.json"),
    LocationCase(
      name: "home", environment: ["CHUCK_DATA_DIR": nil, "XDG_DATA_HOME": nil],
      expected: "@/home/.local/share/chuck/jokes.json"),
    LocationCase(
      name: "empty XDG_DATA_HOME", environment: ["CHUCK_DATA_DIR": nil, "XDG_DATA_HOME": ""],
      expected: "@/home/.local/share/chuck/jokes.json"),
    LocationCase(
      name: "relative XDG_DATA_HOME",
      environment: ["CHUCK_DATA_DIR": nil, "XDG_DATA_HOME": "relative/data"],
      expected: "@/home/.local/share/chuck/jokes.json"),
  ])
  func listLocation(_ row: LocationCase) async throws {
    let (_, sandbox) = try await startSandbox(pool: [Self.joke])
    let workdir = sandbox.root.appendingPathComponent("workdir")
    try FileManager.default.createDirectory(at: workdir, withIntermediateDirectories: true)
    var environment = row.environment(root: sandbox.root)
    environment["WORKDIR"] = workdir.path
    let random = try await sandbox.shell(#"cd "$WORKDIR" && "$CHUCK" random"#, environment)
    #expect(random.status == 0, "\(random.stderr)")
    #expect(
      Self.files(under: sandbox.root, named: "jokes.json") == [row.expected(root: sandbox.root)])
    #expect(Self.files(under: workdir).isEmpty)
    let list = try await sandbox.shell(#"cd "$WORKDIR" && "$CHUCK" list"#, environment)
    #expect(list.stdout.contains(Self.joke.id))
  }

  /// Icons live in `CHUCK_CACHE_DIR`, else an absolute `XDG_CACHE_HOME`, else `~/.cache`.
  @Test(arguments: [
    LocationCase(
      name: "CHUCK_CACHE_DIR wins",
      environment: ["CHUCK_CACHE_DIR": "@/own", "XDG_CACHE_HOME": "@/xdg"], expected: "@/own"),
    LocationCase(
      name: "XDG_CACHE_HOME", environment: ["CHUCK_CACHE_DIR": nil, "XDG_CACHE_HOME": "@/xdg"],
      expected: "@/xdg/chuck"),
    LocationCase(
      name: "home", environment: ["CHUCK_CACHE_DIR": nil, "XDG_CACHE_HOME": nil],
      expected: "@/home/.cache/chuck"),
    LocationCase(
      name: "empty XDG_CACHE_HOME", environment: ["CHUCK_CACHE_DIR": nil, "XDG_CACHE_HOME": ""],
      expected: "@/home/.cache/chuck"),
    LocationCase(
      name: "relative XDG_CACHE_HOME",
      environment: ["CHUCK_CACHE_DIR": nil, "XDG_CACHE_HOME": "relative/cache"],
      expected: "@/home/.cache/chuck"),
  ])
  func cacheLocation(_ row: LocationCase) async throws {
    let (api, sandbox) = try await startSandbox()
    let joke = ShowTests.joke(1, on: api)
    try sandbox.writeList([joke.object])
    let workdir = sandbox.root.appendingPathComponent("workdir")
    try FileManager.default.createDirectory(at: workdir, withIntermediateDirectories: true)
    var environment = row.environment(root: sandbox.root)
    environment["WORKDIR"] = workdir.path
    environment["COLUMNS"] = "300"
    let show = try await sandbox.shell(
      #"cd "$WORKDIR" && "$CHUCK" show "$ID""#, environment.merging(["ID": joke.id]) { $1 })
    #expect(show.status == 0, "\(show.stderr)")
    let expected = row.expected(root: sandbox.root)
    let icon = try #require(ShowOutput(show.stdout)["icon"])
    #expect(icon.hasPrefix(expected + "/"), "\(icon)")
    // The coverage profiles of an instrumented chuck are the test harness's, not chuck's.
    let everything = Self.files(under: sandbox.root).filter {
      !$0.hasPrefix(sandbox.dataDirectory.path) && !$0.hasPrefix(sandbox.profiles.path + "/")
    }
    #expect(everything == [icon])
  }

  /// Directories chuck creates (parents included) are 0700 and its files 0600, whatever the umask.
  @Test func permissions() async throws {
    let (api, sandbox) = try await startSandbox(pool: [
      Self.joke, MadeUpJoke(2, "Chuck Norris again."),
    ])
    let data = sandbox.root.appendingPathComponent("deep/er/data")
    let cache = sandbox.root.appendingPathComponent("cdeep/cache")
    let environment: [String: String?] = [
      "CHUCK_DATA_DIR": data.path, "CHUCK_CACHE_DIR": cache.path,
    ]
    let listFile = data.appendingPathComponent("jokes.json")
    // Created, then replaced: both writes must leave it 0600.
    for _ in 1...2 {
      #expect(try await sandbox.shell(#"umask 000; "$CHUCK" random"#, environment).status == 0)
      #expect(try FileIdentity(path: listFile.path).permissions == 0o600)
    }
    let shown = ShowTests.joke(3, on: api)
    var items = try JSON.parse(Data(contentsOf: listFile))["items"]?.elements ?? []
    items.append(shown.object)
    try Data(JSON.object(["version": .number(1), "items": .array(items)]).text.utf8).write(
      to: listFile)
    chmod(listFile.path, 0o600)
    let show = try await sandbox.shell(
      #"umask 000; "$CHUCK" show "$ID""#, environment.merging(["ID": shown.id]) { $1 })
    #expect(show.status == 0)

    for folder in ["deep", "deep/er", "deep/er/data", "cdeep", "cdeep/cache"] {
      let path = sandbox.root.appendingPathComponent(folder).path
      #expect(try FileIdentity(path: path).permissions == 0o700, "\(folder)")
    }
    let created = Self.files(under: data) + Self.files(under: cache)
    #expect(Self.files(under: cache).count == 1)
    for file in created {
      #expect(try FileIdentity(path: file).permissions == 0o600, "\(file)")
    }
    let folders = (FileManager.default.enumerator(atPath: cache.path)?.allObjects ?? [])
      .compactMap { $0 as? String }.map { cache.appendingPathComponent($0).path }
      .filter { !created.contains($0) }
    for folder in folders {
      #expect(try FileIdentity(path: folder).permissions == 0o700, "\(folder)")
    }
  }

  /// The list file is `{"version":1,"items":[…]}`, items as received, in saved order.
  @Test func documentedFormat() async throws {
    let pool = [
      MadeUpJoke(1, "Saved first, created last.", createdAt: "2023-06-21 12:03:51.94"),
      MadeUpJoke(
        2, "Saved second, created first.", categories: ["dev"], createdAt: "2016-05-01 10:51:41"),
    ]
    let (api, sandbox) = try await startSandbox(pool: pool)
    for _ in pool { #expect(try await sandbox.chuck(["random"]).status == 0) }
    let document = try JSON.parse(Data(contentsOf: sandbox.listFile))
    #expect(document["version"] == .number(1))
    let items = document["items"]?.elements ?? []
    #expect(items.map { $0.only(MadeUpJoke.keys) } == pool.map { $0.served(by: api) })
  }

  struct BadFile: Sendable, CustomTestStringConvertible {
    var name: String
    /// The file's bytes, or `nil` for a directory in its place.
    var bytes: [UInt8]?
    var testDescription: String { name }

    init(_ name: String, _ text: String) {
      self.name = name
      bytes = Array(text.utf8)
    }

    init(_ name: String, bytes: [UInt8]?) {
      self.name = name
      self.bytes = bytes
    }
  }
}
