import FoundationEssentials

/// `chuck export`: saved lists written out for other programs, oldest first, one source after
/// another in ``JokeSource/allCases`` order.
///
/// - `fortune`: each joke's text (a two-part joke's setup and punchline on two lines), then a
///   line `%`: the file `strfile` indexes and `fortune FILE` reads. A line of a joke that is `%`
///   after spaces gets one more space in front (` %`), which `chuck import` takes off again.
/// - `json`: the saved objects as a JSON array, as the list files hold them; with several
///   sources, each object has a `source` field added (what `chuck import --source all` reads).
/// - `csv`: RFC 4180, CRLF line ends, a header `source,id,date,text`, a field in double quotes
///   when it holds a quote, a comma or a line break (quotes doubled); the date is the one the
///   list shows (`created_at`, else `saved_at`), `YYYY-MM-DD HH:MM:SS` UTC.
///
/// Texts of fortune and CSV files are made safe for a terminal as everywhere else (control
/// characters become U+FFFD), since such files end up printed; JSON escapes them as JSON does.
public struct JokeExport: Sendable {
  /// What the jokes are written as.
  public enum Format: String, CaseIterable, Sendable {
    /// A fortune file.
    case fortune
    /// A JSON array of the saved objects.
    case json
    /// RFC 4180 CSV.
    case csv
  }

  /// What is written.
  public let format: Format
  /// The lists written, in order.
  public let sources: [JokeSource]

  /// Makes an export.
  /// - Parameters:
  ///   - format: the format.
  ///   - sources: the lists to write, in order.
  public init(format: Format, sources: [JokeSource]) {
    self.format = format
    self.sources = sources
  }

  /// The CSV header.
  public static let csvHeader = "source,id,date,text"
  /// The field added to each JSON object when several sources are exported.
  public static let sourceField = "source"

  /// Reads every list, then writes them, in pieces of about 64 KiB.
  /// - Parameters:
  ///   - components: where the lists are.
  ///   - write: receives the output, piece by piece, in order.
  /// - Throws: a storage error of any list (before anything is written).
  public func write(from components: ChuckComponents, to write: (TerminalText) -> Void)
    throws(ChuckError)
  {
    let lists = try components.together { () throws(ChuckError) -> [(JokeSource, Writer)] in
      try sources.map { (source) throws(ChuckError) in
        (source, try Self.writer(of: source.kind, components))
      }
    }
    var output = Output()
    switch format {
    case .fortune:
      for (_, writer) in lists {
        try writer.entries { output.append(Self.fortuneRecord($0.text), write) }
      }
    case .csv:
      output.append(Self.csvHeader + "\r\n", write)
      for (source, writer) in lists {
        try writer.entries { entry in
          let date = entry.date.map { SwedishDateFormatter().dateTime($0) } ?? ""
          output.append(Self.csvRow([source.name, entry.id, date, entry.text]), write)
        }
      }
    case .json where lists.count == 1:
      // As `list --json` prints it: each item as the file holds it, terminal controls escaped.
      lists[0].1.jsonArray { write(TerminalText(verbatim: String(decoding: $0, as: UTF8.self))) }
    case .json:
      var first = true
      output.append("[", write)
      for (source, writer) in lists {
        try writer.objects { object in
          var object = object
          object[Self.sourceField] = .string(source.name)
          output.append(first ? "\n" : ",\n", write)
          first = false
          output.append(json: Self.encode(object), write)
        }
      }
      output.append(first ? "]\n" : "\n]\n", write)
    }
    output.flush(write)
  }

  // MARK: Formats

