import FoundationEssentials

extension SourceDeclaration {
  /// The table whose tables declare sources: `[sources.NAME]`.
  public static let configTable = "sources"

  /// The keys of a `[sources.NAME]` table, in the order messages list them.
  public static let keys = [
    "url", "random", "list", "items", "by-id", "search", "search-items", "id", "text", "setup",
    "punchline", "date", "date-parse", "date-format", "categories", "image", "summary", "title",
    "label",
  ]

  /// An example of each key's value, for the messages that say what to write.
  static let examples: [String: String] = [
    "url": "https://example.com", "random": "/jokes/random", "list": "/articles",
    "items": "/items", "by-id": "/jokes/{id}", "search": "/search?q={query}",
    "search-items": "/results", "id": "/id", "text": "/joke", "setup": "/setup",
    "punchline": "/punchline", "date": "/release_date",
    "date-parse": "%m/%d/%Y", "date-format": "%a, %b %-d, '%y", "categories": "/categories",
    "image": "/image", "summary": "/description", "title": "Articles", "label": "Articles",
  ]

  /// The source names a declaration cannot take: the built-in sources' and `all`.
  public static var reservedNames: [String] { JokeSource.builtIn.map(\.name) + ["all"] }

  /// Reads every source the config file declares, and finds every problem of their tables at
  /// once, as `chuck config check` reports them; it never fails.
  ///
  /// Each `[sources.NAME]` table is checked with its `[sources.NAME.fields]` and
  /// `[sources.NAME.headers]`: its name; each key, known and of the right type (every value is
  /// a string); `url` (required) as an http or https URL with a host and no query or fragment;
  /// exactly one of `random` and `list`, `items` only with `list`; each path starting with `/`,
  /// written as a URL may hold it, `by-id` with `{id}` once and `search` with `{query}` once;
  /// `id` (required), and `text` or both `setup` and `punchline`, as JSON Pointers, as are
  /// `items`, `date`, `categories`, `image`, `summary` and the fields; `date-parse` with `date`, and both
  /// patterns (``DateParsePattern``, ``DateFormat``); the title and label as one line of text.
  ///
  /// A header's value may name environment variables as `${NAME}`, filled in from
  /// `environment`: a variable that is not set is a problem naming it, and a problem with its
  /// value never shows the value. A header's name is a token of RFC 7230 (letters, digits and
  /// ``headerNameSymbols``); its value, filled in, is not empty and holds no control character
  /// but tab (no CR, LF or NUL, which would end the field). A header named twice in any case is
  /// a problem, and so are the headers that chuck and libcurl set for the connection itself
  /// (``refusedHeaders``). `Accept` and `User-Agent` may be set: the declared value replaces
  /// chuck's own (`application/json`, `chuck/VERSION`), as some services want their own media
  /// type or a user agent naming the user.
  /// - Parameters:
  ///   - file: the config file; its other tables are left alone.
  ///   - path: the file's path, for each declaration's ``origin``.
  ///   - environment: the process's variables, for the headers' `${NAME}`.
  /// - Returns: the good declarations, in the order of their first header; and the problems,
  ///   in line order, each with its line, its key (`sources.articles.text`) and what is allowed.
  ///   A source with a problem makes no declaration.
  public static func declarations(
    in file: ConfigFile, path: String, environment: [String: String]
  ) -> (declarations: [SourceDeclaration], problems: [ConfigProblem]) {
    var problems: [ConfigProblem] = []
    var names: [String] = []
    var firstLines: [String: Int] = [:]
    var ownLines: [String: Int] = [:]
    // Arrays, not sets: a set of strings is made at run time from its mangled name, on the
    // start-up path of `pick`.
    var reportedTables: [String] = []
    var refusedNames: [String] = []
    for header in file.headers where header.name.hasPrefix(configTable + ".") {
      let parts = header.name.split(separator: ".", omittingEmptySubsequences: false)
      let name = String(parts[1])
      guard parts.count == 2 || (parts.count == 3 && ["fields", "headers"].contains(parts[2]))
      else {
        // A repeated header is the parser's problem already: say this once. The source whose
        // table it seems to be (a misspelt `fields`) is not declared, as with any problem of it.
        if !refusedNames.contains(name) { refusedNames.append(name) }
        guard !reportedTables.contains(header.name) else { continue }
        reportedTables.append(header.name)
        let table = "[\(configTable).\(name)"
        problems.append(
          ConfigProblem(
            line: header.line,
            message: "[\(header.name)] is not a table of a source: a source has \(table)], "
              + "\(table).fields] and \(table).headers]"))
        continue
      }
      if firstLines[name] == nil {
        names.append(name)
        firstLines[name] = header.line
      }
      if parts.count == 2, ownLines[name] == nil { ownLines[name] = header.line }
    }
    for entry in file.entries where entry.table == configTable {
      problems.append(
        ConfigProblem(
          line: entry.line, key: entry.name,
          message: "[\(configTable)] holds no keys of its own: declare a source in a table "
            + "[\(configTable).NAME], such as [\(configTable).articles]"))
    }
    var declarations: [SourceDeclaration] = []
    for name in names {
      // What is missing is said on the line of the source's own table, when it has one.
      var reader = SourceTableReader(
        name: name, line: ownLines[name] ?? firstLines[name]!, file: file,
        environment: environment)
      if let declaration = reader.read(configPath: path), !refusedNames.contains(name) {
        guard declarations.count < DeclaredSources.limit else {
          problems.append(
            ConfigProblem(
              line: firstLines[name], key: "\(configTable).\(name)",
              message: "a config file declares at most \(DeclaredSources.limit) sources: "
                + "remove one of the others to declare this one"))
          continue
        }
        declarations.append(declaration)
      }
      problems += reader.problems
    }
    let sorted = problems.enumerated().sorted {
      ($0.element.line ?? 0, $0.offset) < ($1.element.line ?? 0, $1.offset)
    }
    return (declarations, sorted.map(\.element))
  }

