import FoundationEssentials

/// `ConfigFile`, the config file's parser and editor: any bytes parse without a trap, each
/// entry's ranges lie in its line and each problem on a line of the file; every value's TOML text
/// reads back as the value; and in a file without problems, setting a key (one it has or a new
/// one, in one of its tables or a new table) and removing one change only that key.
enum ConfigTarget {
  static func run(_ bytes: [UInt8]) {
    let (file, problems) = ConfigFile.parse(bytes)
    let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).count
    for problem in problems {
      FuzzCheck.require(
        problem.line.map { (1...lines).contains($0) } ?? false, "problem off the file: \(problem)")
    }
    var previous = 0
    for entry in file.entries {
      FuzzCheck.require(entry.line > previous, "entries out of order at line \(entry.line)")
      previous = entry.line
      FuzzCheck.require(
        entry.range.upperBound <= entry.lineEnd && entry.lineEnd <= bytes.count
          && entry.range.lowerBound <= entry.valueRange.lowerBound
          && entry.valueRange.upperBound <= entry.range.upperBound,
        "ranges of line \(entry.line) out of place")
      let again = ConfigFile.parse(Array("k = \(entry.value.toml)".utf8))
      FuzzCheck.require(
        again.problems.isEmpty && again.file.value(of: "k") == entry.value,
        "\(entry.value.toml) does not read back: \(again.problems)")
    }
    guard problems.isEmpty else { return }
    let tables = [""] + file.tables + ["fuzz-table"]
    let table = tables[bytes.count % tables.count]
    let keys = file.entries.filter { $0.table == table }.map(\.key) + ["fuzz-key"]
    let key = keys[(bytes.count / 7) % keys.count]
    let values: [ConfigValue] = [
      .string("dad \"q\" \u{7}"), .integer(-3), .float(0.5), .boolean(true),
      .array([.string("n"), .string("+")]),
    ]
    let value = values[(bytes.first.map(Int.init) ?? 0) % values.count]
    let full = table.isEmpty ? key : table + "." + key
    let clashes =
      file.tables.contains { $0 == full || $0.hasPrefix(full + ".") }
      || file.entries.contains { $0.name == table || table.hasPrefix($0.name + ".") }
    guard !clashes else { return }
    let others = { (file: ConfigFile) in
      file.entries.filter { !($0.table == table && $0.key == key) }.map {
        "\($0.table) \($0.key) \($0.value.toml)"
      }
    }
    let set = ConfigFile.parse(file.setting(key, in: table, to: value))
    FuzzCheck.require(set.problems.isEmpty, "a set file has problems: \(set.problems)")
    FuzzCheck.require(set.file.value(of: key, in: table) == value, "\(full) is not set")
    FuzzCheck.require(others(set.file) == others(file), "setting \(full) changed another entry")
    let removed = ConfigFile.parse(set.file.removing(key, in: table))
    FuzzCheck.require(removed.problems.isEmpty, "a file with a key removed has problems")
    FuzzCheck.require(removed.file.entry(key, in: table) == nil, "\(full) is not removed")
    FuzzCheck.require(others(removed.file) == others(file), "removing \(full) changed another")
  }
}
