import ChuckTestSupport
import Foundation
import Testing

/// JokeAPI's `lang`: the language a fake JokeAPI (`Fixtures/fake_jokeapi.py`, whose pool has
/// German and French jokes) is asked in, from `CHUCK_LANG` or the locale; English once, said on
/// stderr, when it has no joke that fits; never sent to another source.
@Suite struct JokeAPILanguageTests {
  /// The id in the `Saved <id>; …` line.
  private static func savedID(_ stderr: String) -> String? {
    stderr.lines.first { $0.hasPrefix("Saved ") }?.split(separator: ";").first
      .map { String($0.dropFirst("Saved ".count)) }
  }

  /// The `lang=` values of the fake's JokeAPI joke requests since `count` requests.
  private static func languages(_ api: FakeAPI, after count: Int) throws -> [String?] {
    try api.requests().dropFirst(count).filter { $0.path.hasPrefix("/jokeapi/joke/") }.map {
      $0.query.split(separator: "&").first { $0.hasPrefix("lang=") }
        .map { String($0.dropFirst("lang=".count)) }
    }
  }

  /// The locale's language is sent when JokeAPI has it and the joke is in it; `CHUCK_LANG`
  /// beats the locale, `LC_ALL` beats `LANG`; a language JokeAPI lacks (`sv`) and `C` send no
  /// `lang=`; safe mode still goes with it, and `CHUCK_JOKEAPI_SAFE=0` still drops it.
  @Test func languageSent() async throws {
    let (api, sandbox) = try await startSandbox()
    let random = ["random", "--source", "jokeapi"]
    var count = try api.requestCount()
    let french = try await sandbox.chuck(random, ["LANG": "fr_FR.UTF-8"])
    #expect(french.status == 0, "\(french.stderr)")
    #expect(try Self.languages(api, after: count) == ["fr"])
    #expect(try api.requests().last?.query == "safe-mode&lang=fr")
    #expect(french.stdout.contains("Pourquoi les développeurs"), "\(french.stdout)")
    #expect(Self.savedID(french.stderr) == "fr-2")
    #expect(!french.stderr.contains("note:"))

    count = try api.requestCount()
    let unsafe = try await sandbox.chuck(
      random, ["CHUCK_LANG": "fr", "CHUCK_JOKEAPI_SAFE": "0"])
    #expect(unsafe.status == 0, "\(unsafe.stderr)")
    #expect(try api.requests().last?.query == "lang=fr")
    #expect(Self.savedID(unsafe.stderr) == "fr-3", "the second French joke")

    for (environment, expected) in [
      (["LANG": "fr_FR.UTF-8", "CHUCK_LANG": "de"], "de"),
      (["LANG": "de_DE.UTF-8", "LC_ALL": "fr_CA.UTF-8"], "fr"),
      (["LANG": "en_GB.UTF-8"], "en"),
      (["LANG": "sv_SE.UTF-8"], nil),
      (["LANG": "C"], nil),
      (["LANG": "POSIX", "LC_MESSAGES": "C.UTF-8"], nil),
    ] as [([String: String?], String?)] {
      count = try api.requestCount()
      let run = try await sandbox.chuck(random, environment)
      #expect(run.status == 0 || run.status == 1, "\(environment): \(run.stderr)")
      #expect(try Self.languages(api, after: count) == [expected], "\(environment)")
      #expect(!run.stderr.contains("note:"), "\(environment): \(run.stderr)")
    }

  }

