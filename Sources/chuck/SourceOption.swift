import ArgumentParser
import ChuckCore

extension JokeSource: ExpressibleByArgument {}

/// `--source NAME`: which service's jokes a command works on; `CHUCK_SOURCE` sets the default.
struct SourceOption: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "The joke source: \(JokeSource.names) (default: $CHUCK_SOURCE, else chuck).",
      valueName: "name"))
  var source: JokeSource?

  /// The source given, else the configuration's.
  func resolve(_ context: Context) -> JokeSource {
    source ?? context.components.configuration.source
  }
}
