import FoundationEssentials

/// The reading of one declared source's tables (``SourceDeclaration/declarations(in:path:environment:)``):
/// each key checked on its own, then the keys together, every problem kept.
struct SourceTableReader {
  /// `NAME` of `[sources.NAME]`.
  let name: String
  /// `sources.NAME`.
  let table: String
  /// The line that a missing key's problem is on: the source's own table's header.
  let line: Int
  /// The entries of the source's own table, in file order.
  let own: [ConfigEntry]
  /// The entries of `[sources.NAME.fields]`, in file order.
  let fieldEntries: [ConfigEntry]
  /// The entries of `[sources.NAME.headers]`, in file order.
  let headerEntries: [ConfigEntry]
  /// The process's variables, for the headers' `${NAME}`.
  let environment: [String: String]
  /// What is wrong so far, in the order found.
  var problems: [ConfigProblem] = []
  /// The table's known keys, by key.
  var entries: [String: ConfigEntry] = [:]
  /// The values of those that are strings.
  var strings: [String: String] = [:]

  /// Starts reading a source's tables.
  init(name: String, line: Int, file: ConfigFile, environment: [String: String]) {
    self.name = name
    let table = SourceDeclaration.configTable + "." + name
    self.table = table
    self.line = line
    // One pass over the file, its table names made once: this runs at every start.
    let (fieldsTable, headersTable) = (table + ".fields", table + ".headers")
    var own: [ConfigEntry] = []
    var fieldEntries: [ConfigEntry] = []
    var headerEntries: [ConfigEntry] = []
    for entry in file.entries {
      if entry.table == table {
        own.append(entry)
      } else if entry.table == fieldsTable {
        fieldEntries.append(entry)
      } else if entry.table == headersTable {
        headerEntries.append(entry)
      }
    }
    (self.own, self.fieldEntries, self.headerEntries) = (own, fieldEntries, headerEntries)
    self.environment = environment
  }

  /// Notes a problem of a line.
  mutating func refuse(_ entry: ConfigEntry, _ message: String) {
    problems.append(ConfigProblem(line: entry.line, key: entry.name, message: message))
  }

  /// Notes a key that the table lacks, on the line of its header.
  mutating func refuseMissing(_ key: String, _ message: String) {
    problems.append(ConfigProblem(line: line, key: table + "." + key, message: message))
  }

  /// The words of an error of a parser (``JSONPointer``, ``DateFormat``…).
  static func words(_ error: ChuckError) -> String { error.errorDescription ?? "\(error)" }

  /// Reads the source's tables.
  /// - Parameter configPath: the file's path, for the declaration's origin.
  /// - Returns: the declaration, or `nil` when ``problems`` has any.
  mutating func read(configPath: String) -> SourceDeclaration? {
    if let problem = SourceDeclaration.problem(withName: name) {
      problems.append(ConfigProblem(line: line, key: table, message: problem))
    }
    for entry in own {
      guard SourceDeclaration.keys.contains(entry.key) else {
        refuse(
          entry,
          "\(entry.key.debugDescription) is not a key of a source: the keys are "
            + SourceDeclaration.keys.joined(separator: ", ") + " (and the tables [\(table).fields] "
            + "and [\(table).headers])")
        continue
      }
      entries[entry.key] = entry
      guard case .string(let text) = entry.value else {
        refuse(
          entry,
          SourceDeclaration.notAString(
            entry.value, example: SourceDeclaration.examples[entry.key] ?? ""))
        continue
      }
      strings[entry.key] = text
    }
    let baseURL = url()
    let fetch = self.fetch()
    let byIDPath = path("by-id", placeholder: "{id}")
    let searchPath = path("search", placeholder: "{query}")
    let searchItems = pointer("search-items")
    if let entry = entries["search-items"], entries["search"] == nil {
      refuse(
        entry,
        "search-items names the array in the answer of search, and this source has no search: "
          + "remove search-items, or declare search")
    }
    let id = pointer("id")
    if entries["id"] == nil {
      refuseMissing("id", "a source needs id, where an item's id is, such as id = \"/id\"")
    }
    let text = self.text()
    let date = self.date()
    var dateFormat: DateFormat?
    if let pattern = strings["date-format"], let entry = entries["date-format"] {
      do throws(ChuckError) {
        dateFormat = try DateFormat(pattern)
      } catch {
        refuse(entry, Self.words(error))
      }
    }
    let categories = pointer("categories")
    let image = pointer("image")
    let summary = pointer("summary")
    // `+ String(…)`: String + Substring is the generic append, made at run time at every start.
    let title = strings["title"] ?? name.prefix(1).uppercased() + String(name.dropFirst())
    for key in ["title", "label"] {
      guard let text = strings[key], let entry = entries[key],
        let problem = SourceDeclaration.problem(withTitle: text, what: "the " + key)
      else { continue }
      refuse(entry, problem)
    }
    let fields = self.fields()
    let headers = self.headers()
    guard problems.isEmpty, let baseURL, let fetch, let id, let text else { return nil }
    return SourceDeclaration(
      name: name, origin: .file(path: configPath, line: line), title: title,
      label: strings["label"] ?? title, baseURL: baseURL, fetch: fetch, byIDPath: byIDPath,
      searchPath: searchPath, searchItems: searchItems, id: id, text: text, date: date,
      dateFormat: dateFormat,
      categories: categories, image: image, summary: summary, fields: fields, headers: headers)
  }