  /// No joke in that language that fits (none in Spanish; no French Christmas joke): asked once
  /// more without `lang=`, the English joke saved, one note on stderr, exit 0. A search that
  /// finds nothing in French searches in English and says so too.
  @Test func englishOnceWhenNoneFits() async throws {
    let (api, sandbox) = try await startSandbox()
    var count = try api.requestCount()
    let spanish = try await sandbox.chuck(
      ["random", "--source", "jokeapi"], ["LANG": "es_ES.UTF-8"])
    #expect(spanish.status == 0, "\(spanish.stderr)")
    #expect(try Self.languages(api, after: count) == ["es", nil])
    let notes = spanish.stderr.lines.filter { $0.hasPrefix("note:") }
    #expect(notes == ["note: JokeAPI has no joke in es that fits; here is one in English"])
    #expect(Self.savedID(spanish.stderr) == "41")

    count = try api.requestCount()
    let christmas = try await sandbox.chuck(
      ["random", "--source", "jokeapi", "--category", "Christmas"], ["CHUCK_LANG": "fr"])
    #expect(christmas.status == 0, "\(christmas.stderr)")
    #expect(try Self.languages(api, after: count) == ["fr", nil])
    #expect(christmas.stderr.contains("note: JokeAPI has no joke in fr that fits"))
    #expect(Self.savedID(christmas.stderr) == "212")

    // A category with no joke in either language: the usual error, English asked once only.
    count = try api.requestCount()
    let dark = try await sandbox.chuck(
      ["random", "--source", "jokeapi", "--category", "Dark"], ["CHUCK_LANG": "fr"])
    #expect(dark.status == 66, "\(dark.stderr)")
    #expect(try Self.languages(api, after: count).filter { $0 == nil }.count == 1)

    count = try api.requestCount()
    let found = try await sandbox.chuck(
      ["search", "--source", "jokeapi", "canard"], ["CHUCK_LANG": "fr"])
    #expect(found.status == 0, "\(found.stderr)")
    #expect(found.stdout.contains("1 joke"), "\(found.stdout)")
    #expect(try Self.languages(api, after: count) == ["fr"])
    count = try api.requestCount()
    let hex = try await sandbox.chuck(
      ["search", "--source", "jokeapi", "hex"], ["CHUCK_LANG": "fr"])
    #expect(hex.status == 0, "\(hex.stderr)")
    #expect(try Self.languages(api, after: count) == ["fr", nil])
    #expect(
      hex.stderr.contains(
        "note: JokeAPI has no joke in fr that matches; here are those in English"))
    #expect(hex.stdout.contains("1 joke"))
  }

  /// The other sources never get `lang=`, whatever the language.
  @Test func otherSourcesNeverGetLang() async throws {
    let (api, sandbox) = try await startSandbox()
    for source in ["chuck", "dad", "official", "switter"] {
      let run = try await sandbox.chuck(
        ["random", "--source", source], ["LANG": "fr_FR.UTF-8", "CHUCK_LANG": "de"])
      #expect(run.status == 0, "\(source): \(run.stderr)")
    }
    let search = try await sandbox.chuck(
      ["search", "--source", "dad", "bike"], ["CHUCK_LANG": "fr"])
    #expect(search.status == 0, "\(search.stderr)")
    let requests = try api.requests()
    #expect(requests.count >= 5)
    #expect(!requests.contains { $0.query.contains("lang") })
  }

  /// JokeAPI numbers each language's jokes on their own: a joke in another language than
  /// English has its language in its id (`fr-2`, never `2`, English joke 2's), and `show` asks
  /// for such a joke in its language.
  @Test func idsCarryTheirLanguage() async throws {
    let (api, sandbox) = try await startSandbox()
    let shown = try await sandbox.chuck(["show", "fr-3", "--source", "jokeapi"])
    #expect(shown.status == 0, "\(shown.stderr)")
    #expect(try api.requests().last?.query == "idRange=3&lang=fr")
    #expect(shown.stdout.contains("fr-3"))
    let saved = try await sandbox.chuck(["save", "fr-3", "--source", "jokeapi"])
    #expect(saved.status == 0, "\(saved.stderr)")
    let listed = try await sandbox.chuck(["list", "--source", "jokeapi"])
    #expect(listed.stdout.contains("  fr-3"), "\(listed.stdout)")
    let count = try api.requestCount()
    let again = try await sandbox.chuck(["show", "fr-3", "--source", "jokeapi"])
    #expect(again.status == 0)
    #expect(again.stdout.hasPrefix("  fr-3"))
    #expect(try api.requestCount() == count, "the saved joke is shown from the list")
  }
}
