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
    try await runReportingStatus { (context: Context) async throws(ChuckError) -> Int32 in
      try await body(context)
      return 0
    }
  }

  /// The same, for a command that reports some failures itself and then returns the status to
  /// exit with.
  func runReportingStatus(_ body: (Context) async throws(ChuckError) -> Int32) async throws {
    Signals.install()
    let environment = ProcessInfo.processInfo.environment
    let terminal = Terminal(color: color, environment: environment)
    let status: Int32
    do throws(ChuckError) {
      let context = try Context(
        configuration: ChuckConfiguration(environment: environment), terminal: terminal,
        json: json)
      status = try await body(context)
    } catch {
      terminal.report(error)
      throw ExitCode(error.exitStatus)
    }
    if status != 0 { throw ExitCode(status) }
  }
}

/// The composition root: the configuration read once, and the objects every command uses.
struct Context: Sendable {
  let configuration: ChuckConfiguration
  let terminal: Terminal
  let json: Bool
  let service: any ChuckService
  let collection: JokeCollection
  let catalog: CategoryCatalog

  init(configuration: ChuckConfiguration, terminal: Terminal, json: Bool) {
    self.configuration = configuration
    self.terminal = terminal
    self.json = json
    service = ChuckAPI(configuration: configuration)
    collection = JokeCollection(store: NetworkCache(fileURL: configuration.listFile))
    catalog = CategoryCatalog(cacheDirectory: configuration.cacheDirectory, service: service)
  }

  /// Fetches a random joke with a spinner; an unknown category is reported with the known ones.
  func randomJoke(category: String?, excluding excluded: [String]) async throws(ChuckError)
    -> ChuckJoke
  {
    do throws(ChuckError) {
      return try await terminal.withSpinner("Fetching a joke…") {
        () async throws(ChuckError) -> ChuckJoke in
        try await service.randomJoke(category: category, excluding: excluded)
      }
    } catch {
      guard case .categoryNotFound(let name) = error,
        let known = try? await catalog.categories().names, !known.isEmpty
      else { throw error }
      throw .unknownCategory(name, known: known)
    }
  }
}
