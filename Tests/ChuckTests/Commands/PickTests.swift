import ChuckTestSupport
import Foundation
import Testing

@Suite struct PickTests {
  static let dev = MadeUpJoke(1, "Chuck Norris compiles with his eyes closed.", categories: ["dev"])
  static let food = MadeUpJoke(
    2, "Chuck Norris eats\n\tthe menu.", categories: ["food", "explicit"],
    createdAt: "2016-05-01 10:51:41")

  /// A sandbox whose API is a running fake (so that any request would show in its log).
  static func sandbox(saving jokes: [MadeUpJoke]?) async throws -> (FakeAPI, ChuckSandbox) {
    let (api, sandbox) = try await startSandbox()
    if let jokes { try sandbox.writeList(jokes.map(\.object)) }
    return (api, sandbox)
  }

  /// An empty or missing list prints nothing at all and exits 0, without any request and
  /// without creating the data directory.
  @Test(arguments: [false, true])
  func emptyListPrintsNothing(fileExists: Bool) async throws {
    let (api, sandbox) = try await Self.sandbox(saving: fileExists ? [] : nil)
    for arguments in [["pick"], ["pick", "--json"], ["pick", "--category", "dev"]] {
      let result = try await sandbox.chuck(arguments)
      #expect(result.status == 0)
      #expect(result.stdout == "")
      #expect(result.stderr == "")
    }
    #expect(try api.requests().isEmpty)
    #expect(FileManager.default.fileExists(atPath: sandbox.dataDirectory.path) == fileExists)
  }

  /// A saved joke's text is printed whole; over many runs every saved joke comes up; no request.
  @Test func printsASavedJokeAtRandom() async throws {
    let (api, sandbox) = try await Self.sandbox(saving: [Self.dev, Self.food])
    let bytes = sandbox.listBytes
    var seen: Set<String> = []
    for _ in 0..<16 {
      let result = try await sandbox.chuck(["pick"])
      #expect(result.status == 0)
      #expect(result.stderr == "")
      #expect([Self.dev.value + "\n", Self.food.value + "\n"].contains(result.stdout))
      seen.insert(result.stdout)
    }
    #expect(seen.count == 2)
    #expect(try api.requests().isEmpty)
    #expect(sandbox.listBytes == bytes)
  }

  /// `--category` picks only a joke of that category; saved jokes of which none fits: 66, why.
  @Test func categoryFilters() async throws {
    let (api, sandbox) = try await Self.sandbox(saving: [Self.dev, Self.food])
    for _ in 0..<6 {
      let result = try await sandbox.chuck(["pick", "--category", "explicit"])
      #expect(result.status == 0)
      #expect(result.stdout == Self.food.value + "\n")
    }
    let none = try await sandbox.chuck(["pick", "--category", "music"])
    #expect(none.status == 66)
    #expect(none.stdout == "")
    #expect(none.stderr == "error: no saved joke fits: --category music (in your chuck list)\n")
    #expect(try api.requests().isEmpty)
  }

  /// `--json` prints the saved joke object.
  @Test func jsonPrintsTheObject() async throws {
    let (_, sandbox) = try await Self.sandbox(saving: [Self.food])
    let result = try await sandbox.chuck(["pick", "--json"])
    #expect(result.status == 0)
    #expect(try JSON.parse(result.stdout).only(MadeUpJoke.keys) == Self.food.object)
    #expect(result.stdout.hasSuffix("\n"))
  }

  /// `pick` works with no API at all: nothing listens at the configured URL.
  @Test func worksOffline() async throws {
    let sandbox = try ChuckSandbox()
    try sandbox.writeList([Self.dev.object])
    let result = try await sandbox.chuck(
      ["pick"], ["CHUCK_API_URL": "http://127.0.0.1:\(try closedPort())", "CHUCK_RETRIES": "0"])
    #expect(result.status == 0)
    #expect(result.stdout == Self.dev.value + "\n")
  }

  /// Hostile saved text never reaches the terminal raw.
  @Test func hostileTextIsMadeSafe() async throws {
    let sandbox = try ChuckSandbox()
    try sandbox.writeList([OutputRulesTests.hostileJokes[0].object])
    let result = try await sandbox.chuck(["pick"])
    #expect(result.status == 0)
    #expect(!result.stdout.isEmpty)
    #expect(TerminalOracle.unsafeScalars(in: result.stdout).isEmpty)
  }

