import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Starting every program the tests run (fakes, servers, tmux, `chuck` itself) without letting it
/// hold on to anything of the test process. Foundation's `Process` is not used: its
/// `waitUntilExit` was seen spinning for ever, and it closes only the descriptors open when it
/// looks, so a pipe another thread makes a moment later leaks into the child (a daemon holding the
/// write end of another test's pipe keeps that test's read from ever ending).
public enum Spawn {
  /// Where one of a child's standard streams comes from or goes.
  public enum Stream: Sendable {
    /// `/dev/null`.
    case null
    /// A file, appended to (created 0600) for output, read for input.
    case file(String)
    /// A descriptor of the test process (a pipe's end, a terminal).
    case descriptor(Int32)
  }

  /// The variable every child gets, naming the test process's temporary folder: the
  /// ``HelperWatchdog`` kills whatever carries it when the test process ends.
  public static let ownerVariable = "CHUCK_TESTS_OWNER"

  /// The test process's `PATH`, where `python3` is found for the fakes and the watchdog (as
  /// `.ci/run` finds it).
  public static let testPath = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"

  /// How to start Python 3 (the fakes, the watchdog, small scripts): the interpreter that
  /// `python3` on ``testPath`` runs, found once, with `-S` (no `site`). A `python3` on `PATH` may
  /// be a version manager's shell-script shim (pyenv's), and `site` may run `.pth` hooks: together
  /// about 0.5 s of CPU at every start, paid by every fake the suite starts. The fakes use the
  /// standard library only. When the interpreter cannot be asked, `python3` through `env`.
  public static let python: (path: String, arguments: [String]) = {
    let pipe = Spawn.pipe()
    let pid = try? spawn(
      "/usr/bin/env",
      arguments: ["python3", "-S", "-c", "import sys; sys.stdout.write(sys.executable)"],
      environment: ["PATH=\(testPath)", "LANG=C.UTF-8"],
      streams: [.null, .descriptor(pipe.fileHandleForWriting.fileDescriptor), .null],
      directory: "/")
    try? pipe.fileHandleForWriting.close()
    let found = String(
      decoding: pipe.fileHandleForReading.readAllRetryingInterrupts(), as: UTF8.self)
    try? pipe.fileHandleForReading.close()
    if let pid, wait(pid) == 0, found.hasPrefix("/"),
      FileManager.default.isExecutableFile(atPath: found)
    {
      return (found, ["-S"])
    }
    return ("/usr/bin/env", ["python3", "-S"])
  }()

  /// `posix_spawn` with the given standard streams, no other descriptor (glibc's
  /// `posix_spawn_file_actions_addclosefrom_np`, so no race with threads opening more), every
  /// signal unblocked and at its default, and ``ownerVariable`` added to the environment.
  /// - Parameters:
  ///   - path: the program's absolute path.
  ///   - arguments: its arguments.
  ///   - environment: its environment, `NAME=value` each.
  ///   - stdin: its standard input.
  ///   - stdout: its standard output.
  ///   - stderr: its standard error.
  ///   - directory: its working directory (the test's when `nil`).
  /// - Returns: its process id.
  public static func start(
    _ path: String, arguments: [String], environment: [String], stdin: Stream = .null,
    stdout: Stream, stderr: Stream, directory: String? = nil
  ) throws -> pid_t {
    HelperWatchdog.ensureStarted()
    return try spawn(
      path, arguments: arguments,
      environment: environment + ["\(ownerVariable)=\(HelperWatchdog.rootPath)"],
      streams: [stdin, stdout, stderr], directory: directory)
  }

  /// Starts a program with stdin from /dev/null and stdout and stderr appended to `output`.
  public static func start(
    _ path: String, arguments: [String], environment: [String], output: String
  ) throws -> pid_t {
    try start(
      path, arguments: arguments, environment: environment, stdout: .file(output),
      stderr: .descriptor(1))
  }

  /// The spawn itself, also used for the watchdog (which must not wait for itself).
  static func spawn(
    _ path: String, arguments: [String], environment: [String], streams: [Stream],
    directory: String?
  ) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for (target, stream) in zip(Int32(0)..., streams) {
      switch stream {
      case .null:
        posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_RDWR, 0)
      case .file(let file):
        let flags = target == 0 ? O_RDONLY : O_WRONLY | O_APPEND | O_CREAT
        posix_spawn_file_actions_addopen(&actions, target, file, flags, 0o600)
      case .descriptor(let fd):
        posix_spawn_file_actions_adddup2(&actions, fd, target)
      }
    }
    guard let closeFrom = Self.closeFrom, let changeDirectory = Self.changeDirectory else {
      throw ExternalToolError.failed(path, status: -1, output: "glibc 2.34 or later is needed")
    }
    _ = closeFrom(&actions, 3)
    if let directory { _ = changeDirectory(&actions, directory) }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // A child inherits the blocked signals of the thread that starts it, and Dispatch's threads
    // block most of them, SIGTERM included.
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

  private typealias CloseFrom =
    @convention(c) (
      UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32
    ) -> Int32
  private typealias ChangeDirectory =
    @convention(c) (
      UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>
    ) -> Int32

  /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34), which Swift's Glibc module does
  /// not show.
  private static let closeFrom: CloseFrom? = symbol("posix_spawn_file_actions_addclosefrom_np")
  /// glibc's `posix_spawn_file_actions_addchdir_np` (2.29).
  private static let changeDirectory: ChangeDirectory? = symbol(
    "posix_spawn_file_actions_addchdir_np")

  private static func symbol<T>(_ name: String) -> T? {
    guard let handle = dlopen(nil, RTLD_NOW), let address = dlsym(handle, name) else { return nil }
    return unsafeBitCast(address, to: T.self)
  }

  /// A pipe whose two ends are closed on `exec`: only the child it is given to (as a standard
  /// stream) ever holds an end of it.
  public static func pipe() -> Pipe {
    let pipe = Pipe()
    for fd in [pipe.fileHandleForReading.fileDescriptor, pipe.fileHandleForWriting.fileDescriptor] {
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
    return pipe
  }

  /// Waits for a child to exit, killing it (SIGKILL) after `timeout` seconds and giving up 10 s
  /// later. Never on a cooperative thread: it sleeps between looks.
  /// - Parameters:
  ///   - pid: its process id.
  ///   - timeout: seconds after which it is killed.
  /// - Returns: its exit status, or 128 + the signal that ended it; -1 when it could not be
  ///   reaped.
  public static func wait(_ pid: pid_t, timeout: Double = 60) -> Int32 {
    if let status = poll(pid, until: Date().addingTimeInterval(timeout)) { return status }
    kill(pid, SIGKILL)
    return poll(pid, until: Date().addingTimeInterval(10)) ?? -1
  }

  /// Looks every 5 ms whether the child has exited, until `deadline`.
  private static func poll(_ pid: pid_t, until deadline: Date) -> Int32? {
    while true {
      if let status = reap(pid) { return status }
      if Date() >= deadline { return nil }
      usleep(5_000)
    }
  }

  /// Reaps the child if it has exited, without waiting.
  /// - Returns: its status (as ``wait(_:timeout:)``), `nil` while it runs, -1 when it is not
  ///   (or no longer) a child.
  public static func reap(_ pid: pid_t) -> Int32? {
    var status: Int32 = 0
    while true {
      let result = waitpid(pid, &status, WNOHANG)
      if result == pid { return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f) }
      if result == 0 { return nil }
      if errno != EINTR { return -1 }
    }
  }
}
