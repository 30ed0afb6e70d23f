/// Any source's saved list, when the source is known only at run time (`--source`): what the
/// commands, completions and favourites ask of it. ``SavedList`` is its one conformer.
public protocol SavedListProtocol: Sendable {
  /// The source whose jokes the list holds.
  var source: JokeSource { get }
  /// The list's file, whose lock keeps it unchanged while a favourite is made.
  var file: FileStore { get }

  /// The saved jokes' texts by id, read once.
  /// - Throws: a storage error.
  func texts() throws(ChuckError) -> SavedTexts

  /// The saved joke whose id is `idOrPrefix` or starts with it.
  /// - Parameter idOrPrefix: a full id or a unique prefix.
  /// - Returns: its full id and text, or `nil` when none matches.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for a short prefix,
  ///   ``ChuckError/ambiguousID(prefix:candidates:)``, or a storage error.
  func entry(matching idOrPrefix: String) throws(ChuckError) -> SavedTexts.Entry?

  /// Removes saved jokes by id or unique prefix, in one transaction with the changes to other
  /// saved files that go with it.
  /// - Parameters:
  ///   - idsOrPrefixes: full ids or prefixes.
  ///   - alongWith: told what is about to be removed, under the lock; returns the changes to
  ///     other files that go with it.
  /// - Returns: what was removed and what matched nothing.
  /// - Throws: as ``SavedList/remove(_:alongWith:)``.
  func remove(
    _ idsOrPrefixes: [String], alongWith: ([Removal.Joke]) throws(ChuckError) -> [FileChange]
  ) throws(ChuckError) -> Removal
}

/// The texts of a saved list by id (a two-part joke's setup), as read at one moment.
public struct SavedTexts: Sendable {
  /// A saved joke's id and text.
  public struct Entry: Equatable, Sendable {
    /// The full id.
    public let id: String
    /// The text (a two-part joke's setup).
    public let text: String
  }

  /// The saved ids, in saved order (made when asked for: a long list's lookups need none).
  public var ids: [String] { allIDs() }
  private let allIDs: @Sendable () -> [String]
  private let lookUp: @Sendable (String) -> String?

  /// Makes a lookup.
  /// - Parameters:
  ///   - ids: the saved ids, in saved order.
  ///   - lookUp: the text of the joke with this id, or `nil` when it is not saved.
  public init(
    ids: @escaping @Sendable () -> [String], text lookUp: @escaping @Sendable (String) -> String?
  ) {
    allIDs = ids
    self.lookUp = lookUp
  }

  /// The text of the saved joke with this id, or `nil` when it is not saved.
  /// - Parameter id: a full id.
  public func text(of id: String) -> String? { lookUp(id) }
}

extension SavedList: SavedListProtocol {
  /// The kind's source.
  public var source: JokeSource { Kind.source }
  /// The source's list file.
  public var file: FileStore { store.file }

  /// The texts by id.
  public func texts() throws(ChuckError) -> SavedTexts {
    let saved = try saved()
    return SavedTexts(
      ids: { saved.ids }, text: { id in saved.position(of: id).map { saved.text(at: $0) } })
  }

  /// The saved joke whose id is `idOrPrefix` or starts with it.
  public func entry(matching idOrPrefix: String) throws(ChuckError) -> SavedTexts.Entry? {
    try joke(matching: idOrPrefix).map { SavedTexts.Entry(id: $0.id, text: $0.text) }
  }
}
