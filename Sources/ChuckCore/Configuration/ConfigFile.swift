/// The config file (`$XDG_CONFIG_HOME/chuck/config`), as it was read: its bytes, and the settings
/// it holds in file order. Its format is a flat subset of TOML, so that every TOML tool reads it:
///
/// ```toml
/// # Comments anywhere.
/// source = "dad"
/// exclude = ["explicit", "nsfw"]
/// timeout = 10
///
/// [keys]
/// joke = ["n", "+"]
/// ```
///
/// A line is a `key = value`, a table header (`[keys]`, `[sources.articles]`), a comment or blank.
/// Keys are bare (letters, digits, `_`, `-`); values are basic (`"…"`, with TOML's escapes) or
/// literal (`'…'`) strings, integers, floats, `true`, `false`, and arrays on one line. Multi-line
/// strings and arrays, quoted and dotted keys, inline tables, dates and arrays of tables are
/// refused, each with a message that says so. The file is UTF-8 with LF or CRLF line ends; a
/// byte order mark is refused, as not every TOML tool skips it.
///
/// ``parse(_:)`` reads it and finds every problem at once; ``setting(_:in:to:)`` and
/// ``removing(_:in:)`` change one line and keep every other byte.
public struct ConfigFile: Sendable {
  /// The file's bytes.
  public let bytes: [UInt8]
  /// The settings, in file order; a line with a problem makes none.
  public let entries: [ConfigEntry]
  /// The table headers, in file order, a repeated one included.
  let headers: [Header]
  /// Where each line starts; a file that ends with a line end has no empty last line here.
  let lineStarts: [Int]
  /// The line end that added lines get: CRLF when the file's first line ends so, else LF.
  let newline: [UInt8]

  /// A `[name]` line.
  struct Header: Sendable {
    /// The table's name, its parts joined by `.` (`sources.articles`).
    let name: String
    /// Its line number, from 1.
    let line: Int
    /// The line's bytes, its line end included.
    let span: Range<Int>
  }

  /// The value of a key of a table, or `nil` when the file does not set it.
  /// - Parameters:
  ///   - key: the key (`timeout`).
  ///   - table: its table: `""` for the top level, `keys`, `sources.articles`.
  /// - Returns: the value of its first setting.
  public func value(of key: String, in table: String = "") -> ConfigValue? {
    entry(key, in: table)?.value
  }

  /// The setting of a key of a table, or `nil` when the file does not set it.
  /// - Parameters:
  ///   - key: the key.
  ///   - table: its table, `""` for the top level.
  /// - Returns: its first setting.
  public func entry(_ key: String, in table: String = "") -> ConfigEntry? {
    entries.first { $0.table == table && $0.key == key }
  }

  /// The tables that have a header, in file order, each once.
  public var tables: [String] {
    // An array, not a set: a set of strings is made at run time from its mangled name, which
    // costs a scan of every protocol conformance on the start-up path of `pick`.
    var seen: [String] = []
    for header in headers where !seen.contains(header.name) { seen.append(header.name) }
    return seen
  }

  /// Whether a word is a bare key: letters, digits, `_` and `-`, at least one.
  /// - Parameter word: the key.
  /// - Returns: `true` for `timeout`, `open-link`; `false` for `""`, `a.b`, `"a"`.
  public static func isBareKey(_ word: String) -> Bool {
    !word.isEmpty && word.utf8.allSatisfy(isKeyByte)
  }

  /// Whether a name is a table's: bare keys joined by `.` (`keys`, `sources.articles`), or `""`
  /// for the top level.
  /// - Parameter name: the table's name.
  /// - Returns: whether ``setting(_:in:to:)`` can write it as a header.
  public static func isTableName(_ name: String) -> Bool {
    name.isEmpty
      || name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy {
        isBareKey(String($0))
      }
  }

  static func isKeyByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
      return true
    default:
      return false
    }
  }
}

/// One `key = value` line of the config file.
public struct ConfigEntry: Sendable, Equatable {
  /// Its table: `""` for the top level, `keys`, `sources.articles`.
  public let table: String
  /// The key, as the file spells it.
  public let key: String
  /// The value.
  public let value: ConfigValue
  /// The line number, from 1.
  public let line: Int
  /// The line's bytes in the file, its line end (LF or CRLF) left out.
  public let range: Range<Int>
  /// The value's bytes in the file, from its first byte to its last.
  public let valueRange: Range<Int>
  /// Where the next line starts: after the line end, or the end of a file that has none.
  public let lineEnd: Int

  /// The key with its table, as a message names it: `timeout`, `keys.joke`.
  public var name: String { table.isEmpty ? key : table + "." + key }
}

/// One thing wrong in the config file: where, which key, and what is wrong in plain words that
/// say what is allowed instead.
public struct ConfigProblem: Sendable, Equatable, CustomStringConvertible {
  /// The line, from 1; `nil` for the file as a whole (not a regular file, too large…).
  public let line: Int?
  /// The key with its table (`timeout`, `keys.joke`), when the problem is one key's.
  public let key: String?
  /// What is wrong, without the file, line or key: `"5x" is not a value: …`.
  public let message: String

  /// Makes a problem.
  /// - Parameters:
  ///   - line: the line, from 1, or `nil` for the whole file.
  ///   - key: the key with its table, if the problem is one key's.
  ///   - message: what is wrong and what is allowed.
  public init(line: Int?, key: String? = nil, message: String) {
    self.line = line
    self.key = key
    self.message = message
  }

  /// The problem without its file: `line 3: timeout: …`, `line 7: …`.
  public var description: String {
    [line.map { "line \($0)" }, key, message].compactMap(\.self).joined(separator: ": ")
  }

  /// The problem as a message names it, with its file, as a compiler does:
  /// `/home/me/.config/chuck/config:3: timeout: …`.
  /// - Parameter path: the file.
  /// - Returns: one line.
  public func message(in path: String) -> String {
    let place = line.map { "\(path):\($0)" } ?? path
    return [place, key, message].compactMap(\.self).joined(separator: ": ")
  }
}
