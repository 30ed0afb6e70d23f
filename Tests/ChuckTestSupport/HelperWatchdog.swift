import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Makes every helper process of the test process (fakes, nginx, tinyproxy, tmux servers and what
/// runs in them, `chuck` runs) end when the test process ends, however it ends: a crash, a
/// SIGKILL, a normal exit.
///
/// A parent-death signal cannot do it: it fires when the *thread* that started the child ends
/// (the tests start children from short-lived threads), and daemons such as the tmux server are
/// not our children at all. So the first helper starts a watchdog: a small Python process whose
/// stdin is a pipe whose only write end the test process holds (closed on `exec`, so no child
/// holds it). The kernel closes it when the test process dies, however it dies; the watchdog then
/// SIGKILLs every process whose command line or environment names this test process's temporary
/// folder (`chuck-tests-PID`: ``Spawn`` puts it in every child's environment, and descendants
/// inherit it), again until none is left, and removes the folder. It ignores SIGINT, SIGTERM and
/// SIGHUP, which a CI runner sends to the whole process group. At a normal exit the test process
/// closes the pipe itself and waits (at most 15 s) for the watchdog to finish.
public enum HelperWatchdog {
  /// The test process's temporary folder, `…/chuck-tests-PID`.
  public static let rootPath = FileManager.default.temporaryDirectory
    .appendingPathComponent("chuck-tests-\(getpid())", isDirectory: true).path

  /// Starts the watchdog if it is not running yet.
  public static func ensureStarted() { _ = watch }

  /// Whether the watchdog runs (it does unless Python 3 is missing).
  public static var isRunning: Bool { watch != nil }

  /// The watchdog's process id, once it runs.
  public static var pid: pid_t? { watch?.pid }

  /// The watchdog's process id and the write end of its stdin.
  private static let watch: (pid: pid_t, pipe: Int32)? = {
    var fds: [Int32] = [-1, -1]
    guard Glibc.pipe(&fds) == 0 else { return nil }
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    let pid = try? Spawn.spawn(
      Spawn.python.path, arguments: Spawn.python.arguments + ["-c", script, String(getpid())],
      environment: [
        "PATH=\(Spawn.testPath)", "LANG=C.UTF-8", "CHUCK_TESTS_WATCHDOG_ROOT=\(rootPath)",
      ],
      streams: [.descriptor(fds[0]), .null, .null], directory: "/")
    close(fds[0])
    guard let pid else {
      close(fds[1])
      return nil
    }
    atexit { HelperWatchdog.finish() }
    return (pid, fds[1])
  }()

  /// At exit: lets the watchdog clean up now, and waits for it.
  private static func finish() {
    guard let watch else { return }
    close(watch.pipe)
    let deadline = Date().addingTimeInterval(15)
    while Spawn.reap(watch.pid) == nil, Date() < deadline { usleep(10_000) }
  }

  /// The watchdog (argument: the test process's id; environment: the folder).
  private static let script = #"""
    import os, re, select, shutil, signal, sys, time
    for name in ("SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT", "SIGPIPE", "SIGUSR1", "SIGUSR2"):
        signal.signal(getattr(signal, name), signal.SIG_IGN)
    owner = int(sys.argv[1])
    root = os.environ["CHUCK_TESTS_WATCHDOG_ROOT"]
    mark = re.compile(rb"chuck-tests-%d(?![0-9])" % owner)
    # Until the owner is gone: EOF on stdin (or, belt and braces, another parent).
    while os.getppid() == owner:
        ready, _, _ = select.select([0], [], [], 1.0)
        if ready and not os.read(0, 512):
            break
    me = os.getpid()
    def ours(pid):
        for name in ("cmdline", "environ"):
            try:
                with open("/proc/%d/%s" % (pid, name), "rb") as f:
                    if mark.search(f.read()):
                        return True
            except OSError:
                pass
        return False
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        found = [pid for pid in (int(n) for n in os.listdir("/proc") if n.isdigit())
                 if pid not in (me, owner) and ours(pid)]
        if not found:
            break
        for pid in found:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        time.sleep(0.05)
    shutil.rmtree(root, ignore_errors=True)
    """#
}
