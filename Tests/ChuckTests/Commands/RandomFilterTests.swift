import ChuckTestSupport
import Foundation
import Testing

@Suite struct RandomFilterTests {
  // Made-up jokes: the real data has no chosen categories.
  static let explicit1 = MadeUpJoke(1, "Explicit joke number one.", categories: ["explicit"])
  static let explicit2 = MadeUpJoke(
    2, "Explicit joke number two.", categories: ["dev", "explicit"])
  static let dev = MadeUpJoke(
    3, "Chuck Norris writes code that optimizes itself.", categories: ["dev"])
  static let food = MadeUpJoke(4, "Chuck Norris eats the whole menu.", categories: ["food"])
  static let plain = MadeUpJoke(5, "Chuck Norris has no category.")

  static func randomRequests(_ api: FakeAPI) throws -> [LoggedRequest] {
    try api.requests().filter { $0.path == "/jokes/random" }
  }

  /// An unknown `--category` exits 66 and the error lists the known categories; nothing is saved.
  @Test func unknownCategoryListsTheKnownOnes() async throws {
    let (_, sandbox) = try await startSandbox(pool: [Self.dev])
    let result = try await sandbox.chuck(["random", "--category", "nosuch"])
    #expect(result.status == 66)
    #expect(result.stdout == "")
    #expect(result.stderr.hasPrefix("error:"))
    #expect(result.stderr.contains("nosuch"))
    for name in CategoriesTests.names {
      #expect(result.stderr.contains(name), "\(name)")
    }
    #expect(sandbox.listBytes == nil)
  }

  /// The known categories listed for an unknown one come from the cache when it is fresh.
  @Test func unknownCategoryUsesTheCachedList() async throws {
    let (api, sandbox) = try await startSandbox(pool: [Self.dev])
    #expect(try await sandbox.chuck(["categories"]).status == 0)
    let result = try await sandbox.chuck(["random", "--category", "nosuch"])
    #expect(result.status == 66)
    #expect(result.stderr.contains("travel"))
    #expect(try CategoriesTests.categoryRequests(api) == 1)
  }

  /// `--exclude explicit` skips explicit jokes (also among several categories) and saves the
  /// first other one, and only that one.
  @Test func excludedJokesAreSkipped() async throws {
    let (api, sandbox) = try await startSandbox(pool: [
      Self.explicit1, Self.explicit2, Self.dev, Self.food,
    ])
    let result = try await sandbox.chuck(["random", "--exclude", "explicit"])
    #expect(result.status == 0)
    #expect(result.stdout == Self.dev.value + "\n")
    #expect(try sandbox.savedIDs() == [Self.dev.id])
    #expect(try Self.randomRequests(api).count == 3)
  }

  /// `CHUCK_EXCLUDE` (comma-separated, any case) excludes as `--exclude` does; a name the API
  /// does not have is ignored there; `--exclude ''` lifts it; a source without categories
  /// ignores it.
  @Test func configuredExclusions() async throws {
    let (_, sandbox) = try await startSandbox(pool: [Self.explicit1, Self.dev, Self.food])
    let excluded = try await sandbox.chuck(["random"], ["CHUCK_EXCLUDE": "EXPLICIT, nosuch"])
    #expect(excluded.status == 0, "\(excluded.stderr)")
    #expect(excluded.stdout == Self.dev.value + "\n")
    let (_, other) = try await startSandbox(pool: [Self.dev, Self.food])
    let lifted = try await other.chuck(["random", "--exclude", ""], ["CHUCK_EXCLUDE": "dev"])
    #expect(lifted.status == 0)
    #expect(lifted.stdout == Self.dev.value + "\n", "the dev joke, not skipped")
    let dad = try await sandbox.chuck(["random", "--source", "dad"], ["CHUCK_EXCLUDE": "dev"])
    #expect(dad.status == 0, "\(dad.stderr)")
  }

  /// `--exclude` with a name the API does not have is refused before any joke is fetched: exit
  /// 66 and the known categories, as for `--category`.
  @Test func unknownExcludedCategoryIsRefused() async throws {
    let (api, sandbox) = try await startSandbox(pool: [Self.dev])
    let result = try await sandbox.chuck(["random", "--exclude", "explict"])
    #expect(result.status == 66)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("error: no jokes in category 'explict'"), "\(result.stderr)")
    #expect(result.stderr.contains("explicit"))
    #expect(try Self.randomRequests(api).isEmpty)
    #expect(sandbox.listBytes == nil)
  }

  /// `--exclude` is repeatable: no joke of any of the excluded categories.
  @Test func excludeIsRepeatable() async throws {
    let (_, sandbox) = try await startSandbox(pool: [
      Self.explicit1, Self.dev, Self.explicit2, Self.food, Self.plain,
    ])
    let result = try await sandbox.chuck([
      "random", "--exclude", "explicit", "--exclude", "dev", "--json",
    ])
    #expect(result.status == 0)
    #expect(try JSON.parse(result.stdout)["id"]?.string == Self.food.id)
    #expect(try sandbox.savedIDs() == [Self.food.id])
  }

  /// With `--category`, every attempt asks for that category.
  @Test func categoryAndExcludeTogether() async throws {
    let (api, sandbox) = try await startSandbox(pool: [Self.explicit2, Self.food, Self.dev])
    let result = try await sandbox.chuck(["random", "--category", "dev", "--exclude", "explicit"])
    #expect(result.status == 0)
    #expect(result.stdout == Self.dev.value + "\n")
    let requests = try Self.randomRequests(api)
    #expect(requests.map(\.query) == ["category=dev", "category=dev"])
  }

  /// When the API sends only excluded jokes, chuck asks 10 times in all, then fails clearly with
  /// exit 66, saving nothing.
  @Test func onlyExcludedJokesFailAfterTenTries() async throws {
    let (api, sandbox) = try await startSandbox(pool: [Self.explicit1, Self.explicit2])
    let result = try await sandbox.chuck(["random", "--exclude", "explicit"])
    #expect(result.status == 66)
    #expect(result.stdout == "")
    #expect(result.stderr.hasPrefix("error:"))
    #expect(result.stderr.lines.count == 1)
    #expect(result.stderr.contains("explicit"))
    #expect(try Self.randomRequests(api).count == 10)
    #expect(sandbox.listBytes == nil)
  }

  /// An excluded joke that is already saved does not count as a duplicate: it is skipped.
  @Test func excludedDuplicateIsSkippedNotRefused() async throws {
    let (_, sandbox) = try await startSandbox(pool: [Self.explicit1, Self.dev])
    try sandbox.writeList([Self.explicit1.object])
    let result = try await sandbox.chuck(["random", "--exclude", "explicit"])
    #expect(result.status == 0)
    #expect(try sandbox.savedIDs() == [Self.explicit1.id, Self.dev.id])
  }
}
