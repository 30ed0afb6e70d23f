#if canImport(Glibc)
  import Glibc
#endif

/// The screen's `o`: a joke's link opened in a browser, as `$BROWSER` says (its colon-separated
/// commands in turn, each split at spaces, `%s` standing for the link, else the link last), else
/// with `xdg-open`. Never through a shell: the link is one argument, whatever it holds. Only
/// `http` and `https` links are opened. The caller gives the terminal back while the browser
/// runs, and waits for it, as tig and newsboat do: a browser may be a terminal program.
public enum LinkOpener {
  /// What was tried, in order: each a program and its arguments.
  /// - Parameters:
  ///   - link: the link.
  ///   - environment: the process's environment.
  /// - Returns: the commands.
  public static func commands(for link: String, environment: [String: String]) -> [[String]] {
    var commands: [[String]] = []
    if let browser = EnvironmentVariable.browser.value(in: environment) {
      for entry in browser.split(separator: ":") {
        let words = entry.split(separator: " ").map(String.init)
        guard !words.isEmpty else { continue }
        let placed = words.contains { $0.contains("%s") }
        commands.append(
          placed ? words.map { $0.replacing("%s", with: link) } : words + [link])
      }
    }
    commands.append(["xdg-open", link])
    return commands
  }

  /// Opens a link and waits for the program that opened it.
  /// - Parameters:
  ///   - link: the link.
  ///   - environment: the process's environment.
  /// - Returns: the program's name, or why nothing opened it.
  public static func open(_ link: String, environment: [String: String]) -> Result<
    String, ChuckError
  > {
    guard link.hasPrefix("https://") || link.hasPrefix("http://"),
      !link.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F })
    else {
      return .failure(
        .invalidArgument(
          "not opening \u{201C}\(link)\u{201D}: only http and https links are opened"))
    }
    for command in commands(for: link, environment: environment) {
      switch run(command) {
      case .notFound: continue
      case .exited(0): return .success(command[0])
      case .exited(let status):
        return .failure(.invalidArgument("\(command[0]) exited with status \(status)"))
      }
    }
    return .failure(
      .invalidArgument(
        "cannot open the link: no browser found; set BROWSER or install xdg-utils (xdg-open)"))
  }

  private enum Outcome {
    case notFound
    case exited(Int32)
  }

  /// Runs a program (found on `PATH`) with the default action of every signal and none blocked,
  /// and waits for it.
  private static func run(_ command: [String]) -> Outcome {
    var arguments: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
    defer { for argument in arguments { free(argument) } }
    var pid = pid_t()
    let spawned = ChildSpawn.withDefaultSignals { attributes in
      posix_spawnp(&pid, command[0], nil, &attributes, &arguments, environ)
    }
    guard spawned == 0 else { return .notFound }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else { return .exited(-1) }
    }
    // WIFEXITED and WEXITSTATUS, which Swift does not import.
    if status & 0x7F == 0 { return .exited((status >> 8) & 0xFF) }
    return .exited(128 + (status & 0x7F))
  }
}
