import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The intent journal of a data directory, `chuck.journal`: the one record of a change to several
/// saved files that has been decided but may not be complete. ``StorageTransaction`` stages each
/// file's new content beside it, then writes the journal (which names each file and its staged
/// content) and renames it into place — the instant the change is made — then renames the staged
/// files over the files and removes the journal. Whoever next takes the directory's lock finds a
/// journal left by a killed writer and finishes it (``recover()``); a reader that cannot take the
/// lock reads the staged content instead (``settle(before:)``). Finishing is idempotent: a staged
/// file that is gone was renamed already, so a crash while finishing is finished the same way.
///
/// The format is text: a `chuck journal 1` line, one `<file> <staged file>` line a file (names in
/// the directory), and an `end <count> <checksum>` line, the checksum FNV-1a (64 bits, hex) of
/// the lines before it.
struct Journal {
  /// The journal's name in the data directory.
  static let name = "chuck.journal"
  private static let header = "chuck journal 1"

  /// One file of the change: its name and the name of the file that holds its new content.
  struct Entry: Equatable {
    let target: String
    let staged: String
  }

  /// The data directory.
  let directory: String

  /// The journal's path.
  var path: String { directory + "/" + Self.name }

  /// Whether a journal is there: one `access`. A folder that is missing or not a folder has
  /// none; any other failure (a journal that cannot be looked at) counts as one, for reading it
  /// to fail in words.
  var isPresent: Bool { access(path, F_OK) == 0 || (errno != ENOENT && errno != ENOTDIR) }

  /// Whether a name is one of the saved files of a data directory (a list, the favourites, the
  /// device id, the journal, sync's own log and base): the only files whose temporary files
  /// `chuck` removes, and the only
  /// ones a journal may name, so that neither can touch another program's file in a shared folder.
  /// - Parameter name: a file name.
  static func isSavedFileName(_ name: String) -> Bool {
    name == "jokes.json" || name == "favorites.json" || name == "device-id" || name == Self.name
      || name == SyncLocalFiles.logName || name == SyncLocalFiles.baseName
      || name == SyncLocalFiles.recordsName
      || (name.hasSuffix("-jokes.json") && !name.hasPrefix(".") && !name.contains("/"))
  }

  // MARK: Writing

  /// Writes the journal of a change and renames it into place: from then on the change is made.
  /// - Parameters:
  ///   - entries: the files and their staged content.
  ///   - store: the store whose errors name the files.
  /// - Throws: a write error (then no journal is in place and nothing changed).
  func commit(_ entries: [Entry], as store: FileStore) throws(ChuckError) {
    let journal = FileStore(
      fileURL: URL(fileURLWithPath: path, isDirectory: false), contents: store.contents)
    let temporary = try journal.stage(Self.encode(entries))
    guard rename(temporary, path) == 0 else {
      let failure = errno
      unlink(temporary)
      throw store.writeFailed(path, FileDescriptorOutput.describe(failure))
    }
  }

  /// Removes the journal of a change that is complete and synced.
  func remove() {
    unlink(path)
  }

  static func encode(_ entries: [Entry]) -> [UInt8] {
    var text = header + "\n"
    for entry in entries { text += entry.target + " " + entry.staged + "\n" }
    return Array((text + "end \(entries.count) \(checksum(Array(text.utf8)))\n").utf8)
  }

  // MARK: Reading and finishing

  /// Reads the journal's entries.
  /// - Returns: the entries, or `nil` when there is no journal.
  /// - Throws: ``ChuckError/storageUnreadable(path:reason:)`` when it cannot be read or is
  ///   damaged (then it is left as it is: what it holds cannot be known).
  func entries() throws(ChuckError) -> [Entry]? {
    let file = FileStore(
      fileURL: URL(fileURLWithPath: path, isDirectory: false), contents: .input,
      maximumSize: 1 << 16)
    guard let bytes = try file.read() else { return nil }
    guard let entries = Self.decode(bytes) else {
      throw .storageUnreadable(
        path: path,
        reason: "it records an unfinished change but is damaged; it was left untouched "
          + "(move it away to go on without that change)")
    }
    return entries
  }

  static func decode(_ bytes: [UInt8]) -> [Entry]? {
    guard let text = String(validating: bytes, as: UTF8.self), text.hasSuffix("\n") else {
      return nil
    }
    var lines = text.dropLast().split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.count >= 2, lines.first == Substring(header), let last = lines.popLast() else {
      return nil
    }
    let body = lines.joined(separator: "\n") + "\n"
    guard last == "end \(lines.count - 1) \(checksum(Array(body.utf8)))" else { return nil }
    var entries: [Entry] = []
    for line in lines.dropFirst() {
      let parts = line.split(separator: " ", omittingEmptySubsequences: false)
      guard parts.count == 2 else { return nil }
      let entry = Entry(target: String(parts[0]), staged: String(parts[1]))
      let stagedPrefix = FileStore.temporaryPrefix(of: entry.target)
      guard isSavedFileName(entry.target), entry.target != name,
        entry.staged.hasPrefix(stagedPrefix), entry.staged.count == stagedPrefix.count + 6,
        !entry.staged.contains("/")
      else { return nil }
      entries.append(entry)
    }
    return entries
  }

  /// Finishes the change a killed writer left: renames every staged file that is still there
  /// over its file, syncs the directory and removes the journal. The caller holds the
  /// directory's lock.
  /// - Throws: ``ChuckError/storageIncomplete(journal:paths:reason:)`` when a rename or the
  ///   sync fails (the journal stays, to be finished later), or the errors of ``entries()``.
  func recover() throws(ChuckError) {
    guard isPresent, let entries = try entries() else { return }
    let paths = entries.map { directory + "/" + $0.target }
    for entry in entries {
      let staged = directory + "/" + entry.staged
      guard access(staged, F_OK) == 0 || errno != ENOENT else { continue }
      guard rename(staged, directory + "/" + entry.target) == 0 else {
        throw .storageIncomplete(
          journal: path, paths: paths,
          reason: "renaming its new \(entry.target): \(FileDescriptorOutput.describe(errno))")
      }
    }
    let folder = FileStore(fileURL: URL(fileURLWithPath: path, isDirectory: false))
    let failure = folder.syncDirectory()
    guard failure == 0, unlink(path) == 0 || errno == ENOENT else {
      throw .storageIncomplete(
        journal: path, paths: paths,
        reason: FileDescriptorOutput.describe(failure == 0 ? errno : failure))
    }
    _ = folder.syncDirectory()
  }

  /// Before a saved file is read: when a journal is there (one failed `access` when not), takes
  /// the directory's lock (waiting a second at most: a reader has no need to wait longer), which
  /// finishes it; when that cannot be done (the disk is full, the folder read-only, the lock held
  /// by a writer that hangs), the file's staged content is what to read.
  /// - Parameter store: the file about to be read.
  /// - Returns: the path of the staged content to read instead, or `nil` to read the file.
  /// - Throws: ``ChuckError/storageUnreadable(path:reason:)`` for a damaged journal.
  func settle(before store: FileStore) throws(ChuckError) -> String? {
    guard isPresent, !store.holdsLock else { return nil }
    // A reader holding the lock shared cannot take it to finish the change: it reads through.
    if !store.sharesLock, (try? store.waitingBriefly.exclusively {}) != nil { return nil }
    guard let entry = try entries()?.first(where: { $0.target == store.name }) else { return nil }
    let staged = directory + "/" + entry.staged
    return access(staged, F_OK) == 0 ? staged : nil
  }

  private static func checksum(_ bytes: [UInt8]) -> String { FNV1a(bytes).hex }
}
