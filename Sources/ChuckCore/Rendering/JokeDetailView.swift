/// Renders one joke as `chuck show` prints it: the id as title, then one labelled field per line
/// (icon, created_at, updated_at, link, categories, value), inside a 2-column margin.
public struct JokeDetailView {
  /// How the icon is shown.
  public enum Icon: Equatable, Sendable {
    /// A line naming the cached image file.
    case file(String)
    /// An inline-image escape sequence, written as it is on its own line.
    case inline(String)
    /// No image: the reason, shown instead.
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
  public func render(_ joke: ChuckJoke, icon: Icon) -> String {
    let dates = SwedishDateFormatter()
    let categories =
      joke.categories.isEmpty ? "uncategorized" : joke.categories.joined(separator: ", ")
    var output = ""
    let narrow = width < 2 * Self.margin + Self.labelWidth + 10
    let indent = narrow ? "" : String(repeating: " ", count: Self.margin)
    for line in TextWrapper.wrap(joke.id, width: width - indent.count) {
      output += indent + style.bold(line) + "\n"
    }
    switch icon {
    case .inline(let sequence):
      output += indent + sequence + "\n"
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
  ///   - fields: labels and raw values, in order.
  /// - Returns: the text to print.
  public func render(title: String, fields: [(label: String, value: String)]) -> String {
    let narrow = width < 2 * Self.margin + Self.labelWidth + 10
    let indent = narrow ? "" : String(repeating: " ", count: Self.margin)
    var output = ""
    for line in TextWrapper.wrap(TerminalSafeText.render(title), width: width - indent.count) {
      output += indent + style.bold(line) + "\n"
    }
    for (label, value) in fields {
      output += field(label, value, indent: indent, narrow: narrow)
    }
    return output
  }

  /// One labelled field; the value made safe and wrapped under itself (or, on a narrow terminal,
  /// under the label).
  private func field(_ label: String, _ value: String, indent: String, narrow: Bool) -> String {
    let safe = TerminalSafeText.render(value)
    if narrow {
      var output = ""
      for line in TextWrapper.wrap(label, width: width - indent.count) {
        output += indent + style.dim(line) + "\n"
      }
      for line in TextWrapper.wrap(safe, width: width - indent.count) {
        output += indent + line + "\n"
      }
      return output
    }
    let hanging = String(repeating: " ", count: indent.count + Self.labelWidth)
    let lines = TextWrapper.wrap(safe, width: width - hanging.count - Self.margin)
    let paddedLabel = label + String(repeating: " ", count: max(1, Self.labelWidth - label.count))
    var output = indent + style.dim(paddedLabel) + lines[0] + "\n"
    for line in lines.dropFirst() { output += hanging + line + "\n" }
    return output
  }
}
