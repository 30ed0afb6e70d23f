import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

/// The settings' one declaration: each setting's form, parser and default; a config file read
/// into a configuration with origins, problems and warnings; `chuck config`'s file work.
@Suite struct SettingTests {
  private static let home = ["HOME": "/home/chuck"]

  private static func file(_ text: String) -> ConfigFile {
    let (file, problems) = ConfigFile.parse(Array(text.utf8))
    #expect(problems.isEmpty, "\(problems)")
    return file
  }

  /// Every setting has a key of its variable's name, a meaning, allowed words, and a default
  /// that its own parser takes back.
  @Test func everySettingIsWholeAndTakesItsDefault() {
    #expect(Set(Setting.all.map(\.key)).count == Setting.all.count)
    for setting in Setting.all {
      #expect(Setting.key(of: setting.variable) == setting.key, "\(setting.key)")
      #expect(!setting.meaning.isEmpty && !setting.allowed.isEmpty)
      #expect(Setting.named(setting.key)?.variable == setting.variable)
      #expect(Setting.set(by: setting.variable)?.key == setting.key)
      guard let standard = setting.defaultValue else {
        // The locale gives the language; no sync folder is the default.
        #expect(["lang", "sync-dir"].contains(setting.key))
        continue
      }
      var configuration = ChuckConfiguration.standard
      #expect(setting.store(standard, &configuration), "\(setting.key)")
      #expect(setting.value(in: configuration) == standard)
    }
    #expect(Setting.named("nope") == nil)
    #expect(Setting.set(by: .home) == nil)
  }

  /// A variable's text becomes a value of its setting's form; text of another form stays a
  /// string, which the parser refuses.
  @Test func variableTextByForm() throws {
    let timeout = try #require(Setting.named("timeout"))
    #expect(timeout.value(of: " 10 ") == .integer(10))
    #expect(timeout.value(of: "2.5") == .float(2.5))
    #expect(timeout.value(of: "soon") == .string("soon"))
    #expect(timeout.value(of: "inf") == .string("inf"))
    let mouse = try #require(Setting.named("mouse"))
    #expect(mouse.value(of: "0") == .boolean(false))
    #expect(mouse.value(of: "TRUE") == .boolean(true))
    #expect(mouse.value(of: "yes") == .string("yes"))
    let exclude = try #require(Setting.named("exclude"))
    #expect(exclude.value(of: "a, b,,c") == .array([.string("a"), .string("b"), .string("c")]))
    let source = try #require(Setting.named("source"))
    #expect(source.value(of: "dad") == .string("dad"))
    #expect(Setting.plainLines(.array([.string("a"), .integer(2)])) == ["a", "2"])
    #expect(Setting.plainLines(.boolean(true)) == ["true"])
  }

  /// Each parser refuses what its words do not allow.
  @Test(arguments: [
    ("source", ConfigValue.string("nope")), ("source", .integer(1)),
    ("exclude", .array([.integer(1)])), ("exclude", .boolean(true)),
    ("favorites-max", .integer(0)), ("favorites-max", .float(5)),
    ("timeout", .integer(0)), ("timeout", .float(100_000)), ("timeout", .string("1")),
    ("retries", .integer(101)), ("retry-delay", .float(-1)), ("color", .string("blue")),
    ("mouse", .string("no")), ("jokeapi-safe", .integer(1)), ("lang", .string("fra")),
    ("lang", .string("F1")), ("date-format", .string("%Q")), ("date-format", .integer(1)),
    ("api-url", .string("ftp://x")), ("dad-api-url", .string("https://x/?q")),
  ])
  func parsersRefuse(key: String, value: ConfigValue) throws {
    let setting = try #require(Setting.named(key))
    var configuration = ChuckConfiguration.standard
    #expect(!setting.store(value, &configuration))
  }

  /// The file's values land in the configuration with their lines as origins; the
  /// environment overrides them; the locale gives the language when nothing else does.
  @Test func fileThenEnvironment() throws {
    let file = Self.file(
      """
      # settings
      source = "dad"
      timeout = 4
      exclude = "nsfw"
      jokeapi-safe = false
      date-format = "%d/%m/%Y"
      color = "never"

      [keys]
      joke = "n"
      """)
    let configuration = try ChuckConfiguration(
      environment: Self.home.merging(["CHUCK_TIMEOUT": "6", "LC_MESSAGES": "de_DE.UTF-8"]) {
        $1
      }, file: file, path: "/c")
    #expect(configuration.source == .dad)
    #expect(configuration.timeout == 6)
    #expect(configuration.excluded == ["nsfw"])
    #expect(configuration.jokeAPISafe == false)
    #expect(configuration.dateFormat?.pattern == "%d/%m/%Y")
    #expect(configuration.color == .never)
    #expect(configuration.language == "de")
    #expect(configuration.warnings.isEmpty)
    #expect(configuration.origins["source"] == .file(path: "/c", line: 2))
    #expect(configuration.origins["timeout"] == .environment("CHUCK_TIMEOUT"))
    #expect(configuration.origins["lang"] == .environment("LC_MESSAGES"))
    #expect(configuration.origins["retries"] == nil)
    let entries = ConfigSettings.entries(of: configuration)
    #expect(entries.first { $0.key == "retries" }?.origin == .standard)
    #expect(entries.first { $0.key == "source" }?.value == .string("dad"))
    #expect(SettingOrigin.file(path: "/c", line: 2).description == "file:/c:2")
    #expect(SettingOrigin.environment("X").description == "env:X")
    #expect(SettingOrigin.standard.description == "default")
  }

