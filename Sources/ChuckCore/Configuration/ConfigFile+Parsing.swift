extension ConfigFile {
  /// Reads a config file's bytes and finds every problem in it, as `chuck config check` reports
  /// them: a line with a problem makes no entry, and the lines after it are read on.
  ///
  /// Each line is checked on its own, so that a problem never hides the next: it must be UTF-8
  /// without control characters but tab (a NUL, a lone CR), and be blank, a `# comment`, a
  /// `[table]` header or a `key = value`, with a comment after it if any. A key set twice in a
  /// table, a header repeated, and a key and a table of the same name are problems too; the keys
  /// after a bad or repeated header are checked but make no entries. A byte order mark is a
  /// problem (not every TOML tool skips it), and so is the time it takes: none, as every line is
  /// read once and arrays nest at most ``deepestArray`` deep.
  /// - Parameter bytes: the file.
  /// - Returns: the file with its good entries, and its problems in line order (none when it is
  ///   good).
  public static func parse(_ bytes: [UInt8]) -> (file: ConfigFile, problems: [ConfigProblem]) {
    var parser = ConfigParser(bytes: bytes)
    parser.run()
    let firstLF = bytes.firstIndex(of: 0x0A)
    let crlf = firstLF.map { $0 > 0 && bytes[$0 - 1] == 0x0D } ?? false
    let file = ConfigFile(
      bytes: bytes, entries: parser.entries, headers: parser.headers,
      lineStarts: parser.lineStarts, newline: crlf ? [0x0D, 0x0A] : [0x0A])
    return (file, parser.problems)
  }

  /// Reads a config file's bytes that must have no problem.
  /// - Parameter bytes: the file.
  /// - Returns: the file.
  /// - Throws: its first problem.
  public static func parsed(_ bytes: [UInt8]) throws(ConfigProblem) -> ConfigFile {
    let (file, problems) = parse(bytes)
    if let first = problems.first { throw first }
    return file
  }

  /// The most arrays nested in one another (`[[[1]]]` is 3).
  public static let deepestArray = 8
}

extension ConfigProblem: Error {}

/// What is wrong with a line, found while it is scanned.
struct ConfigSyntaxError: Error {
  let message: String
}