  /// What ``declarations(in:path:environment:)`` reads of a file.
  public typealias Reading = (declarations: [SourceDeclaration], problems: [ConfigProblem])

  /// ``declarations(in:path:environment:)`` of a file that has a `[sources.NAME]` table; `nil`
  /// (and no work) for one that has none.
  /// - Parameters:
  ///   - file: the config file.
  ///   - path: its path.
  ///   - environment: the process's variables.
  static func reading(_ file: ConfigFile, path: String, environment: [String: String])
    -> Reading?
  {
    guard file.headers.contains(where: { $0.name.hasPrefix(configTable + ".") }) else {
      return nil
    }
    return declarations(in: file, path: path, environment: environment)
  }

  /// Why `name` cannot name a declared source, or `nil` when it can.
  /// - Parameter name: `NAME` of `[sources.NAME]`.
  /// - Returns: what is wrong and what is allowed.
  static func problem(withName name: String) -> String? {
    let allowed =
      "a name is 1 to \(longestName) lower-case letters (a-z), digits and -, such as articles"
    guard !name.isEmpty,
      name.utf8.allSatisfy({ byte in
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
          || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
      })
    else { return "\(name.debugDescription) is not a source name: \(allowed)" }
    guard name.utf8.count <= longestName else {
      return "\(name.debugDescription) is too long for a source name (\(name.utf8.count) "
        + "characters): \(allowed)"
    }
    // The list is made for the message alone: a name is checked at every start.
    guard name != "all", !JokeSource.builtIn.contains(where: { $0.name == name }) else {
      let reserved = reservedNames
      return "\(name.debugDescription) is a built-in source's name: a declared source needs a "
        + "name of its own, not " + reserved.dropLast().joined(separator: ", ") + " or "
        + reserved.last!
    }
    // Your own jokes live in my-jokes.json: a source named my would share their file.
    let file = name + "-jokes.json"
    if let owner = JokeSource.builtIn.first(where: { $0.listFileName == file }) {
      return "\(name.debugDescription) would keep its list in \(owner.listFileName), the file of "
        + "\(owner.name): choose another name"
    }
    return nil
  }

  /// Why a title or label cannot be shown, or `nil` when it can.
  /// - Parameters:
  ///   - text: the title or label.
  ///   - what: `the title` or `the label`, as the message names it.
  static func problem(withTitle text: String, what: String) -> String? {
    guard !text.trimmingWhitespace.isEmpty else {
      return "\(what) is empty: write it, such as \"Articles\", or remove the line for the "
        + "default"
    }
    if let control = text.unicodeScalars.first(where: {
      TerminalSafeText.isUnsafe($0, keepNewlines: false)
    }) {
      return "\(what) holds a control character (\(codePoint(control))), which a terminal would "
        + "act on: it is one line of text"
    }
    guard text.count <= longestTitle else {
      return "\(what) is longer than \(longestTitle) characters (\(text.count))"
    }
    return nil
  }

  /// A scalar as messages name it: `U+000A`.
  static func codePoint(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
  }

  /// Why a value is not the string it should be: `5 is not a string: …`.
  static func notAString(_ value: ConfigValue, example: String) -> String {
    "\(value.toml) is not a string: write it in quotes, such as \(example.debugDescription)"
  }
}
