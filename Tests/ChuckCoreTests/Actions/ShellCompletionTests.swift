import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

/// What Tab offers: the named source's saved ids and cached categories, the favourites' names;
/// inert words only, from local files.
@Suite struct ShellCompletionTests {
  let folder: URL
  let completion: ShellCompletion

  init() throws {
    folder = try TemporaryDirectory.make(prefix: "shell-completion")
    completion = try #require(
      ShellCompletion(environment: [
        "CHUCK_DATA_DIR": folder.path, "CHUCK_CACHE_DIR": folder.path, "CHUCK_SOURCE": "dad",
      ]))
    _ = try completion.components.list(ChuckNorris.self).add(
      try makeJoke(id: "completeMe01AAAAAAAAAA"))
    _ = try completion.components.list(ICanHazDadJoke.self).add(
      try DadJoke(
        received: ["id": .string("dadComplete"), "joke": .string("Glue.")],
        savedAt: PostgresTimestamp("2020-01-01 00:00:00")!))
    try NetworkCache<String>(
      fileURL: completion.components.categoriesFile(of: .jokeapi), contents: .cache
    ).replace(with: ["Programming", "Pun", "$(reboot)"])
  }

  @Test func theNamedSourcesWords() {
    #expect(completion.savedIDs(["show"], prefix: "") == ["dadComplete"])
    #expect(
      completion.savedIDs(["show", "--source", "chuck"], prefix: "comp") == [
        "completeMe01AAAAAAAAAA"
      ])
    #expect(
      completion.savedIDs(["show", "--source=chuck", "--source", "nope"], prefix: "").count == 1)
    #expect(
      completion.categories(["random", "--source", "jokeapi"], prefix: "P") == [
        "Programming", "Pun",
      ])
    #expect(
      completion.categories(["random", "--source", "jokeapi"], prefix: "") == [
        "Programming", "Pun",
      ])
    #expect(completion.categories(["random"], prefix: "").isEmpty)
    #expect(completion.favoriteNames(prefix: "").isEmpty)
    #expect(ShellCompletion(environment: ["CHUCK_TIMEOUT": "abc"]) == nil)
  }
}
