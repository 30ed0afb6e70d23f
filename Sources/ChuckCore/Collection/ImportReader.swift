import FoundationEssentials

/// One record of a file `chuck import` reads: a joke's text, or a JSON object, and the line it
/// starts on.
public struct ImportRecord: Equatable, Sendable {
  /// What a record holds.
  public enum Content: Equatable, Sendable {
    /// A joke's text (fortune, lines and CSV files).
    case text(String)
    /// A JSON object (JSON files).
    case object([String: JSONValue])
  }

  /// The line the record starts on, from 1.
  public let line: Int
  /// What it holds.
  public let content: Content

  /// Makes a record.
  /// - Parameters:
  ///   - line: the line it starts on.
  ///   - content: what it holds.
  public init(line: Int, content: Content) {
    self.line = line
    self.content = content
  }
}

/// A record of an import file that cannot be imported: nothing of the file is.
public struct MalformedRecord: Error, Equatable, Sendable {
  /// The line the record starts on (or where the file stops making sense), from 1.
  public let line: Int
  /// What is wrong.
  public let reason: String

  /// Makes a report.
  /// - Parameters:
  ///   - line: the line.
  ///   - reason: what is wrong.
  public init(line: Int, reason: String) {
    self.line = line
    self.reason = reason
  }
}

/// Reads the records of a file `chuck import` is given, in one of its formats. The file is
/// UTF-8 (a byte order mark is skipped); lines end with LF or CRLF.
///
/// - fortune: records separated by lines that are `%`; a line that is `%` after one or more
///   spaces loses one space (``JokeExport`` adds it); blank records are skipped.
/// - lines: one joke a line; blank lines are skipped.
/// - CSV (RFC 4180): a header, then one joke a record; the text is the column named `text`
///   (else `joke`, `value` or `content`); quoted fields may hold commas, quotes (doubled) and
///   line breaks.
/// - JSON: an array of objects, one object, or a chuck list file (`{"version":1,"items":[…]}`).
public enum ImportReader {
  /// The formats.
  public enum Format: String, CaseIterable, Sendable {
    /// A fortune file.
    case fortune
    /// One joke a line.
    case lines
    /// RFC 4180 CSV with a header.
    case csv
    /// JSON objects.
    case json

    /// Whether records are texts only (every format but JSON).
    public var holdsTextsOnly: Bool { self != .json }
  }

  /// The names a CSV header may give the text column, in order of preference.
  public static let csvTextColumns = ["text", "joke", "value", "content"]

  /// The records of a file.
  /// - Parameters:
  ///   - bytes: the file.
  ///   - format: its format.
  /// - Returns: the records, in file order; none for an empty file.
  /// - Throws: ``MalformedRecord`` for the first record that cannot be read.
  public static func records(in bytes: [UInt8], format: Format) throws(MalformedRecord)
    -> [ImportRecord]
  {
    let bytes = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    switch format {
    case .fortune: return fortune(try lines(of: bytes))
    case .lines:
      return try lines(of: bytes).enumerated().compactMap { index, line in
        line.trimmingWhitespace.isEmpty ? nil : ImportRecord(line: index + 1, content: .text(line))
      }
    case .csv: return try csv(bytes)
    case .json: return try json(bytes)
    }
  }

  /// The lines, without their LF or CRLF, each checked to be UTF-8.
  static func lines(of bytes: [UInt8]) throws(MalformedRecord) -> [String] {
    var lines: [String] = []
    var pieces = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
    if pieces.last?.isEmpty == true { pieces.removeLast() }
    for (index, piece) in pieces.enumerated() {
      let line = piece.last == 0x0D ? piece.dropLast() : piece
      guard let text = String(validating: line, as: UTF8.self) else {
        throw MalformedRecord(line: index + 1, reason: "not UTF-8 text")
      }
      lines.append(text)
    }
    return lines
  }

  // MARK: fortune

  private static func fortune(_ lines: [String]) -> [ImportRecord] {
    var records: [ImportRecord] = []
    var record: [String] = []
    var start = 0
    func finish() {
      let text = record.joined(separator: "\n")
      if !text.trimmingWhitespace.isEmpty {
        records.append(ImportRecord(line: start, content: .text(text)))
      }
      record = []
    }
    for (index, line) in lines.enumerated() {
      if line == "%" {
        finish()
        continue
      }
      if record.allSatisfy({ $0.trimmingWhitespace.isEmpty }) { start = index + 1 }
      let escaped = line.first == " " && JokeExport.isSeparatorLike(Substring(line))
      record.append(escaped ? String(line.dropFirst()) : line)
    }
    finish()
    return records
  }

  // MARK: CSV

  private static func csv(_ bytes: [UInt8]) throws(MalformedRecord) -> [ImportRecord] {
    // Checked line by line first, so that bad bytes are reported on their line.
    _ = try lines(of: bytes)
    let rows = try csvRows(String(decoding: bytes, as: UTF8.self))
    guard let header = rows.first(where: { !$0.isBlank }) else { return [] }
    let names = header.fields.map { $0.trimmingWhitespace.lowercased() }
    guard let column = csvTextColumns.lazy.compactMap({ names.firstIndex(of: $0) }).first else {
      throw MalformedRecord(
        line: header.line,
        reason: "the header names no text column ("
          + csvTextColumns.joined(separator: ", ") + ")")
    }
    var records: [ImportRecord] = []
    for row in rows where row.line > header.line && !row.isBlank {
      guard row.fields.count == header.fields.count else {
        throw MalformedRecord(
          line: row.line,
          reason: "\(row.fields.count) fields where the header has \(header.fields.count)")
      }
      let text = row.fields[column]
      guard !text.trimmingWhitespace.isEmpty else {
        throw MalformedRecord(line: row.line, reason: "the text is empty")
      }
      records.append(ImportRecord(line: row.line, content: .text(text)))
    }
    return records
  }

