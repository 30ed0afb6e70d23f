import ArgumentParser
import ChuckCore
import FoundationEssentials

extension ColorMode: ExpressibleByArgument {}

/// The options every command takes.
struct GlobalOptions: ParsableArguments {
  @Flag(help: "Print machine-readable JSON on stdout.")
  var json = false

  @Option(
    help: ArgumentHelp(
      "Colour output: auto, always or never (\(Setting.flagDefault(of: "color")); NO_COLOR "
        + "and CLICOLOR_FORCE count only in auto)."))
  var color: ColorMode?

  @Flag(name: .customLong("no-color"), help: "No colour: the same as --color never.")
  var noColor = false

  @Flag(
    help: ArgumentHelp(
      "The accessible mode: progress and state in words, no animation, the detail starting "
        + "with the joke (\(Setting.flagDefault(of: "accessible")); chuck help accessibility)."))
  var accessible = false

  /// The colour asked for: `--no-color` is `--color never` (clig.dev), else `--color`, if given
  /// (for the help topics, which read no settings).
  var colorMode: ColorMode? { noColor ? .never : color }

  /// The settings these flags override.
  var flags: [SettingFlag] {
    Self.settingFlags(color: color, noColor: noColor, accessible: accessible)
  }

  /// The settings that the global flags override, as the parsed commands and the start-up fast
  /// path both give them: `--no-color` is `--color never` (clig.dev), named as typed.
  static func settingFlags(color: ColorMode?, noColor: Bool, accessible: Bool) -> [SettingFlag] {
    var flags: [SettingFlag] = []
    if noColor {
      flags.append(SettingFlag("color", flag: "--no-color", value: .string("never")))
    } else if let color {
      flags.append(SettingFlag("color", flag: "--color", value: .string(color.rawValue)))
    }
    if accessible {
      flags.append(SettingFlag("accessible", flag: "--accessible", value: .boolean(true)))
    }
    return flags
  }

  func validate() throws {
    if noColor, let color, color != .never {
      throw ValidationError("--no-color and --color \(color.rawValue) say the opposite; give one.")
    }
  }

  /// Builds the command's context from the environment, runs `body`, and turns a `ChuckError`
  /// into one `error:` line on stderr and the spec's exit status (see `Invocation`).
  /// - Parameters:
  ///   - asksService: whether the command sends a request: libcurl then starts loading on another
  ///     thread while the context is built (`CurlPreload`), and the command waits for that load
  ///     before it returns, whatever the outcome.
  ///   - flags: the command's own flags that override settings (`--source`), applied with
  ///     these global ones (``ChuckConfiguration/overridden(by:)``).
  ///   - body: the command.
  func run(
    asksService: Bool = false, flags: [SettingFlag] = [],
    _ body: (Context) async throws(ChuckError) -> Void
  ) async throws {
    try await runReporting(asksService: asksService, flags: flags) {
      (context: Context) async throws(ChuckError) -> ChuckError? in
      try await body(context)
      return nil
    }
  }

  /// The same, for a command that reports some failures itself as it goes and returns the one
  /// whose exit status to end with.
  func runReporting(
    asksService: Bool = false, flags: [SettingFlag] = [],
    _ body: (Context) async throws(ChuckError) -> ChuckError?
  ) async throws {
    if asksService { CurlPreload.start() }
    // No exit while libcurl loads: its clean-up would run under the loading thread.
    defer { CurlPreload.wait() }
    let invocation = Invocation(flags: self.flags + flags, json: json)
    let reported: ChuckError?
    let context: Context
    do throws(ChuckError) {
      context = try invocation.context()
      reported = try await body(context)
    } catch {
      throw ExitCode(invocation.fail(error))
    }
    invocation.syncAfterChange(context)
    if let reported { throw ExitCode(reported.exitStatus) }
  }
}

/// One run of a command with its global options: the one place that builds the context from the
/// environment and turns a `ChuckError` into one `error:` line on stderr and the spec's exit
/// status. Used by `GlobalOptions` and by the start-up fast path (`StartupCommand`), which runs without
/// the argument parser.
struct Invocation {
  let terminal: Terminal
  let json: Bool
  /// The settings, read once: the config file, then the environment.
  private let configuration: Result<ChuckConfiguration, ChuckError>

  /// Reads the settings with the command line's flags over them (`--color`, `--accessible`,
  /// `--source`: ``ChuckConfiguration/overridden(by:)``), and makes the terminal with the colour
  /// and the accessible mode in effect. What the config file holds that this chuck does not know
  /// is said on stderr, once.
  init(flags: [SettingFlag], json: Bool) {
    Signals.install()
    var read: ChuckConfiguration?
    do throws(ChuckError) {
      let settings = try Self.settings.get().overridden(by: flags)
      read = settings
      configuration = .success(settings)
    } catch {
      configuration = .failure(error)
    }
    // A file that cannot be read still gets the flags' colour and mode for its error.
    let settings = read ?? (try? ChuckConfiguration.standard.overridden(by: flags))
    terminal = Terminal(
      color: settings?.color ?? .auto, accessible: settings?.accessible == true,
      environment: Self.environment)
    self.json = json
    for warning in read?.warnings ?? [] { terminal.warn(warning) }
  }

  /// The settings, read once per process, before the command line is parsed
  /// (``Entry/main()``): the config file's declared sources are sources from then on, so that
  /// `--source NAME` and its completion know them.
  static let settings = Result { () throws(ChuckError) -> ChuckConfiguration in
    try ChuckConfiguration.load(environment: environment)
  }

  /// The process's variables, read once (`environ` as bytes costs 0.07 M instructions).
  static let environment = ProcessEnvironment.current

  func context() throws(ChuckError) -> Context {
    let configuration = try configuration.get()
    return Context(
      components: ChuckComponents(configuration: configuration), terminal: terminal, json: json)
  }

  /// `sync = "auto"`: the sync after a command that changed the lists, for
  /// every command that saves (the parsed ones and `random`'s fast path alike). The change is made
  /// whatever the sync does, so its problems are warnings, and the command's exit status stays
  /// the change's.
  func syncAfterChange(_ context: Context) {
    do throws(ChuckError) {
      guard let report = try SyncSetup.afterChange(context.components) else { return }
      report.notes.forEach(context.terminal.note)
      for refusal in report.refusals { context.terminal.warn("sync: " + refusal) }
    } catch {
      context.terminal.warn("sync after the change failed: " + (error.errorDescription ?? ""))
    }
  }

  /// Reports `error` on stderr and returns the exit status it ends the command with.
  func fail(_ error: ChuckError) -> Int32 {
    terminal.report(error)
    return error.exitStatus
  }

  /// Runs a command body that needs no waiting, and returns the exit status.
  func run(_ body: (Context) throws(ChuckError) -> Void) -> Int32 {
    do throws(ChuckError) {
      try body(try context())
      return 0
    } catch {
      return fail(error)
    }
  }
}

/// What a command works with: the components built once from the environment, the terminal, and
/// whether to print JSON.
struct Context: Sendable {
  let components: ChuckComponents
  let terminal: Terminal
  let json: Bool
}