  /// The pointer a key holds, or `nil` when it has none or a bad one (refused).
  mutating func pointer(_ key: String) -> JSONPointer? {
    guard let text = strings[key], let entry = entries[key] else { return nil }
    do throws(ChuckError) {
      return try JSONPointer(parsing: text)
    } catch {
      refuse(entry, Self.words(error))
      return nil
    }
  }

  /// The base URL (`url`), which every source has.
  mutating func url() -> URL? {
    guard let entry = entries["url"] else {
      refuseMissing(
        "url", "a source needs url, its service's base URL, such as url = \"https://example.com\"")
      return nil
    }
    guard let text = strings["url"] else { return nil }
    if let problem = BaseURL.problem(with: text) {
      refuse(entry, problem)
      return nil
    }
    return URL(string: text)
  }

  /// What a random joke asks for: `random`, or `list` with `items`; one of them, not both.
  mutating func fetch() -> SourceDeclaration.Fetch? {
    let random = entries["random"]
    let list = entries["list"]
    let randomPath = path("random", placeholder: nil)
    let listPath = path("list", placeholder: nil)
    let items = pointer("items")
    if let itemsEntry = entries["items"], list == nil {
      refuse(
        itemsEntry,
        "items names the array in the answer of list, and this source has no list: remove "
          + "items, or declare the whole list's path as list")
    }
    switch (random, list) {
    case (nil, nil):
      refuseMissing(
        "random",
        "a source needs random (the path of one random item, such as random = \"/jokes/random\") "
          + "or list (the path of the whole list, a feed, such as list = \"/articles\")")
      return nil
    case (let random?, let list?):
      refuse(
        random.line > list.line ? random : list,
        "a source has random or list, not both: random asks for one item, list for the whole "
          + "list (a feed)")
      return nil
    case (_?, nil):
      return randomPath.map { .random(path: $0) }
    case (nil, _?):
      return listPath.map { .feed(path: $0, items: items) }
    }
  }

  /// Where the text is: `text`, or `setup` and `punchline`; one form, not both.
  mutating func text() -> SourceDeclaration.Text? {
    let setup = entries["setup"]
    let punchline = entries["punchline"]
    if let textEntry = entries["text"] {
      let latest = [textEntry, setup, punchline].compactMap(\.self).max { $0.line < $1.line }!
      guard setup == nil, punchline == nil else {
        refuse(
          latest,
          "a source has text, or setup and punchline, not both: text for one-part jokes, setup "
            + "and punchline for two-part jokes")
        return nil
      }
      return pointer("text").map { .single($0) }
    }
    switch (setup, punchline) {
    case (nil, nil):
      refuseMissing(
        "text",
        "a source needs text, where an item's text is (such as text = \"/joke\"), or setup and "
          + "punchline for two-part jokes")
      return nil
    case (let setup?, nil):
      refuse(
        setup,
        "setup needs punchline, where a two-part joke's punchline is, such as punchline = "
          + "\"/punchline\"")
      return nil
    case (nil, let punchline?):
      refuse(
        punchline,
        "punchline needs setup, where a two-part joke's setup is, such as setup = \"/setup\"")
      return nil
    case (_?, _?):
      guard let setup = pointer("setup"), let punchline = pointer("punchline") else { return nil }
      return .twoPart(setup: setup, punchline: punchline)
    }
  }

  /// Where the date is and how it is written: `date` and `date-parse`, both or neither (and no
  /// `date-format` without them).
  mutating func date() -> SourceDeclaration.DateField? {
    let pointer = self.pointer("date")
    var pattern: DateParsePattern?
    if let text = strings["date-parse"], let entry = entries["date-parse"] {
      do throws(ChuckError) {
        pattern = try DateParsePattern(text)
      } catch {
        refuse(entry, Self.words(error))
      }
    }
    guard let dateEntry = entries["date"] else {
      if let entry = entries["date-parse"] {
        refuse(
          entry,
          "date-parse says how dates are written, and this source has no date: add date, where "
            + "an item's date is (such as date = \"/release_date\"), or remove date-parse")
      }
      if let entry = entries["date-format"] {
        refuse(
          entry,
          "date-format says how dates are shown, and this source has no date: add date and "
            + "date-parse, or remove date-format")
      }
      return nil
    }
    guard entries["date-parse"] != nil else {
      refuse(
        dateEntry,
        "date needs date-parse, how the service writes its dates, such as date-parse = "
          + "\"%m/%d/%Y\" (the fields are \(DateParsePattern.fieldList))")
      return nil
    }
    guard let pointer, let pattern else { return nil }
    return SourceDeclaration.DateField(pointer: pointer, pattern: pattern)
  }
}

/// A source's paths.
extension SourceTableReader {
  /// The path a key holds, or `nil` when it has none or a bad one (refused).
  mutating func path(_ key: String, placeholder: String?) -> String? {
    guard let text = strings[key], let entry = entries[key] else { return nil }
    if let problem = SourceDeclaration.problem(
      withPath: text, key: key, placeholder: placeholder)
    {
      refuse(entry, problem)
      return nil
    }
    return text
  }
}
