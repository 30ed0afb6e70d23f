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
    abstract: "Collect Chuck Norris jokes from api.chucknorris.io.",
    discussion: "Environment: "
      + EnvironmentVariable.all.map(\.name).joined(separator: ", ") + ".",
    version: ChuckVersion.current,
    subcommands: [
      Random.self, List.self, Show.self, Pick.self, Search.self, Save.self, Add.self, Remove.self,
      Categories.self, Sources.self, Favorite.self, UI.self,
      Export.self, Import.self,
    ]
  )
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
      let code = exitCode(for: error)
      let message = fullMessage(for: error)
      if !message.isEmpty {
        let terminal = Terminal(color: .never, environment: ProcessInfo.processInfo.environment)
        let text = TerminalText(sanitizing: message) + .newline
        if code == .success { terminal.out(text) } else { terminal.err(text) }
      }
      Glibc.exit(code.rawValue)
    }
  }
}
