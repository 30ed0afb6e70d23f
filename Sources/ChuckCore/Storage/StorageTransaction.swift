import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file's new content, to be written with others as one ``StorageTransaction``.
public struct FileChange: Sendable {
  /// The file.
  public let file: FileStore
  /// Its new content.
  public let bytes: [UInt8]

  /// Makes a change.
  /// - Parameters:
  ///   - file: the file.
  ///   - bytes: its new content.
  public init(file: FileStore, bytes: [UInt8]) {
    self.file = file
    self.bytes = bytes
  }
}

/// A change to several saved files of one directory, made all or nothing: after a crash at any
/// instant, or a failed write, `fsync` or rename, every command afterwards sees all of it or none.
///
/// Under the directory's lock (the caller holds it): each file's new content is staged beside it
/// and synced, the directory is synced, then the ``Journal`` naming them is written, synced and
/// renamed into place — the change is made at that rename — and the directory synced again; then
/// each staged file is renamed over its file, the directory synced, the journal removed. A killed
/// writer's journal is finished by the next `chuck` (``Journal/recover()``). One file alone is
/// replaced as ``FileStore/replace(with:)`` does, with no journal.
public enum StorageTransaction {
  /// Makes the changes, all or nothing.
  /// - Parameter changes: the files' new contents, all saved files of one directory, whose lock
  ///   the caller holds.
  /// - Throws: a write error naming a file when nothing changed;
  ///   ``ChuckError/storageIncomplete(journal:paths:reason:)`` when the change was made but a
  ///   rename failed (the next `chuck` finishes it; until then readers see it made);
  ///   ``ChuckError/storageNotDurable(paths:reason:)`` when it was made but a directory sync
  ///   failed.
  public static func commit(_ changes: [FileChange]) throws(ChuckError) {
    guard let first = changes.first else { return }
    guard changes.count > 1 else { return try first.file.replace(with: first.bytes) }
    let directory = first.file.directory
    guard
      changes.allSatisfy({
        $0.file.directory == directory && $0.file.contents == .saved && $0.file.holdsLock
          && Journal.isSavedFileName($0.file.name)
      }), Set(changes.map(\.file.name)).count == changes.count
    else {
      // A journal naming another file would be refused as damaged when it is finished.
      throw .internalError("a transaction over files that are not saved files of one locked folder")
    }
    let journal = Journal(directory: directory)
    let paths = changes.map(\.file.path)
    var staged: [String] = []
    do throws(ChuckError) {
      for change in changes { staged.append(try change.file.stage(change.bytes)) }
      let failure = first.file.syncDirectory()
      guard failure == 0 else {
        throw first.file.writeFailed(directory, FileDescriptorOutput.describe(failure))
      }
      try journal.commit(
        zip(changes, staged).map { change, path in
          Journal.Entry(
            target: change.file.name, staged: String(path.dropFirst(directory.count + 1)))
        }, as: first.file)
    } catch {
      for path in staged { unlink(path) }
      throw error
    }
    // Made: from here on, only forward.
    FileStore.changedSaved.store(true, ordering: .relaxed)
    let committed = first.file.syncDirectory()
    for (change, path) in zip(changes, staged) where rename(path, change.file.path) != 0 {
      throw .storageIncomplete(
        journal: journal.path, paths: paths,
        reason: "renaming its new \(change.file.name): \(FileDescriptorOutput.describe(errno))")
    }
    let applied = first.file.syncDirectory()
    guard committed == 0, applied == 0 else {
      throw .storageNotDurable(
        paths: paths, reason: FileDescriptorOutput.describe(committed == 0 ? applied : committed))
    }
    // The files are on disk: a journal that outlives this is finished with nothing to rename.
    journal.remove()
    _ = first.file.syncDirectory()
  }
}
