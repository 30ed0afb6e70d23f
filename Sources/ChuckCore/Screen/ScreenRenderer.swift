/// Draws a ``ScreenState`` into lines for a terminal of a given size: a title bar, the row of
/// tabs, the body (a list, a joke's detail, a punchline to come or the list of keys) and the
/// status area. Pure: the terminal seam writes the lines.
///
/// The selected row is shown by reverse video across the whole width (never by colour alone, and
/// shown even without colour) and by the cursor on its first column; no marker moves with it, so
/// that a move changes attributes only and a screen reader, which reads what changed, reads the
/// row reached alone. The tab shown is in reverse video, a filter's match underlined; colour (red
/// errors, bold title) follows `style`. No text is dim. No line is wider than the terminal.
///
/// In the accessible mode (``ScreenState/isAccessible``) it draws no activity indicator and no
/// ★ ☆ ✓: each row says its position, text, date and state in words.
public struct ScreenRenderer: Sendable {
  /// What the list says when it is empty.
  /// - Parameter keymap: the keys.
  /// - Returns: the message, naming Joke!'s key.
  public static func emptyMessage(_ keymap: ScreenKeymap) -> TerminalText {
    guard let key = keymap.label(of: .joke, in: .list) else { return "Your list is empty." }
    return "Your list is empty. Press \(sanitizing: key) to fetch your first joke."
  }

  /// What the favourites tab says when there are none.
  /// - Parameter keymap: the keys.
  /// - Returns: the message, naming the key that makes a favourite.
  public static func noFavoritesMessage(_ keymap: ScreenKeymap) -> TerminalText {
    guard let key = keymap.label(of: .favorite, in: .list) else { return "No favourites yet." }
    return "No favourites yet. In a source's tab, select a joke and press \(sanitizing: key) to "
      + "name it one."
  }

  /// What a filtered list says when no row matches.
  /// - Parameter keymap: the keys.
  /// - Returns: the message, naming the key that clears the filter.
  public static func noMatchMessage(_ keymap: ScreenKeymap) -> TerminalText {
    guard let key = keymap.label(of: .cancel, in: .list) else {
      return "No joke matches the filter."
    }
    return "No joke matches the filter. \(sanitizing: key) clears it."
  }

  static let markerWidth = ScreenState.entryIndent
  static let previewWidth = JokePreview.length + 3
  static let longestName = ScreenState.longestFavoriteName

  let style: TextStyle
  let selected = TextStyle(isEnabled: true)
  /// The `date-format` setting, which rows follow unless their tab's source has its own
  /// (``ShownDates/init(flag:source:setting:)``).
  let dateSetting: DateFormat?

  /// Makes a renderer.
  /// - Parameters:
  ///   - style: colours on or off (reverse video for the selection is always on).
  ///   - dateFormat: the `date-format` setting; `nil` for `chuck`'s own dates.
  public init(style: TextStyle, dateFormat: DateFormat? = nil) {
    self.style = style
    self.dateSetting = dateFormat
  }

  /// The screen's lines.
  /// - Parameters:
  ///   - state: what to show.
  ///   - size: the terminal's size.
  /// - Returns: exactly `size.rows` lines, none wider than `size.columns`, without line breaks.
  public func render(_ state: ScreenState, size: ScreenSize) -> [TerminalText] {
    frame(state, size: size).lines
  }

