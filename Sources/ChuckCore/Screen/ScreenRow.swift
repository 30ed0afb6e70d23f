/// One entry of the screen's list: what `chuck list` shows of a joke, and room for a mark in
/// front of it (a favourite's star, for sources that have favourites).
public struct ScreenRow: Equatable, Sendable {
  /// The entry as the list view knows it: id, date and text.
  public var entry: JokeListView.Row
  /// One character shown before the preview (for example `★`), or `nil` for none.
  public var mark: Character?

  /// Makes a row.
  /// - Parameters:
  ///   - entry: the entry.
  ///   - mark: a character shown before the preview.
  public init(_ entry: JokeListView.Row, mark: Character? = nil) {
    self.entry = entry
    self.mark = mark
  }

  /// The joke's id.
  public var id: String { entry.id }

  /// The mark of a favourite.
  public static let favorite: Character = "★"
  /// The mark of a joke that is not a favourite (yet: `f` makes it one).
  public static let notFavorite: Character = "☆"
}
