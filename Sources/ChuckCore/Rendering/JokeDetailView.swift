/// Renders one joke as `chuck show` prints it: the id as title, then one labelled field per line
/// (icon, created_at, updated_at, link, categories, value), inside a 2-column margin.
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

  /// Makes a view for a terminal of `width` columns.
  /// - Parameters:
  ///   - width: the terminal's columns; no line is wider (but an inline image).
  ///   - style: colours on or off.
  public init(width: Int, style: TextStyle) {
    self.width = width
    self.style = style
  }

  /// The whole output, ending with a newline.
  /// - Parameters:
  ///   - joke: the joke.
  ///   - icon: how to show its icon.
  /// - Returns: the text to print.
  public func render(_ joke: ChuckJoke, icon: Icon) -> TerminalText {
    let dates = SwedishDateFormatter()
    let categories =
      joke.categories.isEmpty ? "uncategorized" : joke.categories.joined(separator: ", ")
    let narrow = width < 2 * Self.margin + Self.labelWidth + 10
    let indent = TerminalText.spaces(narrow ? 0 : Self.margin)
    var output = title(joke.id, indent: indent)
    switch icon {
    case .inline(let sequence):
      output += indent + sequence + .newline
    case .file(let path):
      output += field("icon", path, indent: indent, narrow: narrow)
    case .unavailable(let reason):
      output += field("icon", reason, indent: indent, narrow: narrow)
    }
    output += field(
      "created_at", dates.dateTime(joke.created) + " UTC", indent: indent, narrow: narrow)
    output += field(
      "updated_at", dates.dateTime(joke.updated) + " UTC", indent: indent, narrow: narrow)
    output += field("link", joke.url, indent: indent, narrow: narrow)
    output += field("categories", categories, indent: indent, narrow: narrow)
    output += field("value", joke.value, indent: indent, narrow: narrow)
    return output
  }

  /// A title, then one labelled field per line, as for a joke: for the other sources' jokes.
  /// - Parameters:
  ///   - title: the first line (a joke's id).
  ///   - fields: labels and values as the service sent them, in order; both are made safe.
  /// - Returns: the text to print.
  public func render(title: String, fields: [(label: String, value: String)]) -> TerminalText {
    let narrow = width < 2 * Self.margin + Self.labelWidth + 10
    let indent = TerminalText.spaces(narrow ? 0 : Self.margin)
    var output = self.title(title, indent: indent)
    for (label, value) in fields {
      output += field(label, value, indent: indent, narrow: narrow)
    }
    return output
  }

  /// The title in bold, made safe and wrapped.
  private func title(_ title: String, indent: TerminalText) -> TerminalText {
    var output = TerminalText.empty
    for line in TextWrapper.wrap(TerminalText(sanitizing: title), width: width - indent.width) {
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
      for line in TextWrapper.wrap(label, width: width - indent.width) {
        output += indent + style.dim(line) + .newline
      }
      for line in TextWrapper.wrap(safe, width: width - indent.width) {
        output += indent + line + .newline
      }
      return output
    }
    let hanging = TerminalText.spaces(indent.width + Self.labelWidth)
    let lines = TextWrapper.wrap(safe, width: width - hanging.width - Self.margin)
    let paddedLabel = label + .spaces(max(1, Self.labelWidth - label.width))
    output += indent + style.dim(paddedLabel) + lines[0] + .newline
    for line in lines.dropFirst() { output += hanging + line + .newline }
    return output
  }
}
