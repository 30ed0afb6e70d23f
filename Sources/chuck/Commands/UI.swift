import ArgumentParser
import ChuckCore

#if canImport(Glibc)
  import Glibc
#endif

extension Chuck {
  struct UI: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "ui",
      abstract: "Open the interactive screen (what chuck alone does on a terminal).",
      discussion: """
        The list of saved jokes, a Joke! key (n) that fetches and saves a random joke, and each \
        joke's detail; ★ marks a favourite, f makes one. Press ? on the screen for its keys. \
        --source shows another source's list. Needs a terminal on stdin and stdout.
        """
    )

    @OptionGroup var source: SourceOption
    @OptionGroup var options: GlobalOptions

    func validate() throws {
      guard !options.json else {
        throw ValidationError("--json is for commands that print a result; the screen prints none.")
      }
    }

    func run() async throws {
      try await options.run { (context: Context) async throws(ChuckError) in
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
          throw .invalidArgument(
            "chuck ui needs a terminal: stdin and stdout must both be terminals")
        }
        try await ScreenSession.run(context, source: source.resolve(context))
      }
    }
  }
}
