import ArgumentParser
import ChuckCore
import Foundation

extension ColorMode: ExpressibleByArgument {}

/// The options every command takes.
struct GlobalOptions: ParsableArguments {
  @Flag(help: "Print machine-readable JSON on stdout.")
  var json = false

  @Option(help: "Colour output: auto, always or never.")
  var color: ColorMode = .auto

  /// Builds the command's context from the environment, runs `body`, and turns a `ChuckError`
  /// into one `error:` line on stderr and the spec's exit status: the one place that does.
  func run(_ body: (Context) async throws(ChuckError) -> Void) async throws {
    Signals.install()
    let environment = ProcessInfo.processInfo.environment
    let terminal = Terminal(color: color, environment: environment)
    do throws(ChuckError) {
      let context = try Context(
        configuration: ChuckConfiguration(environment: environment), terminal: terminal,
        json: json)
      try await body(context)
    } catch {
      let message = TerminalSafeText.render(error.localizedDescription, keepNewlines: false)
      terminal.err(terminal.stderrStyle.red("error: " + message) + "\n")
      throw ExitCode(error.exitStatus)
    }
  }
}

/// The composition root: the configuration read once, and the objects every command uses.
struct Context: Sendable {
  let configuration: ChuckConfiguration
  let terminal: Terminal
  let json: Bool
  let service: any ChuckService
  let collection: JokeCollection

  init(configuration: ChuckConfiguration, terminal: Terminal, json: Bool) {
    self.configuration = configuration
    self.terminal = terminal
    self.json = json
    service = ChuckAPI(configuration: configuration)
    collection = JokeCollection(store: NetworkCache(fileURL: configuration.listFile))
  }
}