  /// The screen's lines and where the terminal cursor stands on them: on the focused element
  /// (see ``ScreenFrame``).
  /// - Parameters:
  ///   - state: what to show.
  ///   - size: the terminal's size.
  /// - Returns: exactly `size.rows` lines, none wider than `size.columns`, and the cursor, inside
  ///   them.
  public func frame(_ state: ScreenState, size: ScreenSize) -> ScreenFrame {
    guard size.rows > 0, size.columns > 0 else { return ScreenFrame(lines: [], cursor: .origin) }
    guard size.isUsable else { return ScreenFrame(lines: tooSmall(size), cursor: .origin) }
    var state = state
    state.size = size
    let width = size.columns
    var lines = [titleBar(state, width: width)]
    if state.showsTabs { lines.append(tabRow(state, width: width)) }
    let height = state.bodyHeight
    var body: [TerminalText]
    // The focused line of the body, and its column.
    var focus = (line: 0, column: 0)
    if state.showsHelp {
      body = Array(ScreenHelp.lines(for: state).dropFirst(state.helpScroll))
    } else {
      switch state.mode {
      case .list: (body, focus) = list(state, width: width, height: height)
      case .detail(let detail):
        let all = Self.detailLines(
          detail, width: width, style: style, accessible: state.isAccessible)
        let top = min(max(0, detail.scroll), max(0, all.count - height))
        body = Array(all.dropFirst(top).prefix(height))
        focus = (line: min(max(0, detail.line - top), height - 1), column: 0)
      case .punchline(let punchline):
        (body, focus) = self.punchline(punchline, width: width, accessible: state.isAccessible)
      }
    }
    body = body.prefix(height).map { ScreenText.fit($0, width: width) }
    body += Array(repeating: .empty, count: max(0, height - body.count))
    lines += body
    let status = statusLines(state, width: width)
    var cursor = ScreenFrame.Cursor(
      row: state.bodyTop + min(focus.line, height - 1), column: focus.column)
    let asked = Self.statusCursor(state, lines: status)
    if let asked {
      cursor = ScreenFrame.Cursor(row: lines.count + asked.line, column: asked.column)
    }
    lines += status
    cursor.row = min(max(0, cursor.row), lines.count - 1)
    cursor.column = min(max(0, cursor.column), width - 1)
    // An entry of the compact list is focused whole: all its lines.
    var focusEnd = cursor.row + 1
    if case .list = state.mode, !state.showsHelp, !state.rows.isEmpty, asked == nil {
      focusEnd = min(state.bodyTop + height, cursor.row + state.entryHeight)
    }
    return ScreenFrame(
      lines: lines, cursor: cursor, focus: cursor.row..<max(cursor.row + 1, focusEnd))
  }

  /// Where the cursor stands in the status area when it asks something: after what is typed in
  /// a prompt (on the block that stands for the cursor), after a question's text, or at the
  /// start of a problem with what was typed; `nil` when the status area asks nothing.
  private static func statusCursor(_ state: ScreenState, lines: [TerminalText])
    -> (line: Int, column: Int)?
  {
    guard !state.showsHelp, case .prompt(let prompt) = state.status, let last = lines.last
    else { return nil }
    if prompt.problem != nil { return (0, 0) }
    let end = ScreenText.visibleWidth(last)
    if prompt.takesText {
      // The block drawn for the cursor is the last character when it fits.
      let hasBlock = last.string.contains("\u{2588}")
      return (lines.count - 1, hasBlock ? end - 1 : end)
    }
    return (lines.count - 1, end)
  }

  /// How many lines a joke's detail takes at `width` columns.
  /// - Parameters:
  ///   - detail: the detail view's state.
  ///   - width: the terminal's columns.
  ///   - accessible: whether the accessible mode lays it out (the joke first).
  /// - Returns: the number of lines.
  public static func detailLineCount(
    _ detail: ScreenState.Detail, width: Int, accessible: Bool = false
  ) -> Int {
    detailLines(detail, width: width, style: TextStyle(isEnabled: false), accessible: accessible)
      .count
  }

  // MARK: Parts

  /// The message below the smallest size, wrapped at word boundaries (a word is cut only when
  /// it is wider than the terminal), as many lines as fit.
  private func tooSmall(_ size: ScreenSize) -> [TerminalText] {
    let minimum = ScreenSize.minimum
    let message: [TerminalText] = [
      "Terminal too small",
      "\(size.columns)x\(size.rows), needs \(minimum.columns)x\(minimum.rows)",
    ]
    let lines = message.flatMap { TextWrapper.wrap($0, width: size.columns) }
    return (0..<size.rows).map {
      $0 < lines.count ? ScreenText.fit(lines[$0], width: size.columns) : .empty
    }
  }

