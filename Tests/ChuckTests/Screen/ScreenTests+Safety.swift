import ChuckTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

extension ScreenTests {
  /// Signals that end chuck and crashes (SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL and SIGTRAP, as
  /// a Swift trap raises) give the terminal back before the process ends by that signal: the
  /// shell's screen, the same `stty -a`, the cursor shown, line wrapping and the main screen on,
  /// the mouse reports off.
  @Test(arguments: [
    "QUIT", "USR1", "USR2", "ALRM", "ABRT", "SEGV", "BUS", "FPE", "ILL", "TRAP",
  ])
  func terminalGivenBackOnEverySignal(name: String) async throws {
    let screen = try await Self.signalled(
      name, command: "echo shell-was-here; $CHUCK ui", waitingFor: "Joke! (n)")
    defer { screen.stop() }
    #expect(screen.lines.first == "shell-was-here")
    #expect(!screen.screen().contains("Chuck Norris Jokes"))
    let modes = try screen.tmux([
      "display-message", "-p",
      "#{alternate_on} #{cursor_flag} #{wrap_flag} #{mouse_any_flag} #{mouse_sgr_flag}",
    ]).stdout
    #expect(modes.trimmingCharacters(in: .whitespacesAndNewlines) == "0 1 1 0 0", "\(modes)")
  }

  /// The punchline's key wait gives the terminal back too (echo and line mode), on a signal
  /// that ends chuck or on a crash.
  @Test(arguments: ["TERM", "HUP", "QUIT", "SEGV"])
  func punchlineWaitGivesTheTerminalBack(name: String) async throws {
    let screen = try await Self.signalled(
      name, command: "$CHUCK random --source official",
      waitingFor: "(press any key for the punchline)")
    screen.stop()
  }

  /// Runs `command` in tmux between two `stty -a`, waits for `ready`, sends the signal `name` to
  /// chuck, and checks that it ended by that signal with the terminal's settings as before.
  /// - Returns: the screen, for more checks.
  static func signalled(_ name: String, command: String, waitingFor ready: String) async throws
    -> TmuxScreen
  {
    let (_, sandbox) = try await startSandbox()
    // No core files in the test's folder; the shell reports how chuck ended.
    let script =
      "ulimit -c 0; stty -a > before; \(command); echo status=$?;"
      + " stty -a > after.part; mv after.part after"
    let screen = try TmuxScreen(
      sandbox: sandbox, script: script, rows: 24, chuckEnvironment: Self.noBacktracer)
    #expect(await screen.waitFor { $0.contains(ready) })
    let pid = try #require(try screen.childProcess())
    let number = try #require(Self.signalNumbers[name])
    #expect(kill(pid, number) == 0)
    #expect(await screen.waitFor { $0.contains("status=\(128 + number)") })
    try await expectSettingsRestored(screen)
    return screen
  }

  /// The Swift runtime's backtracer, the action chuck hands a crash on to once the terminal is
  /// back, prints a report and may ask on the terminal whether to look closer: not in a test.
  static let noBacktracer = ["SWIFT_BACKTRACE": "enable=no"]

  static let signalNumbers: [String: Int32] = [
    "QUIT": SIGQUIT, "USR1": SIGUSR1, "USR2": SIGUSR2, "ALRM": SIGALRM, "ABRT": SIGABRT,
    "SEGV": SIGSEGV, "BUS": SIGBUS, "FPE": SIGFPE, "ILL": SIGILL, "TRAP": SIGTRAP,
    "TERM": SIGTERM, "HUP": SIGHUP,
  ]

  /// Pasted text is text, never keys: a paste of `dy` (which typed would remove the selected
  /// joke) removes nothing, bracketed (the screen turns bracketed paste on: the paste is
  /// ignored) or not (its keys came together: `d` asks, but its `y` does not answer, and `q`
  /// keeps the joke); pasted into the favourite-name prompt it is the name, its line break not
  /// taken for Enter (without brackets, the prompt says to press Enter on its own).
  @Test(arguments: [true, false])
  func pasteIsNeverKeys(bracketed: Bool) async throws {
    let joke = MadeUpJoke(1, "Chuck Norris pastes with his fists.")
    let (api, sandbox) = try await startSandbox()
    try sandbox.writeList([joke.served(by: api)])
    let screen = try TmuxScreen(sandbox: sandbox, script: "$CHUCK")
    defer { screen.stop() }
    #expect(await screen.waitFor { $0.contains(joke.id) })
    // tmux brackets a `paste-buffer -p` only when the program asked for it (`ESC [ ? 2004 h`).
    let paste = ["paste-buffer", "-d"] + (bracketed ? ["-p"] : [])
    try screen.tmux(["set-buffer", "dyq"])
    try screen.tmux(paste)
    let ignored = bracketed ? "Pasted text is not taken as keys." : "Nothing removed."
    #expect(await screen.waitFor { $0.contains(ignored) })
    #expect(screen.screen().contains(joke.id))
    #expect(try sandbox.savedIDs() == [joke.id])
    try screen.send("f")
    #expect(await screen.waitFor { $0.contains("Name this favourite:") })
    try screen.tmux(["set-buffer", "Pasted name\n"])
    try screen.tmux(paste)
    if bracketed {
      #expect(await screen.waitFor { $0.contains("Name this favourite: Pasted name") })
    } else {
      #expect(await screen.waitFor { _ in screen.status().contains("press Enter on its own") })
    }
    #expect(try await sandbox.chuck(["favorite", "list", "--json"]).stdout == "[]\n")
    try screen.send("Enter")
    #expect(await screen.waitFor { $0.contains("Added favourite Pasted name.") })
    try screen.send("q")
  }
}
