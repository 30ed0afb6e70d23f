extension JokeListView.Row {
  /// The entry of a saved joke, as `chuck list` and the screen show it.
  /// - Parameters:
  ///   - saved: the saved list.
  ///   - position: the joke's position in it.
  public init(_ saved: SavedJokes, at position: Int) {
    self.init(
      id: saved.id(at: position), created: saved.created(at: position),
      value: saved.value(at: position))
  }

  /// Every saved joke's entry, oldest first: the order of `chuck list` and of the screen.
  /// - Parameter saved: the saved list.
  /// - Returns: the entries.
  public static func oldestFirst(_ saved: SavedJokes) -> [Self] {
    saved.oldestFirst().map { Self(saved, at: $0) }
  }
}