  private func titleBar(_ state: ScreenState, width: Int) -> TerminalText {
    // The accessible mode says progress in the status line only, once: nothing moves.
    let spins = !state.isAccessible && (state.isFetching || state.tab.search?.isLoading == true)
    let spinner = spins ? activity(state.spinnerStep) : .empty
    let action = spinner + state.shownJokeButton
    let actionWidth = ScreenText.visibleWidth(action)
    let title = ScreenText.fitWords(state.titleText, width: max(0, width - actionWidth - 1))
    let gap = max(1, width - title.width - actionWidth)
    return ScreenText.fit(style.bold(title) + .spaces(gap) + action, width: width)
  }

  /// The activity indicator while a fetch or a search runs: a block in reverse video that moves
  /// to and fro over three blank cells. Only an attribute moves and the text stays blank, so a
  /// screen reader, which reads text that changed, says nothing (a turning spinner's braille
  /// glyphs were read out twelve times a second, ahead of what mattered).
  func activity(_ step: Int) -> TerminalText {
    let positions = [0, 1, 2, 1]
    let lit = positions[abs(step) % positions.count]
    var cells = TerminalText.empty
    for cell in 0..<Self.activityWidth {
      cells += cell == lit ? selected.reverse(" ") : " "
    }
    return cells + " "
  }

  /// The cells of the activity indicator.
  static let activityWidth = 3

  /// The row of tabs: each tab's number and name, the one shown in reverse video.
  private func tabRow(_ state: ScreenState, width: Int) -> TerminalText {
    var line = TerminalText.empty
    for (position, span) in state.tabSpans(width: width).enumerated() {
      line += position == state.current ? selected.reverse(style.bold(span.text)) : span.text
    }
    return ScreenText.fit(line, width: width)
  }

  /// The list's lines and the focused line (the selected entry's first) and column.
  private func list(_ state: ScreenState, width: Int, height: Int)
    -> ([TerminalText], (line: Int, column: Int))
  {
    let rows = state.rows
    guard !rows.isEmpty else {
      let lines = TextWrapper.wrap(emptyMessage(state), width: width - Self.markerWidth).map {
        .spaces(Self.markerWidth) + $0
      }
      return (lines, (0, Self.markerWidth))
    }
    let page = state.listPage
    let top = ScreenState.top(
      state.top, selection: state.selection, count: rows.count, height: page)
    let hasMarks = rows.contains { $0.mark != nil }
    let filter =
      state.tab.search == nil && !state.tab.filter.isEmpty ? RowFilter(state.tab.filter) : nil
    let focus = (line: (state.selection - top) * state.entryHeight, column: 0)
    guard state.size.isCompact else {
      // A favourite's name takes at most its longest; an article's title what the preview and
      // the date leave.
      let longest = state.tab.isFavorites ? Self.longestName : max(Self.longestName, width - 60)
      let nameWidth =
        rows.contains { $0.name != nil }
        ? min(longest, rows.map { TextWrapper.width(of: $0.name ?? "") }.max() ?? 0)
        : 0
      let lines = (top..<min(rows.count, top + height)).map { position in
        let row = rows[position]
        let isSelected = position == state.selection
        let shown =
          state.isAccessible
          ? spoken(row, position: position, count: rows.count, width: width, state)
          : self.text(of: row, hasMarks: hasMarks, filter: filter, nameWidth: nameWidth, state)
        let text = .spaces(Self.markerWidth) + shown
        return isSelected ? selected.reverse(ScreenText.pad(text, width: width)) : text
      }
      return (lines, focus)
    }
    let entryHeight = state.entryHeight
    var lines: [TerminalText] = []
    for position in top..<min(rows.count, top + page) {
      let isSelected = position == state.selection
      let entry =
        state.isAccessible
        ? compactSpoken(
          rows[position], position: position, count: rows.count, width: width,
          height: entryHeight, state)
        : compactEntry(
          rows[position], hasMarks: hasMarks, filter: filter, width: width, height: entryHeight,
          state)
      for line in entry {
        let text = .spaces(Self.markerWidth) + line
        lines.append(isSelected ? selected.reverse(ScreenText.pad(text, width: width)) : text)
      }
      lines += Array(repeating: TerminalText.empty, count: entryHeight - entry.count)
    }
    return (lines, focus)
  }

