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
        joke's detail, a tab for every source and one for the favourites; ★ marks a favourite, \
        f makes one; / filters, s searches, y copies, o opens the link; the mouse clicks and \
        scrolls (unless --no-mouse or CHUCK_MOUSE=0). Press ? on the screen for its keys. \
        --source opens on another source's tab. --accessible: the cursor shown, rows and \
        changes said in words, no spinner (chuck help accessibility). Needs a terminal on stdin \
        and stdout.
        """
    )

    @OptionGroup var source: SourceOption

    @Flag(
      help: ArgumentHelp(
        "Leave the mouse to the terminal, to select text (\(Setting.flagDefault(of: "mouse")))."))
    var noMouse = false
    @OptionGroup var options: GlobalOptions

    func validate() throws {
      guard !options.json else {
        throw ValidationError("--json is for commands that print a result; the screen prints none.")
      }
    }

    func run() async throws {
      let mouse =
        noMouse ? [SettingFlag("mouse", flag: "--no-mouse", value: .boolean(false))] : []
      try await options.run(asksService: true, flags: source.flags + mouse) {
        (context: Context) async throws(ChuckError) in
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
          throw .invalidArgument(
            "chuck ui needs a terminal: stdin and stdout must both be terminals")
        }
        try await ScreenSession.run(
          context, source: source.resolve(context),
          mouse: context.components.configuration.mouse)
      }
    }
  }
}
