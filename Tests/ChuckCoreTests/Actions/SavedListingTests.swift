import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

/// `chuck list`'s lists: one source oldest first, or every source as one list by the dates each
/// shows (equal dates in source order); and search results marked against the saved list.
@Suite struct SavedListingTests {
  let components: ChuckComponents

  init() throws {
    let folder = try TemporaryDirectory.make(prefix: "saved-listing")
    components = ChuckComponents(
      configuration: try ChuckConfiguration(environment: [
        "CHUCK_DATA_DIR": folder.path, "CHUCK_CACHE_DIR": folder.path,
      ]))
    let chuck = components.list(ChuckNorris.self)
    _ = try chuck.add(try makeJoke(id: "listingNew1AAAAAAAAAAA", createdAt: "2021-01-01 00:00:00"))
    _ = try chuck.add(try makeJoke(id: "listingOld1AAAAAAAAAAA", createdAt: "2019-01-01 00:00:00"))
    _ = try components.list(ICanHazDadJoke.self).add(
      try DadJoke(
        received: ["id": .string("dadListing1"), "joke": .string("Glue.")],
        savedAt: PostgresTimestamp("2020-01-01 00:00:00")!))
  }

  @Test func oneSourceOldestFirst() throws {
    let listing = try SavedListing(.one(.chuck), components)
    #expect(listing.lists.map(\.source) == [.chuck])
    #expect(
      listing.order.indices.map { listing.row($0).id } == [
        "listingOld1AAAAAAAAAAA", "listingNew1AAAAAAAAAAA",
      ])
  }

  @Test func everySourceAsOneList() throws {
    let listing = try SavedListing(.all, components)
    #expect(listing.lists.map(\.source) == JokeSource.allCases)
    #expect(
      listing.order.indices.map { listing.row($0, namingSource: true).id } == [
        "chuck listingOld1AAAAAAAAAAA", "dad dadListing1", "chuck listingNew1AAAAAAAAAAA",
      ])
    let (joke, source) = try listing.joke(1)
    #expect(joke.id == "dadListing1" && source == .dad)
  }

  @Test func searchResultsAreMarkedWhenSaved() throws {
    let found = [
      try makeJoke(id: "listingOld1AAAAAAAAAAA", createdAt: "2010-01-01 00:00:00"),
      try makeJoke(id: "notSaved001AAAAAAAAAAA", createdAt: "2011-01-01 00:00:00"),
    ]
    let marked = try SearchResults.marked(found, in: ChuckNorris.self, components)
    #expect(marked.map(\.row.isSaved) == [true, false])
    // A saved joke shows the date its list shows.
    #expect(marked[0].row.date == PostgresTimestamp("2019-01-01 00:00:00"))
    #expect(marked[1].row.date == PostgresTimestamp("2011-01-01 00:00:00"))
  }
}
