import Dispatch

#if canImport(Glibc)
  import Glibc
#endif

/// Where `chuck` starts. The start-up file forms of `pick` and `list` run at once, on this
/// thread, and those of `random` in a task (`StartupCommand`); everything else goes through the
/// argument parser, in a task, while this thread serves the main queue — what an `async` main
/// does, started only when needed, so that `chuck pick` pays for neither the parser nor a thread
/// pool.
@main
enum Entry {
  /// The flags that plain `chuck` takes and hands to the screen.
  static let screenFlags: Set<String> = ["--accessible", "--no-color", "--no-mouse"]

  static func main() {
    _ = Invocation.settings
    if let fast = StartupCommand(CommandLine.arguments.dropFirst()) { fast.start() }
    // `chuck` alone on a terminal opens the screen (also with only the flags that say how:
    // `chuck --accessible`); elsewhere it prints the help.
    let arguments = Array(CommandLine.arguments.dropFirst())
    let opensScreen =
      arguments.allSatisfy(screenFlags.contains) && isatty(STDIN_FILENO) == 1
      && isatty(STDOUT_FILENO) == 1
    Task {
      await Chuck.mainWithSafeMessages(opensScreen ? ["ui"] + arguments : arguments)
    }
    dispatchMain()
  }
}
