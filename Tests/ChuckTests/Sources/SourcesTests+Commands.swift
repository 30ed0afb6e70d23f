import ChuckTestSupport
import Foundation
import Testing

extension SourcesTests {
  /// `chuck sources` lists every source with the base URL its variable sets (else its default),
  /// its languages, the default marked, and your own jokes without a URL or languages; `--json`
  /// is an array of `{"name","url","languages","declared"}` (url null and languages empty for
  /// mine, declared null for a built-in source).
  @Test func sourcesCommand() async throws {
    let (_, sandbox) = try await startSandbox()
    let environment: [String: String?] = [
      "CHUCK_DAD_API_URL": "http://127.0.0.1:9/dad", "CHUCK_OFFICIAL_API_URL": nil,
      "CHUCK_SWITTER_API_URL": "", "CHUCK_SOURCE": "dad", "CHUCK_JOKEAPI_URL": nil,
    ]
    let text = try await sandbox.chuck(["sources"], environment)
    #expect(text.status == 0)
    let chuckURL = sandbox.api!.baseURL.absoluteString
    let width = max(chuckURL.count, "https://official-joke-api.appspot.com".count)
    func row(_ name: String, _ url: String, _ languages: String, _ mark: String = "") -> String {
      name.padding(toLength: 10, withPad: " ", startingAt: 0)
        + url.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + languages + mark
    }
    #expect(
      text.stdout.lines == [
        row("chuck", chuckURL, "en"),
        row("dad", "http://127.0.0.1:9/dad", "en", "  (default)"),
        row("official", "https://official-joke-api.appspot.com", "en"),
        row("switter", "https://switter.int.daftcode.pl", "en"),
        row("jokeapi", "https://v2.jokeapi.dev", "cs de en es fr pt"),
        row("mine", "(your own: chuck add)", "-"),
      ])
    let json = try await sandbox.chuck(["sources", "--json"], environment)
    let objects = try JSON.parse(json.stdout).elements
    #expect(
      objects.map { $0["name"]?.string }
        == ["chuck", "dad", "official", "switter", "jokeapi", "mine"])
    #expect(objects[5]["url"] == .null)
    #expect(objects[1]["url"]?.string == "http://127.0.0.1:9/dad")
    #expect(objects.allSatisfy { $0.keys == ["declared", "languages", "name", "url"] })
    // None is declared in a config file (DeclaredSourceTests has those).
    #expect(objects.allSatisfy { $0["declared"] == .null })
    #expect(
      objects.map { $0["languages"]?.elements.compactMap(\.string) }
        == [["en"], ["en"], ["en"], ["en"], ["cs", "de", "en", "es", "fr", "pt"], []])
  }

  /// `save --source dad|official` fetches by id with the rules of `save`: saved in order,
  /// duplicates refused (1), unknown ids reported (66 wins), the list holding what was saved.
  @Test func saveBySource() async throws {
    let (api, sandbox) = try await startSandbox()
    let dad = try await sandbox.chuck(["save", "--source", "dad", "R7UfaahVfFd", "HtcNuHJBQCd"])
    #expect(dad.status == 0, "\(dad.stderr)")
    #expect(dad.stderr.contains("Saved HtcNuHJBQCd; your list holds 2 jokes."))
    let again = try await sandbox.chuck(
      ["save", "--source", "dad", "R7UfaahVfFd", "fR3nchCr0is", "missing0000"])
    #expect(again.status == 66)
    #expect(again.stderr.contains("error: already in your list: R7UfaahVfFd"))
    #expect(again.stderr.contains("error: no joke with id 'missing0000'"))
    let list = try await sandbox.chuck(["list", "--source", "dad", "--json"])
    #expect(
      try JSON.parse(list.stdout).elements.map { $0["id"]?.string }
        == ["R7UfaahVfFd", "HtcNuHJBQCd", "fR3nchCr0is"])
    let official = try await sandbox.chuck(["save", "1", "--json"], ["CHUCK_SOURCE": "official"])
    #expect(official.status == 0, "\(official.stderr)")
    #expect(official.stdout.contains(#""punchline":"Dam.""#))
    // Asked once each; never for the id already saved.
    #expect(try api.requests().filter { $0.path == "/dad/j/R7UfaahVfFd" }.count == 1)
    let switter = try await sandbox.chuck(["save", "--source", "switter", "abcd"])
    #expect(switter.status == 64)
    #expect(switter.stderr == "error: switter jokes have no ids to fetch by\n")
    // show: a Switter joke that is not saved cannot be asked for either.
    let show = try await sandbox.chuck(["show", "--source", "switter", "l6umhS9Aae8zCOwbK6N41J"])
    #expect(show.status == 64)
    #expect(show.stderr == "error: switter jokes have no ids to fetch by\n")
    let bad = try await sandbox.chuck(["save", "--source", "dad", "R7Uf/../x"])
    #expect(bad.status == 64)
    #expect(bad.stderr.contains("is not a joke id"))
    // Chuck Norris ids keep their own form, checked whatever CHUCK_SOURCE says when --source
    // names chuck.
    let chuck = try await sandbox.chuck(
      ["save", "--source", "chuck", "R7UfaahVfFd"], ["CHUCK_SOURCE": "dad"])
    #expect(chuck.status == 64)
    #expect(chuck.stderr.contains("ids are 22 characters"))
  }

  /// `search --source dad` asks icanhazdadjoke's search; saved ones are marked with their saved
  /// date; `--json` prints the objects as the service sent them. Sources that cannot search: 64.
  @Test func searchBySource() async throws {
    let (api, sandbox) = try await startSandbox()
    #expect(try await sandbox.chuck(["save", "--source", "dad", "HtcNuHJBQCd"]).status == 0)
    let found = try await sandbox.chuck(
      ["search", "--source", "dad", "bike"], ["COLUMNS": "100"])
    #expect(found.status == 0, "\(found.stderr)")
    #expect(found.stdout.hasPrefix("  Search results for \u{201C}bike\u{201D}: 2 jokes\n"))
    #expect(found.stdout.contains("\n  R7UfaahVfFd\n"))
    #expect(found.stdout.contains("  saved 20"))
    #expect(found.stdout.contains("HtcNuHJBQCd  (saved)\n"))
    let json = try await sandbox.chuck(["search", "--source", "dad", "bike", "--json"])
    let objects = try JSON.parse(json.stdout).elements
    #expect(objects.map { $0["id"]?.string } == ["R7UfaahVfFd", "HtcNuHJBQCd"])
    #expect(objects.allSatisfy { $0["saved_at"] == nil && $0["joke"] != nil })
    let search = try api.requests().last
    #expect(search?.path == "/dad/search")
    #expect(search?.query.contains("term=bike") == true)
    for source in ["official", "switter"] {
      let refused = try await sandbox.chuck(["search", "--source", source, "bike"])
      #expect(refused.status == 64)
      #expect(
        refused.stderr
          == "error: \(source) jokes cannot be searched; the sources that can: chuck, dad, jokeapi\n"
      )
    }
    let none = try await sandbox.chuck(["search", "--source", "dad", "zebra"])
    #expect(none.stdout.contains("No joke contains \u{201C}zebra\u{201D}."))
  }

  /// Completions: `--source` offers the source names; saved ids come from the list of the source
  /// named on the command line (or `CHUCK_SOURCE`).
  @Test func completionsFollowTheSource() async throws {
    let (api, sandbox) = try await startSandbox()
    #expect(try await sandbox.chuck(["save", "--source", "dad", "HtcNuHJBQCd"]).status == 0)
    let words = ["chuck", "show", "--source", "dad", "Ht"]
    let ids = try await sandbox.chuck(CompletionTests.request("show", "positional@0", words))
    #expect(CompletionTests.completions(ids) == ["HtcNuHJBQCd"])
    let byVariable = try await sandbox.chuck(
      CompletionTests.request("remove", "positional@0", ["chuck", "remove", ""]),
      ["CHUCK_SOURCE": "dad"])
    #expect(CompletionTests.completions(byVariable) == ["HtcNuHJBQCd"])
    let chuck = try await sandbox.chuck(
      CompletionTests.request("show", "positional@0", ["chuck", "show", "Ht"]))
    #expect(CompletionTests.completions(chuck) == [])
    // `favorite remove` completes the favourites' plain names.
    #expect(
      try await sandbox.chuck(["favorite", "add", "--source", "dad", "HtcN", "Kids"]).status == 0)
    #expect(
      try await sandbox.chuck(["favorite", "add", "--source", "dad", "HtcN", "x"]).status == 1)
    let names = try await sandbox.chuck(
      [
        "---completion", "favorite", "remove", "--", "positional@0", "3", "1", "chuck", "favorite",
        "remove", "K",
      ])
    #expect(CompletionTests.completions(names) == ["Kids"])
    let script = try await sandbox.chuck(["--generate-completion-script", "bash"])
    // --source's names are asked of chuck when the shell completes, not baked into the script.
    #expect(script.stdout.contains("---completion random -- --source"))
    let sources = try await sandbox.chuck(
      ["---completion", "random", "--", "--source", "3", "1", "chuck", "random", "--source", "s"])
    #expect(CompletionTests.completions(sources) == ["switter"])
    #expect(try api.requests().count == 1)
  }
}
