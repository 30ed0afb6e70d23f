import ArgumentParser
import ChuckCore
import FoundationEssentials

extension Chuck {
  /// A help topic, as `gh help environment` is one: `chuck help environment` shows the variables
  /// in its discussion, and `chuck environment` prints them (`--json` too). Both come from
  /// `EnvironmentVariable.all`, the one list that the configuration reads, so that the topic, the
  /// man page's check (`.ci/install-check.sh`) and the code cannot disagree.
  struct Environment: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "environment",
      abstract: "The environment variables chuck reads, each with its meaning.",
      discussion: """
        An empty CHUCK_* variable counts as unset; a variable with an unusable value \
        (CHUCK_TIMEOUT=abc) is a usage error, exit status 64, naming it. A setting's \
        variable beats the config file and gives way to a flag (chuck help config). \
        Defaults and details: man chuck (ENVIRONMENT).
        """ + "\n\n" + EnvironmentVariable.table
    )

    @OptionGroup var options: GlobalOptions

    func run() {
      // A topic, not a task: it reads no configuration, so it works while a variable is wrong.
      let terminal = Terminal(
        color: options.colorMode ?? .auto, accessible: options.accessible,
        environment: ProcessEnvironment.current)
      if options.json {
        let objects = EnvironmentVariable.all.map {
          VariableObject(name: $0.name, meaning: $0.meaning)
        }
        terminal.out(JokeJSON.array(objects))
      } else {
        terminal.out(TerminalText(sanitizing: EnvironmentVariable.table + "\n"))
      }
    }

    /// One variable in `--json`.
    private struct VariableObject: Encodable {
      let name: String
      let meaning: String
    }
  }
}
