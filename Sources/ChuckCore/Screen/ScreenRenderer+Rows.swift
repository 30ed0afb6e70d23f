/// The rows of the screen's lists: an entry of the wide list, of the compact one (40 columns and
/// fewer), and the spoken rows of the accessible mode.
extension ScreenRenderer {
  /// An entry of the compact list in the accessible mode, in at most `height` lines: its
  /// position and text wrapped at word boundaries, then its date and state on lines of their
  /// own; the text is shortened first (ending in `…`), never the date or the state.
  func compactSpoken(
    _ row: ScreenRow, position: Int, count: Int, width: Int, height: Int, _ state: ScreenState
  ) -> [TerminalText] {
    let room = max(1, width - Self.markerWidth)
    let (head, end) = spokenParts(row, position: position, count: count, state)
    var textLines = ScreenText.wrap(head + JokePreview.make(row.entry.value), width: room)
    let endLines = Array(
      ScreenText.wrap(TerminalText(sanitizing: String(end.string.dropFirst(2))), width: room)
        .prefix(max(0, height - 1)))
    let textRoom = max(1, height - endLines.count)
    if textLines.count > textRoom {
      textLines = Array(textLines.prefix(textRoom))
      textLines[textRoom - 1] = ScreenText.shortened(textLines[textRoom - 1], width: room)
    }
    return textLines + endLines
  }

  /// An entry of the compact list in at most `height` lines, without the selection's column:
  /// its mark, a favourite's name and the preview, wrapped at word boundaries, then its date (and
  /// id, with `screen-ids`; a favourite's date and source). When it needs more lines, its text
  /// is shortened first, ending in `…`, so that the date (and id) stays whole.
  func compactEntry(
    _ row: ScreenRow, hasMarks: Bool, filter: RowFilter?, width: Int, height: Int,
    _ state: ScreenState
  ) -> [TerminalText] {
    let room = max(1, width - Self.markerWidth)
    let entry = row.entry
    var text: TerminalText =
      hasMarks ? TerminalText(sanitizing: String(row.mark ?? " ")) + " " : .empty
    if let name = row.name {
      text += style.boldInside(TerminalText(sanitizing: name, keepNewlines: false)) + ":  "
    }
    text += filter?.preview(entry.value) ?? JokePreview.make(entry.value)
    let meta: TerminalText
    if row.name != nil {
      let label = state.tabs.first { $0.source != nil && $0.source == row.source }?.label ?? ""
      let date = entry.date.map { shownDate($0, state) } ?? ""
      meta = TerminalText(sanitizing: date + "  " + label, keepNewlines: false)
    } else {
      meta = entry.dateLine(
        date: entry.date.map { shownDate($0, state) }, showingID: state.showsIDs)
    }
    var textLines = ScreenText.wrap(text, width: room)
    let metaLines = Array(ScreenText.wrap(meta, width: room).prefix(max(0, height - 1)))
    let textRoom = max(1, height - metaLines.count)
    if textLines.count > textRoom {
      textLines = Array(textLines.prefix(textRoom))
      let last = textLines.count - 1
      textLines[last] = ScreenText.shortened(textLines[last], width: room)
    }
    return textLines + metaLines
  }

  /// A row on one line: mark, preview and date (the id only with `screen-ids`), as the first
  /// seed's list showed them; in the
  /// favourites, mark, name, preview, the date it was made a favourite and the source's name.
  func text(
    of row: ScreenRow, hasMarks: Bool, filter: RowFilter?, nameWidth: Int, _ state: ScreenState
  ) -> TerminalText {
    let entry = row.entry
    let mark: TerminalText =
      hasMarks ? TerminalText(sanitizing: String(row.mark ?? " ")) + " " : .empty
    let preview = filter?.preview(entry.value) ?? JokePreview.make(entry.value)
    guard let name = row.name else {
      return mark + ScreenText.pad(preview, width: Self.previewWidth) + "  "
        + entry.dateLine(
          date: entry.date.map { shownDate($0, state) }, showingID: state.showsIDs)
    }
    let label = state.tabs.first { $0.source != nil && $0.source == row.source }?.label ?? ""
    let date = entry.date.map { shownDate($0, state) } ?? ""
    let shownName = TerminalText(sanitizing: name, keepNewlines: false)
    return mark + style.boldInside(ScreenText.pad(shownName, width: nameWidth)) + "  "
      + ScreenText.pad(preview, width: Self.previewWidth) + "  "
      + TerminalText(sanitizing: date + "  " + label, keepNewlines: false)
  }

  /// A row in the accessible mode: its whole meaning as text, so that the line read alone says
  /// what it is — `3 of 12: Chuck Norris can divide by zero, 2020-01-05, favourite`; in the
  /// favourites, `2 of 5: “Apple”: TEXT, 2020-01-05, Chuck Norris, favourite`. The text is cut
  /// (`...`) to leave room for the date and the state, never they.
  func spoken(
    _ row: ScreenRow, position: Int, count: Int, width: Int, _ state: ScreenState
  ) -> TerminalText {
    var (head, end) = spokenParts(row, position: position, count: count, state)
    // A long name (an article's title) is shortened, inside its quotes, before the date and the
    // state are lost.
    let headRoom = width - Self.markerWidth - end.width - 11
    if head.width > headRoom, let name = row.name {
      let start: TerminalText = "\(position + 1) of \(count): \u{201C}"
      let nameRoom = headRoom - start.width - 3
      if nameRoom > 4 {
        head =
          start
          + ScreenText.shortened(
            TerminalText(sanitizing: name, keepNewlines: false), width: nameRoom)
          + "\u{201D}: "
      }
    }
    // The text is cut after a whole word, ending in `…`.
    let room = max(8, width - Self.markerWidth - head.width - end.width)
    return head
      + ScreenText.fitWords(JokePreview.make(row.entry.value, length: room + 1), width: room)
      + end
  }

  /// The words around a spoken row's text: its position (and a favourite's name) before, its
  /// date, source and state after (`, 2020-01-05, favourite`).
  func spokenParts(_ row: ScreenRow, position: Int, count: Int, _ state: ScreenState)
    -> (head: TerminalText, end: TerminalText)
  {
    let entry = row.entry
    var head: TerminalText = "\(position + 1) of \(count): "
    if let name = row.name {
      head += "\u{201C}" + TerminalText(sanitizing: name, keepNewlines: false) + "\u{201D}: "
    }
    var tail: [String] = []
    if let date = entry.date { tail.append(entry.dateLabel + shownDate(date, state)) }
    if row.name != nil,
      let label = state.tabs.first(where: { $0.source != nil && $0.source == row.source })?.label
    {
      tail.append(label)
    }
    if let words = ScreenRow.words(for: row.mark) { tail.append(words) }
    return (head, TerminalText(sanitizing: tail.map { ", " + $0 }.joined(), keepNewlines: false))
  }

  /// A row's date, as every command shows dates (``ShownDates``): the tab's source's own format
  /// (a declared source's `date-format`), else the setting's, else the Swedish date; the
  /// favourites tab, which mixes sources, the setting's.
  func shownDate(_ instant: PostgresTimestamp, _ state: ScreenState) -> String {
    ShownDates(source: state.tab.source, setting: dateSetting).date.string(instant)
  }
}
