/// `chuck save`: fetches jokes by id and saves each under the rule of `random` (never the same id
/// twice), asking the service once per distinct id and never for one already saved. The same
/// loop for every source's list.
public struct JokeSaver<Kind: JokeKind>: Sendable {
  /// The joke type.
  public typealias Joke = Kind.Joke
  /// The list the jokes go into.
  public let list: SavedList<Kind>

  /// Makes a saver.
  /// - Parameter list: the list the jokes go into.
  public init(list: SavedList<Kind>) {
    self.list = list
  }

  /// What happened to one id, told as it happens.
  public enum Event: Sendable {
    /// The joke was saved; the list holds this many jokes now.
    case saved(Joke, count: Int)
    /// The joke was refused: already saved (``ChuckError/duplicate(id:preview:)``) or unknown to
    /// the API (``ChuckError/jokeNotFound(id:)``); the other ids go on.
    case refused(ChuckError)
  }

  /// What a whole run did.
  public struct Outcome: Sendable {
    /// The jokes saved, in the order given.
    public var saved: [Joke] = []
    /// The ids refused, as reported.
    public var refused: [ChuckError] = []
    /// The error that stopped the run before every id was tried (the network, the disk).
    public var stoppedBy: ChuckError?

    /// The failure the run ends with: what stopped it; else an id the API does not know, which
    /// outranks one already saved; else one already saved; `nil` when every id was saved.
    public var failure: ChuckError? {
      if let stoppedBy { return stoppedBy }
      return refused.first { if case .jokeNotFound = $0 { true } else { false } } ?? refused.first
    }
  }

  /// Saves the jokes with these ids, in order; an id given twice is done once.
  /// - Parameters:
  ///   - ids: full joke ids.
  ///   - fetch: asks the API for one joke.
  ///   - report: told about each id as it is done.
  /// - Returns: what was saved, refused, and what stopped the run, if anything.
  public func save(
    _ ids: [String], fetch: (String) async throws(ChuckError) -> Joke,
    report: (Event) -> Void
  ) async -> Outcome {
    var outcome = Outcome()
    var seen: Set<String> = []
    do throws(ChuckError) {
      // The list is read once; `add` checks again under the lock.
      let saved = try list.saved()
      for id in ids where seen.insert(id).inserted {
        do throws(ChuckError) {
          if let position = saved.position(of: id) {
            throw .duplicate(id: id, preview: JokePreview.make(saved.text(at: position)).string)
          }
          let joke = try await fetch(id)
          let count = try list.add(joke)
          outcome.saved.append(joke)
          report(.saved(joke, count: count))
        } catch {
          switch error {
          case .duplicate, .jokeNotFound:
            outcome.refused.append(error)
            report(.refused(error))
          default:
            throw error
          }
        }
      }
    } catch {
      outcome.stoppedBy = error
    }
    return outcome
  }
}