  /// One joke of a fortune file: its text made safe, each line that is `%` after spaces given
  /// one more space, then a line `%`.
  /// - Parameter text: the joke's whole text.
  /// - Returns: the record, ending with `%` and a newline.
  public static func fortuneRecord(_ text: String) -> String {
    let safe = TerminalSafeText.render(text, keepNewlines: true)
    let lines = safe.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      isSeparatorLike(line) ? " " + line : String(line)
    }
    return lines.joined(separator: "\n") + "\n%\n"
  }

  /// Whether a line is `%` after any number of spaces: the separator, or an escaped one.
  /// - Parameter line: a line without its line break.
  static func isSeparatorLike(_ line: Substring) -> Bool {
    line.last == "%" && line.dropLast().allSatisfy { $0 == " " }
  }

  /// One CSV record: each field made safe, in quotes when it holds a quote, a comma, a space at
  /// either end or a line break, then CRLF.
  /// - Parameter fields: the fields.
  /// - Returns: the record.
  public static func csvRow(_ fields: [String]) -> String {
    fields.map(csvField).joined(separator: ",") + "\r\n"
  }

  /// One CSV field, made safe and quoted when needed (RFC 4180).
  /// - Parameter field: the raw field.
  /// - Returns: the field as written.
  static func csvField(_ field: String) -> String {
    let safe = TerminalSafeText.render(field, keepNewlines: true)
    let needsQuotes =
      safe.unicodeScalars.contains { $0 == "\"" || $0 == "," || $0 == "\n" }
      || safe.first?.isWhitespace == true || safe.last?.isWhitespace == true
    guard needsQuotes else { return safe }
    return "\"" + safe.replacing("\"", with: "\"\"") + "\""
  }

  /// A joke's whole text: a two-part joke's setup and punchline on two lines.
  /// - Parameters:
  ///   - text: the text, or the setup.
  ///   - punchline: the punchline of a two-part joke.
  /// - Returns: the text.
  public static func wholeText(_ text: String, punchline: String?) -> String {
    punchline.map { text + "\n" + $0 } ?? text
  }

  private static func encode(_ object: [String: JSONValue]) -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // Encoding decoded JSON values cannot fail.
    return Array((try? encoder.encode(object)) ?? Data("{}".utf8))
  }

  // MARK: Reading the lists

  /// One joke as the text formats write it.
  struct Entry {
    let id: String
    let date: PostgresTimestamp?
    let text: String
  }

  /// One list, read, ready to be written.
  struct Writer {
    /// Each joke, oldest first.
    let entries: ((Entry) -> Void) throws(ChuckError) -> Void
    /// Each joke's object, oldest first.
    let objects: (([String: JSONValue]) -> Void) throws(ChuckError) -> Void
    /// The objects as a JSON array, as the file holds them.
    let jsonArray: (([UInt8]) -> Void) -> Void
  }

  private static func writer<Kind: JokeKind>(of kind: Kind.Type, _ components: ChuckComponents)
    throws(ChuckError) -> Writer
  {
    let list = components.list(kind)
    let saved = try list.saved()
    let order = saved.oldestFirst()
    let path = list.store.fileURL.path
    return Writer(
      entries: { (body: (Entry) -> Void) throws(ChuckError) in
        for position in order {
          let joke = try saved.joke(at: position)
          body(
            Entry(
              id: joke.id, date: joke.listRow.date,
              text: wholeText(joke.text, punchline: joke.punchline)))
        }
      },
      objects: { (body: ([String: JSONValue]) -> Void) throws(ChuckError) in
        let encoder = JSONEncoder()
        for position in order {
          do {
            let data = try encoder.encode(try saved.joke(at: position))
            body(try JSONDecoder().decode([String: JSONValue].self, from: data))
          } catch let error as ChuckError {
            throw error
          } catch {
            throw .storageCorrupt(path: path, reason: DecodingProblem.describe(error))
          }
        }
      },
      jsonArray: { body in saved.jsonArray(order, to: body) })
  }

  /// The output, handed on in pieces of about 64 KiB.
  private struct Output {
    var buffer = ""

    mutating func append(_ text: String, _ write: (TerminalText) -> Void) {
      buffer += text
      if buffer.utf8.count >= 1 << 16 { flush(write) }
    }

    /// JSON text, its terminal controls escaped.
    mutating func append(json: [UInt8], _ write: (TerminalText) -> Void) {
      append(String(decoding: JSONText.escapingTerminalControls(json), as: UTF8.self), write)
    }

    mutating func flush(_ write: (TerminalText) -> Void) {
      guard !buffer.isEmpty else { return }
      write(TerminalText(verbatim: buffer))
      buffer = ""
    }
  }
}
