import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// What carries the sync folder to the other machines. A folder that another engine replicates
/// (Syncthing, Nextcloud, Dropbox, NFS) needs nothing of chuck: the engine sees the log change.
/// A git clone (the folder holds `.git`) is carried by the system's `git`, run there: before the
/// merge `git pull --rebase` (when the branch has an upstream), after it `git add` of this
/// machine's log, `git commit`, `git push` (a push refused because another machine pushed first
/// pulls again and retries, twice). No file is written by two machines, so a rebase never
/// conflicts. git never asks for a password here (`GIT_TERMINAL_PROMPT=0`, ssh in batch mode): a
/// remote that wants one fails in words instead of hanging.
public enum SyncEngine: Sendable, Equatable {
  /// Another engine replicates the folder.
  case folder
  /// The folder is a git clone.
  case git

  /// The engine of a folder: git when it holds `.git`.
  /// - Parameter folder: the sync folder.
  public init(folder: String) {
    self = access(folder + "/.git", F_OK) == 0 ? .git : .folder
  }

  /// Brings the other machines' logs in (git: pull with rebase when there is an upstream).
  /// - Parameter folder: the sync folder.
  /// - Throws: ``ChuckError/syncEngineFailed(_:)`` with git's words.
  public func receive(in folder: String) throws(ChuckError) {
    guard self == .git, try Self.hasUpstream(folder) else { return }
    try Self.git(["pull", "--rebase", "--autostash", "--quiet"], in: folder)
  }

  /// Whether the clone's branch follows a remote one. A clone of an empty repository has none:
  /// when the remote (`origin`, else the only one) has the branch by now (another machine pushed
  /// first), the branch follows it from here on.
  private static func hasUpstream(_ folder: String) throws(ChuckError) -> Bool {
    if run(["rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{upstream}"], in: folder).status
      == 0
    {
      return true
    }
    guard let remote = remote(folder), let branch = branch(folder) else { return false }
    try git(["fetch", "--quiet", remote], in: folder)
    guard run(["rev-parse", "--verify", "--quiet", "\(remote)/\(branch)"], in: folder).status == 0
    else { return false }
    if run(["rev-parse", "--verify", "--quiet", "HEAD"], in: folder).status == 0 {
      try git(["branch", "--quiet", "--set-upstream-to=\(remote)/\(branch)"], in: folder)
    } else {
      // A branch with no commit yet starts from the remote's.
      try git(["checkout", "--quiet", "-B", branch, "--track", "\(remote)/\(branch)"], in: folder)
    }
    return true
  }

  /// The remote to push to: `origin`, else the only one; `nil` for a clone without one.
  private static func remote(_ folder: String) -> String? {
    let remotes = run(["remote"], in: folder).output.split(whereSeparator: \.isWhitespace)
      .map(String.init)
    return remotes.contains("origin") ? "origin" : remotes.count == 1 ? remotes[0] : nil
  }

  /// The current branch, `nil` when detached.
  private static func branch(_ folder: String) -> String? {
    let result = run(["symbolic-ref", "--quiet", "--short", "HEAD"], in: folder)
    return result.status == 0 && !result.output.isEmpty ? result.output : nil
  }

  /// Sends this machine's log out (git: add, commit when it changed, push when there is an
  /// upstream).
  /// - Parameters:
  ///   - folder: the sync folder.
  ///   - replica: this machine's replica, whose log file is committed.
  /// - Throws: ``ChuckError/syncEngineFailed(_:)`` with git's words.
  public func send(from folder: String, replica: ReplicaID) throws(ChuckError) {
    guard self == .git else { return }
    let name = SyncLog.fileName(for: replica)
    try Self.git(["add", "--", name], in: folder)
    if Self.run(["diff", "--cached", "--quiet", "--", name], in: folder).status != 0 {
      var identity: [String] = []
      if Self.run(["config", "user.email"], in: folder).status != 0 {
        identity = ["-c", "user.name=chuck sync", "-c", "user.email=chuck-sync@localhost"]
      }
      try Self.git(
        identity + [
          "commit", "--quiet", "--no-verify", "-m", "chuck sync: \(replica)", "--", name,
        ],
        in: folder)
    }
    guard try Self.hasUpstream(folder) else {
      // The first push of a clone of an empty repository makes the remote branch.
      if let remote = Self.remote(folder) {
        try Self.git(["push", "--quiet", "--set-upstream", remote, "HEAD"], in: folder)
      }
      return
    }
    var attempt = 0
    while true {
      let push = Self.run(["push", "--quiet"], in: folder)
      if push.status == 0 { return }
      attempt += 1
      guard attempt <= 2 else { throw .syncEngineFailed("git push: " + push.output) }
      try Self.git(["pull", "--rebase", "--autostash", "--quiet"], in: folder)
    }
  }

  private static func git(_ arguments: [String], in folder: String) throws(ChuckError) {
    let result = run(arguments, in: folder)
    guard result.status == 0 else {
      throw .syncEngineFailed(
        "git \(arguments.first(where: { !$0.hasPrefix("-") && !$0.contains("=") }) ?? "") in \(folder): \(result.output)"
      )
    }
  }

  /// Runs `git -C folder arguments…`, its output (both streams, the first 8 KiB, trimmed) kept
  /// for messages; 127 when git cannot be started.
  static func run(_ arguments: [String], in folder: String) -> (status: Int32, output: String) {
    var pipeEnds: [Int32] = [-1, -1]
    guard pipe(&pipeEnds) == 0 else {
      return (127, "no pipe: \(FileDescriptorOutput.describe(errno))")
    }
    // Not inherited by what another thread starts meanwhile (the child gets its copies by dup2).
    for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
    posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 2)
    posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
    posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
    let command = ["git", "-C", folder] + arguments
    var argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var environment = ProcessEnvironment.current
    environment["GIT_TERMINAL_PROMPT"] = "0"
    if environment["GIT_SSH_COMMAND"] == nil {
      environment["GIT_SSH_COMMAND"] = "ssh -o BatchMode=yes"
    }
    environment["LC_ALL"] = "C"
    var envp: [UnsafeMutablePointer<CChar>?] =
      environment.map { strdup($0.key + "=" + $0.value) } + [nil]
    defer { for entry in envp { free(entry) } }
    var pid = pid_t()
    let spawned = ChildSpawn.withDefaultSignals { attributes in
      posix_spawnp(&pid, "git", &actions, &attributes, &argv, &envp)
    }
    close(pipeEnds[1])
    defer { close(pipeEnds[0]) }
    guard spawned == 0 else {
      return (127, "git cannot be started (\(String(cString: strerror(spawned)))): install git")
    }
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(pipeEnds[0], &buffer, buffer.count)
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { break }
      if output.count < 8192 { output += buffer[..<count] }
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else { return (-1, "git could not be waited for") }
    }
    let text = TerminalSafeText.render(
      String(decoding: output, as: UTF8.self).trimmingWhitespace, keepNewlines: false)
    // WIFEXITED and WEXITSTATUS, which Swift does not import.
    if status & 0x7F == 0 { return ((status >> 8) & 0xFF, text) }
    return (128 + (status & 0x7F), text + " (killed by signal \(status & 0x7F))")
  }
}
