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
    /// The joke was refused: already saved (``ChuckError/duplicate(id:preview:)``), unknown to
    /// the API (``ChuckError/jokeNotFound(id:)``), or answered with something that cannot be
    /// saved (``ChuckError/badResponse(_:)`` and the like: ``isRefusal(_:)``); the other ids go on.
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

    /// The failure the run ends with: what stopped it; else an answer that could not be saved;
    /// else an id the API does not know; else one already saved; `nil` when every id was saved.
    public var failure: ChuckError? {
      if let stoppedBy { return stoppedBy }
      func rank(_ error: ChuckError) -> Int {
        switch error {
        case .duplicate: 0
        case .jokeNotFound: 1
        default: 2
        }
      }
      return refused.max { rank($0) < rank($1) }
    }
  }

  /// Whether an error concerns one id's answer only, so that the other ids go on: already saved,
  /// not found, or an answer that is not a joke that can be saved. The network failing, the disk
  /// or a cancellation stop the run instead.
  /// - Parameter error: the error of one id.
  public static func isRefusal(_ error: ChuckError) -> Bool {
    switch error {
    case .duplicate, .jokeNotFound, .notFound, .badResponse, .responseTooLarge, .unexpectedStatus,
      .redirected:
      return true
    default:
      return false
    }
  }

  /// Checks every id before any request: the kind can be fetched by id, and each id has the
  /// kind's form.
  /// - Parameter ids: the ids asked for.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` naming the first problem.
  public func check(_ ids: [String]) throws(ChuckError) {
    guard Kind.source.canFetchByID else { throw .invalidArgument(Kind.source.noFetchByIDMessage) }
    for id in ids where !Kind.isFullID(id) {
      throw .invalidArgument("'\(id)' is not a joke id: ids are \(Kind.idForm)")
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
          guard Self.isRefusal(error) else { throw error }
          outcome.refused.append(error)
          report(.refused(error))
        }
      }
    } catch {
      outcome.stoppedBy = error
    }
    return outcome
  }
}