  /// One CSV record: its fields and the line it starts on.
  struct CSVRow: Equatable {
    var line: Int
    var fields: [String]
    /// A blank line.
    var isBlank: Bool { fields.count == 1 && fields[0].isEmpty }
  }

  /// Splits CSV text into records (RFC 4180; CRLF inside a quoted field becomes LF).
  static func csvRows(_ text: String) throws(MalformedRecord) -> [CSVRow] {
    var rows: [CSVRow] = []
    var fields: [String] = []
    var field = String.UnicodeScalarView()
    var line = 1
    var rowLine = 1
    var quoteLine = 1
    var inQuotes = false
    var afterQuote = false
    var scalars = Array(text.unicodeScalars)[...]
    func endField() {
      fields.append(String(field))
      field = String.UnicodeScalarView()
      afterQuote = false
    }
    while let scalar = scalars.popFirst() {
      if inQuotes {
        switch scalar {
        case "\"":
          if scalars.first == "\"" {
            scalars.removeFirst()
            field.append("\"")
          } else {
            inQuotes = false
            afterQuote = true
          }
        case "\r" where scalars.first == "\n":
          break
        default:
          if scalar == "\n" { line += 1 }
          field.append(scalar)
        }
        continue
      }
      switch scalar {
      case ",":
        endField()
      case "\r" where scalars.first == "\n":
        break
      case "\n":
        endField()
        rows.append(CSVRow(line: rowLine, fields: fields))
        fields = []
        line += 1
        rowLine = line
      case "\"":
        guard field.isEmpty, !afterQuote else {
          throw MalformedRecord(line: line, reason: "a quote inside an unquoted field")
        }
        inQuotes = true
        quoteLine = line
      default:
        guard !afterQuote else {
          throw MalformedRecord(line: line, reason: "text after a closing quote")
        }
        field.append(scalar)
      }
    }
    if inQuotes {
      throw MalformedRecord(line: quoteLine, reason: "a quoted field is not closed")
    }
    if !field.isEmpty || !fields.isEmpty || afterQuote {
      endField()
      rows.append(CSVRow(line: rowLine, fields: fields))
    }
    return rows
  }

  // MARK: JSON

  private static func json(_ bytes: [UInt8]) throws(MalformedRecord) -> [ImportRecord] {
    let lineStarts = [0] + bytes.indices.filter { bytes[$0] == 0x0A }.map { $0 + 1 }
    func line(at offset: Int) -> Int {
      // The number of line starts at or before the offset.
      var low = 0
      var high = lineStarts.count
      while low < high {
        let middle = (low + high) / 2
        if lineStarts[middle] <= offset { low = middle + 1 } else { high = middle }
      }
      return max(low, 1)
    }
    let ranges: [Range<Int>]
    switch topLevelValues(bytes) {
    case .success(let found): ranges = found
    case .failure(let problem):
      throw MalformedRecord(line: line(at: problem.offset), reason: problem.reason)
    }
    return try ranges.map { (range) throws(MalformedRecord) in
      do {
        let object = try JSONDecoder().decode([String: JSONValue].self, from: Data(bytes[range]))
        return ImportRecord(line: line(at: range.lowerBound), content: .object(object))
      } catch {
        throw MalformedRecord(line: line(at: range.lowerBound), reason: "not a JSON object")
      }
    }
  }

  /// Why the JSON is unusable, and at which byte.
  struct JSONProblem: Error {
    var offset: Int
    var reason: String
  }

  /// The byte ranges of the objects: an array's elements, a list file's items, or one object.
  private static func topLevelValues(_ bytes: [UInt8]) -> Result<[Range<Int>], JSONProblem> {
    let scanned = bytes.withUnsafeBufferPointer {
      buffer -> Result<([Range<Int>], Bool), JSONProblem> in
      var scanner = JSONScanner(buffer)
      do throws(JSONScanner.Failure) {
        var found: [Range<Int>] = []
        var isList = false
        switch scanner.peek() {
        case nil:
          return .success(([], false))
        case UInt8(ascii: "["):
          try scanner.array { (scanner) throws(JSONScanner.Failure) in
            found.append(try scanner.value())
          }
        case UInt8(ascii: "{"):
          let start = scanner.position
          try scanner.object { (key, scanner) throws(JSONScanner.Failure) in
            if scanner.string(at: key, is: Array("items".utf8)) { isList = true }
            _ = try scanner.value()
          }
          found = [start..<scanner.position]
        default:
          return .failure(
            JSONProblem(offset: scanner.position, reason: "not a JSON array or object"))
        }
        scanner.skipWhitespace()
        guard scanner.isAtEnd else {
          return .failure(JSONProblem(offset: scanner.position, reason: "data after the JSON"))
        }
        return .success((found, isList))
      } catch {
        return .failure(JSONProblem(offset: error.offset, reason: "not JSON: \(error.reason)"))
      }
    }
    switch scanned {
    case .failure(let problem): return .failure(problem)
    case .success((let found, false)): return .success(found)
    case .success((_, true)):
      switch ListEnvelope.scan(bytes) {
      case .success(let raw): return .success(raw.items)
      case .failure(.unknownVersion(let version)):
        return .failure(
          JSONProblem(
            offset: 0, reason: "a chuck list of version \(version), which this chuck does not know")
        )
      case .failure(.invalid(let reason)):
        return .failure(JSONProblem(offset: 0, reason: "not a chuck list: \(reason)"))
      }
    }
  }
}
