import ChuckCore
import Foundation

/// A ``ChuckService`` for tests: each method is a closure that a test sets for the calls it
/// expects; a call nobody set fails with an internal error naming the method, so a test states
/// only what it uses.
public struct ServiceStub: ChuckService {
  /// Answers ``randomJoke(category:)``.
  public var randomJoke: @Sendable (String?) async throws(ChuckError) -> ChuckJoke = {
    _ throws(ChuckError) in
    throw .internalError("randomJoke was not expected")
  }
  /// Answers ``joke(id:)``.
  public var joke: @Sendable (String) async throws(ChuckError) -> ChuckJoke = {
    _ throws(ChuckError) in
    throw .internalError("joke(id:) was not expected")
  }
  /// Answers ``categories()``.
  public var categories: @Sendable () async throws(ChuckError) -> [String] = {
    () throws(ChuckError) in
    throw .internalError("categories was not expected")
  }
  /// Answers ``search(query:)``.
  public var search: @Sendable (String) async throws(ChuckError) -> [ChuckJoke] = {
    _ throws(ChuckError) in
    throw .internalError("search was not expected")
  }
  /// Answers ``image(at:)``.
  public var image: @Sendable (URL) async throws(ChuckError) -> Data = { _ throws(ChuckError) in
    throw .internalError("image was not expected")
  }

  /// A stub that expects no call.
  public init() {}

  /// Calls ``randomJoke``.
  public func randomJoke(category: String?) async throws(ChuckError) -> ChuckJoke {
    try await randomJoke(category)
  }

  /// Calls ``joke``.
  public func joke(id: String) async throws(ChuckError) -> ChuckJoke { try await joke(id) }

  /// Calls ``categories``.
  public func categories() async throws(ChuckError) -> [String] { try await categories() }

  /// Calls ``search``.
  public func search(query: String) async throws(ChuckError) -> [ChuckJoke] {
    try await search(query)
  }

  /// Calls ``image``.
  public func image(at url: URL) async throws(ChuckError) -> Data { try await image(url) }
}
