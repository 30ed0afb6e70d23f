import FoundationEssentials

/// `Journal`, which reads `chuck.journal`, the record of a change to several saved files: it
/// accepts only a journal as chuck writes it (any journal it reads, written again, is the same
/// bytes), and every entry it accepts names one of chuck's saved files and a temporary file of
/// that file, in the data folder itself (no `/`, never the journal), so that finishing a damaged or
/// foreign journal can rename nothing else.
enum JournalTarget {
  static func run(_ bytes: [UInt8]) {
    guard let entries = Journal.decode(bytes) else { return }
    FuzzCheck.require(Journal.encode(entries) == bytes, "a journal read back is other bytes")
    for entry in entries {
      FuzzCheck.require(
        Journal.isSavedFileName(entry.target) && entry.target != Journal.name,
        "\(entry.target.debugDescription) is not a saved file's name")
      FuzzCheck.require(
        entry.staged.hasPrefix(FileStore.temporaryPrefix(of: entry.target))
          && !entry.staged.contains("/") && !entry.target.contains("/"),
        "\(entry.staged.debugDescription) is not a temporary file of \(entry.target)")
    }
  }
}
