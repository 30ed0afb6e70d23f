import ArgumentParser
import ChuckCore
import FoundationEssentials

extension Chuck {
  /// `chuck config path|list|get|set|unset|check`: the config file and the settings in effect,
  /// as `git config` and `gh config` do it. The settings come from `Setting.all`, the one
  /// declaration that the configuration reads.
  struct Config: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "config",
      abstract: "See and change your settings and the config file.",
      discussion: """
        The config file is $CHUCK_CONFIG (empty: none), else $XDG_CONFIG_HOME/chuck/config, \
        else ~/.config/chuck/config: a flat subset of TOML, `key = value` lines, # comments, \
        and a [keys] table for the screen's keys. Every setting is taken from its flag, else \
        its variable, else the file, else its default. A value that cannot be used is exit \
        status 78 for every command, naming the file, line, key and what is allowed; a key \
        this chuck does not know is a warning. Details: man chuck (CONFIGURATION).

        The settings (key, variable, meaning):
        """ + "\n" + Setting.table,
      subcommands: [Path.self, List.self, Get.self, Set.self, Unset.self, Check.self]
    )

    struct Path: ParsableCommand {
      static let configuration = CommandConfiguration(
        abstract: "Print the config file's path (it may not exist yet).")

      @OptionGroup var options: GlobalOptions

      func run() throws {
        try Config.withoutSettings(options) { terminal, path throws(ChuckError) in
          guard let path else {
            terminal.note("no config file: CHUCK_CONFIG is empty")
            return
          }
          terminal.out("\(sanitizing: path)\n")
        }
      }
    }

    struct List: AsyncParsableCommand {
      static let configuration = CommandConfiguration(
        abstract: "Print every setting's value in effect, as the config file writes it.",
        discussion: """
          With --origin, each line starts with where the value came from (as git config \
          --show-origin): file:PATH:LINE, env:VARIABLE, flag:--FLAG or default. A setting without a value \
          (lang, when no locale names a language) is a comment that says what that means; in \
          --json its value is null.
          """)

      @Flag(help: "Show where each value came from.")
      var origin = false

      @OptionGroup var options: GlobalOptions

      func run() async throws {
        try await options.run { (context: Context) async throws(ChuckError) in
          let entries = ConfigSettings.entries(of: context.components.configuration)
          if context.json {
            // `{"key","origin","value"}`, a setting without a value's `value` null.
            context.terminal.out(
              JokeJSON.array(
                entries.map { entry -> [String: JSONValue] in
                  [
                    "key": .string(entry.key), "origin": .string(entry.origin.description),
                    "value": entry.value.map { .string($0.toml) } ?? .null,
                  ]
                }))
            return
          }
          // The origins in a column of their own, as `git config --show-origin` (with spaces:
          // a tab is not plain text).
          let width = origin ? (entries.map(\.origin.description.count).max() ?? 0) + 2 : 0
          for entry in entries {
            let place = origin ? entry.origin.description : ""
            let text = place + String(repeating: " ", count: width - place.count) + entry.line
            context.terminal.out("\(sanitizing: text)\n")
          }
        }
      }
    }

    struct Get: AsyncParsableCommand {
      static let configuration = CommandConfiguration(
        abstract: "Print one setting's value in effect.",
        discussion: """
          A string as it is, a list one item a line. A setting without a value (lang, when no \
          locale names a language) prints nothing and exits 1.
          """)

      @Argument(help: "The setting's key.", completion: .custom(Completions.settingKeys))
      var key: String

      @OptionGroup var options: GlobalOptions

      func run() async throws {
        var found = true
        try await options.run { (context: Context) async throws(ChuckError) in
          guard
            let value = try ConfigSettings.value(
              of: key, in: context.components.configuration)
          else {
            found = false
            return
          }
          for line in Setting.plainLines(value) { context.terminal.out("\(sanitizing: line)\n") }
        }
        if !found { throw ExitCode(1) }
      }
    }

    struct Set: ParsableCommand {
      static let configuration = CommandConfiguration(
        abstract: "Set a setting in the config file.",
        discussion: """
          The value is written as its variable would hold it: 10, true, a,b for a list; for \
          keys.ACTION (the screen's keys), key names separated by spaces: "n +". It is \
          checked first (a value the setting refuses is exit 64, and nothing is written); the \
          key's line is changed in place, or added, and every other byte of the file stays. \
          The file is written atomically, 0600; its folder is made when missing.
          """)

      @Argument(help: "The setting's key.", completion: .custom(Completions.settingKeys))
      var key: String

      @Argument(help: "The value.")
      var value: String

      @OptionGroup var options: GlobalOptions

      func run() throws {
        try Config.withoutSettings(options) { terminal, path throws(ChuckError) in
          guard let path else { throw Config.noFile }
          let written = try ConfigSettings(path: path).set(key, to: value)
          terminal.note("\(key) = \(written.toml) in \(path)")
          Config.overridden(key, terminal)
        }
      }
    }

    struct Unset: ParsableCommand {
      static let configuration = CommandConfiguration(
        abstract: "Remove a setting (or keys.ACTION) from the config file.",
        discussion: "Every other byte of the file stays. A key the file does not set is no error.")

      @Argument(help: "The setting's key.", completion: .custom(Completions.settingKeys))
      var key: String

      @OptionGroup var options: GlobalOptions

      func run() throws {
        try Config.withoutSettings(options) { terminal, path throws(ChuckError) in
          guard let path else { throw Config.noFile }
          let removed = try ConfigSettings(path: path).unset(key)
          terminal.note(
            removed ? "removed \(key) from \(path)" : "\(path) does not set \(key); nothing changed"
          )
          Config.overridden(key, terminal)
        }
      }
    }

    struct Check: ParsableCommand {
      static let configuration = CommandConfiguration(
        abstract: "Find every problem of the config file at once.",
        discussion: """
          Each problem is an error: line naming the file, line, key and what is allowed, and \
          the exit status is then 78; a key this chuck does not know is a warning only.
          """)

      @OptionGroup var options: GlobalOptions

      func run() throws {
        try Config.withoutSettings(options) { terminal, path throws(ChuckError) in
          guard let path else {
            terminal.out("no config file: CHUCK_CONFIG is empty\n")
            return
          }
          let report = ConfigSettings(path: path, environment: ProcessEnvironment.current).check()
          for warning in report.warnings { terminal.warn(warning) }
          guard report.problems.isEmpty else {
            throw .badConfiguration(path: path, problems: report.problems)
          }
          let sources =
            report.sources == 0
            ? "" : ", \(report.sources) declared source\(report.sources == 1 ? "" : "s")"
          let settings = "\(report.settings) setting\(report.settings == 1 ? "" : "s")"
          terminal.out(
            report.exists
              ? "\(sanitizing: path): \(sanitizing: settings)\(sanitizing: sources), no problems\n"
              : "\(sanitizing: path) does not exist; every setting has its default\n")
        }
      }
    }

    /// The error of `set` and `unset` when `CHUCK_CONFIG` is empty.
    static let noFile = ChuckError.invalidArgument(
      "no config file to change: CHUCK_CONFIG is empty; set it to a file, or unset it")

    /// Runs a subcommand that works on the file itself, without reading the settings first (so
    /// that it can mend a file that every other command refuses), with the file's path. Every
    /// problem of a file `check` found is its own `error:` line.
    static func withoutSettings(
      _ options: GlobalOptions, _ body: (Terminal, String?) throws(ChuckError) -> Void
    ) throws {
      let environment = ProcessEnvironment.current
      let terminal = Terminal(
        color: options.colorMode ?? .auto, accessible: options.accessible, environment: environment)
      do throws(ChuckError) {
        try body(terminal, ChuckConfiguration.configFile(in: environment))
      } catch {
        if case .badConfiguration(let path, let problems) = error, problems.count > 1 {
          for problem in problems {
            terminal.report(.badConfiguration(path: path, problems: [problem]))
          }
        } else {
          terminal.report(error)
        }
        throw ExitCode(error.exitStatus)
      }
    }

    /// Says when a variable overrides the setting just changed in this environment.
    static func overridden(_ key: String, _ terminal: Terminal) {
      guard let variable = Setting.named(key)?.variable,
        variable.value(in: terminal.environment) != nil
      else { return }
      terminal.note("\(variable.name) is set, and overrides the file here")
    }
  }
}