  /// `lang` in the file beats the locale; `LC_ALL` comes first; `C` names no language.
  @Test func languageOrder() throws {
    func language(_ environment: [String: String], _ text: String = "") throws -> String? {
      try ChuckConfiguration(
        environment: Self.home.merging(environment) { $1 }, file: Self.file(text), path: "/c"
      ).language
    }
    #expect(try language(["LANG": "fr_FR.UTF-8"], "lang = \"pt\"\n") == "pt")
    #expect(try language(["LC_ALL": "es_ES", "LC_MESSAGES": "de_DE", "LANG": "fr_FR"]) == "es")
    #expect(try language(["LC_ALL": "C", "LANG": "fr_FR"]) == nil)
    #expect(try language(["LANG": "C.UTF-8"]) == nil)
    #expect(try language(["CHUCK_LANG": "cs", "LC_ALL": "fr_FR"]) == "cs")
  }

  /// Every value the file cannot use is a problem naming its line, key and what is allowed;
  /// unknown keys and tables are warnings.
  @Test func problemsAndWarnings() {
    let file = Self.file(
      """
      retries = "many"
      theme = "dark"
      favorites-max = 0

      [colours]
      red = "x"
      """)
    do throws(ChuckError) {
      _ = try ChuckConfiguration(environment: Self.home, file: file, path: "/c")
      Issue.record("the file was taken")
    } catch {
      guard case .badConfiguration(let path, let problems) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(path == "/c")
      #expect(problems.map(\.line) == [1, 3])
      #expect(problems.map(\.key) == ["retries", "favorites-max"])
      #expect(
        error.errorDescription
          == "/c:1: retries: \"many\" is not usable: expected a whole number from 0 to 100 "
          + "(and 1 more: chuck config check lists them)")
    }
    var configuration = ChuckConfiguration.standard
    _ = configuration.apply(file, path: "/c")
    #expect(
      configuration.warnings == [
        "/c:2: unknown setting 'theme', ignored (chuck config list shows the settings)",
        "/c:5: unknown table [colours], ignored",
      ])
  }

  /// The file's path: `CHUCK_CONFIG`, an empty one none, an absolute `XDG_CONFIG_HOME`, else
  /// the home's `.config`.
  @Test func whereTheFileIs() {
    #expect(ChuckConfiguration.configFile(in: ["CHUCK_CONFIG": "/etc/c"]) == "/etc/c")
    #expect(ChuckConfiguration.configFile(in: ["CHUCK_CONFIG": "", "HOME": "/h"]) == nil)
    #expect(
      ChuckConfiguration.configFile(in: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"])
        == "/x/chuck/config")
    #expect(
      ChuckConfiguration.configFile(in: ["XDG_CONFIG_HOME": "x", "HOME": "/h"])
        == "/h/.config/chuck/config")
  }

  /// `load` reads the file the environment names, and refuses one it cannot use.
  @Test func loadReadsTheNamedFile() throws {
    let folder = try TemporaryDirectory.make(prefix: "settings")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("config").path
    try Data("retries = 1\n".utf8).write(to: URL(fileURLWithPath: path))
    chmod(path, 0o600)
    let environment = Self.home.merging(["CHUCK_CONFIG": path]) { $1 }
    let configuration = try ChuckConfiguration.load(environment: environment)
    #expect(configuration.retries == 1)
    #expect(configuration.configPath == path)
    chmod(path, 0o666)
    #expect(throws: ChuckError.self) { try ChuckConfiguration.load(environment: environment) }
    #expect(
      try ChuckConfiguration.load(environment: Self.home.merging(["CHUCK_CONFIG": ""]) { $1 })
        .retries == 3)
  }

  /// `set` and `unset` change one line under the lock and write 0600; `check` finds every
  /// problem; a file with a line chuck cannot read is not rewritten.
  @Test func configSettingsEditTheFile() throws {
    let folder = try TemporaryDirectory.make(prefix: "settings")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("chuck/config").path
    let settings = ConfigSettings(path: path)
    #expect(settings.check() == ConfigSettings.Report())
    #expect(try settings.set("retries", to: "2") == .integer(2))
    #expect(try settings.set("source", to: "dad") == .string("dad"))
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "retries = 2\nsource = \"dad\"\n")
    var info = stat()
    #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o600)
    #expect(throws: ChuckError.self) { try settings.set("retries", to: "-1") }
    #expect(throws: ChuckError.self) { try settings.set("colour", to: "never") }
    // A killed `set` leaves its temporary file; the next one, under the lock, removes it.
    let stale = folder.appendingPathComponent("chuck/.config.tmp-AbCdEf").path
    #expect(FileManager.default.createFile(atPath: stale, contents: Data("x".utf8)))
    #expect(try settings.unset("retries"))
    #expect(!FileManager.default.fileExists(atPath: stale))
    #expect(try !settings.unset("retries"))
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "source = \"dad\"\n")
    let report = settings.check()
    #expect(report.exists && report.settings == 1 && report.problems.isEmpty)

    try Data("source = \"nope\"\ntimeout = 5x\nx = 1\n".utf8).write(
      to: URL(fileURLWithPath: path))
    let bad = settings.check()
    #expect(bad.problems.map { $0.line } == [1, 2])
    #expect(bad.warnings.count == 1)
    #expect(throws: ChuckError.self) { try settings.set("retries", to: "1") }
    chmod(path, 0o622)
    #expect(settings.check().problems.first?.line == nil)
  }
}
