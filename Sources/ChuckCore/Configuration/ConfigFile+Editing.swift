/// Changes to one setting that keep every other byte of the file: its comments, its order, its
/// spacing and its line ends. They are meant for a file that parsed without problems (`set`
/// validates first); in another, a line with a problem is kept as it is, as any other.
extension ConfigFile {
  /// The file with a key set to a value: the whole new file, to be written in place of the old.
  ///
  /// A key the file sets has its value's bytes replaced, and nothing else: the key's spelling,
  /// the spacing around `=` and a comment after the value stay. A key it does not set gets a line
  /// `key = value`: after the last setting of its table; else right under the table's header;
  /// else, for the top level, before the first header (and the comment lines right above it),
  /// with a blank line after it; else at the end of the file, under a new header, with a blank
  /// line before it. An added line ends with the file's line end (CRLF when its first line does),
  /// and a last line without one gets one only when a line is added after it.
  /// - Parameters:
  ///   - key: a bare key (``isBareKey(_:)``), as the settings declare them.
  ///   - table: its table, `""` for the top level (``isTableName(_:)``).
  ///   - value: the new value.
  /// - Returns: the new file.
  public func setting(_ key: String, in table: String, to value: ConfigValue) -> [UInt8] {
    precondition(Self.isBareKey(key) && Self.isTableName(table), "not a bare key: \(table).\(key)")
    let line = Array("\(key) = \(value.toml)".utf8)
    if let entry = entry(key, in: table) {
      return Array(bytes[..<entry.valueRange.lowerBound]) + Array(value.toml.utf8)
        + bytes[entry.valueRange.upperBound...]
    }
    if let last = entries.last(where: { $0.table == table }) {
      return inserting([line], at: last.lineEnd)
    }
    if let header = headers.first(where: { $0.name == table }) {
      return inserting([line], at: header.span.upperBound)
    }
    if table.isEmpty {
      guard let first = headers.first else { return inserting([line], at: bytes.count) }
      return inserting([line, []], at: startOfComments(above: first.line))
    }
    let blank = bytes.isEmpty || endsWithBlankLine ? [] : [[UInt8]()]
    return inserting(blank + [Array("[\(table)]".utf8), line], at: bytes.count)
  }

  /// The file without a key's line (its line end included), or the same bytes when the file
  /// does not set it. Comments above it, and its table's header, stay.
  /// - Parameters:
  ///   - key: the key.
  ///   - table: its table, `""` for the top level.
  /// - Returns: the new file.
  public func removing(_ key: String, in table: String) -> [UInt8] {
    guard let entry = entry(key, in: table) else { return bytes }
    return Array(bytes[..<entry.range.lowerBound]) + bytes[entry.lineEnd...]
  }

  /// The file with lines added at `position`, the start of a line or the end of the file; a last
  /// line without a line end gets one first.
  private func inserting(_ lines: [[UInt8]], at position: Int) -> [UInt8] {
    var added: [UInt8] = []
    if position == bytes.count, let last = bytes.last, last != 0x0A { added += newline }
    for line in lines { added += line + newline }
    return Array(bytes[..<position]) + added + bytes[position...]
  }

  /// Where the comment lines right above a line start (no blank line between), or that line's
  /// own start when there are none: they are taken to be about it.
  private func startOfComments(above line: Int) -> Int {
    var index = line - 1
    while index > 0, isComment(lineIndex: index - 1) { index -= 1 }
    return lineStarts[index]
  }

  /// Whether the line (from 0) holds only spaces and a `#` comment.
  private func isComment(lineIndex: Int) -> Bool {
    let end = lineIndex + 1 < lineStarts.count ? lineStarts[lineIndex + 1] : bytes.count
    let first = bytes[lineStarts[lineIndex]..<end].first { $0 != 0x20 && $0 != 0x09 }
    return first == UInt8(ascii: "#")
  }

  /// Whether the file's last line is blank (only spaces, and a line end).
  private var endsWithBlankLine: Bool {
    guard let start = lineStarts.last, bytes.last == 0x0A else { return false }
    return bytes[start...].allSatisfy { [0x20, 0x09, 0x0D, 0x0A].contains($0) }
  }
}