/// The state of one reading of a config file, line by line.
private struct ConfigParser {
  let bytes: [UInt8]
  var entries: [ConfigEntry] = []
  var headers: [ConfigFile.Header] = []
  var lineStarts: [Int] = []
  var problems: [ConfigProblem] = []
  /// The table that the next keys go to; `nil` after a bad or repeated header.
  var table: String? = ""
  /// The line of each header, by table name.
  var headerLines = NamedValues<Int>()
  /// Every table that exists, by a header or as a part of one's name (`sources` of
  /// `sources.articles`), with the line that made it.
  var tablePaths = NamedValues<Int>()
  /// The line of each key, by its name with its table (`keys.joke`).
  var keyLines = NamedValues<Int>()

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  mutating func run() {
    var start = 0
    var number = 0
    while start < bytes.count {
      number += 1
      lineStarts.append(start)
      let newline = bytes[start...].firstIndex(of: 0x0A)
      let lineEnd = newline.map { $0 + 1 } ?? bytes.count
      var contentEnd = newline ?? bytes.count
      if newline != nil, contentEnd > start, bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
      var contentStart = start
      if start == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
        problems.append(
          ConfigProblem(
            line: 1,
            message: "the file starts with a byte order mark (U+FEFF), which not every TOML "
              + "tool reads: save it as UTF-8 without one"))
        contentStart = min(3, contentEnd)
      }
      line(contentStart..<contentEnd, end: lineEnd, number: number)
      start = lineEnd
    }
  }

  private mutating func line(_ range: Range<Int>, end: Int, number: Int) {
    if let message = Self.badText(bytes[range]) {
      problems.append(ConfigProblem(line: number, message: message))
      return
    }
    var scanner = ConfigLineScanner(bytes: bytes, index: range.lowerBound, end: range.upperBound)
    scanner.skipSpace()
    guard let first = scanner.peek, first != UInt8(ascii: "#") else { return }
    if first == UInt8(ascii: "[") {
      do throws(ConfigSyntaxError) {
        let name = try scanner.header()
        header(name, number: number, span: range.lowerBound..<end)
      } catch {
        problems.append(ConfigProblem(line: number, message: error.message))
        table = nil
      }
      return
    }
    var key: String?
    do throws(ConfigSyntaxError) {
      key = try scanner.key()
      scanner.skipSpace()
      let valueStart = scanner.index
      let value = try scanner.value()
      let valueRange = valueStart..<scanner.index
      try scanner.finishLine(after: "the value")
      setting(
        key!, to: value, number: number, range: range, valueRange: valueRange, lineEnd: end)
    } catch {
      problems.append(
        ConfigProblem(line: number, key: key.map { name($0) }, message: error.message))
    }
  }

  /// Why a line's bytes are not text TOML allows, or `nil` when they are.
  private static func badText(_ text: ArraySlice<UInt8>) -> String? {
    if let byte = text.first(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }) {
      switch byte {
      case 0: return "a NUL byte: the file is not text"
      case 0x0D: return "a carriage return (CR) without a line feed after it: end lines with LF"
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        return "a control character (U+00\(hex.count < 2 ? "0" : "")\(hex)) is not allowed, "
          + "even in a string or a comment: write it as an escape in a string in double quotes"
      }
    }
    // ASCII is valid UTF-8; a line past it is validated by making a string of it (1.6 K
    // instructions a line, at every start).
    if text.contains(where: { $0 >= 0x80 }), String(validating: text, as: UTF8.self) == nil {
      return "not valid UTF-8: save the file as UTF-8"
    }
    return nil
  }

  private func name(_ key: String) -> String {
    guard let table, !table.isEmpty else { return key }
    return table + "." + key
  }

  private mutating func header(_ tableName: String, number: Int, span: Range<Int>) {
    headers.append(ConfigFile.Header(name: tableName, line: number, span: span))
    table = nil
    if let earlier = headerLines[tableName] {
      problems.append(
        ConfigProblem(
          line: number,
          message: "the table [\(tableName)] is already on line \(earlier): a table has one "
            + "header, with all its keys under it"))
      return
    }
    // Each prefix of the name at a dot (`sources`, `sources.articles`): found on the bytes,
    // as String.split on Characters costs 8 K instructions a header at every start.
    let paths = Self.prefixes(ofTable: tableName)
    for path in paths {
      if let keyLine = keyLines[path] {
        problems.append(
          ConfigProblem(
            line: number,
            message: "the table [\(tableName)] clashes with the key \(path) on line \(keyLine): "
              + "a name is a key or a table, not both"))
        return
      }
    }
    headerLines[tableName] = number
    for path in paths where tablePaths[path] == nil { tablePaths[path] = number }
    table = tableName
  }

  /// The prefixes of a table's name that end at a dot, and the name: `a`, `a.b` of `a.b`.
  static func prefixes(ofTable name: String) -> [String] {
    var prefixes: [String] = []
    let utf8 = name.utf8
    var index = utf8.startIndex
    while let dot = utf8[index...].firstIndex(of: UInt8(ascii: ".")) {
      prefixes.append(String(name[..<dot]))
      index = utf8.index(after: dot)
    }
    prefixes.append(name)
    return prefixes
  }

  private mutating func setting(
    _ key: String, to value: ConfigValue, number: Int, range: Range<Int>,
    valueRange: Range<Int>, lineEnd: Int
  ) {
    guard let table else { return }
    let full = name(key)
    if let earlier = keyLines[full] {
      problems.append(
        ConfigProblem(
          line: number, key: full,
          message: "set twice, here and on line \(earlier): set a key once in its table"))
      return
    }
    if let tableLine = tablePaths[full] {
      problems.append(
        ConfigProblem(
          line: number, key: full,
          message: "clashes with the table [\(full)] of line \(tableLine): a name is a key or "
            + "a table, not both"))
      return
    }
    keyLines[full] = number
    entries.append(
      ConfigEntry(
        table: table, key: key, value: value, line: number, range: range,
        valueRange: valueRange, lineEnd: lineEnd))
  }
}

