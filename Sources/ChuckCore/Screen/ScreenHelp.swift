/// The `?` view: every key of the view shown, then the keys that work everywhere, made from the
/// state's ``ScreenKeymap``.
public enum ScreenHelp {
  /// A key (or keys) and what it does.
  public typealias Entry = (keys: TerminalText, action: TerminalText)

  /// The views that have keys of their own (a view is a context of the keymap).
  public typealias View = ScreenContext

  /// The view a state shows.
  /// - Parameter state: the state.
  /// - Returns: its view.
  public static func view(of state: ScreenState) -> View {
    switch state.mode {
    case .detail: return .detail
    case .punchline: return .punchline
    case .list:
      if state.tab.search != nil { return .search }
      return state.tab.isFavorites ? .favorites : .list
    }
  }

  /// What no key of the keymap does in a two-part joke's view: any key shows the punchline.
  private static let anyKey: Entry = ("any key, click", "show the punchline, then back to the list")

  /// What the wheel does, listed after the keys that switch tabs.
  private static let wheel: Entry = ("wheel", "scroll")

  /// The keys of a view: its own bindings, in the keymap's order.
  /// - Parameters:
  ///   - view: the view.
  ///   - keymap: the keys.
  /// - Returns: its keys, in the order listed.
  public static func keys(of view: View, in keymap: ScreenKeymap) -> [Entry] {
    let own = entries(
      keymap.bindings.filter {
        $0.contexts.contains(view) && !ScreenContext.views.allSatisfy($0.contexts.contains)
      })
    return view == .punchline ? [anyKey] + own : own
  }

  /// The keys that work in every view.
  /// - Parameter keymap: the keys.
  /// - Returns: the keys, in the order listed.
  public static func everywhere(in keymap: ScreenKeymap) -> [Entry] {
    var entries = entries(
      keymap.bindings.filter { binding in ScreenContext.views.allSatisfy(binding.contexts.contains)
      })
    entries.insert(wheel, at: min(1, entries.count))
    return entries
  }

  /// The `?` view's lines for a state.
  /// - Parameter state: the state.
  /// - Returns: the lines, unstyled.
  public static func lines(for state: ScreenState) -> [TerminalText] {
    let view = keys(of: view(of: state), in: state.keymap)
    let everywhere = everywhere(in: state.keymap)
    let width = (view + everywhere).map(\.keys.width).max() ?? 0
    func line(_ entry: Entry) -> TerminalText {
      "  " + ScreenText.pad(entry.keys, width: width) + "  "
        + (state.isAccessible ? inWords(entry.action) : entry.action)
    }
    return ["  Keys here", .empty] + view.map(line) + [.empty, "  Everywhere", .empty]
      + everywhere.map(line) + [.empty, "  Screen readers", .empty]
      + screenReaderNote(state.keymap).flatMap { paragraph in
        TextWrapper.wrap(paragraph, width: max(1, state.size.columns - 2)).map { "  " + $0 }
      }
  }

  /// Which keys a screen reader's own keymap commonly takes before they reach chuck, and what
  /// to press instead: the list of keys ends with it.
  /// The key named is the keymap's own second key of `cancel`, so that a changed key is named.
  static func screenReaderNote(_ keymap: ScreenKeymap) -> [TerminalText] {
    let second = keymap.bindings.first { $0.action == .cancel && $0.contexts.contains(.list) }?
      .keys.first { $0 != .escape }
    let instead: TerminalText =
      second.map { "\(sanitizing: $0.label) does what Esc does." }
      ?? "give cancel and back a second key in the config file's [keys]."
    return [
      "Fenrir's PTY keymap takes a lone Esc (stop speaking): " + instead,
      "Fenrir, Speakup and Orca take Insert, Caps Lock and the keypad for their own commands, "
        + "Fenrir also Alt with the arrows and the function keys: chuck binds none of them.",
    ]
  }

  /// What a key does with the marks it names in words, as the accessible mode's rows say them.
  static func inWords(_ action: TerminalText) -> TerminalText {
    var text = action.string
    for (glyph, words) in [
      (" (\(ScreenRow.favorite))", ": its row then says favourite"),
      ("\(ScreenRow.saved) marks one saved", "a saved one's row says saved"),
    ] {
      text = text.replacing(glyph, with: words)
    }
    return TerminalText(verbatim: text)
  }

  /// The lines of listed bindings: bindings next to each other that say the same share a line.
  /// One action's keys are written `n, +`; several actions' each with `/` between its own keys
  /// (`Up/k, Down/j`).
  private static func entries(_ bindings: [ScreenBinding]) -> [Entry] {
    var groups: [[ScreenBinding]] = []
    for binding in bindings where binding.help != nil {
      if let last = groups.last?.last, last.help == binding.help {
        groups[groups.count - 1].append(binding)
      } else {
        groups.append([binding])
      }
    }
    return groups.map { group in
      let keys: String
      if Set(group.map(\.action)).count == 1 {
        keys = written(group.flatMap(\.keys), separator: ", ")
      } else {
        keys = group.map { written($0.keys, separator: "/") }.joined(separator: ", ")
      }
      return (
        TerminalText(sanitizing: keys + group[0].keysNote, keepNewlines: false),
        TerminalText(sanitizing: group[0].help ?? "", keepNewlines: false)
      )
    }
  }

  /// Keys as the list of keys writes them; three or more digits in a row as a range (`1-9`).
  static func written(_ keys: [ScreenKey], separator: String) -> String {
    let digits = keys.compactMap { key -> Int? in
      guard case .character(let character) = key, character.isASCII else { return nil }
      return character.wholeNumberValue
    }
    if keys.count >= 3, digits.count == keys.count,
      zip(digits, digits.dropFirst()).allSatisfy({ $1 == $0 + 1 }),
      let first = digits.first, let last = digits.last
    {
      return "\(first)-\(last)"
    }
    return keys.map(\.label).joined(separator: separator)
  }
}
