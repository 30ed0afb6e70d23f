import ArgumentParser
import ChuckCore
import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// The command tree; `Entry` starts it.
struct Chuck: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "chuck",
    abstract: "Collect jokes from five services, APIs you declare, and your own.",
    usage: """
      chuck                       (on a terminal: the screen)
      chuck <subcommand> [<options>]
      """,
    discussion: overview,
    version: ChuckVersion.current,
    subcommands: [
      UI.self, Random.self, List.self, Show.self, Pick.self, Search.self, Save.self, Add.self,
      Remove.self, Favorite.self, Categories.self, Sources.self, Export.self, Import.self,
      Sync.self, Config.self, Environment.self, Accessibility.self,
    ]
  )

  /// What `chuck --help` opens with, after the one-line abstract: the sources (from the one list
  /// of them), the screen, `pick`, and where the rest is.
  static let overview = """
    chuck fetches jokes from these services, each by the name that --source takes: \
    \(services). It keeps your own jokes too (chuck add; the source mine), and saves the \
    jokes you fetch in a list per source on disk, never the same joke twice. Any JSON API \
    becomes one more source when you declare it in the config file ([sources.NAME]; chuck \
    sources lists them).

    On a terminal, plain chuck opens the screen: a tab for every source and one for your \
    favourites; n fetches a joke, ? lists the keys. chuck pick prints one saved joke, offline \
    and as fast as fortune: made for your shell's start-up file.

    Start with chuck random, chuck list and chuck pick. Environment variables: chuck help \
    environment. Screen readers, braille, zoom and no motion: chuck help accessibility \
    (--accessible). Everything else: man chuck.
    """

  /// Every source with a service: its name and the host it asks, the default first.
  private static var services: String {
    let named = JokeSource.builtIn.filter(\.hasService).map { source in
      let host = URL(string: source.defaultBaseURL)?.host ?? source.defaultBaseURL
      return source == .chuck ? "\(source.name) (\(host), the default)" : "\(source.name) (\(host))"
    }
    guard let last = named.last else { return "" }
    return named.dropLast().joined(separator: ", ") + " and " + last
  }
}

extension Chuck {
  /// The argument parser's `main`, except that its messages, which quote the command line (a
  /// paste, a variable), reach the terminal through the sanitiser like every other text: help
  /// and version on stdout, usage errors on stderr, with the parser's exit status.
  /// - Parameter arguments: the command line after `chuck`.
  static func mainWithSafeMessages(_ arguments: [String]) async -> Never {
    do {
      var command = try await asyncParseAsRoot(arguments)
      if var asyncCommand = command as? AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
      Glibc.exit(0)
    } catch {
      let environment = ProcessEnvironment.current
      let width = Terminal.width(environment: environment)
      // The parser lays help out in two columns and cannot wrap it below about 30 columns (a
      // debug build traps, a release build drops the text): on a narrow terminal it writes each
      // paragraph on one line, and chuck wraps those at spaces, keeping every word.
      let isNarrow = width < narrowHelpWidth
      if isNarrow { setenv("COLUMNS", "100000", 1) }
      var code = exitCode(for: error)
      var message = fullMessage(for: error)
      // Every error of chuck's starts `error:` (the compilers' and git's form); the parser's
      // usage errors too.
      if message.hasPrefix("Error: ") { message = "error: " + message.dropFirst(7) }
      let terminal = Terminal(color: .never, environment: environment)
      if !message.isEmpty {
        let safe = TerminalText(sanitizing: message)
        let text = (isNarrow ? wrapped(safe, width: width) : safe) + .newline
        if code == .success { terminal.out(text) } else { terminal.err(text) }
      }
      // A config file with a problem ends every command but `config` (which mends it) with 78
      // and the problem, also one whose command line is refused first: a source the file
      // declares wrongly is no source, and `'NAME' is no source` alone would hide why.
      if code == .validationFailure, arguments.first != "config",
        case .failure(let problem) = Invocation.settings, case .badConfiguration = problem
      {
        terminal.report(problem)
        code = ExitCode(problem.exitStatus)
      }
      Glibc.exit(code.rawValue)
    }
  }

  /// Below this width the parser's messages are wrapped by chuck (see `mainWithSafeMessages`).
  static let narrowHelpWidth = 60

  /// Each line of a message wrapped at spaces to `width`, under its own indentation (at most
  /// half the width); a word wider than a line stands whole on a line of its own.
  static func wrapped(_ message: TerminalText, width: Int) -> TerminalText {
    var output = TerminalText.empty
    for (index, line) in message.string.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      if index > 0 { output += .newline }
      let indent = min(line.prefix { $0 == " " }.count, width / 2)
      let body = TerminalText(sanitizing: String(line.drop { $0 == " " }), keepNewlines: false)
      let lines = TextWrapper.wrap(body, width: max(1, width - indent), keepingWords: true)
      output += TerminalText.joined(
        lines.map { TerminalText.spaces(indent) + $0 }, separator: .newline)
    }
    return output
  }
}
