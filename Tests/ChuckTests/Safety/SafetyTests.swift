import ChuckTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Hostile services and hostile files, met as a user meets them: they can make `chuck` fail, in
/// words, and nothing else.
@Suite struct SafetyTests {
  /// The random endpoint of each other source, as the fake's rules name it.
  static let randomPaths = [
    "dad": "/dad/", "official": "/official/random_joke", "switter": "/switter/api/joke",
    "jokeapi": "/jokeapi/joke/Any",
  ]

  /// A rule that merges `fields` over the next joke `source` serves.
  static func jokeRule(_ source: String, _ fields: [String: Any]) throws -> String {
    let rule: [String: Any] = ["path": randomPaths[source] ?? "/", "joke": fields]
    return String(decoding: try JSONSerialization.data(withJSONObject: rule), as: UTF8.self)
  }

  /// A service's field names are shown as `chuck show` labels only after the sanitiser: a key
  /// that would set the clipboard, the title or clear the screen is shown as placeholders.
  @Test(arguments: ["dad", "official", "switter", "jokeapi"])
  func hostileFieldNamesAreMadeSafe(source: String) async throws {
    let keys = [
      "\u{1B}]52;c;b3duZWQ=\u{07}clip", "\u{1B}]2;owned\u{07}title", "\u{1B}[2Jclear",
      "\u{202E}bidi", "\u{9B}31mred",
    ]
    let fields = Dictionary(uniqueKeysWithValues: keys.map { ($0, "v") })
    let (_, sandbox) = try await startSandbox(rules: [try Self.jokeRule(source, fields)])
    let random = try await sandbox.chuck(["random", "--source", source])
    #expect(random.status == 0, "\(random.stderr)")
    let id = try #require(
      random.stderr.split(separator: " ").dropFirst().first.map { $0.dropLast() })
    for arguments in [["show", String(id)], ["show", String(id), "--color", "always"]] {
      let show = try await sandbox.chuck(arguments + ["--source", source])
      #expect(show.status == 0, "\(show.stderr)")
      OutputRulesTests.expectSafe(OutputRulesTests.withoutOwnColours(show.stdout), "show")
      for name in ["clip", "title", "clear", "bidi", "red"] {
        #expect(show.stdout.contains("\u{FFFD}\(name)"), "\(name) shown, made safe")
      }
    }
  }

  /// An answer nested deeper than the list reader reads is refused with 76 before anything is
  /// saved, and the list stays readable: one answer can never lock the list.
  @Test(arguments: ["dad", "official", "switter", "jokeapi"])
  func tooDeepAnswerIsRefused(source: String) async throws {
    var deep: Any = "bottom"
    for _ in 0..<300 { deep = [deep] }
    let (_, sandbox) = try await startSandbox(rules: [
      try Self.jokeRule(source, ["nested": deep])
    ])
    let first = try await sandbox.chuck(["random", "--source", source])
    #expect(first.status == 76, "\(first.stderr)")
    #expect(first.stderr.contains("error: "))
    #expect(first.stderr.contains("nested"), "\(first.stderr)")
    #expect(first.stdout.isEmpty)
    let file = sandbox.dataDirectory.appendingPathComponent("\(source)-jokes.json")
    #expect(!FileManager.default.fileExists(atPath: file.path), "nothing saved")
    let second = try await sandbox.chuck(["random", "--source", source])
    #expect(second.status == 0, "\(second.stderr)")
    let list = try await sandbox.chuck(["list", "--source", source])
    #expect(list.status == 0, "\(list.stderr)")
  }

  /// Files that are not regular files, or claim an absurd size, fail at once with 74 naming the
  /// file: a FIFO (which hung every command), a sparse file of near `Int64.max` bytes (which
  /// crashed), a directory, a link to a device; a link to a regular list is read.
  @Test(arguments: ["fifo", "sparse", "directory", "device", "link"])
  func filesThatAreNotFiles(kind: String) async throws {
    let (api, sandbox) = try await startSandbox()
    try FileManager.default.createDirectory(
      at: sandbox.dataDirectory, withIntermediateDirectories: true)
    let path = sandbox.listFile.path
    switch kind {
    case "fifo": #expect(mkfifo(path, 0o600) == 0)
    case "sparse":
      let fd = open(path, O_WRONLY | O_CREAT, 0o600)
      #expect(ftruncate(fd, off_t(Int64.max - 4096)) == 0 || ftruncate(fd, 1 << 40) == 0)
      close(fd)
    case "directory":
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    case "device": #expect(symlink("/dev/zero", path) == 0)
    default:
      let target = sandbox.dataDirectory.appendingPathComponent("real.json")
      try sandbox.writeList([MadeUpJoke(1, "Linked.").served(by: api)])
      try FileManager.default.moveItem(at: sandbox.listFile, to: target)
      #expect(symlink(target.path, path) == 0)
    }
    for arguments in [["list"], ["pick"], ["random"], ["remove", "abcd"]] {
      let result = try await sandbox.chuck(arguments, timeout: 20)
      if kind == "link" {
        if arguments == ["list"] { #expect(result.stdout.contains("Linked.")) }
        continue
      }
      #expect(result.status == 74, "\(kind) \(arguments): \(result.stderr)")
      #expect(result.stderr.contains(path), "names the file")
      #expect(result.seconds < 10, "no hang")
    }
  }

  /// A full disk (here a file-size limit) while `chuck remove` writes the list leaves the list
  /// and the favourites both as they were, and says so.
  @Test func removeChangesBothFilesOrNeither() async throws {
    let (api, sandbox) = try await startSandbox()
    let jokes = (1...40).map {
      MadeUpJoke(
        $0, "Joke \($0) " + String(repeating: "is long enough to fill a block. ", count: 8))
    }
    try sandbox.writeList(jokes.map { $0.served(by: api) })
    #expect(try await sandbox.chuck(["favorite", "add", jokes[0].id, "First"]).status == 0)
    let favorites = sandbox.dataDirectory.appendingPathComponent("favorites.json")
    let listBefore = try Data(contentsOf: sandbox.listFile)
    let favoritesBefore = try Data(contentsOf: favorites)
    #expect(listBefore.count > 8192 && favoritesBefore.count < 2048)
    // 4 blocks of 1 KiB: the favourites fit, the new list does not.
    let result = try await sandbox.shell("ulimit -f 4; \"$CHUCK\" remove \(jokes[0].id)")
    #expect(result.status == 74, "\(result.stderr)")
    #expect(result.stderr.contains("jokes.json"))
    #expect(try Data(contentsOf: sandbox.listFile) == listBefore)
    #expect(try Data(contentsOf: favorites) == favoritesBefore)
    let names = try FileManager.default.contentsOfDirectory(atPath: sandbox.dataDirectory.path)
    #expect(!names.contains { $0.contains(".tmp-") }, "no temporary file left: \(names)")
  }

  /// The argument parser's own messages quote the command line (a paste, a variable): they
  /// reach the terminal made safe too, with the parser's exit status.
  @Test func usageErrorsQuoteTheCommandLineSafely() async throws {
    let sandbox = try ChuckSandbox()
    for arguments in [
      ["list", "--source", "\u{1B}]2;owned\u{07}"], ["list", "--color", "\u{1B}[2J"],
      ["\u{1B}]52;c;b3duZWQ=\u{07}"], ["show", "\u{9B}31m1234"],
    ] {
      let result = try await sandbox.chuck(arguments)
      #expect(result.status == 64 || result.status == 66, "\(arguments)")
      #expect(result.stderr.contains("\u{FFFD}"), "\(result.stderr)")
      OutputRulesTests.expectSafe(result.stderr, "\(arguments)")
      #expect(result.stdout.isEmpty)
    }
    let help = try await sandbox.chuck(["--help"])
    #expect(help.status == 0)
    #expect(help.stdout.contains("USAGE: chuck "))
    #expect(help.stdout.contains("chuck <subcommand> [<options>]"))
  }
}
