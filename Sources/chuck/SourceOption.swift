import ArgumentParser
import ChuckCore
import FoundationEssentials

extension JokeSource: ExpressibleByArgument {}

/// `--source NAME`: which service's jokes a command works on; `CHUCK_SOURCE` sets the default.
struct SourceOption: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "The joke source: chuck, dad, official or switter (default: $CHUCK_SOURCE, else chuck).",
      valueName: "name"))
  var source: JokeSource?

  /// The source given, else the configuration's.
  func resolve(_ context: Context) -> JokeSource {
    source ?? context.components.configuration.source
  }

  /// Whether the command is certainly about Chuck Norris jokes (for checks made before the
  /// environment is read).
  var isChuck: Bool {
    if let source { return source == .chuck }
    let name = EnvironmentVariable.source.value(in: ProcessInfo.processInfo.environment)
    return name == nil || name == JokeSource.chuck.name
  }
}