/// A cursor over one line's bytes, its line end left out.
struct ConfigLineScanner {
  let bytes: [UInt8]
  var index: Int
  let end: Int
  /// How many arrays the cursor is in.
  var depth = 0

  /// The byte at the cursor, or `nil` at the end of the line.
  var peek: UInt8? { index < end ? bytes[index] : nil }

  mutating func skipSpace() {
    while index < end, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
  }

  /// Steps over `byte` when it is at the cursor.
  mutating func consume(_ byte: Character) -> Bool {
    guard peek == byte.asciiValue else { return false }
    index += 1
    return true
  }

  /// Whether the bytes at the cursor are `text`.
  func looking(at text: String) -> Bool {
    bytes[index..<end].starts(with: text.utf8)
  }

  /// A bare key at the cursor, or `nil` when there is none.
  mutating func bareKey() -> String? {
    let start = index
    while index < end, ConfigFile.isKeyByte(bytes[index]) { index += 1 }
    return index > start ? String(decoding: bytes[start..<index], as: UTF8.self) : nil
  }

  /// A little of the text at the cursor, as a message quotes it: up to the next space, comma,
  /// bracket or comment, at most 30 bytes and whole characters.
  func word() -> String {
    var stop = index
    while stop < end, stop - index < 30, !" \t,]#".utf8.contains(bytes[stop]) { stop += 1 }
    return String(decoding: bytes[index..<stop], as: UTF8.self)
  }

  /// Steps over the end of a line: spaces and a comment, nothing else.
  mutating func finishLine(after what: String) throws(ConfigSyntaxError) {
    skipSpace()
    guard let byte = peek, byte != UInt8(ascii: "#") else { return }
    throw ConfigSyntaxError(
      message: "unexpected \(word().debugDescription) after \(what): only a # comment may follow "
        + "it on its line")
  }

  /// A `[name]` or `[name.sub]` header, with a comment after it if any.
  mutating func header() throws(ConfigSyntaxError) -> String {
    let allowed =
      "a table header is bare keys (letters, digits, _ and -) joined by dots, such as [keys] "
      + "or [sources.articles]"
    index += 1
    if peek == UInt8(ascii: "[") {
      throw ConfigSyntaxError(message: "arrays of tables ([[…]]) are not supported: " + allowed)
    }
    // The name is built as it is read, not joined from parts: the generic joined(separator:)
    // costs a runtime scan of every protocol conformance, at every start of a command.
    var name = ""
    repeat {
      skipSpace()
      if peek == UInt8(ascii: "\"") || peek == UInt8(ascii: "'") {
        throw ConfigSyntaxError(message: "quoted table names are not supported: " + allowed)
      }
      guard let part = bareKey() else { throw ConfigSyntaxError(message: allowed) }
      name += name.isEmpty ? part : "." + part
      skipSpace()
    } while consume(".")
    guard consume("]") else { throw ConfigSyntaxError(message: allowed) }
    try finishLine(after: "the table header")
    return name
  }

  /// A bare key and the `=` after it.
  mutating func key() throws(ConfigSyntaxError) -> String {
    if peek == UInt8(ascii: "\"") || peek == UInt8(ascii: "'") {
      throw ConfigSyntaxError(
        message: "quoted keys are not supported: a key is letters, digits, _ and -")
    }
    guard let key = bareKey() else {
      throw ConfigSyntaxError(
        message: "\(word().debugDescription) is not a setting: a line is key = value, a [table] "
          + "header or a # comment; a key is letters, digits, _ and -")
    }
    skipSpace()
    if peek == UInt8(ascii: ".") {
      throw ConfigSyntaxError(
        message: "dotted keys are not supported: put \(key)'s keys under a [\(key)] header")
    }
    guard consume("=") else {
      throw ConfigSyntaxError(message: "expected = after the key \(key): a line is key = value")
    }
    return key
  }
}
