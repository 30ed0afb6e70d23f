import ChuckTestSupport
import Foundation
import Testing

/// One source of the source matrix (`SourceMatrixTests`): what the SPEC lets differ between
/// sources, and the made-up and fixture jokes the cells use. Adding a source to `chuck` is adding
/// one entry to ``all``.
struct MatrixSource: Sendable, CustomTestStringConvertible {
  /// `--source NAME`.
  var name: String
  /// The list's title.
  var title: String
  /// The list file in the data directory.
  var listFileName: String
  /// The fake's flag that replaces this source's pool (`--pool`, `--dad-pool`, …).
  var poolFlag: String
  /// Whether the service fetches a joke by id (`save`, `show` of an unsaved id).
  var canFetchByID: Bool
  /// Whether the service searches (`search`).
  var canSearch: Bool
  /// Whether a joke is a setup and a punchline.
  var isTwoPart: Bool
  /// Whether `random --category` applies.
  var hasCategories: Bool
  /// Whether the service sends no id, so that `chuck` makes one from the text and stores it.
  var makesIDs: Bool
  /// Whether saved items carry the `saved_at` that `chuck` adds (every source but chuck).
  var addsSavedAt: Bool
  /// The fields whose text `random`, `pick` and `save` print, one line each; the first is the
  /// preview's.
  var textFields: [String]
  /// A joke as the service sends it, with this id (ignored when it sends none) and text; links
  /// and icons on `origin`.
  var makeJoke: @Sendable (_ id: String, _ text: String, _ origin: String) -> JSON
  /// The ids of two made-up saved jokes: ``sharedPrefix`` starts both.
  var savedIDs: [String]
  /// A prefix of 4 characters shared by both ``savedIDs``.
  var sharedPrefix: String
  /// The id (made by `chuck` for a source that makes ids) and text of a joke a pool repeats.
  var repeated: (id: String, text: String)
  /// Ids the fake's default pool serves by id (none for a source without fetch by id).
  var knownIDs: [String]
  /// A well-formed id that the fake does not know.
  var unknownID: String
  /// A text the fake's default pool has jokes with.
  var searchHit: String
  /// Whether a whole id may be shorter than a prefix (the Official Joke API's are numbers): a
  /// short unsaved number is then asked of the service, not refused as a short prefix.
  var shortIDsAreWhole = false
  /// A category the fake's default pool has jokes of (a source with categories), and how a
  /// joke object names its categories: an array `categories`, or one `category`.
  var category = (name: "dev", field: "categories")
  /// For a source declared in the config file (`[sources.NAME]`), its declaration for the fake
  /// whose base URL's text is `origin`; `nil` for a built-in source. Every sandbox of a declared
  /// source's cells runs with a config file holding it (``sandbox(on:)``); a built-in source's
  /// run with none, as they did before sources could be declared.
  var declaration: (@Sendable (_ origin: String) -> String)? = nil

  /// Three characters that are not a whole id of the source: a prefix too short (64).
  var tooShortPrefix: String { shortIDsAreWhole ? "12a" : String(savedIDs[0].prefix(3)) }

  var testDescription: String { name }

  /// A saved item as `chuck` writes it to the list file: the service's object, plus the id it
  /// makes and the `saved_at` it adds where the SPEC says so.
  func savedItem(id: String, text: String, savedAt: String, origin: String) -> JSON {
    var item = makeJoke(id, text, origin)
    if makesIDs { item = item.adding("id", .string(id)) }
    if addsSavedAt { item = item.adding("saved_at", .string(savedAt)) }
    return item
  }

  /// The lines `random`, `pick` and `save` print for a saved item.
  func lines(of item: JSON) -> [String] {
    textFields.compactMap { item[$0]?.string }
  }

  /// The preview of a saved item, as the list, `remove` and the duplicate error show it.
  func preview(of item: JSON) -> String {
    Self.preview(lines(of: item).first ?? "")
  }

  /// The list file of this source in `sandbox`.
  func listFile(in sandbox: ChuckSandbox) -> URL {
    sandbox.dataDirectory.appendingPathComponent(listFileName)
  }

  /// The two made-up saved items (``savedIDs``), oldest first, icons on `api`.
  func savedItems(on api: FakeAPI) -> [JSON] {
    savedIDs.enumerated().map { index, id in
      savedItem(
        id: id, text: "Matrix joke \(index + 1) of the \(name) list, longer than a preview.",
        savedAt: "2024-01-01 00:00:0\(index)", origin: api.origin)
    }
  }

  /// A preview: whitespace collapsed, cut to 30 characters followed by `...`.
  static func preview(_ text: String) -> String {
    let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    return words.count > 30 ? words.prefix(30) + "..." : words
  }

  /// The source the others are compared with where no SPEC text words a message: the first.
  static var reference: MatrixSource { all[0] }

