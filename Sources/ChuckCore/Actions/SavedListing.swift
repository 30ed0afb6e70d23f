/// `chuck list`: one source's saved jokes, or every source's as one list, oldest first (by the
/// date each list shows; equal dates in source order, then saved order — ``JokeOrder``).
public struct SavedListing: Sendable {
  /// One source's saved list, as read.
  public struct List: Sendable {
    /// The source.
    public let source: JokeSource
    /// Its jokes.
    public let saved: any JokeIndex
    /// Their positions, oldest first.
    public let order: [Int]
  }

  /// The lists, in source order.
  public let lists: [List]
  /// Every joke of every list, oldest first: its list's index in ``lists`` and its position
  /// there.
  public let order: [(list: Int, position: Int)]

  /// Reads the lists of the scope, all at one moment (``ChuckComponents/together(_:)``).
  /// - Parameters:
  ///   - scope: `--source`.
  ///   - components: the components.
  /// - Throws: a storage error.
  public init(_ scope: SourceScope, _ components: ChuckComponents) throws(ChuckError) {
    let sources = scope.sources(components.configuration)
    func read<Kind: JokeKind>(_ kind: Kind.Type) throws(ChuckError) -> List {
      let saved = try components.list(kind).saved()
      return List(source: Kind.source, saved: saved, order: saved.oldestFirst())
    }
    let lists =
      sources.count == 1
      ? [try read(sources[0].kind)]
      : try components.together { () throws(ChuckError) -> [List] in
        try sources.map { (source: JokeSource) throws(ChuckError) in try read(source.kind) }
      }
    self.lists = lists
    let all = lists.indices.flatMap { list in lists[list].order.map { (list, $0) } }
    guard lists.count > 1 else {
      order = all
      return
    }
    order = JokeOrder.oldestFirst(count: all.count) {
      lists[all[$0].0].saved.row(at: all[$0].1).date?.microseconds ?? 0
    }.map { all[$0] }
  }

  /// The joke at `index` of ``order`` as `chuck list` shows it.
  /// - Parameters:
  ///   - index: an index of ``order``.
  ///   - namingSource: whether its id follows its source's name (`--source all`).
  /// - Returns: the row.
  public func row(_ index: Int, namingSource: Bool = false) -> JokeListView.Row {
    let (list, position) = order[index]
    var row = lists[list].saved.row(at: position)
    if namingSource { row.id = lists[list].source.name + " " + row.id }
    return row
  }

  /// The joke at `index` of ``order``, decoded whole, and its source.
  /// - Parameter index: an index of ``order``.
  /// - Throws: a storage error.
  public func joke(_ index: Int) throws(ChuckError) -> (joke: any SavedJoke, source: JokeSource) {
    let (list, position) = order[index]
    return (try lists[list].saved.joke(at: position), lists[list].source)
  }

  /// Every joke's row, oldest first, made as they are read (a long list is not copied).
  /// - Parameter namingSource: whether each id follows its source's name (`--source all`).
  public func rows(namingSource: Bool) -> Rows { Rows(listing: self, namingSource: namingSource) }

  /// The rows of a listing, in order: a concrete sequence, so that printing a list builds no
  /// generic type at run time (a lazy map's type is looked up by name at its first use, a tenth of
  /// a short `chuck list`).
  public struct Rows: Sequence {
    let listing: SavedListing
    let namingSource: Bool

    /// Makes the iterator.
    public func makeIterator() -> Iterator { Iterator(rows: self) }

    /// The rows one at a time.
    public struct Iterator: IteratorProtocol {
      let rows: Rows
      var position = 0

      /// The next row, or `nil` after the last.
      public mutating func next() -> JokeListView.Row? {
        guard position < rows.listing.order.count else { return nil }
        defer { position += 1 }
        return rows.listing.row(position, namingSource: rows.namingSource)
      }
    }
  }
}
