#if canImport(Glibc)
  import Glibc
#endif

/// What every program chuck starts gets (a browser for the screen's `o`, git for a sync): the
/// default action of every signal and none blocked, whatever chuck itself ignores or blocks.
enum ChildSpawn {
  /// Runs `body` with spawn attributes that reset every signal, destroyed after.
  /// - Parameter body: gets the attributes, for `posix_spawnp`.
  /// - Returns: what `body` returned.
  static func withDefaultSignals<R>(_ body: (inout posix_spawnattr_t) -> R) -> R {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var everything = sigset_t()
    sigfillset(&everything)
    var nothing = sigset_t()
    sigemptyset(&nothing)
    posix_spawnattr_setsigdefault(&attributes, &everything)
    posix_spawnattr_setsigmask(&attributes, &nothing)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
    return body(&attributes)
  }
}
