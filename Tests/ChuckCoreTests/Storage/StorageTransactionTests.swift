import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

#if canImport(Glibc)
  import Glibc
#endif

/// A change to several saved files is all or nothing, whatever instant a crash comes at.
@Suite struct StorageTransactionTests {
  let root: URL
  let jokes: FileStore
  let favorites: FileStore

  init() throws {
    root = try TemporaryDirectory.make(prefix: "transaction")
    jokes = FileStore(fileURL: root.appendingPathComponent("jokes.json"), lockTimeout: 0.2)
    favorites = FileStore(fileURL: root.appendingPathComponent("favorites.json"), lockTimeout: 0.2)
    try jokes.exclusively { () throws(ChuckError) in
      try jokes.replace(with: Array("old jokes".utf8))
      try favorites.replace(with: Array("old favorites".utf8))
    }
  }

  private var names: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).sorted()
  }

  private func commitBoth() throws(ChuckError) {
    try jokes.exclusively { () throws(ChuckError) in
      try StorageTransaction.commit([
        FileChange(file: jokes, bytes: Array("new jokes".utf8)),
        FileChange(file: favorites, bytes: Array("new favorites".utf8)),
      ])
    }
  }

  /// A transaction changes both files and leaves no journal and no temporary file.
  @Test func commitChangesEveryFile() throws {
    try commitBoth()
    #expect(try jokes.read() == Array("new jokes".utf8))
    #expect(try favorites.read() == Array("new favorites".utf8))
    #expect(names == ["chuck.lock", "favorites.json", "jokes.json"])
    #expect(try permissions(root.appendingPathComponent("favorites.json")) == 0o600)
  }

  /// The state a writer killed after the journal's rename leaves (the journal, one file already
  /// renamed, one staged) is finished by the next reader: both files new, the journal gone.
  /// Finishing twice is finishing once: a journal whose staged files are all gone only goes.
  @Test func killedWriterIsFinishedByTheNextReader() throws {
    let staged = try favorites.stage(Array("new favorites".utf8))
    try Data("new jokes".utf8).write(to: jokes.fileURL)
    try write(journal: [
      ("jokes.json", ".jokes.json.tmp-AAAAAA"),
      ("favorites.json", String(staged.split(separator: "/").last!)),
    ])
    #expect(try favorites.read() == Array("new favorites".utf8))
    #expect(try jokes.read() == Array("new jokes".utf8))
    #expect(names == ["chuck.lock", "favorites.json", "jokes.json"])
  }

  /// A journal that cannot be finished now (its lock held too long here; a full disk or a
  /// read-only folder alike) is read through: readers see the change made, and it stays to be
  /// finished.
  @Test func unfinishedJournalIsReadThrough() throws {
    let staged = try favorites.stage(Array("new favorites".utf8))
    try write(journal: [("favorites.json", String(staged.split(separator: "/").last!))])
    let holder = open(root.appendingPathComponent("chuck.lock").path, O_RDWR | O_CREAT, 0o600)
    #expect(flock(holder, LOCK_EX) == 0)
    #expect(try favorites.read() == Array("new favorites".utf8))
    #expect(try jokes.read() == Array("old jokes".utf8))
    close(holder)
    #expect(try favorites.read() == Array("new favorites".utf8))
    #expect(!names.contains("chuck.journal"))
  }

  /// A damaged journal (cut short, a wrong checksum, a name that is not a saved file's) is never
  /// guessed at: every read and write fails naming it, and it is left for the user.
  @Test(arguments: [
    "chuck journal 1\njokes.json .jokes.json.tmp-AAAAAA\n",
    "chuck journal 1\njokes.json .jokes.json.tmp-AAAAAA\nend 1 0000000000000000\n",
    "chuck journal 1\n../x .../x.tmp-AAAAAA\nend 1 0000000000000000\n",
  ])
  func damagedJournalIsRefused(text: String) throws {
    let path = root.appendingPathComponent("chuck.journal").path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    #expect {
      try jokes.read()
    } throws: { error in
      guard case .storageUnreadable(let named, _)? = error as? ChuckError else { return false }
      return named == path
    }
    #expect(throws: ChuckError.self) { try commitBoth() }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(text.utf8))
  }

  /// The journal's format reads back what it wrote, and refuses a journal naming a file chuck
  /// does not own.
  @Test func journalRoundTrip() {
    let entries = [
      Journal.Entry(target: "jokes.json", staged: ".jokes.json.tmp-abcdef"),
      Journal.Entry(target: "my-jokes.json", staged: ".my-jokes.json.tmp-ABC123"),
    ]
    #expect(Journal.decode(Journal.encode(entries)) == entries)
    let foreign = [Journal.Entry(target: "notes.txt", staged: ".notes.txt.tmp-abcdef")]
    #expect(Journal.decode(Journal.encode(foreign)) == nil)
  }

  /// A writer that dies before the journal is in place leaves its staged files; the next writer
  /// removes them, and never another program's file in a shared folder.
  @Test func staleStagedFilesAreRemoved() throws {
    for name in [".jokes.json.tmp-AAAAAA", ".favorites.json.tmp-BBBBBB", ".notes.txt.tmp-CCCCCC"] {
      try Data("x".utf8).write(to: root.appendingPathComponent(name))
    }
    try jokes.exclusively { () throws(ChuckError) in }
    #expect(names == [".notes.txt.tmp-CCCCCC", "chuck.lock", "favorites.json", "jokes.json"])
  }

  /// Every file of one transaction is a saved file (one a journal may name) of one locked folder.
  @Test func filesOfOtherDirectoriesAreRefused() throws {
    let other = FileStore(
      fileURL: try TemporaryDirectory.make(prefix: "other").appendingPathComponent("jokes.json"))
    #expect(throws: ChuckError.self) {
      try jokes.exclusively { () throws(ChuckError) in
        try StorageTransaction.commit([
          FileChange(file: favorites, bytes: []), FileChange(file: other, bytes: []),
        ])
      }
    }
    #expect(throws: ChuckError.self) {
      try StorageTransaction.commit([
        FileChange(file: jokes, bytes: []), FileChange(file: favorites, bytes: []),
      ])
    }
    let notes = FileStore(fileURL: root.appendingPathComponent("notes.json"))
    #expect(throws: ChuckError.self) {
      try jokes.exclusively { () throws(ChuckError) in
        try StorageTransaction.commit([
          FileChange(file: jokes, bytes: []), FileChange(file: notes, bytes: []),
        ])
      }
    }
    #expect(try jokes.read() == Array("old jokes".utf8))
  }

  /// The lists and the favourites share the directory's lock, taken once by a task that
  /// already holds it (a favourite made under its list's lock), and waited for by another.
  @Test func directoryLockIsSharedAndReentrant() throws {
    let nested = try jokes.exclusively { () throws(ChuckError) -> Int in
      try favorites.exclusively { () throws(ChuckError) -> Int in 7 }
    }
    #expect(nested == 7)
    let holder = open(root.appendingPathComponent("chuck.lock").path, O_RDWR | O_CREAT, 0o600)
    #expect(flock(holder, LOCK_EX) == 0)
    #expect(throws: ChuckError.lockTimeout(path: favorites.path, seconds: 0.2)) {
      try favorites.exclusively { () throws(ChuckError) in }
    }
    close(holder)
  }

  /// A reader of several files sees them at one moment: a transaction waits while it reads,
  /// so both of its reads are of the state before; a write inside it is a bug, refused.
  @Test func readersTogetherSeeOneMoment() throws {
    let reading = DispatchSemaphore(value: 0)
    let committed = Locked<Date?>(nil)
    let jokes = jokes
    let favorites = favorites
    let writer = Thread {
      reading.wait()
      let patient = FileStore(fileURL: jokes.fileURL, lockTimeout: 10)
      try? patient.exclusively { () throws(ChuckError) in
        try StorageTransaction.commit([
          FileChange(file: patient, bytes: Array("new jokes".utf8)),
          FileChange(file: favorites, bytes: Array("new favorites".utf8)),
        ])
      }
      committed.withLock { $0 = Date() }
    }
    writer.start()
    let (seen, finished) = try jokes.together { () throws(ChuckError) -> ([[UInt8]?], Date) in
      let first = try jokes.read()
      reading.signal()
      Thread.sleep(forTimeInterval: 0.3)
      #expect(throws: ChuckError.self) { try favorites.exclusively { () throws(ChuckError) in } }
      return ([first, try favorites.read()], Date())
    }
    #expect(seen == [Array("old jokes".utf8), Array("old favorites".utf8)])
    let deadline = Date().addingTimeInterval(10)
    while committed.current == nil, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
    #expect(try #require(committed.current) >= finished)
    #expect(try jokes.read() == Array("new jokes".utf8))
  }

  private func write(journal entries: [(String, String)]) throws {
    let bytes = Journal.encode(entries.map { Journal.Entry(target: $0.0, staged: $0.1) })
    try Data(bytes).write(to: root.appendingPathComponent("chuck.journal"))
  }
}
