/// Renders `chuck sources`: one row per source (its name, where it is fetched from, its
/// languages, the default marked) as aligned columns when they fit the width, else as one block
/// per source, its lines wrapped at spaces, so that nothing is cut on a narrow terminal.
public struct SourceTableView {
  /// One source's row.
  public struct Row: Equatable, Sendable {
    /// The source's name.
    public var name: String
    /// Its base URL, or what stands for it (`(your own: chuck add)`).
    public var origin: String
    /// Its languages, separated by spaces (`-` for none).
    public var languages: String
    /// Whether it is the default source.
    public var isDefault: Bool
    /// Where the config file declared the source (`/home/me/.config/chuck/config:12`); `nil`
    /// for a built-in one.
    public var declaredAt: String?

    /// Makes a row.
    /// - Parameters:
    ///   - name: the source's name.
    ///   - origin: its base URL, or what stands for it.
    ///   - languages: its languages, separated by spaces.
    ///   - isDefault: whether it is the default source.
    public init(
      name: String, origin: String, languages: String, isDefault: Bool, declaredAt: String? = nil
    ) {
      self.name = name
      self.origin = origin
      self.languages = languages
      self.isDefault = isDefault
      self.declaredAt = declaredAt
    }
  }

  private let width: Int
  private let style: TextStyle

  /// Makes a view for a terminal of `width` columns.
  /// - Parameters:
  ///   - width: the terminal's columns; no line is wider, but for a word wider than a line (a
  ///     URL at 20 columns), which stands whole on a line of its own.
  ///   - style: colours on or off.
  public init(width: Int, style: TextStyle) {
    self.width = width
    self.style = style
  }

  /// The whole output, ending with a newline.
  /// - Parameter rows: the sources, in order.
  /// - Returns: the text to print.
  public func render(_ rows: [Row]) -> TerminalText {
    let rows = rows.map { row in
      (
        name: TerminalText(sanitizing: row.name, keepNewlines: false),
        origin: TerminalText(sanitizing: row.origin, keepNewlines: false),
        languages: TerminalText(sanitizing: row.languages, keepNewlines: false),
        isDefault: row.isDefault,
        declared: row.declaredAt.map { (path: String) -> TerminalText in
          "(declared in \(sanitizing: path))"
        }
      )
    }
    let nameWidth = rows.map(\.name.width).max() ?? 0
    let originWidth = rows.map(\.origin.width).max() ?? 0
    let mark: TerminalText = "  (default)"
    let declaredMark: TerminalText = "  (declared)"
    let tableWidth =
      rows.map { row -> Int in
        let declaredWidth = row.declared == nil ? 0 : declaredMark.width
        return nameWidth + 2 + originWidth + 2 + row.languages.width
          + (row.isDefault ? mark.width : 0) + declaredWidth
      }.max() ?? 0
    var output = TerminalText.empty
    guard tableWidth > width else {
      for row in rows {
        output +=
          style.bold(row.name) + .spaces(nameWidth - row.name.width) + "  " + row.origin
          + .spaces(originWidth - row.origin.width) + "  " + row.languages
          + (row.isDefault ? mark : .empty)
        if row.declared != nil { output += declaredMark }
        output += .newline
      }
      // Where each declared source was declared, under the table: a path is too long for a
      // column, and is never broken across lines (it is copied whole).
      for row in rows {
        guard let declared = row.declared else { continue }
        output += row.name + " " + declared + .newline
      }
      return output
    }
    // Narrow: the name (and the mark), then the origin and the languages, indented under it.
    let indent: TerminalText = "  "
    for row in rows {
      let heading = row.isDefault ? row.name + " (default)" : row.name
      for line in TextWrapper.wrap(heading, width: width, keepingWords: true) {
        output += style.bold(line) + .newline
      }
      var texts = [row.origin, "languages: " + row.languages]
      if let declared = row.declared { texts.append(declared) }
      for text in texts {
        let lines = TextWrapper.wrap(text, width: width - indent.width, keepingWords: true)
        for line in lines { output += indent + line + .newline }
      }
    }
    return output
  }
}
