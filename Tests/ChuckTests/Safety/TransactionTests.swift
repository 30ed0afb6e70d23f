import ChuckTestSupport
import Foundation
import Testing

/// A remove that takes a favourite with it is one transaction, and its errors say exactly what
/// was done; each fault is injected with strace (`Scripts/crash-matrix.py` visits every one).
@Suite struct TransactionTests {
  typealias Joke = RemoveTests

  /// A list of four jokes, `beta` a favourite named Beta.
  private static func sandbox() async throws -> ChuckSandbox {
    let (_, sandbox) = try await Joke.sandboxWithList()
    let added = try await sandbox.chuck(["favorite", "add", Joke.beta.id, "Beta"])
    #expect(added.status == 0, "\(added.stderr)")
    return sandbox
  }

  /// `chuck remove` of the favourite's joke, with one syscall failed by strace.
  private static func remove(in sandbox: ChuckSandbox, failing injection: String) async throws
    -> ChuckResult
  {
    try await sandbox.shell(
      "strace -f -qq -o /dev/null -e trace=\(injection.prefix { $0 != ":" }) "
        + "-e inject=\(injection) \"$CHUCK\" remove \(Joke.beta.id)")
  }

  /// The saved ids and the favourites, as chuck itself shows them.
  private static func state(_ sandbox: ChuckSandbox) async throws -> (
    ids: [String], favorites: String
  ) {
    let list = try await sandbox.chuck(["list", "--json"])
    let favorites = try await sandbox.chuck(["favorite", "list", "--json"])
    #expect(list.status == 0, "\(list.stderr)")
    #expect(favorites.status == 0, "\(favorites.stderr)")
    let ids = Joke.all.map(\.id).filter { list.stdout.contains("\"\($0)\"") }
    return (ids, favorites.stdout)
  }

  /// The list's rename fails after the change was recorded: exit 74, and the error says that
  /// the change is made but not complete, names both files and the journal; the next command
  /// completes it: the joke and its favourite are both gone, and no journal is left.
  @Test func failedRenameAfterTheJournalSaysWhatChanged() async throws {
    let sandbox = try await Self.sandbox()
    let result = try await Self.remove(in: sandbox, failing: "rename:error=ENOSPC:when=2")
    let folder = sandbox.dataDirectory.path
    #expect(result.status == 74)
    #expect(result.stdout == "")
    #expect(
      result.stderr
        == "error: the change to \(folder)/jokes.json and \(folder)/favorites.json is made but "
        + "not complete (renaming its new jokes.json: No space left on device); it is recorded in "
        + "\(folder)/chuck.journal, and the next chuck that can write there completes it\n")
    let after = try await Self.state(sandbox)
    #expect(!after.ids.contains(Joke.beta.id))
    #expect(after.ids.count == 3)
    #expect(after.favorites == "[]\n")
    #expect(
      !sandbox.dataDirectoryEntries.contains { $0 == "chuck.journal" || $0.contains(".tmp-") })
  }

  /// A failure before the journal is in place changed nothing, and the error says unchanged,
  /// naming the file it could not write: the journal's own rename (ENOSPC), the staged
  /// favourites' fsync (EIO: never retried and then trusted). The joke and its favourite are both
  /// still there, and no staged file is left.
  @Test(arguments: [
    ("rename:error=ENOSPC:when=1", "chuck.journal", "No space left on device"),
    ("fsync:error=EIO:when=2", "favorites.json", "Input/output error"),
  ])
  func failureBeforeTheJournalSaysUnchanged(injection: String, file: String, reason: String)
    async throws
  {
    let sandbox = try await Self.sandbox()
    let before = try await Self.state(sandbox)
    let result = try await Self.remove(in: sandbox, failing: injection)
    #expect(result.status == 74)
    #expect(
      result.stderr
        == "error: cannot write \(sandbox.dataDirectory.path)/\(file): \(reason); what was saved "
        + "is unchanged\n")
    let after = try await Self.state(sandbox)
    #expect(after.ids == before.ids && after.favorites == before.favorites)
    #expect(after.favorites.contains("Beta"))
    #expect(
      !sandbox.dataDirectoryEntries.contains { $0 == "chuck.journal" || $0.contains(".tmp-") })
  }

  /// The folder's fsync after the files' renames fails: the change shows, and the error says the
  /// disk did not confirm it (exit 74, never 0).
  @Test func unconfirmedChangeIsNotSuccess() async throws {
    let sandbox = try await Self.sandbox()
    let result = try await Self.remove(in: sandbox, failing: "fsync:error=EIO:when=6")
    let folder = sandbox.dataDirectory.path
    #expect(result.status == 74)
    #expect(
      result.stderr
        == "error: changed \(folder)/jokes.json and \(folder)/favorites.json, but the disk did "
        + "not confirm it (Input/output error); a power cut may undo the change\n")
    let after = try await Self.state(sandbox)
    #expect(!after.ids.contains(Joke.beta.id) && after.favorites == "[]\n")
  }

  /// A killed remove whose journal could not be finished yet is read through: while the
  /// directory's lock is held, `list` and `favorite list` already show the whole change.
  @Test func unfinishedChangeIsReadThrough() async throws {
    let sandbox = try await Self.sandbox()
    let killed = try await Self.remove(in: sandbox, failing: "rename:signal=KILL:when=2")
    #expect(killed.status == 137)
    #expect(sandbox.dataDirectoryEntries.contains("chuck.journal"))
    let holder = try LockHolder(
      path: sandbox.dataDirectory.appendingPathComponent("chuck.lock").path, seconds: 3600)
    let after = try await Self.state(sandbox)
    #expect(!after.ids.contains(Joke.beta.id) && after.ids.count == 3)
    #expect(after.favorites == "[]\n")
    #expect(sandbox.dataDirectoryEntries.contains("chuck.journal"))
    withExtendedLifetime(holder) {}
  }
}
