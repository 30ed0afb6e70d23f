import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Starting a program that must not hold on to anything of the test process: a server (nginx,
/// tinyproxy) or a program that starts one (tmux). Foundation's `Process` is not used for them:
/// its `waitUntilExit` was seen spinning for ever (see `Process.waitForExit`), and a daemon started through it inherits the
/// test process's descriptors (a fake's stdin among them, so that fake never sees its end).
public enum Spawn {
  /// `posix_spawn` with stdin from /dev/null, stdout and stderr appended to `output`, no other
  /// descriptor, and every signal unblocked and at its default.
  public static func start(
    _ path: String, arguments: [String], environment: [String], output: String
  ) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_APPEND | O_CREAT, 0o600)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    // Nothing else of the test process: a server holding the write end of a fake's stdin would
    // keep that fake from ever seeing the end of it.
    // (glibc's closefrom action is not visible to Swift: close each descriptor open now.)
    let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    for fd in open.compactMap({ Int32($0) }) where fd > 2 {
      posix_spawn_file_actions_addclose(&actions, fd)
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
    guard result == 0 else {
      throw ExternalToolError.failed(
        path, status: result, output: String(cString: strerror(result)))
    }
    return pid
  }

  /// Waits for a program started by ``start(_:arguments:environment:output:)`` to exit.
  /// - Parameter pid: its process id.
  /// - Returns: its exit status, or 128 + the signal that ended it.
  public static func wait(_ pid: pid_t) -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else { return -1 }
    }
    return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
  }
}
