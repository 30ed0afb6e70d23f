import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

/// Favourites and rendering, the same for every kind: what the commands and the screen do with a
/// saved joke of any source.
@Suite struct SavedListFavoritesAndRenderingTests {
  /// A favourite is made on a joke of any kind, by id or prefix, and goes with its joke when the
  /// joke is removed; a favourite of another kind with the same id stays.
  @Test(arguments: JokeSource.allCases)
  func favoriteGoesWithItsJoke(_ source: JokeSource) throws {
    try Self.favoriteGoesWithItsJoke(source.testKind)
  }

  private static func favoriteGoesWithItsJoke<K: TestKind>(_ kind: K.Type) throws {
    let folder = try TemporaryDirectory.make(prefix: "favorites-\(K.name)")
    let components = ChuckComponents(
      configuration: try ChuckConfiguration(environment: [
        "CHUCK_DATA_DIR": folder.path, "CHUCK_CACHE_DIR": folder.path,
      ]))
    let time = PostgresTimestamp("2026-11-24 10:11:12")!
    for id in ["4321", "98765"] {
      _ = try components.list(kind).add(
        try K.joke(id: id, text: "joke \(id)", date: "2020-01-01 00:00:00"))
    }
    // The same id in another kind's list.
    let other: JokeSource = K.source == .chuck ? .dad : .chuck
    func addOther<O: TestKind>(_ otherKind: O.Type) throws {
      _ = try components.list(otherKind).add(
        try O.joke(id: "4321", text: "other", date: "2020-01-01 00:00:00"))
      _ = try components.favorites.add(
        name: "Other", idOrPrefix: "4321", in: components.list(of: O.source), at: time)
    }
    try addOther(other.testKind)

    let added = try components.favorites.add(
      name: "Mine", idOrPrefix: "9876", in: components.list(of: K.source), at: time)
    #expect(added.favorite.id == "98765" && added.favorite.source == K.source)
    #expect(added.text == "joke 98765")
    #expect(throws: ChuckError.noSavedMatch("5555")) {
      try components.favorites.add(
        name: "None", idOrPrefix: "5555", in: components.list(of: K.source), at: time)
    }
    _ = try components.favorites.add(
      name: "Same id", idOrPrefix: "4321", in: components.list(of: K.source), at: time)

    let removal = try components.removeJokes(["4321"], from: K.source)
    #expect(removal.removed.map(\.id) == ["4321"])
    let left = try components.favorites.sorted().map { "\($0.name) \($0.source.name) \($0.id)" }
    #expect(left == ["Mine \(K.name) 98765", "Other \(other.name) 4321"])
  }

  /// The list's row and `show`'s detail of any kind: the text's preview, the id as the title,
  /// every text made safe for the terminal, a two-part joke's punchline among the fields.
  @Test(arguments: JokeSource.allCases)
  func rowAndDetail(_ source: JokeSource) throws {
    try Self.rowAndDetail(source.testKind)
  }

  private static func rowAndDetail<K: TestKind>(_ kind: K.Type) throws {
    let hostile = "Hostile \u{1B}]52;c;b3duZWQ=\u{07} text that is longer than thirty"
    let joke = try K.joke(id: "4321", text: hostile, date: "2020-01-05 13:42:19")
    let row = joke.listRow
    #expect(row.id == "4321" && row.value == hostile)
    #expect(row.date == PostgresTimestamp("2020-01-05 13:42:19"))
    #expect(row.dateLabel == (K.source == .chuck ? "" : "saved "))
    let list = JokeListView(width: 60, style: TextStyle(isEnabled: false), title: K.title)
      .render(rows: [row]).string
    #expect(list.hasPrefix("  \(K.title)\n"))
    #expect(list.contains("  4321"))
    #expect(!list.contains("\u{1B}"))
    let detail = JokeDetailView(width: 60, style: TextStyle(isEnabled: false)).render(joke).string
    #expect(detail.hasPrefix("  4321\n"))
    #expect(!detail.contains("\u{1B}") && !detail.contains("\u{07}"))
    if let punchline = joke.punchline {
      #expect(detail.contains(punchline))
    }
    #expect(detail.components(separatedBy: "\n").count - 1 == joke.detailFields.count + 1)
  }
}
