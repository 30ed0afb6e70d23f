import ArgumentParser
import ChuckCore
import ChuckTestSupport
import Foundation
import Testing

@testable import chuck

/// What `chuck --help` and the help topic `chuck help environment` tell a person, from the built
/// binary; and that the environment's reference page names the code's variables.
@Suite struct HelpTests {
  /// Every subcommand's name, as `--help` lists it.
  static let subcommands = Chuck.configuration.subcommands.map { $0._commandName }

  /// The variables' names, in the code's order.
  static let variables = EnvironmentVariable.all.map(\.name)

  /// Whether `text` holds `word` as a whole word (`TERM` is not in `TERMINAL`).
  static func names(_ text: String, _ word: String) -> Bool {
    text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
      .contains { $0 == word }
  }

  /// `chuck --help` opens with what chuck is — its sources, the screen, `pick` — then the usage
  /// and every command, and no longer lists the environment variables.
  @Test(arguments: [["--help"], ["help"], []])
  func rootHelpLeadsWithTheOverview(arguments: [String]) async throws {
    let result = try await ChuckSandbox().chuck(arguments)
    #expect(result.status == 0)
    #expect(result.stderr == "")
    let help = result.stdout
    #expect(
      help.hasPrefix(
        "OVERVIEW: Collect jokes from five services, APIs you declare, and your own.\n"))
    let usage = try #require(help.range(of: "\nUSAGE: "))
    let overview = String(help[..<usage.lowerBound])
    for source in JokeSource.allCases {
      #expect(Self.names(overview, source.name), "the overview names no source \(source.name)")
    }
    #expect(overview.contains("api.chucknorris.io"))
    #expect(overview.contains("plain chuck opens the screen"))
    #expect(overview.contains("chuck pick"))
    #expect(overview.contains("chuck help environment"))
    let commands = try #require(help.range(of: "\nSUBCOMMANDS:\n"))
    #expect(usage.lowerBound < commands.lowerBound)
    let section = help[commands.upperBound...].components(separatedBy: "\n\n")[0]
    let listed = section.split(separator: "\n").compactMap {
      $0.hasPrefix("  ") && !$0.hasPrefix("   ") ? $0.split(separator: " ").first : nil
    }.map { String($0).trimmingCharacters(in: .punctuationCharacters) }
    #expect(Set(listed) == Set(Self.subcommands))
    #expect(Self.subcommands.contains("environment"))
    for variable in Self.variables {
      #expect(!Self.names(help, variable), "--help names \(variable)")
    }
  }

  /// Help that names what sources can do says what the sources can do: search (chuck, dad,
  /// JokeAPI; it said chuck and dad) and fetch by id (all but Switter and mine; it named Switter).
  @Test func helpNamesTheSourcesThatCan() async throws {
    let sandbox = try ChuckSandbox()
    func text(_ arguments: [String]) async throws -> String {
      try await sandbox.chuck(arguments).stdout.replacingOccurrences(of: "\n", with: " ")
    }
    #expect(
      try await text(["search", "--help"]).contains(
        "The sources that can search: chuck, dad, jokeapi; the others (official, switter, "
          + "mine) cannot (64)."))
    #expect(
      try await text(["save", "--help"]).contains(
        "fetch by id: chuck, dad, official, jokeapi; the others (switter, mine) cannot (64)."))
    // Derived: a declared source that fetches by id is among those that can, a feed without
    // `by-id` among those that cannot.
    let declared = try ChuckSandbox(
      config: """
        [sources.geek]
        url = "http://127.0.0.1:9/dad"
        random = "/"
        by-id = "/j/{id}"
        id = "/id"
        text = "/joke"

        [sources.news]
        url = "http://127.0.0.1:9/news"
        list = "/latest"
        id = "/id"
        text = "/title"

        """)
    let save = try await declared.chuck(["save", "--help"]).stdout
      .replacingOccurrences(of: "\n", with: " ")
    #expect(
      save.contains(
        "fetch by id: chuck, dad, official, jokeapi, geek; the others (switter, mine, news) "
          + "cannot (64)."), "\(save)")
  }

  /// Each flag that overrides a setting ends its help with where its value comes from when it
  /// is not given, from the setting's one declaration: its variable, its key in the config file,
  /// its default (`--source` once named only CHUCK_SOURCE).
  @Test func flagsOfSettingsNameTheirVariableFileAndDefault() async throws {
    let sandbox = try ChuckSandbox()
    var checked = 0
    for setting in Setting.all where !setting.flags.isEmpty {
      for command in ["random", "pick", "list", "show", "ui"] {
        let help = try await sandbox.chuck([command, "--help"]).stdout
        let words = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for flag in setting.flags where words.contains(" \(flag) ") {
          checked += 1
          #expect(
            words.contains(setting.flagDefault), "\(command) \(flag): \(setting.flagDefault)")
        }
      }
    }
    #expect(checked >= 14, "the flags of source, exclude, color, mouse, accessible, date-format")
    let random = try await sandbox.chuck(["random", "--help"]).stdout
      .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(random.contains("(default: $CHUCK_SOURCE, else source in the config file, else chuck)"))
  }

  /// `chuck help environment` and `chuck environment --help` name every variable that chuck
  /// reads, each on a line of its own with its meaning.
  @Test(arguments: [["help", "environment"], ["environment", "--help"]])
  func environmentTopicNamesEveryVariable(arguments: [String]) async throws {
    let result = try await ChuckSandbox().chuck(arguments)
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(result.stdout.hasPrefix("OVERVIEW: The environment variables chuck reads"))
    let lines = result.stdout.split(separator: "\n").map(String.init)
    for variable in Self.variables {
      let line = lines.first { $0.hasPrefix("  \(variable) ") }
      #expect(line != nil, "chuck help environment does not list \(variable)")
      #expect((line?.count ?? 0) > variable.count + 10, "no meaning: \(line ?? variable)")
    }
  }

  /// `chuck environment` prints exactly the code's list, in its order, a variable a line with its
  /// meaning; `--json` the same as objects. It reads no configuration, so an unusable variable
  /// does not stop it.
  @Test func environmentCommandPrintsTheCodesList() async throws {
    let sandbox = try ChuckSandbox()
    let plain = try await sandbox.chuck(["environment"], ["CHUCK_TIMEOUT": "abc"])
    #expect(plain.status == 0)
    #expect(plain.stderr == "")
    let lines = plain.stdout.split(separator: "\n")
    #expect(lines.map { String($0.split(separator: " ")[0]) } == Self.variables)
    for line in lines {
      #expect(line.split(separator: " ").count > 2, "no meaning: \(line)")
    }

    let json = try await sandbox.chuck(["environment", "--json"])
    #expect(json.status == 0)
    let objects = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: String]])
    #expect(objects.map { $0["name"] } == Self.variables)
    #expect(objects.allSatisfy { !($0["meaning"] ?? "").isEmpty })
  }

  /// Every variable of the code has a meaning of its own in the topic (a new variable without
  /// one fails here, not silently in the help).
  @Test func everyVariableHasAMeaning() {
    for variable in EnvironmentVariable.all {
      #expect(!variable.meaning.isEmpty, "\(variable.name)")
    }
  }

  /// `Documentation/environment.md`'s table names every variable of the code, and no other.
  @Test func environmentPageAgreesWithTheCode() throws {
    let page = FakeAPI.packageRoot.appendingPathComponent("Documentation/environment.md")
    let text = try String(contentsOf: page, encoding: .utf8)
    let firstColumns = text.split(separator: "\n").filter { $0.hasPrefix("| `") }.map {
      $0.split(separator: "|", omittingEmptySubsequences: true)[0]
    }
    let documented = firstColumns.flatMap { column in
      column.split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(
          in: CharacterSet(charactersIn: "`"))
      }
    }
    #expect(documented.count == Set(documented).count, "a variable is in the table twice")
    #expect(Set(documented) == Set(Self.variables))
  }

  /// `Documentation/configuration.md`'s table of settings is `Setting.all`: every key, in its
  /// order, with its variable, its flags, the values it allows and its default (as the file
  /// writes it; a setting without one has no code in that column), and no other key.
  @Test func configurationPageAgreesWithTheCode() throws {
    let page = FakeAPI.packageRoot.appendingPathComponent("Documentation/configuration.md")
    let lines = try String(contentsOf: page, encoding: .utf8).split(
      separator: "\n", omittingEmptySubsequences: false)
    let header = try #require(
      lines.firstIndex { $0 == "| key | variable | flag | allowed | default |" },
      "configuration.md has no table of settings")
    let rows = lines[(header + 2)...].prefix { $0.hasPrefix("|") }.map { line in
      line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast().map {
        $0.trimmingCharacters(in: .whitespaces)
      }
    }
    func code(_ cell: String) -> String {
      cell.trimmingCharacters(in: CharacterSet(charactersIn: "`"))
    }
    #expect(rows.map { code($0.first ?? "") } == Setting.all.map(\.key))
    for (row, setting) in zip(rows, Setting.all) {
      #expect(row.count == 5, "\(row)")
      guard row.count == 5 else { continue }
      #expect(code(row[1]) == setting.variable.name, "\(setting.key)'s variable")
      let flags = row[2].split(separator: ",").map { code($0.trimmingCharacters(in: .whitespaces)) }
      #expect(flags == setting.flags, "\(setting.key)'s flags")
      #expect(row[3] == setting.allowed, "\(setting.key)'s allowed values")
      if let standard = setting.defaultValue {
        #expect(row[4] == "`\(standard.toml)`", "\(setting.key)'s default")
      } else {
        #expect(!row[4].hasPrefix("`"), "\(setting.key) has no default, the page gives one")
      }
    }
  }
}
