#if canImport(Glibc)
  import Glibc
#endif

/// What the handlers restore: the settings from before, and the bytes that undo chuck's modes.
/// Written only while no handler is armed (``TerminalRestorer/arm(settings:leave:)``), read by
/// the handlers; plain memory, so that reading it is async-signal-safe.
nonisolated(unsafe) private var savedSettings = termios()
nonisolated(unsafe) private var leaveBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
nonisolated(unsafe) private var leaveCount = 0
nonisolated(unsafe) private var isArmed: sig_atomic_t = 0
/// The actions the handlers replaced, by signal number (the Swift runtime's backtracer's among
/// them), run after the terminal is given back.
nonisolated(unsafe) private var previousActions = UnsafeMutablePointer<sigaction>.allocate(
  capacity: Int(NSIG))
/// The signals whose earlier action is kept (it is saved once, on the first arming).
nonisolated(unsafe) private var saved = Set<Int32>()
nonisolated(unsafe) private var alternateStack: UnsafeMutableRawPointer?

/// Gives the terminal back on every way out that can be caught: while the screen or the
/// punchline's key wait has the terminal in raw mode, every signal that would end `chuck` — and
/// every crash (a Swift trap is SIGILL or SIGTRAP; SIGABRT, SIGSEGV, SIGBUS, SIGFPE) — first
/// restores the settings and writes the sequences that leave chuck's modes, then takes the
/// signal's earlier action (the default: the process ends as it would have, core dump included).
///
/// Only SIGKILL and SIGSTOP cannot be caught; after a `kill -9`, `reset` (or `stty sane`) gives
/// the terminal back.
enum TerminalRestorer {
  /// Signals whose default action ends the process, besides those the caller handles itself.
  static let endingSignals: [Int32] = [
    SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGSYS, SIGPOLL, SIGPWR,
    SIGSTKFLT,
  ]
  /// What a crash raises.
  static let crashSignals: [Int32] = [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE]

  /// Arms the handlers: from now on a signal in `signals` gives the terminal back first.
  /// - Parameters:
  ///   - settings: the terminal's settings before chuck changed them.
  ///   - leave: what to write on stdout to leave chuck's modes (alternate screen, hidden
  ///     cursor …); at most 256 bytes.
  ///   - signals: the signals to handle, besides ``crashSignals``.
  static func arm(settings: termios, leave: StaticString, signals: [Int32] = endingSignals) {
    isArmed = 0
    savedSettings = settings
    leaveCount = min(leave.utf8CodeUnitCount, 256)
    leaveBytes.update(from: leave.utf8Start, count: leaveCount)
    installAlternateStack()
    for number in signals + crashSignals {
      if saved.insert(number).inserted { sigaction(number, nil, previousActions + Int(number)) }
      // A signal ignored before chuck started stays ignored: nothing to give back for it.
      if let earlier = previousActions[Int(number)].__sigaction_handler.sa_handler,
        unsafeBitCast(earlier, to: Int.self) == 1  // SIG_IGN
      {
        continue
      }
      var action = sigaction()
      action.__sigaction_handler.sa_handler = handle
      action.sa_flags = SA_ONSTACK
      sigemptyset(&action.sa_mask)
      sigaction(number, &action, nil)
    }
    isArmed = 1
  }

  /// The terminal is chuck's no longer (it was given back in an orderly way).
  static func disarm() {
    isArmed = 0
  }

  /// A stack for the handlers, so that a crash by stack overflow still gives the terminal back.
  private static func installAlternateStack() {
    guard alternateStack == nil else { return }
    let size = 64 * 1024
    alternateStack = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
    var stack = stack_t(ss_sp: alternateStack, ss_flags: 0, ss_size: size)
    sigaltstack(&stack, nil)
  }

  /// The handler: async-signal-safe calls only (write, tcsetattr, sigaction, sigprocmask, raise).
  private static let handle: @convention(c) (Int32) -> Void = { number in
    if isArmed != 0 {
      isArmed = 0
      var written = 0
      while written < leaveCount {
        let result = write(STDOUT_FILENO, leaveBytes + written, leaveCount - written)
        if result <= 0 { break }
        written += result
      }
      tcsetattr(STDIN_FILENO, TCSANOW, &savedSettings)
    }
    if number == SIGINT {
      // Ctrl-C ends chuck with 130 as everywhere else, without a core or a backtrace.
      _exit(130)
    }
    // The earlier action (the default, or the runtime's backtracer), as if chuck had not been
    // in the way: raised again once this handler returns and the signal is unblocked.
    sigaction(number, previousActions + Int(number), nil)
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    sigaddset(&unblocked, number)
    sigprocmask(SIG_UNBLOCK, &unblocked, nil)
    raise(number)
  }
}
