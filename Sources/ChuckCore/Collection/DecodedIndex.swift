/// A saved list decoded whole: the reader of the services' lists, which stay small (a service
/// sends one joke a request). Ids are found through a table made once.
public struct DecodedIndex<Joke: SavedJoke>: JokeIndex {
  private let raw: RawItems
  private let jokes: [Joke]
  private let positionsByID: [String: Int]

  /// Decodes every item of a list file.
  /// - Parameters:
  ///   - raw: the file's items.
  ///   - path: the file, named in errors.
  /// - Throws: ``ChuckError/storageCorrupt(path:reason:)`` for an item that is not a joke.
  public init(_ raw: RawItems, path: String) throws(ChuckError) {
    self.raw = raw
    jokes = try raw.decode(Joke.self, path: path)
    var positionsByID: [String: Int] = [:]
    for (position, joke) in jokes.enumerated() where positionsByID[joke.id] == nil {
      positionsByID[joke.id] = position
    }
    self.positionsByID = positionsByID
  }

  /// How many jokes are saved.
  public var count: Int { jokes.count }
  /// The id of the joke at `position`.
  public func id(at position: Int) -> String { jokes[position].id }
  /// The text of the joke at `position`.
  public func text(at position: Int) -> String { jokes[position].text }
  /// The categories of the joke at `position`.
  public func categories(at position: Int) -> [String] { jokes[position].categories }
  /// The categories and flags of the joke at `position`.
  public func exclusionNames(at position: Int) -> [String] { jokes[position].exclusionNames }
  /// The entry of the joke at `position`.
  public func row(at position: Int) -> JokeListView.Row { jokes[position].listRow }
  /// The punchline of the joke at `position`.
  public func punchline(at position: Int) -> String? { jokes[position].punchline }
  /// The joke at `position`.
  public func joke(at position: Int) throws(ChuckError) -> Joke { jokes[position] }

  /// The positions, oldest first by the date the list shows.
  public func oldestFirst() -> [Int] {
    let dates = jokes.map { $0.listRow.date?.microseconds ?? 0 }
    return JokeOrder.oldestFirst(count: dates.count) { dates[$0] }
  }

  /// The position of the joke whose id is `id`.
  public func position(of id: String) -> Int? { positionsByID[id] }

  /// The positions of the jokes whose ids start with `prefix`.
  public func positions(withPrefix prefix: String) -> [Int] {
    jokes.indices.filter { jokes[$0].id.hasPrefix(prefix) }
  }

  /// The jokes at `positions` as a JSON array, each as the file holds it.
  public func jsonArray(_ positions: [Int], to write: ([UInt8]) -> Void) {
    raw.jsonArray(positions, to: write)
  }
}
