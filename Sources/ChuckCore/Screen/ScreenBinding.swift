/// Where a key is pressed: one of the views, or the list of keys shown over it. A
/// ``ScreenBinding`` works in the contexts it names; a key means one action at most in each.
public enum ScreenContext: Sendable, Equatable, Hashable, CaseIterable {
  /// A source's saved jokes.
  case list
  /// The favourites of every source.
  case favorites
  /// A search's results.
  case search
  /// One joke's fields.
  case detail
  /// A two-part joke's setup, its punchline to come.
  case punchline
  /// The list of keys (`?`), shown over a view.
  case help

  /// The views whose keys the list of keys lists: a binding that works in all of them is listed
  /// under "Everywhere".
  /// (Arrays, not sets, here and in ``ScreenBinding/contexts``: a set of contexts is made at run
  /// time from its mangled name, a scan of every protocol conformance, and a config file with
  /// keys builds the keymap at every start.)
  public static let views: [ScreenContext] = [.list, .favorites, .search, .detail]
}

/// Keys bound to an action in some contexts, and how the list of keys describes them: in the
/// style of bubbles' `key.Binding` and lazygit's `Binding`. An action may have several bindings,
/// one for each wording (in a search, `y` copies "its text"; in a list, "the joke's text").
public struct ScreenBinding: Sendable, Equatable {
  /// The keys, in the order the list of keys names them; the first is the one hints name.
  public var keys: [ScreenKey]
  /// Keys that do the same but that the list of keys does not name (→ and `l` besides Enter);
  /// gone when the action's keys are remapped.
  public var unlistedKeys: [ScreenKey]
  /// What the keys do.
  public var action: ScreenAction
  /// Where the keys work.
  public var contexts: [ScreenContext]
  /// What the list of keys says they do, or `nil` when it does not list them.
  public var help: String?
  /// What follows the keys in the list of keys' key column (`, then y`, `, a name, Enter`,
  /// `, click`).
  public var keysNote: String

  /// Makes a binding.
  /// - Parameters:
  ///   - keys: the keys, in the order the list of keys names them.
  ///   - unlistedKeys: keys that do the same, not named in the list of keys.
  ///   - action: what the keys do.
  ///   - contexts: where they work.
  ///   - help: what the list of keys says they do; `nil` not to list them.
  ///   - keysNote: what follows the keys in the list of keys.
  public init(
    _ keys: [ScreenKey], unlistedKeys: [ScreenKey] = [], action: ScreenAction,
    in contexts: [ScreenContext], help: String?, keysNote: String = ""
  ) {
    self.keys = keys
    self.unlistedKeys = unlistedKeys
    self.action = action
    self.contexts = contexts
    self.help = help
    self.keysNote = keysNote
  }

  /// Every key that does the action: the listed keys, then the unlisted ones.
  public var allKeys: [ScreenKey] { keys + unlistedKeys }
}
