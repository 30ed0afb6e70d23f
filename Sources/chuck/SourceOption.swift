import ArgumentParser
import ChuckCore

extension JokeSource: ExpressibleByArgument {}

/// `--source NAME`: which service's jokes a command works on; `CHUCK_SOURCE` sets the default.
struct SourceOption: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "The joke source: \(JokeSource.names) (\(Setting.flagDefault(of: "source"))).",
      valueName: "name"), completion: .custom(Completions.sources))
  var source: JokeSource?

  /// The `source` setting this flag overrides, for ``GlobalOptions/run(asksService:flags:_:)``.
  var flags: [SettingFlag] {
    source.map { [SettingFlag("source", flag: "--source", value: .string($0.name))] } ?? []
  }

  /// The source in effect: the flag's, else the variable's, the file's or the default, as for
  /// every setting (the flags passed to the run put it in the configuration).
  func resolve(_ context: Context) -> JokeSource {
    context.components.configuration.source
  }
}

extension SourceScope {
  /// The scope a `--source` value names, its error as a usage error.
  init(validating value: String?) throws {
    self = try validated { () throws(ChuckError) in try SourceScope(value) }
  }

  /// The help of `--source NAME|all` (`pick`, `list`, `export`).
  static let help = ArgumentHelp(
    "The source, or all: every saved list (\(Setting.flagDefault(of: "source"))).",
    valueName: "name")
}
