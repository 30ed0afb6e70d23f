import ChuckTestSupport
import Foundation
import Testing

/// The commands' output on a terminal zoomed to 200 % (40 columns) and 400 % (20): every word
/// of the joke, the whole id and the date are there, and no line is wider than the terminal but
/// for a word wider than a line (an id, a link, a path), which stands whole on a line of its own.
@Suite struct NarrowOutputTests {
  /// A joke with words longer than a short line and a link longer than any line.
  static let joke = MadeUpJoke(
    id: "narrowJokeNumber000001",
    value: "Chuck Norris roundhouse-kicked a supercalifragilistic zoom button to 400 percent.",
    categories: ["dev"], createdAt: "2020-01-05 13:42:19.104863")

  /// Every line fits `width`, or is one word alone (its indentation aside).
  static func expectFits(_ text: String, width: Int, _ what: String) {
    for line in text.lines {
      let word = line.trimmingCharacters(in: .whitespaces)
      #expect(
        TerminalOracle.width(line) <= width || !word.contains(" "),
        "\(what) at \(width): \(line.debugDescription)")
    }
  }

  /// The words of a text.
  static func words(_ text: String) -> [String] {
    text.split(whereSeparator: \.isWhitespace).map(String.init)
  }

  /// Whether `part` is found, word for word and in order, in `whole`.
  static func contains(_ whole: [String], _ part: [String]) -> Bool {
    guard part.count <= whole.count else { return false }
    return (0...(whole.count - part.count)).contains { Array(whole[$0..<$0 + part.count]) == part }
  }

  /// `show`: every word of the joke in order, the whole id, link and date; lines fit.
  @Test(arguments: [20, 40])
  func show(columns: Int) async throws {
    let (api, sandbox) = try await startSandbox()
    try sandbox.writeList([Self.joke.served(by: api)])
    let show = try await sandbox.chuck(["show", Self.joke.id], ["COLUMNS": String(columns)])
    #expect(show.status == 0, "\(show.stderr)")
    let words = Self.words(show.stdout)
    #expect(Self.contains(words, Self.words(Self.joke.value)), "\(show.stdout)")
    #expect(words.first == Self.joke.id)
    #expect(words.contains("https://api.chucknorris.io/jokes/\(Self.joke.id)"))
    #expect(Self.contains(words, ["2020-01-05", "13:42:19", "UTC"]))
    Self.expectFits(show.stdout, width: columns, "show")
  }

  /// `list`, `search` and `favorite list`: each entry's whole id and date, its preview's words
  /// (a preview is the first 30 characters by design: `chuck show ID` has the rest); lines fit.
  @Test(arguments: [20, 40])
  func lists(columns: Int) async throws {
    let (api, sandbox) = try await startSandbox(pool: [Self.joke])
    try sandbox.writeList([Self.joke.served(by: api)])
    #expect(try await sandbox.chuck(["favorite", "add", Self.joke.id, "zoomed"]).status == 0)
    let environment = ["COLUMNS": String(columns)]
    for arguments in [["list"], ["search", "zoom"], ["favorite", "list"]] {
      let result = try await sandbox.chuck(arguments, environment)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
      let words = Self.words(result.stdout)
      #expect(words.contains(Self.joke.id), "\(arguments): \(result.stdout)")
      #expect(
        words.contains("2020-01-05") || arguments[0] == "favorite", "\(arguments): \(result.stdout)"
      )
      #expect(
        Self.contains(words, ["Chuck", "Norris", "roundhouse-kicked..."]),
        "\(arguments): \(result.stdout)")
      Self.expectFits(result.stdout, width: columns, arguments.joined(separator: " "))
    }
  }

  /// `sources`: every source's name, whole URL and languages, as blocks when the table does not
  /// fit; lines fit.
  @Test(arguments: [20, 40])
  func sources(columns: Int) async throws {
    let (api, sandbox) = try await startSandbox()
    let result = try await sandbox.chuck(["sources"], ["COLUMNS": String(columns)])
    #expect(result.status == 0, "\(result.stderr)")
    let words = Self.words(result.stdout)
    for name in ["chuck", "dad", "official", "switter", "jokeapi", "mine"] {
      #expect(words.contains(name), "\(result.stdout)")
    }
    #expect(words.contains(api.baseURL.absoluteString), "\(result.stdout)")
    #expect(Self.contains(words, ["cs", "de", "en", "es", "fr", "pt"]))
    #expect(words.contains("(default)"))
    Self.expectFits(result.stdout, width: columns, "sources")
  }

  /// `--help`: the same words as on a wide terminal, none cut.
  @Test(arguments: [20, 40])
  func help(columns: Int) async throws {
    let sandbox = try ChuckSandbox()
    let wide = try await sandbox.chuck(["--help"], ["COLUMNS": "200"])
    let narrow = try await sandbox.chuck(["--help"], ["COLUMNS": String(columns)])
    #expect(narrow.status == 0)
    #expect(Self.words(narrow.stdout) == Self.words(wide.stdout))
  }
}
