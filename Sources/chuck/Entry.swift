import Dispatch

#if canImport(Glibc)
  import Glibc
#endif

/// Where `chuck` starts. The start-up file forms of `pick` and `list` run at once, on this
/// thread (`FastPath`); everything else goes through the argument parser, in a task, while this
/// thread serves the main queue — what an `async` main does, started only when needed, so that
/// `chuck pick` pays for neither the parser nor a thread pool.
@main
enum Entry {
  static func main() {
    if let fast = FastPath(CommandLine.arguments.dropFirst()) {
      exit(fast.run())
    }
    Task {
      await Chuck.main()
      exit(0)
    }
    dispatchMain()
  }
}
