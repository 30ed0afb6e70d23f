import ChuckTestSupport
import Foundation
import Testing

/// The config file and `chuck config`, as a user meets them: the file found where XDG says,
/// each setting taken from its flag, else its variable, else the file, else its default, every
/// unusable file refused with exit 78 in words, and `set` keeping the rest of the file.
@Suite struct ConfigTests {
  /// The sandbox's default config file: `~/.config/chuck/config`.
  static func configFile(_ sandbox: ChuckSandbox) -> URL {
    sandbox.home.appendingPathComponent(".config/chuck/config")
  }

  /// Writes the default config file, 0600, its folder made.
  static func writeConfig(_ text: String, in sandbox: ChuckSandbox) throws {
    let file = configFile(sandbox)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: file)
    chmod(file.path, 0o600)
  }

  /// `chuck config get KEY`'s output, one line.
  static func get(_ key: String, _ sandbox: ChuckSandbox, _ environment: [String: String?] = [:])
    async throws -> String
  {
    let result = try await sandbox.chuck(["config", "get", key], environment)
    #expect(result.status == 0, "\(result.stderr)")
    return result.stdout.trimmingCharacters(in: .newlines)
  }

  /// Every kind of setting (a string, a number, a boolean, a list, a URL) takes its default,
  /// else the file's value, else its variable's.
  @Test(arguments: [
    ("source", "CHUCK_SOURCE", "chuck", "\"dad\"", "dad", "jokeapi"),
    ("timeout", "CHUCK_TIMEOUT", "10", "2.5", "2.5", "7"),
    ("mouse", "CHUCK_MOUSE", "true", "false", "false", "1"),
    ("exclude", "CHUCK_EXCLUDE", "", "[\"nsfw\", \"dev\"]", "nsfw\ndev", "food"),
    (
      "api-url", "CHUCK_API_URL", "https://api.chucknorris.io", "\"http://127.0.0.1:1\"",
      "http://127.0.0.1:1", "http://127.0.0.1:2"
    ),
  ])
  func environmentBeatsFileBeatsDefault(
    key: String, variable: String, standard: String, toml: String, fromFile: String,
    fromEnvironment: String
  ) async throws {
    let sandbox = try ChuckSandbox()
    let unset: [String: String?] = [variable: nil]
    #expect(try await Self.get(key, sandbox, unset) == standard)
    try Self.writeConfig("# mine\n\(key) = \(toml)\n", in: sandbox)
    #expect(try await Self.get(key, sandbox, unset) == fromFile)
    let expected = fromEnvironment == "1" ? "true" : fromEnvironment
    #expect(try await Self.get(key, sandbox, [variable: fromEnvironment]) == expected)
  }

  /// The file's settings drive the commands, and a flag beats them all: `source` picks the
  /// list that `list` shows unless `--source` names another, `api-url` is where `random` asks.
  @Test func theFileDrivesCommandsAndFlagsWin() async throws {
    let (api, sandbox) = try await startSandbox()
    _ = api
    let url = sandbox.baseEnvironment["CHUCK_API_URL"]!
    try Self.writeConfig("source = \"dad\"\napi-url = \"\(url)\"\n", in: sandbox)
    let unset: [String: String?] = ["CHUCK_API_URL": nil]
    let listed = try await sandbox.chuck(["list"], unset)
    #expect(listed.stdout.hasPrefix("  Dad Jokes"), "\(listed.stdout)")
    let environment = try await sandbox.chuck(["list"], ["CHUCK_SOURCE": "official"])
    #expect(environment.stdout.hasPrefix("  Official Jokes"), "\(environment.stdout)")
    let flagged = try await sandbox.chuck(
      ["list", "--source", "chuck"], ["CHUCK_SOURCE": "official"])
    #expect(flagged.stdout.hasPrefix("  Chuck Norris Jokes"), "\(flagged.stdout)")
    let fetched = try await sandbox.chuck(["random", "--source", "chuck"], unset)
    #expect(fetched.status == 0, "\(fetched.stderr)")
    #expect(try sandbox.savedIDs().count == 1)
  }

  /// `color = "always"` colours output into a pipe; `--color never` wins over it.
  @Test func colorSettingAndFlag() async throws {
    let sandbox = try ChuckSandbox()
    try Self.writeConfig("color = \"always\"\n", in: sandbox)
    let coloured = try await sandbox.chuck(["list"])
    #expect(coloured.stdout.contains("\u{1B}["))
    let plain = try await sandbox.chuck(["list", "--color", "never"])
    #expect(!plain.stdout.contains("\u{1B}["))
  }

  /// `list --origin` shows where each value came from, as `git config --show-origin`.
  @Test func listShowsOrigins() async throws {
    let sandbox = try ChuckSandbox()
    try Self.writeConfig("# a comment\n\nretries = 5\n", in: sandbox)
    let result = try await sandbox.chuck(
      ["config", "list", "--origin"], ["CHUCK_TIMEOUT": "4", "CHUCK_RETRY_DELAY": nil])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.lines
    let path = Self.configFile(sandbox).path
    let width = "file:\(path):3".count + 2
    func line(_ origin: String, _ setting: String) -> String {
      origin + String(repeating: " ", count: width - origin.count) + setting
    }
    #expect(lines.contains(line("file:\(path):3", "retries = 5")))
    #expect(lines.contains(line("env:CHUCK_TIMEOUT", "timeout = 4")))
    #expect(lines.contains(line("default", "retry-delay = 2")))
    let plain = try await sandbox.chuck(["config", "list"])
    #expect(plain.stdout.lines.contains("retries = 5"))
    let json = try await sandbox.chuck(["config", "list", "--json"])
    #expect(json.stdout.contains(#""key":"retries""#))
    #expect(json.stdout.contains(#""origin":"file:\#(path):3""#))
  }

  /// A setting without a value is still listed: a comment that says what having none means (the
  /// list stays a config file), `null` in `--json`; the locale's language is a value like any.
  @Test func listNamesSettingsWithoutAValue() async throws {
    let sandbox = try ChuckSandbox()
    let plain = try await sandbox.chuck(["config", "list", "--origin"])
    #expect(plain.status == 0, "\(plain.stderr)")
    // The origin, its column's padding, the line.
    let lines = plain.stdout.lines.map(Self.originAndLine)
    #expect(
      lines.contains([
        "default",
        "# lang: none: neither CHUCK_LANG nor a locale (LC_ALL, LC_MESSAGES, LANG) names a "
          + "language, so the services send English",
      ]))
    #expect(lines.contains(["default", "# sync-dir: none: sync is not set up (chuck sync init)"]))
    let json = try await sandbox.chuck(["config", "list", "--json"])
    #expect(json.stdout.lines.contains(#"{"key":"lang","origin":"default","value":null},"#))
    let french = try await sandbox.chuck(["config", "list", "--origin"], ["LANG": "fr_FR.UTF-8"])
    #expect(
      french.stdout.lines.map(Self.originAndLine).contains(["env:LANG", "lang = \"fr\""]))
    let get = try await sandbox.chuck(["config", "get", "lang"])
    #expect(get.status == 1 && get.stdout.isEmpty)
  }

  /// A flag beats its variable by the one mechanism every flag of a setting goes through, and
  /// the setting's origin names it: `flag:--color`, `flag:--no-color`, `flag:--accessible`.
  @Test func flagsAreOrigins() async throws {
    let sandbox = try ChuckSandbox()
    let environment = ["CHUCK_COLOR": "always", "CHUCK_ACCESSIBLE": "0"]
    let listed = try await sandbox.chuck(
      ["config", "list", "--origin", "--no-color", "--accessible"], environment)
    #expect(listed.status == 0, "\(listed.stderr)")
    let lines = listed.stdout.lines.map(Self.originAndLine)
    #expect(lines.contains(["flag:--no-color", "color = \"never\""]))
    #expect(lines.contains(["flag:--accessible", "accessible = true"]))
    #expect(!listed.stdout.contains("\u{1B}["), "--no-color beats CHUCK_COLOR=always")
    let color = try await sandbox.chuck(
      ["config", "list", "--origin", "--color", "auto"], environment)
    #expect(
      color.stdout.lines.map(Self.originAndLine).contains(["flag:--color", "color = \"auto\""]))
    let plain = try await sandbox.chuck(["config", "list", "--origin"], environment)
    #expect(
      plain.stdout.lines.map(Self.originAndLine).contains(["env:CHUCK_COLOR", "color = \"always\""])
    )
  }

  /// A line of `config list --origin`: its origin, and the line after the column's padding.
  private static func originAndLine(_ line: String) -> [String] {
    guard let space = line.firstIndex(of: " ") else { return [line] }
    return [String(line[..<space]), String(line[space...].drop { $0 == " " })]
  }

  /// `set` validates with the setting's own parser, changes one line, keeps every other byte
  /// (comments, order, blank lines), writes a 0600 file; `unset` removes the line.
  @Test func setKeepsTheRestOfTheFile() async throws {
    let sandbox = try ChuckSandbox()
    let before = "# my settings\n\nsource = \"dad\"  # the dad jokes\n# timeout next\ntimeout = 3\n"
    try Self.writeConfig(before, in: sandbox)
    let file = Self.configFile(sandbox)
    let set = try await sandbox.chuck(["config", "set", "timeout", "12"])
    #expect(set.status == 0, "\(set.stderr)")
    #expect(
      try String(contentsOf: file, encoding: .utf8)
        == "# my settings\n\nsource = \"dad\"  # the dad jokes\n# timeout next\ntimeout = 12\n")
    let added = try await sandbox.chuck(["config", "set", "exclude", "nsfw,dev"])
    #expect(added.status == 0)
    #expect(
      try String(contentsOf: file, encoding: .utf8).hasSuffix(
        "timeout = 12\nexclude = [\"nsfw\", \"dev\"]\n"))
    #expect(try FileIdentity(path: file.path).permissions == 0o600)
    let refused = try await sandbox.chuck(["config", "set", "timeout", "soon"])
    #expect(refused.status == 64)
    #expect(refused.stderr.contains("expected seconds"))
    let unknown = try await sandbox.chuck(["config", "set", "colour", "always"])
    #expect(unknown.status == 64)
    #expect(unknown.stderr.contains("the settings: source"))
    let unset = try await sandbox.chuck(["config", "unset", "timeout"])
    #expect(unset.status == 0)
    #expect(
      try String(contentsOf: file, encoding: .utf8)
        == "# my settings\n\nsource = \"dad\"  # the dad jokes\n# timeout next\n"
        + "exclude = [\"nsfw\", \"dev\"]\n")
    let again = try await sandbox.chuck(["config", "unset", "timeout"])
    #expect(again.status == 0)
    #expect(again.stderr.contains("nothing changed"))
  }

  /// `set` makes the file and its folder when there is none, and says when a variable
  /// overrides the value in this environment.
  @Test func setMakesTheFile() async throws {
    let sandbox = try ChuckSandbox()
    let result = try await sandbox.chuck(["config", "set", "retries", "1"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try String(contentsOf: Self.configFile(sandbox), encoding: .utf8) == "retries = 1\n")
    let overridden = try await sandbox.chuck(["config", "set", "timeout", "1"])
    #expect(overridden.stderr.contains("CHUCK_TIMEOUT is set, and overrides the file here"))
  }

  /// A value that does not parse is exit 78 for every command, `pick`'s fast path included,
  /// naming the file, the line, the key and what is allowed; `check` names every problem.
  @Test func unusableValueIsExit78Everywhere() async throws {
    let sandbox = try ChuckSandbox()
    try Self.writeConfig("# ok\nretries = \"many\"\nfavorites-max = 0\n", in: sandbox)
    let path = Self.configFile(sandbox).path
    let first =
      "error: \(path):2: retries: \"many\" is not usable: expected a whole number from 0 to 100"
    for arguments in [["pick"], ["pick", "--json"], ["list"], ["random"], ["config", "list"]] {
      let result = try await sandbox.chuck(arguments)
      #expect(result.status == 78, "\(arguments)")
      #expect(result.stdout == "")
      #expect(result.stderr.hasPrefix(first), "\(arguments): \(result.stderr)")
    }
    let check = try await sandbox.chuck(["config", "check"])
    #expect(check.status == 78)
    #expect(
      check.stderr.lines == [
        first,
        "error: \(path):3: favorites-max: 0 is not usable: expected a whole number from 1 to 1000",
      ])
    // A line that is not TOML is found too.
    try Self.writeConfig("timeout = 5x\n", in: sandbox)
    let syntax = try await sandbox.chuck(["pick"])
    #expect(syntax.status == 78)
    #expect(syntax.stderr.contains("\(path):1: timeout:"))
  }

  /// A key this chuck does not know is one warning, and the command runs.
  @Test func unknownKeyIsAWarning() async throws {
    let sandbox = try ChuckSandbox()
    try Self.writeConfig("theme = \"dark\"\nretries = 1\n", in: sandbox)
    let result = try await sandbox.chuck(["list"])
    #expect(result.status == 0)
    #expect(
      result.stderr.lines == [
        "warning: \(Self.configFile(sandbox).path):1: unknown setting 'theme', ignored "
          + "(chuck config list shows the settings)"
      ])
    let check = try await sandbox.chuck(["config", "check"])
    #expect(check.status == 0)
    #expect(check.stdout.contains("2 settings, no problems"))
  }

  /// A file that is not a regular file, too large, or writable by others is refused (78) by
  /// name; a FIFO never blocks.
  @Test func unsafeFilesAreRefused() async throws {
    let sandbox = try ChuckSandbox()
    let file = Self.configFile(sandbox)
    try Self.writeConfig("retries = 1\n", in: sandbox)
    chmod(file.path, 0o620)
    let shared = try await sandbox.chuck(["pick"])
    #expect(shared.status == 78)
    #expect(shared.stderr.contains("writable by its group"))
    #expect(shared.stderr.contains("chmod go-w"))
    try FileManager.default.removeItem(at: file)
    #expect(mkfifo(file.path, 0o600) == 0)
    let fifo = try await sandbox.chuck(["list"], timeout: 10)
    #expect(fifo.status == 78)
    #expect(fifo.stderr.contains("not a regular file (a FIFO)"))
    try FileManager.default.removeItem(at: file)
    try Self.writeConfig("# " + String(repeating: "x", count: 70_000) + "\n", in: sandbox)
    let large = try await sandbox.chuck(["list"])
    #expect(large.status == 78)
    #expect(large.stderr.contains("larger than the 64 KiB"))
  }

  /// `CHUCK_CONFIG` names another file, an empty one none; `XDG_CONFIG_HOME` moves the
  /// default; `config path` prints the one in effect.
  @Test func whereTheFileIs() async throws {
    let sandbox = try ChuckSandbox()
    let other = sandbox.root.appendingPathComponent("other.toml")
    try Data("retries = 7\n".utf8).write(to: other)
    chmod(other.path, 0o600)
    #expect(try await Self.get("retries", sandbox, ["CHUCK_CONFIG": other.path]) == "7")
    let none = try await sandbox.chuck(["config", "path"], ["CHUCK_CONFIG": ""])
    #expect(none.stdout == "")
    try Self.writeConfig("retries = 9\n", in: sandbox)
    #expect(try await Self.get("retries", sandbox) == "9")
    #expect(try await Self.get("retries", sandbox, ["CHUCK_CONFIG": ""]) == "3")
    let xdg = sandbox.root.appendingPathComponent("xdg").path
    let path = try await sandbox.chuck(["config", "path"], ["XDG_CONFIG_HOME": xdg])
    #expect(path.stdout == xdg + "/chuck/config\n")
    let home = try await sandbox.chuck(["config", "path"])
    #expect(home.stdout == Self.configFile(sandbox).path + "\n")
  }

  /// With no file, `check` says every setting has its default, and `get` of a setting with no
  /// value (no language in the C locale) prints nothing and exits 1.
  @Test func noFileAndNoValue() async throws {
    let sandbox = try ChuckSandbox()
    let check = try await sandbox.chuck(["config", "check"])
    #expect(check.status == 0)
    #expect(check.stdout.contains("does not exist; every setting has its default"))
    let lang = try await sandbox.chuck(["config", "get", "lang"], ["LANG": "C.UTF-8"])
    #expect(lang.status == 1)
    #expect(lang.stdout == "")
    let french = try await sandbox.chuck(["config", "get", "lang"], ["LANG": "fr_FR.UTF-8"])
    #expect(french.stdout == "fr\n")
  }

  /// The screen's keys through `chuck config`: `keys.ACTION` takes key names separated by
  /// spaces, checked as the file's `[keys]` table is; `get` and `list` show the keys in effect.
  @Test func keysThroughConfig() async throws {
    let sandbox = try ChuckSandbox()
    let file = Self.configFile(sandbox)
    let set = try await sandbox.chuck(["config", "set", "keys.joke", "x +"])
    #expect(set.status == 0, "\(set.stderr)")
    #expect(try String(contentsOf: file, encoding: .utf8) == "[keys]\njoke = [\"x\", \"+\"]\n")
    #expect(try await Self.get("keys.joke", sandbox) == "x\n+")
    #expect(try await Self.get("keys.quit", sandbox) == "q")
    let listed = try await sandbox.chuck(["config", "list", "--origin"])
    #expect(
      listed.stdout.lines.contains {
        $0.hasPrefix("file:\(file.path):2") && $0.hasSuffix("keys.joke = [\"x\", \"+\"]")
      }, "\(listed.stdout)")
    let clash = try await sandbox.chuck(["config", "set", "keys.quit", "j"])
    #expect(clash.status == 64)
    #expect(clash.stderr.contains("\"j\" is bound to two actions, quit and down"))
    #expect(try String(contentsOf: file, encoding: .utf8) == "[keys]\njoke = [\"x\", \"+\"]\n")
    let unknown = try await sandbox.chuck(["config", "get", "keys.jump"])
    #expect(unknown.status == 64)
    #expect(unknown.stderr.contains("the actions: up, down"))
    let unset = try await sandbox.chuck(["config", "unset", "keys.joke"])
    #expect(unset.status == 0)
    #expect(try String(contentsOf: file, encoding: .utf8) == "[keys]\n")
  }
}
