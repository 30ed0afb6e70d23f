import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

#if canImport(Glibc)
  import Glibc
#endif

/// The config file is read with care: never blocking, and never one that another user could
/// have written.
@Suite struct ConfigFileReadingTests {
  let root: URL
  let path: String

  init() throws {
    root = try TemporaryDirectory.make(prefix: "config-file")
    path = root.appendingPathComponent("config").path
  }

  func write(_ text: String, mode: mode_t = 0o600) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    #expect(chmod(path, mode) == 0)
  }

  func refusal(_ message: String) -> ConfigFileError {
    ConfigFileError(path: path, problems: [ConfigProblem(line: nil, message: message)])
  }

  /// A missing file is no error: the defaults hold.
  @Test func missingIsNil() throws {
    #expect(try ConfigFile.read(path: path) == nil)
    #expect(try ConfigFile.load(path: path) == nil)
  }

  /// A file of the user's, writable by the user alone, is read.
  @Test func readsOwnFile() throws {
    try write("timeout = 10\n")
    #expect(try ConfigFile.read(path: path) == Array("timeout = 10\n".utf8))
    #expect(try ConfigFile.load(path: path)?.value(of: "timeout") == .integer(10))
  }

  /// A FIFO is refused at once, never waited on.
  @Test func fifoIsRefusedWithoutBlocking() {
    #expect(mkfifo(path, 0o600) == 0)
    let started = Date()
    #expect(throws: refusal("not a regular file (a FIFO); make it one, or remove it")) {
      try ConfigFile.read(path: path)
    }
    #expect(Date().timeIntervalSince(started) < 2)
  }

  /// A directory is refused.
  @Test func directoryIsRefused() {
    #expect(mkdir(path, 0o700) == 0)
    #expect(throws: refusal("not a regular file (a directory); make it one, or remove it")) {
      try ConfigFile.read(path: path)
    }
  }

  /// More than 64 KiB is refused before it is read; 64 KiB is read.
  @Test func tooLargeIsRefused() throws {
    try write(String(repeating: "#", count: ConfigFile.largestFile))
    #expect(try ConfigFile.read(path: path)?.count == ConfigFile.largestFile)
    try write(String(repeating: "#", count: ConfigFile.largestFile + 1))
    #expect(
      throws: refusal("larger than the 64 KiB a config file may hold; it holds settings only")
    ) { try ConfigFile.read(path: path) }
  }

  /// Writable by others or by the group: refused, with the command that mends it.
  @Test func writableByOthersIsRefused() throws {
    try write("a = 1\n", mode: 0o666)
    #expect(
      throws: refusal(
        "writable by every user, who could change the commands it names; make it yours alone: "
          + "chmod go-w \(path)")
    ) { try ConfigFile.read(path: path) }
    try write("a = 1\n", mode: 0o620)
    #expect(
      throws: refusal(
        "writable by its group, who could change the commands it names; make it yours alone: "
          + "chmod go-w \(path)")
    ) { try ConfigFile.read(path: path) }
    try write("a = 1\n", mode: 0o644)
    #expect(try ConfigFile.read(path: path) != nil)
  }

  /// Owned by another user (not root): refused. Only root can give a file away, so the test
  /// runs as root only.
  @Test(.enabled(if: geteuid() == 0)) func otherOwnerIsRefused() throws {
    try write("a = 1\n")
    #expect(chown(path, 4321, 4321) == 0)
    #expect(
      throws: refusal(
        "owned by another user (uid 4321), who could change the commands it names; make it "
          + "yours: chown 0 \(path)")
    ) { try ConfigFile.read(path: path) }
  }

  /// `load` reports every problem of the file, with the file's name.
  @Test func loadReportsEveryProblem() throws {
    try write("a = 01\nb = ok\nc = 3\n")
    do {
      _ = try ConfigFile.load(path: path)
      Issue.record("loaded a bad file")
    } catch {
      #expect(error.problems.map(\.line) == [1, 2])
      #expect(error.description.hasPrefix("\(path):1: a: 01 has a leading zero"))
      #expect(error.description.contains("\n\(path):2: b: ok is not a value"))
    }
  }
}
