import ChuckTestSupport
import Testing

@testable import ChuckCore

/// `chuck config set` and `unset` change one line and keep every other byte.
@Suite struct ConfigFileEditingTests {
  static func set(_ text: String, _ key: String, in table: String = "", to value: ConfigValue)
    throws -> String
  {
    let bytes = try ConfigFile.parsed(Array(text.utf8)).setting(key, in: table, to: value)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A set key's value is replaced; its spelling, spacing and comment stay.
  @Test func replacesValueOnly() throws {
    let text = "# top\nsource\t =  \"dad\"  # mine\r\ntimeout=10"
    #expect(
      try Self.set(text, "source", to: .string("chuck"))
        == "# top\nsource\t =  \"chuck\"  # mine\r\ntimeout=10")
    #expect(
      try Self.set(text, "timeout", to: .integer(5))
        == "# top\nsource\t =  \"dad\"  # mine\r\ntimeout=5")
  }

  /// A new key goes after its table's last entry, under its header, or into a new table at
  /// the end; a top-level key before the first header and the comments right above it.
  @Test func addsWhereTheTableIs() throws {
    let text = "# chuck\n\na = 1\n# about keys\n[keys]\njoke = \"n\"\n\n[empty]\n# end"
    #expect(
      try Self.set(text, "quit", in: "keys", to: .string("q"))
        == "# chuck\n\na = 1\n# about keys\n[keys]\njoke = \"n\"\nquit = \"q\"\n\n[empty]\n# end")
    #expect(
      try Self.set(text, "x", in: "empty", to: .boolean(true))
        == "# chuck\n\na = 1\n# about keys\n[keys]\njoke = \"n\"\n\n[empty]\nx = true\n# end")
    #expect(
      try Self.set(text, "b", to: .integer(2))
        == "# chuck\n\na = 1\nb = 2\n# about keys\n[keys]\njoke = \"n\"\n\n[empty]\n# end")
    #expect(
      try Self.set(text, "url", in: "sources.x", to: .string("u"))
        == text + "\n\n[sources.x]\nurl = \"u\"\n")
    #expect(
      try Self.set("# chuck\r\n\r\n# keys\r\n[keys]", "b", to: .integer(2))
        == "# chuck\r\n\r\nb = 2\r\n\r\n# keys\r\n[keys]")
    #expect(try Self.set("", "a", in: "t", to: .integer(1)) == "[t]\na = 1\n")
    #expect(try Self.set("a = 1", "b", to: .integer(2)) == "a = 1\nb = 2\n")
    #expect(try Self.set("a = 1\n\n", "x", in: "t", to: .integer(2)) == "a = 1\n\n[t]\nx = 2\n")
  }

  /// A removed key's line goes, line end and all; an absent key changes nothing.
  @Test func removesOneLine() throws {
    let file = try ConfigFile.parsed(Array("a = 1 # c\r\n[t]\nb = 2".utf8))
    #expect(String(decoding: file.removing("a", in: ""), as: UTF8.self) == "[t]\nb = 2")
    #expect(String(decoding: file.removing("b", in: "t"), as: UTF8.self) == "a = 1 # c\r\n[t]\n")
    #expect(file.removing("b", in: "") == file.bytes)
  }

  /// Random files from a small generator: after `setting`, the key reads as the new value,
  /// every other entry as before, and the bytes are the old ones with one value replaced or
  /// whole lines inserted at one place.
  @Test func settingChangesOneThing() throws {
    var generator = SeededGenerator(seed: 0xC0F1)
    for _ in 0..<3_000 {
      let text = Self.randomFile(&generator)
      let (file, problems) = ConfigFile.parse(Array(text.utf8))
      try #require(problems == [], "\(text.debugDescription): \(problems)")
      let tables = [""] + file.tables + ["new", "sources.new"]
      let table = tables.randomElement(using: &generator)!
      let key = ["a", "b", "c", "joke", "zz"].randomElement(using: &generator)!
      let value = Self.randomValue(&generator)
      let new = file.setting(key, in: table, to: value)
      let (after, newProblems) = ConfigFile.parse(new)
      let shown = "\(text.debugDescription) [\(table)] \(key) = \(value.toml)"
      #expect(newProblems == [], "\(shown): \(newProblems)")
      #expect(after.value(of: key, in: table) == value, "\(shown)")
      let others = { (file: ConfigFile) in
        file.entries.filter { !($0.table == table && $0.key == key) }.map {
          "\($0.table) \($0.key) \($0.value.toml)"
        }
      }
      #expect(others(after) == others(file), "\(shown)")
      if let old = file.entry(key, in: table) {
        #expect(
          new == Array(file.bytes[..<old.valueRange.lowerBound]) + Array(value.toml.utf8)
            + file.bytes[old.valueRange.upperBound...], "\(shown)")
      } else {
        let prefix = zip(file.bytes, new).prefix { $0 == $1 }.count
        let suffix = zip(file.bytes.reversed(), new.reversed()).prefix { $0 == $1 }.count
        #expect(prefix + suffix >= file.bytes.count, "\(shown)")
        #expect(prefix == 0 || file.bytes[prefix - 1] == 0x0A || prefix == file.bytes.count)
      }
    }
  }

  static func randomValue(_ generator: inout SeededGenerator) -> ConfigValue {
    switch Int.random(in: 0..<5, using: &generator) {
    case 0:
      return .string(["dad", "", "a \"q\" \\ é\t", "/title"].randomElement(using: &generator)!)
    case 1: return .integer(Int.random(in: -1000...1000, using: &generator))
    case 2: return .float([1.5, -0.25, 1e20].randomElement(using: &generator)!)
    case 3: return .boolean(Bool.random(using: &generator))
    default: return .array([.string("n"), .string("+")])
    }
  }

  /// A file of comments, blanks, settings and headers, with varied spacing, comments after
  /// values, LF or CRLF, and maybe no final line end; keys once per table, headers once.
  static func randomFile(_ generator: inout SeededGenerator) -> String {
    let newline = Bool.random(using: &generator) ? "\n" : "\r\n"
    var lines: [String] = []
    var table = ""
    var used: Set<String> = []
    var headers: Set<String> = [""]
    for _ in 0..<Int.random(in: 0...12, using: &generator) {
      switch Int.random(in: 0..<6, using: &generator) {
      case 0: lines.append(["# a comment", "", "  \t", "#"].randomElement(using: &generator)!)
      case 1:
        let name = ["keys", "sources.articles", "x"].randomElement(using: &generator)!
        guard headers.insert(name).inserted else { continue }
        table = name
        lines.append(["[\(name)]", " [\(name)]  # t"].randomElement(using: &generator)!)
      default:
        let key = ["a", "b", "c", "joke", "Z-9_"].randomElement(using: &generator)!
        guard used.insert(table + "." + key).inserted else { continue }
        let space = [" = ", "=", "\t=  "].randomElement(using: &generator)!
        let comment = ["", "  # why", "#"].randomElement(using: &generator)!
        lines.append(key + space + randomValue(&generator).toml + comment)
      }
    }
    let end = Bool.random(using: &generator) ? newline : ""
    return lines.joined(separator: newline) + (lines.isEmpty ? "" : end)
  }
}
