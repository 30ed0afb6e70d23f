/// Draws a ``ScreenState`` into lines for a terminal of a given size: a title bar, the body (the
/// list, a joke's detail or the list of keys) and a status line. Pure: the terminal seam writes
/// the lines.
///
/// The selected row is marked by `>` and reverse video (never by colour alone, and shown even
/// without colour); colour (red errors, bold title) follows `style`. No line is wider than the
/// terminal.
public struct ScreenRenderer: Sendable {
  /// What the list says when it is empty.
  public static let emptyMessage: TerminalText =
    "Your list is empty. Press n to fetch your first joke."
  /// The action at the right of the title bar, with its key.
  public static let jokeAction: TerminalText = "Joke! (n)"
  /// The keys, with what they do, as the `?` view lists them.
  public static let keys: [(keys: TerminalText, action: TerminalText)] = [
    ("n, +", "Joke!: fetch a random joke and save it"),
    ("Up/k, Down/j", "move"),
    ("PgUp, PgDn", "move a page"),
    ("Home/g, End/G", "first, last joke"),
    ("Enter", "show the joke"),
    ("d, then y", "remove the joke"),
    ("f, a name, Enter", "make the joke a favourite (\u{2605})"),
    ("Esc", "cancel a running fetch"),
    ("q, Ctrl-C", "quit"),
    ("Esc, Bksp, Left, q", "in a joke: back to the list"),
    ("?", "this list of keys"),
  ]

  private static let markerWidth = 2
  private static let previewWidth = JokePreview.length + 3

  private let style: TextStyle
  private let title: TerminalText
  private let selected = TextStyle(isEnabled: true)
  private let dates = SwedishDateFormatter()

  /// Makes a renderer.
  /// - Parameters:
  ///   - style: colours on or off (reverse video for the selection is always on).
  ///   - title: the title bar's text (the source's list title).
  public init(style: TextStyle, title: String = JokeListView.title) {
    self.style = style
    self.title = TerminalText(sanitizing: title, keepNewlines: false)
  }

  /// The screen's lines.
  /// - Parameters:
  ///   - state: what to show.
  ///   - size: the terminal's size.
  /// - Returns: exactly `size.rows` lines, none wider than `size.columns`, without line breaks.
  public func render(_ state: ScreenState, size: ScreenSize) -> [TerminalText] {
    guard size.rows > 0, size.columns > 0 else { return [] }
    guard size.isUsable else { return tooSmall(size) }
    var lines = [titleBar(state, width: size.columns)]
    let height = size.rows - 2
    var body: [TerminalText]
    if state.showsHelp {
      body = help(width: size.columns)
    } else {
      switch state.mode {
      case .list: body = list(state, width: size.columns, height: height)
      case .detail(let detail):
        let all = Self.detailLines(detail, width: size.columns, style: style)
        let top = min(max(0, detail.scroll), max(0, all.count - height))
        body = Array(all.dropFirst(top).prefix(height))
      }
    }
    body = body.prefix(height).map { ScreenText.fit($0, width: size.columns) }
    body += Array(repeating: .empty, count: height - body.count)
    lines += body
    lines.append(statusLine(state, width: size.columns))
    return lines
  }

  /// How many lines a joke's detail takes at `width` columns.
  /// - Parameters:
  ///   - detail: the detail view's state.
  ///   - width: the terminal's columns.
  /// - Returns: the number of lines.
  public static func detailLineCount(_ detail: ScreenState.Detail, width: Int) -> Int {
    detailLines(detail, width: width, style: TextStyle(isEnabled: false)).count
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
    let spinner: TerminalText =
      state.isFetching ? "\(SpinnerFrames.frame(state.spinnerStep)) " : .empty
    let action = spinner + Self.jokeAction
    let actionWidth = action.width
    let title = ScreenText.fit(self.title, width: max(0, width - actionWidth - 1))
    let gap = max(1, width - title.width - actionWidth)
    return ScreenText.fit(style.bold(title) + .spaces(gap) + action, width: width)
  }

