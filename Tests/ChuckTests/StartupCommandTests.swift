import ChuckTestSupport
import Foundation
import Testing

@testable import chuck

/// `chuck pick` and `chuck list` in their start-up file forms run without the argument parser
/// (`StartupCommand`). A trailing `--` sends any command line to the parser, so each form is checked
/// against what the parser makes of the same command: the same output, errors and exit status.
@Suite struct StartupCommandTests {
  static let dev = MadeUpJoke(1, "Chuck Norris compiles with his eyes closed.", categories: ["dev"])
  static let food = MadeUpJoke(
    2, "Chuck Norris eats the menu, \u{1B}]0;a title\u{07}twice.", categories: ["food"],
    createdAt: "2016-05-01 10:51:41")

  /// The command lines compared: the fast forms, and near misses that the parser must decide.
  static let commandLines: [[String]] = [
    ["list"], ["list", "--json"], ["list", "--color", "always"],
    ["list", "--color=never", "--json"],
    ["list", "--json", "--color", "auto"], ["pick", "--category", "dev"],
    ["pick", "--category=food", "--json"], ["pick", "--color", "always", "--category", "food"],
    ["pick", "--category", "music"],
    // pick as fortune: each form chosen so that one joke (or none) fits.
    ["pick", "-s", "-n", "40"], ["pick", "--long", "--length=40"], ["pick", "-l"],
    ["pick", "-m", "compiles"], ["pick", "--match", "COMPILES", "-i"], ["pick", "--match=m.nu"],
    ["pick", "--exclude", "food"], ["pick", "--exclude", "food", "--exclude", "dev"],
    ["pick", "--exclude", "", "--category", "dev"], ["pick", "-c", "-m", "eyes"],
    ["pick", "--show-source", "--source", "all", "-m", "menu"],
    ["pick", "--source", "chuck", "-s", "-m", "eyes"],
    ["pick", "--short", "--length", "0"], ["pick", "--ignore-case", "--match", "EATS", "--json"],
    // Near misses: each is the parser's to answer (an error, or its own reading).
    ["list", "--category", "dev"], ["list", "--json", "--json"], ["list", "--color", "pink"],
    ["list", "--color"], ["list", "--color="], ["pick", "--category"],
    ["pick", "--category", "-x"],
    ["pick", "--category", "dev", "--category", "food"], ["pick", "--color", "never", "extra"],
    ["list", "-h"], ["pick", "--help"], ["list", "--jso"],
    ["pick", "-si"], ["pick", "-n", "5"], ["pick", "-i"], ["pick", "-s", "-l"],
    ["pick", "-s", "-n", "-5"], ["pick", "--source", "nope"], ["pick", "-m"],
    ["pick", "-s", "--length=x"], ["pick", "-c", "-c", "-m", "eyes"], ["pick", "-m", "("],
    ["list", "-s"],
    ["pick", "--source", "dad", "--exclude", "x"], ["pick", "-n5", "-s"],
    ["pick", "--daily", "-m", "eyes"], ["pick", "--no-rotate", "-m", "menu"],
    ["pick", "--daily", "--no-rotate"], ["pick", "--daily", "--daily"],
    ["pick", "-m", "eyes", "--format", "{id} {value}"], ["pick", "-m", "eyes", "--format=waybar"],
    ["pick", "-m", "menu", "--oneline", "--max-width", "12"], ["list", "--format", "{date}"],
    ["list", "--oneline"], ["pick", "--format", "{bad}"], ["pick", "--format", "x", "--json"],
    ["list", "--max-width", "0"], ["pick", "--max-width", "x"], ["list", "--source", "all"],
    ["list", "--source", "all", "--json"], ["list", "--source", "dad"], ["list", "--source", "x"],
    // --date-format, and its near misses.
    ["list", "--date-format", "%a, %b %-d, '%y"], ["list", "--date-format=%d/%m/%Y", "--json"],
    ["pick", "-m", "menu", "--format", "{date}", "--date-format", "%e %B %Y"],
    ["pick", "--date-format", "%Q"], ["list", "--date-format"], ["list", "--date-format="],
    ["list", "--date-format", "%d", "--date-format", "%m"], ["pick", "--date-format", "-%d-"],
    ["list", "--source", "all", "--date-format", "%A"],
    // --no-color and --accessible, and their near misses.
    ["list", "--no-color"], ["list", "--no-color", "--json"], ["pick", "--no-color", "-m", "eyes"],
    ["list", "--accessible"], ["pick", "--accessible", "--category", "dev"],
    ["pick", "-m", "menu", "--accessible", "--no-color"],
    ["list", "--no-color", "--color", "never"], ["list", "--color=always", "--no-color"],
    ["list", "--no-color", "--no-color"], ["pick", "--accessible", "--accessible", "-m", "menu"],
    ["list", "--no-color=x"], ["list", "--accessible=1"],
  ]

  @Test func sameAsTheParserForEveryForm() async throws {
    let (api, sandbox) = try await startSandbox()
    try sandbox.writeList([Self.dev.object, Self.food.object])
    for arguments in Self.commandLines {
      let fast = try await sandbox.chuck(arguments)
      let parsed = try await sandbox.chuck(arguments + ["--"])
      #expect(fast.status == parsed.status, "\(arguments)")
      #expect(fast.stdout == parsed.stdout, "\(arguments)")
      #expect(fast.stderr == parsed.stderr, "\(arguments)")
    }
    #expect(try api.requests().isEmpty)
  }