  /// The names of the sources that can search, as `chuck` lists them.
  static var searchable: String { all.filter(\.canSearch).map(\.name).joined(separator: ", ") }

  /// Another source than `source` (for `CHUCK_SOURCE`).
  static func other(than source: MatrixSource) -> MatrixSource {
    all.first { $0.name != source.name } ?? source
  }

  /// A joke of icanhazdadjoke as its service sends it (`dad`, and `geek` declared over it).
  static let dadJoke: @Sendable (_ id: String, _ text: String, _ origin: String) -> JSON = {
    id, text, _ in .object(["id": .string(id), "joke": .string(text), "status": .number(200)])
  }

  /// Every source, in `chuck sources` order: the built-in ones, then the declared ones.
  static let all: [MatrixSource] = [
    MatrixSource(
      name: "chuck", title: "Chuck Norris Jokes", listFileName: "jokes.json", poolFlag: "--pool",
      canFetchByID: true, canSearch: true, isTwoPart: false, hasCategories: true,
      makesIDs: false, addsSavedAt: false, textFields: ["value"],
      makeJoke: { id, text, origin in
        MadeUpJoke(id: id, value: text, iconURL: origin + "/img/avatar/chuck-norris.png").object
      },
      savedIDs: ["MtxAlphaChuck000000001", "MtxAlphaChuck000000002"], sharedPrefix: "MtxA",
      repeated: ("matrixRepeat0000000001", "Chuck Norris repeats himself; jokes never do."),
      knownIDs: ["CfW0ccNFTpeq_v1r13IjTQ", "qP7S71sER2iFdk8OzsISug"],
      unknownID: "unknownJoke00000000000", searchHit: "cigars"),
    MatrixSource(
      name: "dad", title: "Dad Jokes", listFileName: "dad-jokes.json", poolFlag: "--dad-pool",
      canFetchByID: true, canSearch: true, isTwoPart: false, hasCategories: false,
      makesIDs: false, addsSavedAt: true, textFields: ["joke"], makeJoke: dadJoke,
      savedIDs: ["MtxAlphaD01", "MtxAlphaD02"], sharedPrefix: "MtxA",
      repeated: ("MtxRepeat01", "I only know one dad joke, and I tell it twice."),
      knownIDs: ["HtcNuHJBQCd", "R7UfaahVfFd"], unknownID: "unknownJoke", searchHit: "bike"),
    MatrixSource(
      name: "official", title: "Official Jokes", listFileName: "official-jokes.json",
      poolFlag: "--official-pool", canFetchByID: true, canSearch: false, isTwoPart: true,
      hasCategories: false, makesIDs: false, addsSavedAt: true,
      textFields: ["setup", "punchline"],
      makeJoke: { id, text, _ in
        .object([
          "id": .number(Double(id) ?? -1), "type": "general", "setup": .string(text),
          "punchline": "Matrix punchline.",
        ])
      },
      savedIDs: ["12341", "12342"], sharedPrefix: "1234",
      repeated: ("4242", "Why is this two-part joke told twice?"),
      knownIDs: ["1001", "1002"], unknownID: "9999", searchHit: "fish", shortIDsAreWhole: true),
    MatrixSource(
      name: "switter", title: "Switter Jokes", listFileName: "switter-jokes.json",
      poolFlag: "--switter-pool", canFetchByID: false, canSearch: false, isTwoPart: false,
      hasCategories: false, makesIDs: true, addsSavedAt: true, textFields: ["content"],
      makeJoke: { _, text, _ in .object(["content": .string(text)]) },
      savedIDs: ["MtxAlphaSwitter0000001", "MtxAlphaSwitter0000002"], sharedPrefix: "MtxA",
      // The id `chuck` makes from this text (`Documentation/sources.md`, "Switter").
      repeated: ("l6umhS9Aae8zCOwbK6N41J", "This is a joke"),
      knownIDs: [], unknownID: "unknownJoke00000000000", searchHit: "joke"),
    MatrixSource(
      name: "jokeapi", title: "JokeAPI Jokes", listFileName: "jokeapi-jokes.json",
      poolFlag: "--jokeapi-pool", canFetchByID: true, canSearch: true, isTwoPart: true,
      hasCategories: true, makesIDs: false, addsSavedAt: true,
      textFields: ["setup", "delivery"],
      makeJoke: { id, text, _ in
        .object([
          "error": .bool(false), "category": "Programming", "type": "twopart",
          "setup": .string(text), "delivery": "Matrix delivery.",
          "flags": .object([
            "nsfw": .bool(false), "religious": .bool(false), "political": .bool(false),
            "racist": .bool(false), "sexist": .bool(false), "explicit": .bool(false),
          ]),
          "id": .number(Double(id) ?? -1), "safe": .bool(true), "lang": "en",
        ])
      },
      savedIDs: ["12341", "12342"], sharedPrefix: "1234",
      repeated: ("242", "Why is this JokeAPI joke told twice?"),
      // Two-part jokes of the fake's pool, safe.
      knownIDs: ["55", "212"], unknownID: "9999", searchHit: "program", shortIDsAreWhole: true,
      category: ("Programming", "category")),
    // A source declared in the config file over the fake's icanhazdadjoke: no code of its own,
    // the title its name's default. It declares no search: a random source's search answer must
    // be an array of items or one item, and icanhazdadjoke's is an object holding `results`
    // (`items`, the pointer to such an array, is for a list's answer alone).
    MatrixSource(
      name: "geek", title: "Geek", listFileName: "geek-jokes.json", poolFlag: "--dad-pool",
      canFetchByID: true, canSearch: false, isTwoPart: false, hasCategories: false,
      makesIDs: false, addsSavedAt: true, textFields: ["joke"], makeJoke: dadJoke,
      savedIDs: ["MtxAlphaG01", "MtxAlphaG02"], sharedPrefix: "MtxA",
      repeated: ("MtxRepeat01", "I only know one geek joke, and I tell it twice."),
      knownIDs: ["HtcNuHJBQCd", "R7UfaahVfFd"], unknownID: "unknownJoke", searchHit: "bike",
      declaration: { origin in
        """
        # The matrix's declared source: icanhazdadjoke, under a name of its own.
        [sources.geek]
        url = "\(origin)/dad"
        random = "/"
        by-id = "/j/{id}"
        id = "/id"
        text = "/joke"

        """
      }),
  ]
}

