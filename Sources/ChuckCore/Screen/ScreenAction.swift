/// One thing a user does on the screen with a key: what a ``ScreenBinding`` binds its keys to.
/// Key handling switches on the action, never on the key, so that a key changed in the keymap
/// changes what it does.
///
/// Each action has a stable lowercase ``name`` (`joke`, `quit`, `page-down` …): the name a
/// keymap's overrides use.
public enum ScreenAction: String, CaseIterable, Equatable, Hashable, Sendable {
  /// Up one row (or one line).
  case up
  /// Down one row (or one line).
  case down
  /// Up a page.
  case pageUp = "page-up"
  /// Down a page.
  case pageDown = "page-down"
  /// To the first row (the top).
  case top
  /// To the last row (the bottom).
  case bottom
  /// Joke!: fetch a random joke into the tab's list (in the punchline view: once it shows).
  case joke
  /// Show the selected joke (or search result).
  case open
  /// Back to the list, from a joke's detail or a search's results.
  case back
  /// Cancel a running fetch; else clear the filter.
  case cancel
  /// Remove the selected joke (or favourite), after a `y`.
  case remove
  /// Make the selected joke a favourite, asking for its name.
  case favorite
  /// Rename the selected favourite.
  case rename
  /// Filter the list as a text is typed.
  case filter
  /// Search the tab's source.
  case search
  /// Save the selected search result to the tab's list.
  case save
  /// Copy the joke's text (OSC 52).
  case copy
  /// Open the joke's link in a browser.
  case openLink = "open-link"
  /// Show a tab by its number: the first key shows tab 1, the second tab 2 …
  case showTab = "show-tab"
  /// Show the next tab.
  case nextTab = "next-tab"
  /// Show the previous tab.
  case previousTab = "previous-tab"
  /// Show the list of keys (`?`).
  case help
  /// Quit (exit status 0).
  case quit
  /// Quit as Ctrl-C does (exit status 130).
  case interrupt
  /// Suspend (the terminal is given back until `fg`).
  case suspend
  /// Draw the whole screen again.
  case redraw

  /// The action's stable lowercase name, as a keymap's overrides write it.
  public var name: String { rawValue }

  /// The action with this name.
  /// - Parameter name: a name, as ``name`` writes it.
  public init?(name: String) {
    self.init(rawValue: name)
  }

  /// Whether the action is one of those that move a selection or scroll: up, down, a page,
  /// top, bottom.
  public var isMotion: Bool {
    switch self {
    case .up, .down, .pageUp, .pageDown, .top, .bottom: true
    default: false
    }
  }

  /// Whether a key for the action is refused when it comes with other keys at once (in one read
  /// from the terminal, as a paste without brackets comes): the actions that change what is
  /// saved (Joke!, save) or reach outside the screen (copy to the clipboard, open a browser).
  /// Every other action is done, whatever the key came with: keys that arrive together are never
  /// dropped. (Removing asks first; `y` to that question is refused the same way.)
  public var isRefusedTogether: Bool {
    switch self {
    case .joke, .save, .copy, .openLink: true
    default: false
    }
  }

  /// Whether the action works even while a prompt waits (as Ctrl-C, Ctrl-Z and Ctrl-L do),
  /// for keys that are not text.
  var worksInPrompts: Bool {
    switch self {
    case .interrupt, .suspend, .redraw: true
    default: false
    }
  }
}