  /// `chuck random`'s forms, and near misses, each against a list that does not hold the joke and
  /// a fake that serves the same joke to both: the same output, errors, exit status and list.
  static let randomLines: [[String]] = [
    ["random"], ["random", "--json"], ["random", "--category", "dev"],
    ["random", "--exclude", "food"], ["random", "--exclude", "", "--color", "never"],
    ["random", "--source", "chuck", "--format", "{id} {categories}"],
    ["random", "--oneline", "--max-width", "20"], ["random", "--format=waybar"],
    ["random", "--accessible"], ["random", "--no-color", "--json"],
    ["random", "--exclude=dev"], ["random", "--category", "music"],
    // Near misses: each is the parser's to answer.
    ["random", "--source", "all"], ["random", "--category"], ["random", "-s"],
    ["random", "--json", "--format", "x"], ["random", "--category", "dev", "--category", "dev"],
    ["random", "--source", "dad", "--exclude", "x"], ["random", "--help"], ["random", "extra"],
  ]

  @Test func randomSameAsTheParser() async throws {
    let (api, sandbox) = try await startSandbox(pool: [Self.dev])
    for arguments in Self.randomLines {
      var results: [ChuckResult] = []
      var lists: [String] = []
      for form in [arguments, arguments + ["--"]] {
        try sandbox.writeList([Self.food.object])
        try await api.setPool([Self.dev.json])
        results.append(try await sandbox.chuck(form))
        lists.append(try String(contentsOf: sandbox.listFile, encoding: .utf8))
      }
      #expect(results[0].status == results[1].status, "\(arguments)")
      #expect(results[0].stdout == results[1].stdout, "\(arguments)")
      #expect(results[0].stderr == results[1].stderr, "\(arguments)")
      #expect(lists[0] == lists[1], "\(arguments)")
    }
    #expect(try api.requests().contains { $0.path == "/jokes/random" })
  }

  /// Errors from the environment and the list file are reported as the parsed commands report
  /// them, red on a terminal, with the same exit status.
  @Test func sameErrorsAsTheParser() async throws {
    let (_, sandbox) = try await startSandbox()
    try sandbox.writeListText(#"{"version": 1, "items": [{"id": 5}]}"#)
    let cases: [([String: String?], [String])] = [
      ([:], ["list"]), ([:], ["pick", "--json"]), (["CHUCK_TIMEOUT": "soon"], ["list"]),
      (["CHUCK_RETRIES": "-1"], ["pick", "--category", "dev"]),
    ]
    for (environment, arguments) in cases {
      let fast = try await sandbox.chuck(arguments, environment, stdout: .pipe, stderr: .terminal)
      let parsed = try await sandbox.chuck(
        arguments + ["--"], environment, stdout: .pipe, stderr: .terminal)
      #expect(fast.status != 0, "\(arguments)")
      #expect(fast.stderr.contains("\u{1B}[31merror:"), "\(arguments): \(fast.stderr)")
      #expect(fast.status == parsed.status, "\(arguments)")
      #expect(fast.stderr == parsed.stderr, "\(arguments)")
    }
  }
}

/// The start-up fast path's table of spellings against the argument parser's own description of
/// the commands (`--experimental-dump-help`): every option it reads is the parser's, with the same
/// names and kind; and `pick` runs fast with any of its options.
@Suite struct StartupCommandTableTests {
  struct Argument: Decodable {
    struct Name: Decodable {
      let kind: String
      let name: String
    }
    let kind: String
    let names: [Name]?
    let isRepeating: Bool
  }
  struct Dump: Decodable {
    struct Command: Decodable { let arguments: [Argument] }
    let command: Command
  }

  func arguments(of command: String) async throws -> [Argument] {
    let result = try await ChuckSandbox().chuck([command, "--experimental-dump-help"])
    #expect(result.status == 0)
    return try JSONDecoder().decode(Dump.self, from: Data(result.stdout.utf8)).command.arguments
  }

  /// Each row of the table fills a property of its own: no option lands in another's (the
  /// table once ended in `default:` branches that took any new spelling for `--no-rotate` or
  /// `--match`).
  @Test func eachRowFillsItsOwnProperty() {
    let rows = StartupCommand.options
    for (index, row) in rows.enumerated() {
      for other in rows[(index + 1)...] {
        #expect(
          row.property != other.property, "\(row.long) and \(other.long) fill the same property")
      }
    }
    var typed = StartupCommand.Typed()
    for row in rows where row.value == .none { row.set(&typed) }
    #expect(typed.options.json && typed.options.daily && typed.options.noRotate)
    #expect(typed.noColor && typed.accessible)
  }

  @Test(arguments: ["pick", "list", "random"])
  func tableIsTheParsers(command: String) async throws {
    let parsed = try await arguments(of: command)
    let commands = try #require(StartupCommand.Commands(named: command))
    let fast = StartupCommand.options.filter { $0.commands.contains(commands) }
    for option in fast {
      let match = parsed.first { argument in
        argument.names?.contains { $0.kind == "long" && "--" + $0.name == option.long } == true
      }
      let argument = try #require(match, "\(command) \(option.long) is not the parser's")
      let short = argument.names?.first { $0.kind == "short" }.map { "-" + $0.name }
      #expect(short == option.short, "\(command) \(option.long)")
      #expect((argument.kind == "flag") == (option.value == .none), "\(command) \(option.long)")
      #expect(argument.isRepeating == (option.value == .repeated), "\(command) \(option.long)")
    }
    guard command == "pick" else { return }
    // Every option of pick, but help and version, is read fast.
    for argument in parsed where argument.kind != "positional" {
      let long = try #require(argument.names?.first { $0.kind == "long" }?.name)
      guard !["help", "version"].contains(long) else { continue }
      #expect(fast.contains { $0.long == "--" + long }, "pick --\(long) is not in the table")
    }
  }
}