  /// A corrupt list fails with 74, naming the file.
  @Test func corruptListFails() async throws {
    let sandbox = try ChuckSandbox()
    try sandbox.writeListText("{")
    let result = try await sandbox.chuck(["pick"])
    #expect(result.status == 74)
    #expect(result.stdout == "")
    #expect(result.stderr.contains(sandbox.listFile.path))
  }

  /// fortune's choices: `-s`/`-l` around `-n` (160 by default) counted on the preview's text (a
  /// two-part joke's both parts), `--match` (POSIX ERE, `-i`), `--exclude` and `CHUCK_EXCLUDE`
  /// (lifted by `--exclude ''`); none fits: 66 naming the options.
  @Test func fortuneChoices() async throws {
    let long = MadeUpJoke(3, String(repeating: "Chuck Norris counts to infinity. ", count: 6))
    let (_, sandbox) = try await Self.sandbox(saving: [Self.dev, Self.food, long])
    func only(_ arguments: [String], _ environment: [String: String?] = [:]) async throws
      -> Set<String>
    {
      var seen: Set<String> = []
      for _ in 0..<8 {
        let result = try await sandbox.chuck(["pick"] + arguments, environment)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        seen.insert(result.stdout)
      }
      return seen
    }
    let longText = long.value + "\n"
    #expect(try await only(["-l"]) == [longText])
    #expect(try await only(["-s", "-n", "30"]) == [Self.food.value + "\n"], "whitespace collapsed")
    #expect(try await only(["--long", "--length", "30"]).count == 2)
    #expect(try await only(["-m", "INFINITY|closed", "-i"]).count == 2)
    #expect(try await only(["--match", "^Chuck Norris eats"]) == [Self.food.value + "\n"])
    #expect(try await only(["--exclude", "dev", "--exclude", "FOOD"]) == [longText])
    #expect(try await only([], ["CHUCK_EXCLUDE": " dev , food "]) == [longText])
    #expect(
      try await only(["--exclude", "", "-m", "compiles"], ["CHUCK_EXCLUDE": "dev,food"])
        == [Self.dev.value + "\n"], "--exclude '' lifts CHUCK_EXCLUDE")
    let none = try await sandbox.chuck(
      ["pick", "-s", "-n", "10", "-m", "x"], ["CHUCK_EXCLUDE": "dev"])
    #expect(none.status == 66)
    #expect(
      none.stderr
        == "error: no saved joke fits: not dev, at most 10 characters, matching 'x' (in your chuck list)\n"
    )
    let bad = try await sandbox.chuck(["pick", "--match", "a{2"])
    #expect(bad.status == 64)
    #expect(bad.stderr.hasPrefix("error: 'a{2' is not a regular expression (POSIX extended): "))
    for wrong in [["-s", "-l"], ["-n", "5"], ["-i"], ["--source", "nope"], ["-n", "-1", "-s"]] {
      #expect(try await sandbox.chuck(["pick"] + wrong).status == 64, "\(wrong)")
    }
  }

  /// `--source all` picks over every saved list, each joke equally likely; `-c` names the
  /// source first as fortune names the file; a source without categories is left out of a
  /// `--category` pick, but an explicit `--exclude` on it alone is an error (64).
  @Test func everySource() async throws {
    let (_, sandbox) = try await Self.sandbox(saving: [Self.dev])
    #expect(try await sandbox.chuck(["save", "--source", "dad", "R7UfaahVfFd"]).status == 0)
    var sources: [String: Int] = [:]
    for _ in 0..<24 {
      let result = try await sandbox.chuck(["pick", "--source", "all", "-c"])
      #expect(result.status == 0)
      let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
      #expect(lines.count == 4 && lines[1] == "%", "\(result.stdout)")
      sources[String(lines[0]), default: 0] += 1
    }
    #expect(Set(sources.keys) == ["(chuck)", "(dad)"])
    let dev = try await sandbox.chuck(["pick", "--source", "all", "--category", "dev", "-c"])
    #expect(dev.stdout == "(chuck)\n%\n" + Self.dev.value + "\n")
    let dad = try await sandbox.chuck(["pick", "--source", "dad", "--exclude", "x"])
    #expect(dad.status == 64)
    #expect(dad.stderr.contains("dad jokes have no categories"))
    let quiet = try await sandbox.chuck(["pick", "--source", "dad"], ["CHUCK_EXCLUDE": "x"])
    #expect(quiet.status == 0, "CHUCK_EXCLUDE is ignored where there are no categories")
    // Saved jokes, but only in lists without categories: none fits a --category (66).
    #expect(try await sandbox.chuck(["remove", Self.dev.id]).status == 0)
    let uncategorized = try await sandbox.chuck(["pick", "--source", "all", "--category", "dev"])
    #expect(uncategorized.status == 66, "\(uncategorized)")
    #expect(uncategorized.stderr == "error: no saved joke fits: --category dev (in your lists)\n")
  }

  /// Rotation: no joke twice before every one was shown, across runs; a new round after; a
  /// changed list starts a new round; a damaged or unwritable state only reshuffles; `--daily`
  /// gives one joke all day and writes nothing, as does `--no-rotate`; picks run at once leave a
  /// state that reads.
  @Test func rotation() async throws {
    let jokes = (10..<15).map { MadeUpJoke($0, "Rotating joke number \($0).") }
    let (_, sandbox) = try await Self.sandbox(saving: jokes)
    let state = sandbox.home.appendingPathComponent(".local/state/chuck/pick-chuck.state")
    func picks(_ count: Int, _ arguments: [String] = []) async throws -> [String] {
      var shown: [String] = []
      for _ in 0..<count {
        let result = try await sandbox.chuck(["pick"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        shown.append(result.stdout)
      }
      return shown
    }
    let round = try await picks(5)
    #expect(Set(round).count == 5, "\(round)")
    #expect(FileManager.default.fileExists(atPath: state.path))
    let next = try await picks(5)
    #expect(Set(next).count == 5, "the next round: all again")
    try Data("{not json".utf8).write(to: state)
    #expect(Set(try await picks(5)).count == 5, "a damaged state reshuffles")
    let daily = try await picks(4, ["--daily"])
    #expect(Set(daily).count == 1)
    try FileManager.default.removeItem(at: state)
    _ = try await picks(3, ["--daily"])
    _ = try await picks(3, ["--no-rotate"])
    #expect(
      !FileManager.default.fileExists(atPath: state.path), "--daily and --no-rotate write nothing")
    // Many at once: whatever the order, the state file is whole.
    try await withThrowingTaskGroup(of: Int32.self) { group in
      for _ in 0..<12 { group.addTask { try await sandbox.chuck(["pick"]).status } }
      for try await status in group { #expect(status == 0) }
    }
    let saved = String(decoding: try Data(contentsOf: state), as: UTF8.self)
    #expect(saved.hasPrefix("chuck-pick-rotation 2 "), "\(saved)")
    #expect(saved.split(whereSeparator: \.isWhitespace).count == 7)
    #expect(saved.utf8.count == 128, "rewritten in place: always one length")
    // Whole, not only in shape: the next pick goes on with its round (a state that failed its
    // checksum would start a new one, with another seed, at position 1).
    let words = saved.split(whereSeparator: \.isWhitespace)
    let (seed, position) = (words[2], Int(words[3]) ?? -1)
    _ = try await picks(1)
    let after = String(decoding: try Data(contentsOf: state), as: UTF8.self)
      .split(whereSeparator: \.isWhitespace)
    if position < 5 {
      #expect(after[2] == seed && Int(after[3]) == position + 1, "\(saved) then \(after)")
    } else {
      #expect(after[2] != seed && after[3] == "1", "a new round after the last joke")
    }
    // Nothing but the state is ever written: a link in its place to another file, or another
    // file's content there, is replaced by a new state; the other file keeps every byte.
    let victim = sandbox.home.appendingPathComponent("precious.txt")
    let precious = "chuck-pick-rotation, but not ours: keep every byte\n"
    try Data(precious.utf8).write(to: victim)
    try FileManager.default.removeItem(at: state)
    try FileManager.default.createSymbolicLink(at: state, withDestinationURL: victim)
    #expect(Set(try await picks(3)).count == 3)
    #expect(try String(contentsOf: victim, encoding: .utf8) == precious)
    let replaced = try FileManager.default.attributesOfItem(atPath: state.path)
    #expect(replaced[.type] as? FileAttributeType == .typeRegular, "the link was replaced")
    try Data(precious.utf8).write(to: state)
    #expect(Set(try await picks(3)).count == 3)
    #expect(try Data(contentsOf: state).count == 128, "another content is replaced, not kept")
    // An unwritable state folder (a file in its place): the pick still works.
    try FileManager.default.removeItem(at: state.deletingLastPathComponent())
    try Data().write(to: state.deletingLastPathComponent())
    #expect(Set(try await picks(2)).count >= 1)
  }
}
