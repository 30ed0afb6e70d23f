import ArgumentParser
import ChuckCore
import FoundationEssentials

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
    try await runReporting { (context: Context) async throws(ChuckError) -> ChuckError? in
      try await body(context)
      return nil
    }
  }

  /// The same, for a command that reports some failures itself as it goes and returns the one
  /// whose exit status to end with.
  func runReporting(_ body: (Context) async throws(ChuckError) -> ChuckError?) async throws {
    Signals.install()
    let environment = ProcessInfo.processInfo.environment
    let terminal = Terminal(color: color, environment: environment)
    let reported: ChuckError?
    do throws(ChuckError) {
      let configuration = try ChuckConfiguration(environment: environment)
      reported = try await body(
        Context(
          components: ChuckComponents(configuration: configuration), terminal: terminal,
          json: json))
    } catch {
      terminal.report(error)
      throw ExitCode(error.exitStatus)
    }
    if let reported { throw ExitCode(reported.exitStatus) }
  }
}

/// What a command works with: the components built once from the environment, the terminal, and
/// whether to print JSON.
struct Context: Sendable {
  let components: ChuckComponents
  let terminal: Terminal
  let json: Bool

  var service: any ChuckService { components.service }
  var collection: JokeCollection { components.collection }
}
