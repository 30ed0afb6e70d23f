import Testing

@testable import ChuckCore

/// The config file's flat subset of TOML: what it reads, and a plain problem for everything else.
@Suite struct ConfigFileParsingTests {
  static func parse(_ text: String) -> (file: ConfigFile, problems: [ConfigProblem]) {
    ConfigFile.parse(Array(text.utf8))
  }

  /// A realistic file: entries in file order with their table, line and value.
  @Test func readsEntriesInFileOrder() throws {
    let text = """
      # chuck's settings
      source = "dad"   # the default
      exclude = ["explicit", "nsfw",]
      timeout = 10
      mouse = false

      [keys]
      joke = ["n", "+"]
      quit = 'q'

      [ sources . articles ]  # a later issue's
      url = "https://example.com/api"
      text = "/title"

      """
    let (file, problems) = Self.parse(text)
    #expect(problems == [])
    #expect(
      file.entries.map { "\($0.line) \($0.name) \($0.value.toml)" } == [
        "2 source \"dad\"", "3 exclude [\"explicit\", \"nsfw\"]", "4 timeout 10", "5 mouse false",
        "8 keys.joke [\"n\", \"+\"]", "9 keys.quit \"q\"",
        "12 sources.articles.url \"https://example.com/api\"",
        "13 sources.articles.text \"/title\"",
      ])
    #expect(file.tables == ["keys", "sources.articles"])
    #expect(file.value(of: "timeout") == .integer(10))
    #expect(file.value(of: "quit", in: "keys") == .string("q"))
    let source = try #require(file.entry("source"))
    #expect(
      String(decoding: file.bytes[source.range], as: UTF8.self)
        == "source = \"dad\"   # the default")
    #expect(String(decoding: file.bytes[source.valueRange], as: UTF8.self) == "\"dad\"")
  }

  /// CRLF line ends read as LF ones; a line's range leaves the CR out.
  @Test func readsCRLF() throws {
    let lf = "a = 1\n[keys]\nb = \"x\" # c\n"
    let crlf = ConfigFile.parse(Array(lf.replacing("\n", with: "\r\n").utf8))
    #expect(crlf.problems == [])
    #expect(crlf.file.entries.map(\.value) == Self.parse(lf).file.entries.map(\.value))
    let entry = try #require(crlf.file.entry("b", in: "keys"))
    #expect(String(decoding: crlf.file.bytes[entry.range], as: UTF8.self) == "b = \"x\" # c")
  }

  /// Strings with every escape TOML has, and literal strings without any.
  @Test func readsStrings() {
    let (file, problems) = Self.parse(
      #"""
      a = "q\" b\\ \b\t\n\f\r \u00e9 \U0001F600 tab	end"
      b = 'C:\path\"x'
      c = ""
      d = ''
      """#)
    #expect(problems == [])
    #expect(
      file.entries.map(\.value) == [
        .string("q\" b\\ \u{8}\t\n\u{C}\r é 😀 tab\tend"), .string(#"C:\path\"x"#), .string(""),
        .string(""),
      ])
  }

  /// Integers in every form TOML has, floats, booleans, nested arrays.
  @Test func readsNumbersAndArrays() {
    let (file, problems) = Self.parse(
      """
      a = 1_000
      b = +5
      c = -0
      d = 0x1F
      e = 0o17
      f = 0b101
      g = 1.5
      h = -2e3
      i = 6.25E-1_0
      j = -inf
      k = nan
      l = [[1, 2], ['x'], []]
      m = 9223372036854775807
      """)
    #expect(problems == [])
    #expect(
      file.entries.map(\.value) == [
        .integer(1000), .integer(5), .integer(0), .integer(31), .integer(15), .integer(5),
        .float(1.5), .float(-2000), .float(6.25e-10), .float(-.infinity), .float(.nan),
        .array([.array([.integer(1), .integer(2)]), .array([.string("x")]), .array([])]),
        .integer(.max),
      ])
  }

  /// Every bad line is one problem, with its line and key, and every line is read: one run
  /// finds them all.
  @Test func findsEveryProblem() {
    let lines: [(String, String)] = [
      ("a = 01", "leading zero"), ("a = 1__0", "not a value"),
      ("a = 99999999999999999999", "out of range"), ("a = 1e999", "too large"),
      (#"a = "\x""#, #"\x is not an escape"#), (#"a = "\uD800""#, "surrogates"),
      (#"a = "\u12""#, "exactly 4 hex digits"), (#"a = "abc"#, "not closed"),
      (#"a = """x""""#, "multi-line strings"), ("a = '''x'''", "multi-line strings"),
      ("a = [1, 2", "multi-line arrays"), ("a = [1 2]", "separated by commas"),
      ("a = dad", #"a string needs quotes ("dad")"#), ("a.b = 1", "dotted keys"),
      (#""a" = 1"#, "quoted keys"), ("[[x]]", "arrays of tables"), ("[x", "table header"),
      ("['x']", "quoted table names"), ("a = 1979-05-27", "date"), ("a = 07:32:00", "date"),
      ("a = {x = 1}", "inline tables"), ("a = 1 2", #"unexpected "2" after the value"#),
      ("a =", "missing"), ("a 1", "expected ="), ("= 1", "not a setting"),
      ("a = [[[[[[[[[1]]]]]]]]]", "nested too deep"), ("a = True", "not a value"),
      ("[x] y", "after the table header"),
    ]
    let (file, problems) = Self.parse(lines.map(\.0).joined(separator: "\n"))
    #expect(file.entries == [])
    #expect(problems.map(\.line) == Array(1...lines.count))
    for (problem, (line, expected)) in zip(problems, lines) {
      #expect(problem.message.contains(expected), "\(line): \(problem.message)")
    }
    #expect(problems[0].key == "a" && problems[0].description.hasPrefix("line 1: a: "))
  }

  /// Bytes that are not TOML text: each refused on its line, the other lines read.
  @Test func refusesBadText() {
    let bytes: [UInt8] =
      Array("a = \"x\0\"\nb = \"\u{1B}\"\nc = \"".utf8) + [0xFF]
      + Array("\"\nd = 1\re = 2\nf = 3".utf8)
    let (file, problems) = ConfigFile.parse(bytes)
    #expect(problems.map(\.line) == [1, 2, 3, 4])
    #expect(problems[0].message.contains("NUL"))
    #expect(problems[1].message.contains("U+001B"))
    #expect(problems[2].message.contains("UTF-8"))
    #expect(problems[3].message.contains("carriage return"))
    #expect(file.entries.map(\.key) == ["f"])
  }

  /// A byte order mark is refused (the line after it is read still).
  @Test func refusesByteOrderMark() {
    let (file, problems) = ConfigFile.parse([0xEF, 0xBB, 0xBF] + Array("a = 1\n".utf8))
    #expect(problems.count == 1 && problems[0].message.contains("byte order mark"))
    #expect(file.entries.map(\.value) == [.integer(1)])
  }

  /// A key set twice, a header repeated, a key and a table of one name: problems, and the keys
  /// under a repeated header make no entries.
  @Test func refusesDefinitionsTwice() {
    let (file, problems) = Self.parse(
      """
      a = 1
      a = 2
      [keys]
      b = 1
      [keys]
      c = 1
      [a.x]
      [sources.x]
      [sources]
      sources-y = 1
      x = 2
      """)
    #expect(
      problems.map(\.description) == [
        "line 2: a: set twice, here and on line 1: set a key once in its table",
        "line 5: the table [keys] is already on line 3: a table has one header, with all its "
          + "keys under it",
        "line 7: the table [a.x] clashes with the key a on line 1: a name is a key or a table, "
          + "not both",
        "line 11: sources.x: clashes with the table [sources.x] of line 8: a name is a key or a "
          + "table, not both",
      ])
    #expect(file.entries.map(\.name) == ["a", "keys.b", "sources.sources-y"])
  }

  /// Every value's TOML text reads back as the value, control characters and all.
  @Test func tomlTextReadsBack() throws {
    let values: [ConfigValue] = [
      .string("a \"b\" \\ \u{0}\u{1F}\u{7F}\t\n\r é 😀"), .integer(.min), .float(0.1),
      .float(1e300), .float(-0.0), .float(.leastNonzeroMagnitude), .float(.infinity), .float(.nan),
      .boolean(true), .array([.string("n"), .array([.integer(1)]), .array([])]),
    ]
    for value in values {
      let file = try ConfigFile.parsed(Array("k = \(value.toml)".utf8))
      #expect(file.value(of: "k") == value, "\(value.toml)")
    }
  }
}
