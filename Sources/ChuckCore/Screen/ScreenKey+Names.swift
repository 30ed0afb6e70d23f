/// A key's written form, as a keymap's overrides write it (`q`, `ctrl-c`, `enter`, `pgdn`,
/// `space` …), and its label, as the list of keys and the hints show it (`q`, `Ctrl-C`, `Enter`,
/// `PgDn`, `Space` …).
extension ScreenKey {
  /// The keys with a name of more than one character: each name, its other spellings, and the
  /// label shown.
  private static let named: [(key: ScreenKey, names: [String], label: String)] = [
    (.up, ["up"], "Up"),
    (.down, ["down"], "Down"),
    (.left, ["left"], "Left"),
    (.right, ["right"], "Right"),
    (.home, ["home"], "Home"),
    (.end, ["end"], "End"),
    (.pageUp, ["pgup", "pageup", "page-up"], "PgUp"),
    (.pageDown, ["pgdn", "pagedown", "page-down"], "PgDn"),
    (.enter, ["enter", "return"], "Enter"),
    (.backspace, ["backspace", "bksp"], "Bksp"),
    (.escape, ["esc", "escape"], "Esc"),
    (.abort, ["ctrl-g"], "Ctrl-G"),
    (.interrupt, ["ctrl-c"], "Ctrl-C"),
    (.suspend, ["ctrl-z"], "Ctrl-Z"),
    (.redraw, ["ctrl-l"], "Ctrl-L"),
    (.tab, ["tab"], "Tab"),
    (.backTab, ["shift-tab", "backtab"], "Shift-Tab"),
    (.character(" "), ["space"], "Space"),
  ]

  /// The names of the keys that are not one character, each key's first spelling (`up`, `pgdn`,
  /// `ctrl-c`, `space` …), as the messages that say what a key may be list them.
  static var longNames: [String] { named.map { $0.names[0] } }

  /// Reads a key's written form: one printable character (`q`, `G`, `?`, `+`), or a key's name,
  /// in any case (`enter`, `esc`, `up`, `pgdn`, `ctrl-c`, `shift-tab`, `space` …).
  /// - Parameter text: the written form.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for text that names no key the screen reads.
  public init(parsing text: String) throws(ChuckError) {
    if text.count == 1, let character = text.first, !character.isWhitespace,
      !character.unicodeScalars.contains(where: {
        TerminalSafeText.isUnsafe($0, keepNewlines: false)
      })
    {
      self = .character(character)
      return
    }
    let name = text.lowercased()
    guard let found = Self.named.first(where: { $0.names.contains(name) }) else {
      throw .invalidArgument(
        "not a key: \u{201C}\(text)\u{201D} (a key is one character, or one of: "
          + Self.longNames.joined(separator: ", ") + ")")
    }
    self = found.key
  }

  /// The key's written form, as ``init(parsing:)`` reads it (`q`, `ctrl-c`, `pgdn`, `space`), or
  /// `nil` for a mouse event or a paste, which no keymap binds.
  public var name: String? {
    if let found = Self.named.first(where: { $0.key == self }) { return found.names[0] }
    if case .character(let character) = self { return String(character) }
    return nil
  }

  /// The key as the list of keys and the hints show it (`q`, `Ctrl-C`, `PgDn`, `Space`).
  public var label: String {
    if let found = Self.named.first(where: { $0.key == self }) { return found.label }
    switch self {
    case .character(let character): return String(character)
    case .mouse: return "mouse"
    case .paste: return "paste"
    default: return ""
    }
  }
}