  private func list(_ state: ScreenState, width: Int, height: Int) -> [TerminalText] {
    guard !state.rows.isEmpty else {
      return TextWrapper.wrap(Self.emptyMessage, width: width - Self.markerWidth).map {
        .spaces(Self.markerWidth) + $0
      }
    }
    let top = ScreenState.top(
      state.top, selection: state.selection, count: state.rows.count, height: height)
    let hasMarks = state.rows.contains { $0.mark != nil }
    return (top..<min(state.rows.count, top + height)).map { position in
      let row = state.rows[position]
      let isSelected = position == state.selection
      let text = (isSelected ? "> " : "  ") + self.text(of: row, hasMarks: hasMarks)
      return isSelected ? selected.reverse(ScreenText.pad(text, width: width)) : text
    }
  }

  /// A row on one line: mark, preview, date and id, as `chuck list` shows them.
  private func text(of row: ScreenRow, hasMarks: Bool) -> TerminalText {
    let entry = row.entry
    let mark: TerminalText =
      hasMarks ? TerminalText(sanitizing: String(row.mark ?? " ")) + " " : .empty
    return mark + ScreenText.pad(JokePreview.make(entry.value), width: Self.previewWidth) + "  "
      + entry.dateAndID(dates)
  }

  private func help(width: Int) -> [TerminalText] {
    let keysWidth = Self.keys.map(\.keys.width).max() ?? 0
    return ["  Keys", .empty]
      + Self.keys.map { "  " + ScreenText.pad($0.keys, width: keysWidth) + "  " + $0.action }
  }

  /// The detail's lines: `chuck show`'s output, with room under an inline image.
  static func detailLines(_ detail: ScreenState.Detail, width: Int, style: TextStyle)
    -> [TerminalText]
  {
    let view = JokeDetailView(width: width, style: style)
    let fields = (detail.fields ?? []).map { (label: $0.label, value: $0.value) }
    var lines: [TerminalText] = []
    for line in view.render(title: detail.id, icon: detail.icon, fields: fields).lines() {
      lines.append(line)
      if case .inline(let sequence) = detail.icon, line.string.hasSuffix(sequence.string) {
        lines += Array(repeating: .empty, count: ScreenFrameDiff.imageRows - 1)
      }
    }
    if lines.last?.isEmpty == true { lines.removeLast() }
    return lines
  }

  private func statusLine(_ state: ScreenState, width: Int) -> TerminalText {
    let text: TerminalText
    if state.showsHelp {
      return style.dim(ScreenText.fit("Press any key to go back.", width: width))
    }
    switch state.status {
    case .message(let message): text = message
    case .error(let message): return style.red(ScreenText.fit(message, width: width))
    case .prompt(let prompt):
      if let problem = prompt.problem { return style.red(ScreenText.fit(problem, width: width)) }
      guard prompt.takesText else {
        return style.bold(ScreenText.fit(prompt.question, width: width))
      }
      // The end of what is typed stays in view, followed by a block for the cursor.
      let typed = TerminalText(sanitizing: prompt.input, keepNewlines: false) + "\u{2588}"
      let room = max(0, width - prompt.question.width)
      return style.bold(
        ScreenText.fit(prompt.question + ScreenText.tail(typed, width: room), width: width))
    case .keys:
      switch state.mode {
      case .list:
        text =
          state.isFetching
          ? "Fetching a joke…  Esc cancel  q quit"
          : state.rows.contains { $0.mark != nil }
            ? "n Joke!  Enter open  f favourite  d remove  ? keys  q quit"
            : "n Joke!  Enter open  d remove  ? keys  q quit"
      case .detail: text = "Esc back  Up/Down scroll  n Joke!  ? keys"
      }
      return style.dim(ScreenText.fit(text, width: width))
    }
    return ScreenText.fit(text, width: width)
  }
}
