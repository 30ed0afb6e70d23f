/// Renders the saved list as `chuck list` prints it: a title, then one entry per joke (preview;
/// date and id), entries separated by a blank line, inside a 2-column margin on each side.
public struct JokeListView {
  /// The list's title.
  public static let title = "Chuck Norris Jokes"
  /// The columns left blank on each side.
  public static let margin = 2

  /// What an empty list says.
  public static let emptyMessage = "Your list is empty. Fetch your first joke with: chuck random"

  private let width: Int
  private let style: TextStyle
  private let title: TerminalText
  private let emptyMessage: TerminalText
  private let dates: DateFormat

  /// Makes a view for a terminal of `width` columns.
  /// - Parameters:
  ///   - width: the terminal's columns; no line is wider, but for a word wider than a line (an
  ///     id at 20 columns), which stands whole on a line of its own.
  ///   - style: colours on or off.
  ///   - title: the first line (made safe for the terminal).
  ///   - emptyMessage: the line shown when there are no entries.
  ///   - dates: how each joke's date is written (``ShownDates/date``); the Swedish date,
  ///     `2020-01-05`, by default.
  public init(
    width: Int, style: TextStyle, title: String = JokeListView.title,
    emptyMessage: String = JokeListView.emptyMessage, dates: DateFormat = .swedish
  ) {
    self.width = width
    self.dates = dates
    self.style = style
    self.title = TerminalText(sanitizing: title, keepNewlines: false)
    self.emptyMessage = TerminalText(sanitizing: emptyMessage, keepNewlines: false)
  }

  /// What one entry shows.
  public struct Row: Equatable, Sendable {
    /// The joke's id.
    public var id: String
    /// The date the row shows: a Chuck Norris joke's `created_at`, the date a service sent (a
    /// declared source's `date`), else when it was saved (then ``dateLabel`` says `saved `), or
    /// when a favourite was made; `nil` for a joke with no date (a search result of a service
    /// whose jokes have none), which shows its id alone.
    public var date: PostgresTimestamp?
    /// Its raw text.
    public var value: String
    /// Whether to mark it as saved (search results).
    public var isSaved: Bool
    /// Words before the date: `saved ` for a joke whose date is when it was saved.
    public var dateLabel: String
    /// A line above the preview (a favourite's name), in bold.
    public var heading: String?

    /// Makes a row.
    /// - Parameters:
    ///   - id: the joke's id.
    ///   - date: the date it shows (``date``).
    ///   - value: its raw text.
    ///   - isSaved: whether to mark it as saved.
    ///   - dateLabel: words before the date.
    ///   - heading: a line above the preview.
    public init(
      id: String, date: PostgresTimestamp?, value: String, isSaved: Bool = false,
      dateLabel: String = "", heading: String? = nil
    ) {
      self.id = id
      self.date = date
      self.value = value
      self.isSaved = isSaved
      self.dateLabel = dateLabel
      self.heading = heading
    }

    /// The line under the preview: label, date, id and the `(saved)` mark, made safe.
    /// - Parameter dates: the date formatter.
    public func dateAndID(_ dates: SwedishDateFormatter) -> TerminalText {
      dateAndID(date: date.map { dates.date($0) })
    }

    /// The line under the preview, its date written in a format: label, date, id and the
    /// `(saved)` mark, made safe.
    /// - Parameter dates: how the date is written.
    public func dateAndID(_ dates: DateFormat) -> TerminalText {
      dateAndID(date: date.map { dates.string($0) })
    }

    /// The line under the preview with its date already written: label, date, id and the
    /// `(saved)` mark, made safe.
    /// - Parameter date: the date as shown; `nil` for none.
    public func dateAndID(date: String?) -> TerminalText {
      dateLine(date: date, showingID: true)
    }

    /// The line under the preview with its date already written: label, date, the id when
    /// asked, and the `(saved)` mark, made safe. The screen's rows leave the id out unless the
    /// user asks for it (`screen-ids`): a screen reader spells a 22-character id out letter by
    /// letter. A row without a date shows its id even so, to say something.
    /// - Parameters:
    ///   - date: the date as shown; `nil` for none.
    ///   - showingID: whether the id is shown.
    public func dateLine(date: String?, showingID: Bool) -> TerminalText {
      let shownID = showingID || date == nil
      let parts = [date.map { dateLabel + $0 }, shownID ? id : nil, isSaved ? "(saved)" : nil]
      return TerminalText(
        sanitizing: parts.compactMap { $0 }.joined(separator: "  "), keepNewlines: false)
    }
  }

  /// The whole output, ending with a newline.
  /// - Parameter rows: the entries, already in the order to show, made as they are needed.
  /// - Returns: the text to print.
  public func render(rows: some Sequence<Row>) -> TerminalText {
    var output = TerminalText.empty
    render(rows: rows) { output += $0 }
    return output
  }

  /// The whole output, handed to `write` in pieces of about 64 KiB as it is made, so that a long
  /// list is never held whole in memory.
  /// - Parameters:
  ///   - rows: the entries, already in the order to show, made as they are needed.
  ///   - write: receives the text, piece by piece, in order.
  public func render(rows: some Sequence<Row>, to write: (TerminalText) -> Void) {
    let pieceSize = 1 << 16
    var output = TerminalText.empty
    append(title, to: &output, styled: style.bold)
    var isEmpty = true
    for row in rows {
      isEmpty = false
      output += .newline
      if let heading = row.heading {
        append(
          TerminalText(sanitizing: heading, keepNewlines: false), to: &output, styled: style.bold)
      }
      append(JokePreview.make(row.value), to: &output)
      append(row.dateAndID(dates), to: &output)
      if output.string.utf8.count >= pieceSize {
        write(output)
        output = .empty
      }
    }
    if isEmpty {
      output += .newline
      append(emptyMessage, to: &output)
    }
    write(output)
  }

  /// Appends `text` inside the margins, wrapped to the space between them; a word wider than
  /// that space (an id on a narrow terminal) stands whole on a line of its own.
  private func append(
    _ text: TerminalText, to output: inout TerminalText,
    styled: (TerminalText) -> TerminalText = { $0 }
  ) {
    let margins = width >= 2 * Self.margin + 20 ? Self.margin : 0
    let indent = TerminalText.spaces(margins)
    let available = width - 2 * margins
    if text.string.utf8.count <= available, text.string.utf8.allSatisfy({ $0 < 0x80 }) {
      output += indent + styled(text) + .newline
      return
    }
    for line in TextWrapper.wrap(text, width: available, keepingWords: true) {
      output += indent + styled(line) + .newline
    }
  }
}