extension MatrixSource {
  /// A sandbox on `api`: with a config file (`CHUCK_CONFIG`, 0600) that declares this source
  /// when it is declared (``declaration``), else with none.
  func sandbox(on api: FakeAPI) throws -> ChuckSandbox {
    try ChuckSandbox(api: api, config: declaration?(api.origin))
  }

  /// Starts a fake with its default pools (or as `arguments` say) and a sandbox on it
  /// (``sandbox(on:)``).
  func startSandbox(arguments: [String] = []) async throws -> (FakeAPI, ChuckSandbox) {
    let api = try await startFake(arguments: arguments)
    return (api, try sandbox(on: api))
  }

  /// Starts a fake whose pool for this source holds only `jokes` (the other pools as usual), and a
  /// sandbox on it.
  func sandbox(pool jokes: [JSON]) async throws -> (FakeAPI, ChuckSandbox) {
    let folder = try TemporaryDirectory.make(prefix: "matrix-pool")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("\(name).json")
    try Data(JSON.array(jokes).text.utf8).write(to: file)
    // The fake reads its pools when it starts: the folder can go once it listens.
    return try await startSandbox(arguments: [poolFlag, file.path])
  }

  /// Starts a fake with its default pools and a sandbox whose list of this source holds the two
  /// made-up jokes of ``savedItems(on:)``.
  /// - Returns: the fake, the sandbox and the items written.
  func sandboxWithList() async throws -> (FakeAPI, ChuckSandbox, [JSON]) {
    let (api, sandbox) = try await startSandbox()
    let items = savedItems(on: api)
    try sandbox.writeList(items, to: listFile(in: sandbox))
    return (api, sandbox, items)
  }
}

extension ChuckSandbox {
  /// Writes a list file in the documented envelope, creating the data directory 0700.
  func writeList(_ items: [JSON], to file: URL) throws {
    try FileManager.default.createDirectory(
      at: dataDirectory, withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
    let text = JSON.object(["version": .number(1), "items": .array(items)]).text
    try Data(text.utf8).write(to: file)
  }

  /// The items of a list file in the documented envelope.
  func items(of file: URL) throws -> [JSON] {
    let document = try JSON.parse(Data(contentsOf: file))
    guard document["version"] == .number(1), case .array(let items)? = document["items"] else {
      throw HarnessError.unexpected("list file of another shape: \(document.text)")
    }
    return items
  }
}

extension FakeAPI {
  /// The base URL's text without a trailing slash, for icons served by the fake.
  var origin: String {
    var text = baseURL.absoluteString
    while text.hasSuffix("/") { text.removeLast() }
    return text
  }

  /// How many requests the fake has answered so far.
  func requestCount() throws -> Int { try requests().count }
}

extension JSON {
  /// The object with `key` set to `value` (any other value unchanged).
  func adding(_ key: String, _ value: JSON) -> JSON {
    guard case .object(var fields) = self else { return self }
    fields[key] = value
    return .object(fields)
  }

  /// An id as text: a string as it is, a number in decimal (the Official Joke API's ids).
  var idText: String? {
    switch self {
    case .string(let value): return value
    case .number(let value): return String(Int64(value))
    default: return nil
    }
  }
}
