/// One entry of the screen's list: what `chuck list` shows of a joke, and room for a mark in
/// front of it (a favourite's star, a search result's ✓).
public struct ScreenRow: Equatable, Sendable {
  /// The entry as the list view knows it: id, date and text (a two-part joke's setup and
  /// punchline on two lines).
  public var entry: JokeListView.Row
  /// One character shown before the preview (for example `★`), or `nil` for none.
  public var mark: Character?
  /// A favourite's name, shown before the preview in the favourites tab.
  public var name: String?
  /// The source of the joke, in a tab that lists jokes of every source (the favourites).
  public var source: JokeSource?
  /// The text lowercased, which the filter looks in.
  let folded: String

  /// Makes a row.
  /// - Parameters:
  ///   - entry: the entry.
  ///   - mark: a character shown before the preview.
  ///   - name: a favourite's name.
  ///   - source: the joke's source, in the favourites tab.
  public init(
    _ entry: JokeListView.Row, mark: Character? = nil, name: String? = nil,
    source: JokeSource? = nil
  ) {
    self.entry = entry
    self.mark = mark
    self.name = name
    self.source = source
    folded = RowFilter.fold(entry.value)
  }

  /// The joke's id.
  public var id: String { entry.id }

  /// The mark of a favourite.
  public static let favorite: Character = "★"
  /// The mark of a joke that is not a favourite (yet: `f` makes it one).
  public static let notFavorite: Character = "☆"
  /// The mark of a search result that is in the list.
  public static let saved: Character = "✓"

  /// A mark in words, as the accessible mode says it instead of the glyph (WCAG 4.1.2: the state
  /// of an element as text): `favourite`, `not a favourite`, `saved`, and `not saved` for a
  /// search result marked blank; `nil` for no mark.
  /// - Parameter mark: the mark.
  /// - Returns: the words.
  public static func words(for mark: Character?) -> String? {
    switch mark {
    case favorite?: "favourite"
    case notFavorite?: "not a favourite"
    case saved?: "saved"
    case " "?: "not saved"
    case let other?: String(other)
    case nil: nil
    }
  }
}
