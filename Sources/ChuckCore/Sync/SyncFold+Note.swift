extension SyncFold {
  /// A record that did not apply as written, or a favourite it dropped.
  public struct Note: Sendable, Equatable {
    /// The record.
    public let record: SyncRecord
    /// What happened to it.
    public let outcome: Outcome

    /// Makes a note.
    /// - Parameters:
    ///   - record: the record.
    ///   - outcome: what happened to it.
    public init(record: SyncRecord, outcome: Outcome) {
      self.record = record
      self.outcome = outcome
    }

    /// What happened, in words, for the lines a sync prints.
    public var message: String {
      let from = "(replica \(record.replica), record \(record.sequence))"
      switch (outcome, record.operation) {
      case (.unknownOperation, let operation):
        return "a change of a kind this chuck does not know, '\(operation.kind)', was skipped "
          + "\(from); a newer chuck wrote it"
      case (.aheadOfClock(let reason), _):
        return "a change waits \(from): \(reason)"
      case (.conflictingCopies, _):
        return "the log holds different records under one place \(from); none of them was merged"
      case (.jokeNotSaved, .favoriteAdded(let name, let source, let id, _)):
        return "favourite '\(name)' was not made: its joke (\(source.name) \(id)) is not saved "
          + "any more \(from)"
      case (.favoritesFull(let limit), .favoriteAdded(let name, _, _, _)):
        return "favourite '\(name)' was not made: the favourites were full (\(limit)) \(from)"
      case (.noFavorite, .favoriteRenamed(let name, let newName, _, _)):
        return "favourite '\(name)' was not renamed to '\(newName)': it had been removed \(from)"
      case (.replacedFavorite(let dropped), let operation):
        return "favourite '\(dropped.name)' (\(dropped.source.name) \(dropped.id)) was replaced "
          + "by '\(Self.newName(operation) ?? dropped.name)' \(from)"
      default:
        return "a change was not merged \(from)"
      }
    }

    private static func newName(_ operation: SyncOperation) -> String? {
      switch operation {
      case .favoriteAdded(let name, _, _, _), .favoriteRenamed(_, let name, _, _): name
      default: nil
      }
    }
  }

  /// What happened to a record.
  public enum Outcome: Sendable, Equatable {
    /// Its kind of change is unknown to this build: skipped.
    case unknownOperation
    /// It is stamped too far ahead of this machine's clock: set aside until a later merge; why.
    case aheadOfClock(String)
    /// Another, different record has its replica and sequence: all of them set aside.
    case conflictingCopies
    /// A favourite of a joke that was not saved at that point: not made.
    case jokeNotSaved
    /// A favourite beyond the limit: not made.
    case favoritesFull(limit: Int)
    /// A rename of a favourite that did not exist at that point: skipped.
    case noFavorite
    /// The record took this favourite's name, or made its joke's favourite anew under another
    /// name: this favourite was dropped.
    case replacedFavorite(Favorite)
  }
}
