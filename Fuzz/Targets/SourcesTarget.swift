import FoundationEssentials

/// What a declared source (issue 32) reads from outside: its `[sources.NAME]` tables, the JSON
/// Pointers in them and its `date-parse` pattern. Any bytes as a config file give declarations or
/// problems on the file's lines, never a trap; a declared name is one the rules allow; a pointer
/// that parses gives its text back and resolves in any document without a trap; a date pattern
/// that parses reads any text without a trap, and a date it reads is a real one, in whole seconds.
enum SourcesTarget {
  static func run(_ bytes: [UInt8]) {
    let (file, _) = ConfigFile.parse(bytes)
    let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).count
    let (declarations, problems) = SourceDeclaration.declarations(
      in: file, path: "config", environment: ["TOKEN": "secret"])
    for problem in problems {
      FuzzCheck.require(
        problem.line.map { (1...lines).contains($0) } ?? true, "problem off the file: \(problem)")
    }
    for declaration in declarations {
      FuzzCheck.require(
        !declaration.name.isEmpty
          && declaration.name.utf8.allSatisfy {
            (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D
          },
        "a declared name breaks the rules: \(declaration.name.debugDescription)")
    }
    // The bytes as a pointer, then as a date pattern and a date (split at the first NUL).
    let parts = bytes.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
    let first = String(decoding: parts[0], as: UTF8.self)
    let rest = parts.count > 1 ? String(decoding: parts[1], as: UTF8.self) : ""
    if let pointer = try? JSONPointer(parsing: first) {
      FuzzCheck.require(
        pointer.description == first, "\(first.debugDescription) does not read back")
      let document = JSONValue.object([
        "a": .array([.string(rest), .number(1), .object(["": .null, "~/": .bool(true)])]),
        first: .string("self"),
      ])
      _ = pointer.resolve(in: document)
    }
    if let pattern = try? DateParsePattern(first), let stamp = pattern.timestamp(from: rest) {
      FuzzCheck.require(
        PostgresTimestamp(stamp.text) == stamp && stamp.microseconds % 1_000_000 == 0,
        "\(rest.debugDescription) read as \(stamp.text), which is no date of whole seconds")
    }
  }
}
