import FoundationEssentials

/// `--format`: a joke printed for another program — a status bar, a motd, a notification. A
/// template names fields in braces (`{value}`, `{id}` …; `{{` and `}}` are braces), nothing more:
/// no logic. `--oneline` collapses whitespace, `--max-width N` cuts with `…` on a grapheme
/// boundary, in terminal columns. `waybar` prints waybar's JSON on one line. Text formats are made
/// safe for a terminal; JSON is JSON-escaped, terminal controls too.
public struct JokeFormat: Sendable, Equatable {
  /// One piece of a template.
  enum Piece: Sendable, Equatable {
    case text(String)
    case field(Field)
  }

  /// The fields a template can name.
  public enum Field: String, Sendable, CaseIterable {
    /// The whole text (a two-part joke's setup and punchline on two lines).
    case value
    /// The text, or a two-part joke's setup.
    case setup
    /// A two-part joke's punchline (empty for a one-part joke).
    case punchline
    /// The id.
    case id
    /// The source's name.
    case source
    /// The categories, comma-separated.
    case categories
    /// The joke's link (empty when it has none).
    case url
    /// The date the list shows (`created_at`, else the day it was saved), `YYYY-MM-DD` unless a
    /// date format says otherwise (``ShownDates/date``).
    case date
  }

  /// What is printed.
  enum Kind: Sendable, Equatable {
    case template([Piece])
    case waybar
  }

  let kind: Kind
  /// Whether whitespace is collapsed to single spaces, the output on one line.
  public let oneLine: Bool
  /// The most columns the text takes (`…` included), if limited.
  public let maximumWidth: Int?

  /// The fields' names, in braces, for messages.
  public static var fieldNames: String {
    Field.allCases.map { "{\($0.rawValue)}" }.joined(separator: ", ")
  }

  /// Reads a format.
  /// - Parameters:
  ///   - format: a template, or `waybar`.
  ///   - oneLine: `--oneline`.
  ///   - maximumWidth: `--max-width`.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for an unknown field, a lone brace, or a width
  ///   under 1.
  public init(_ format: String?, oneLine: Bool = false, maximumWidth: Int? = nil)
    throws(ChuckError)
  {
    if let maximumWidth, maximumWidth < 1 {
      throw .invalidArgument("--max-width must be 1 or more")
    }
    self.oneLine = oneLine
    self.maximumWidth = maximumWidth
    switch format {
    case "waybar": kind = .waybar
    case nil: kind = .template([.field(.value)])
    case let template?: kind = .template(try Self.parse(template))
    }
  }

  private static func parse(_ template: String) throws(ChuckError) -> [Piece] {
    var pieces: [Piece] = []
    var text = ""
    var rest = Substring(template)
    while let character = rest.popFirst() {
      if character == "}" {
        guard rest.first == "}" else {
          throw .invalidArgument("--format: a lone } (write }} for a brace)")
        }
        rest.removeFirst()
        text.append("}")
      } else if character == "{" {
        if rest.first == "{" {
          rest.removeFirst()
          text.append("{")
          continue
        }
        guard let end = rest.firstIndex(of: "}") else {
          throw .invalidArgument("--format: a { without its } (write {{ for a brace)")
        }
        let name = String(rest[..<end])
        guard let field = Field(rawValue: name) else {
          throw .invalidArgument(
            "--format: no field is named {\(name)}; the fields: \(fieldNames)")
        }
        rest = rest[rest.index(after: end)...]
        if !text.isEmpty { pieces.append(.text(text)) }
        text = ""
        pieces.append(.field(field))
      } else {
        text.append(character)
      }
    }
    if !text.isEmpty { pieces.append(.text(text)) }
    return pieces
  }

  /// A joke as the format prints it, ending with a newline.
  /// - Parameters:
  ///   - joke: the joke.
  ///   - source: its source.
  ///   - dates: how `{date}` is written (``ShownDates/date``); the Swedish date by default.
  /// - Returns: the text to print.
  public func render(
    _ joke: some SavedJoke, source: JokeSource, dates: DateFormat = .swedish
  ) -> TerminalText {
    switch kind {
    case .template(let pieces):
      // Appended, not joined: the generic joined() costs a scan of every protocol conformance.
      var text = ""
      for piece in pieces {
        switch piece {
        case .text(let literal): text += literal
        case .field(let field): text += Self.value(of: field, joke, source, dates)
        }
      }
      return fitted(text) + .newline
    case .waybar:
      let whole = Self.value(of: .value, joke, source, dates)
      // The keys in sorted order, as JSONEncoder's `.sortedKeys` wrote them.
      var json = Array(#"{"class":["#.utf8)
      for (index, name) in ([source.name] + joke.categories).enumerated() {
        if index > 0 { json.append(UInt8(ascii: ",")) }
        JSONText.appendQuoted(name, to: &json)
      }
      json += Array(#"],"text":"#.utf8)
      JSONText.appendQuoted(
        fitted(JokePreview.collapsingWhitespace(whole), oneLine: true).string, to: &json)
      json += Array(#","tooltip":"#.utf8)
      JSONText.appendQuoted(whole, to: &json)
      json.append(UInt8(ascii: "}"))
      return TerminalText(
        verbatim: String(decoding: JSONText.escapingTerminalControls(json), as: UTF8.self)
          + "\n")
    }
  }

  /// A field's text.
  static func value(
    of field: Field, _ joke: some SavedJoke, _ source: JokeSource, _ dates: DateFormat
  ) -> String {
    switch field {
    case .value: joke.punchline.map { joke.text + "\n" + $0 } ?? joke.text
    case .setup: joke.text
    case .punchline: joke.punchline ?? ""
    case .id: joke.id
    case .source: source.name
    case .categories: joke.categories.joined(separator: ", ")
    case .url: joke.link ?? ""
    case .date: joke.listRow.date.map { dates.string($0) } ?? ""
    }
  }

  /// The text made safe, on one line when asked, cut to the width.
  private func fitted(_ text: String, oneLine: Bool? = nil) -> TerminalText {
    let line = (oneLine ?? self.oneLine) ? JokePreview.collapsingWhitespace(text) : text
    var safe = TerminalText(sanitizing: line)
    if let maximumWidth { safe = Self.cut(safe, width: maximumWidth) }
    return safe
  }

  /// The text cut to `width` columns, ending with `…` when cut (each line of a text of several
  /// lines on its own); graphemes are never split.
  static func cut(_ text: TerminalText, width: Int) -> TerminalText {
    let lines = text.string.split(separator: "\n", omittingEmptySubsequences: false).map {
      line -> String in
      guard TextWrapper.width(of: line) > width else { return String(line) }
      var kept = ""
      var used = 0
      for character in line {
        let next = TextWrapper.width(of: character)
        guard used + next <= width - 1 else { break }
        kept.append(character)
        used += next
      }
      return kept + "\u{2026}"
    }
    return TerminalText(verbatim: lines.joined(separator: "\n"))
  }
}
