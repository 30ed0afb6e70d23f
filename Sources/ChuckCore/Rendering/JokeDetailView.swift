/// Renders one joke of any source as `chuck show` prints it: the id as title, then one labelled
/// field per line (a Chuck Norris joke's icon, created_at, updated_at, link, categories, value;
/// another source's `saved_at`, text and every other field it sent), inside a 2-column margin.
public struct JokeDetailView {
  /// How the icon is shown.
  public enum Icon: Equatable, Sendable {
    /// A line naming the cached image file (made safe when shown).
    case file(String)
    /// An inline-image escape sequence, written as it is on its own line.
    case inline(TerminalText)
    /// No image: the reason, shown instead (made safe when shown).
    case unavailable(String)
  }

  /// The columns left blank on the left.
  public static let margin = 2
  private static let labelWidth = 12

  private let width: Int
  private let style: TextStyle
  private let keepingWords: Bool

  /// Makes a view for a terminal of `width` columns.
  /// - Parameters:
  ///   - width: the terminal's columns; no line is wider (but an inline image, and, when
  ///     `keepingWords`, a word wider than a line).
  ///   - style: colours on or off.
  ///   - keepingWords: whether a word wider than a line (an id, a link, a path on a narrow
  ///     terminal) stands whole on a line of its own, as `chuck show` prints it; else it is cut
  ///     into pieces that fit, as the screen must.
  public init(width: Int, style: TextStyle, keepingWords: Bool = false) {
    self.width = width
    self.style = style
    self.keepingWords = keepingWords
  }

  /// The whole output, ending with a newline: the id as title, the icon (for a joke that has
  /// one), then the joke's fields.
  /// - Parameters:
  ///   - joke: the joke.
  ///   - icon: how to show its icon; `nil` for none.
  ///   - instants: how its dates are written (``ShownDates/instant``); `chuck`'s own by default,
  ///     `2020-01-05 13:42:19 UTC`.
  /// - Returns: the text to print.
  public func render(
    _ joke: some SavedJoke, icon: Icon? = nil, instants: DateFormat = .swedishDateTime
  ) -> TerminalText {
    render(title: joke.id, icon: icon, fields: joke.detailFields(instants: instants))
  }

  /// A title, then the icon, then one labelled field per line.
  /// - Parameters:
  ///   - title: the first line (a joke's id).
  ///   - icon: how to show the icon; `nil` for no icon row.
  ///   - fields: labels and values (a service names its own fields), in order; both made safe.
  /// - Returns: the text to print.
  public func render(title: String, icon: Icon? = nil, fields: [(label: String, value: String)])
    -> TerminalText
  {
    let narrow = width < 2 * Self.margin + Self.labelWidth + 10
    let indent = TerminalText.spaces(narrow ? 0 : Self.margin)
    var output = self.title(title, indent: indent)
    switch icon {
    case .inline(let sequence)?:
      output += indent + sequence + .newline
    case .file(let path)?:
      output += field("icon", path, indent: indent, narrow: narrow)
    case .unavailable(let reason)?:
      output += field("icon", reason, indent: indent, narrow: narrow)
    case nil:
      break
    }
    for (label, value) in fields {
      output += field(label, value, indent: indent, narrow: narrow)
    }
    return output
  }

  /// The title in bold, made safe and wrapped.
  private func title(_ title: String, indent: TerminalText) -> TerminalText {
    var output = TerminalText.empty
    for line in TextWrapper.wrap(
      TerminalText(sanitizing: title), width: width - indent.width, keepingWords: keepingWords)
    {
      output += indent + style.bold(line) + .newline
    }
    return output
  }

  /// One labelled field; label and value made safe (a service names its own fields), the value
  /// wrapped under itself (or, on a narrow terminal, under the label).
  private func field(_ label: String, _ value: String, indent: TerminalText, narrow: Bool)
    -> TerminalText
  {
    let label = TerminalText(sanitizing: label, keepNewlines: false)
    let safe = TerminalText(sanitizing: value)
    var output = TerminalText.empty
    if narrow {
      for line in TextWrapper.wrap(label, width: width - indent.width, keepingWords: keepingWords) {
        output += indent + line + .newline
      }
      for line in TextWrapper.wrap(safe, width: width - indent.width, keepingWords: keepingWords) {
        output += indent + line + .newline
      }
      return output
    }
    let hanging = TerminalText.spaces(indent.width + Self.labelWidth)
    let lines = TextWrapper.wrap(
      safe, width: width - hanging.width - Self.margin, keepingWords: keepingWords)
    let valueWidth = width - hanging.width - Self.margin
    guard label.width < Self.labelWidth, TextWrapper.width(of: lines[0].string) <= valueWidth
    else {
      // A label as wide as the column (a service's own field name), or a first line that is a
      // word too wide for the column (a link, a path): the value goes under the label.
      for line in TextWrapper.wrap(label, width: width - indent.width, keepingWords: keepingWords) {
        output += indent + line + .newline
      }
      for line in lines { output += hanging + line + .newline }
      return output
    }
    let paddedLabel = label + .spaces(Self.labelWidth - label.width)
    output += indent + paddedLabel + lines[0] + .newline
    for line in lines.dropFirst() { output += hanging + line + .newline }
    return output
  }
}
