import FoundationEssentials

/// What `chuck` asks of a joke API. Every method can fail with ``ChuckError`` and nothing else.
public protocol ChuckService: Sendable {
  /// A random joke.
  /// - Parameter category: only jokes of this category (the API also takes `a,b` for any of them).
  /// - Returns: the joke as the API sent it.
  /// - Throws: ``ChuckError/categoryNotFound(_:)`` for an unknown category, or a network error.
  func randomJoke(category: String?) async throws(ChuckError) -> ChuckJoke

  /// The joke with this id.
  /// - Parameter id: a full joke id.
  /// - Returns: the joke as the API sent it.
  /// - Throws: ``ChuckError/jokeNotFound(id:)`` when the API does not know it, or a network error.
  func joke(id: String) async throws(ChuckError) -> ChuckJoke

  /// The API's category names, sorted.
  /// - Returns: the names.
  /// - Throws: a network error.
  func categories() async throws(ChuckError) -> [String]

  /// The jokes whose text contains `query`, case-insensitively.
  /// - Parameter query: 3 to 120 UTF-16 code units.
  /// - Returns: the matching jokes, in the API's order.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for a query the API refuses, or a network error.
  func search(query: String) async throws(ChuckError) -> [ChuckJoke]

  /// An image, for a joke's icon.
  /// - Parameter url: where the image is.
  /// - Returns: the image's bytes, at most 1 MiB, checked to be PNG, JPEG, GIF or WebP.
  /// - Throws: ``ChuckError/badResponse(_:)`` when it is not an image, or a network error.
  func image(at url: URL) async throws(ChuckError) -> Data
}