  private func emptyMessage(_ state: ScreenState) -> TerminalText {
    if let search = state.tab.search {
      if search.isLoading {
        return "Searching for \u{201C}\(sanitizing: search.query)\u{201D}\u{2026}"
      }
      let back = state.keymap.label(of: .back, in: .search).map { " \($0) goes back." } ?? ""
      return "No joke contains \u{201C}\(sanitizing: search.query)\u{201D}.\(sanitizing: back)"
    }
    if !state.tab.filter.isEmpty {
      return Self.noMatchMessage(state.keymap)
    }
    return state.tab.isFavorites
      ? Self.noFavoritesMessage(state.keymap) : Self.emptyMessage(state.keymap)
  }

  /// The lines of a two-part joke and the focused line: the setup's first, then the
  /// punchline's once it is shown; the accessible mode asks for the key in a whole sentence.
  private func punchline(_ punchline: ScreenState.Punchline, width: Int, accessible: Bool)
    -> ([TerminalText], (line: Int, column: Int))
  {
    let room = max(1, width - Self.markerWidth)
    let indent = TerminalText.spaces(Self.markerWidth)
    var lines: [TerminalText] = [.empty]
    lines += TextWrapper.wrap(TerminalText(sanitizing: punchline.setup), width: room).map {
      indent + $0
    }
    lines.append(.empty)
    let focus = (line: punchline.isRevealed ? lines.count : 1, column: Self.markerWidth)
    if punchline.isRevealed {
      lines += TextWrapper.wrap(TerminalText(sanitizing: punchline.punchline), width: room).map {
        indent + style.bold($0)
      }
    } else {
      lines.append(
        indent
          + (accessible
            ? "Press any key for the punchline."
            : "\u{2026} (press any key for the punchline)"))
    }
    return (lines, focus)
  }

  /// The detail's lines: `chuck show`'s output, with room under an inline image. The accessible
  /// mode starts with the joke, its lines wrapped at words, then an empty line and the rest of
  /// the fields (the id, the icon's text, the dates …) without the joke's text again: what is
  /// heard first is the joke, not its 22-character id spelled out.
  static func detailLines(
    _ detail: ScreenState.Detail, width: Int, style: TextStyle, accessible: Bool = false
  ) -> [TerminalText] {
    let view = JokeDetailView(width: width, style: style)
    var fields = (detail.fields ?? []).map { (label: $0.label, value: $0.value) }
    var lines: [TerminalText] = []
    if accessible, let text = detail.shown?.text, !text.isEmpty {
      let parts = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      for part in parts {
        lines += TextWrapper.wrap(TerminalText(sanitizing: part, keepNewlines: false), width: width)
      }
      lines.append(.empty)
      fields.removeAll { parts.contains($0.value) || $0.value == text }
    }
    for line in view.render(title: detail.id, icon: detail.icon, fields: fields).lines() {
      lines.append(line)
      if case .inline(let sequence) = detail.icon, line.string.hasSuffix(sequence.string) {
        lines += Array(repeating: .empty, count: ScreenFrameDiff.imageRows - 1)
      }
    }
    if lines.last?.isEmpty == true { lines.removeLast() }
    return lines
  }

  private func statusLines(_ state: ScreenState, width: Int) -> [TerminalText] {
    let lines = state.statusLines(width: width)
    if state.showsHelp { return lines }
    switch state.status {
    case .message: return lines
    case .error: return lines.map(style.red)
    case .prompt(let prompt): return lines.map(prompt.problem == nil ? style.bold : style.red)
    case .keys: return lines
    }
  }
}
