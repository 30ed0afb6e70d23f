/// The screen's keys, as one list of ``ScreenBinding``s: key handling looks a key up in it (key
/// → action, in the context shown), and the list of keys (``ScreenHelp``), the hints in the
/// status line and the title bar's `Joke! (n)` are made from it. A key changed here changes
/// both what it does and what the screen says it does.
///
/// ``standard`` is the screen's own; ``remapping(_:)`` makes another, with some actions' keys
/// replaced.
public struct ScreenKeymap: Sendable, Equatable {
  /// The bindings, in the order the list of keys lists them.
  public private(set) var bindings: [ScreenBinding]

  /// Makes a keymap.
  /// - Parameter bindings: the bindings, in the order the list of keys lists them.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` when a key is bound to two actions in the
  ///   same context.
  public init(_ bindings: [ScreenBinding]) throws(ChuckError) {
    self.bindings = bindings
    try checkNoKeyBoundTwice()
  }

  /// Makes a keymap without checking it (for ``standard``, which a test checks).
  init(unchecked bindings: [ScreenBinding]) {
    self.bindings = bindings
  }

  /// The action a key does in a context, if any.
  /// - Parameters:
  ///   - key: the key.
  ///   - context: where it is pressed.
  /// - Returns: the action.
  public func action(for key: ScreenKey, in context: ScreenContext) -> ScreenAction? {
    binding(for: key, in: context)?.action
  }

  /// The binding a key belongs to in a context, if any.
  func binding(for key: ScreenKey, in context: ScreenContext) -> ScreenBinding? {
    bindings.first { $0.contexts.contains(context) && $0.allKeys.contains(key) }
  }

  /// The keys of an action in a context, in the order listed (unlisted keys last).
  /// - Parameters:
  ///   - action: the action.
  ///   - context: where.
  /// - Returns: the keys; none when the action does not work there.
  public func keys(for action: ScreenAction, in context: ScreenContext) -> [ScreenKey] {
    bindings.filter { $0.action == action && $0.contexts.contains(context) }.flatMap(\.allKeys)
  }

  /// The label of an action's first key in a context (`n` for Joke! in a list), as the hints
  /// name it.
  /// - Parameters:
  ///   - action: the action.
  ///   - context: where.
  /// - Returns: the label, or `nil` when the action has no key there.
  public func label(of action: ScreenAction, in context: ScreenContext) -> String? {
    keys(for: action, in: context).first?.label
  }

  /// The tab number a key shows in a context: its place among ``ScreenAction/showTab``'s keys,
  /// from 1.
  func tabNumber(for key: ScreenKey, in context: ScreenContext) -> Int? {
    guard let binding = binding(for: key, in: context), binding.action == .showTab,
      let index = binding.allKeys.firstIndex(of: key)
    else { return nil }
    return index + 1
  }

  /// A key that two actions share in some views.
  struct Clash: Equatable {
    /// The key.
    var key: ScreenKey
    /// The action whose binding comes first in the keymap.
    var first: ScreenAction
    /// The other action.
    var second: ScreenAction
    /// The views where the key means both, in ``ScreenContext/allCases`` order.
    var contexts: [ScreenContext]
  }

  /// Every key bound to two actions in a view, each key and pair of actions once (in the order
  /// first found), with the views where they clash.
  /// - Parameter keys: only these keys, or `nil` for every key. A config file that rebinds a few
  ///   actions asks for their new keys alone: the other keys are the standard keymap's, which
  ///   never clash (a test checks it), and checking every key of every view at each start cost
  ///   0.3 M instructions.
  func clashes(among keys: [ScreenKey]? = nil) -> [Clash] {
    var clashes: [Clash] = []
    for context in ScreenContext.allCases {
      var seen: [(key: ScreenKey, action: ScreenAction)] = []
      for binding in bindings where binding.contexts.contains(context) {
        for key in binding.allKeys where keys?.contains(key) ?? true {
          if let other = seen.first(where: { $0.key == key }), other.action != binding.action {
            // The same two actions in either order (no Set: see ``ConfigFile/tables``).
            if let index = clashes.firstIndex(where: {
              $0.key == key
                && (($0.first == other.action && $0.second == binding.action)
                  || ($0.first == binding.action && $0.second == other.action))
            }) {
              if !clashes[index].contexts.contains(context) {
                clashes[index].contexts.append(context)
              }
            } else {
              clashes.append(
                Clash(key: key, first: other.action, second: binding.action, contexts: [context]))
            }
          }
          seen.append((key, binding.action))
        }
      }
    }
    return clashes
  }

  /// Refuses a key that two bindings of different actions share in a context.
  private func checkNoKeyBoundTwice() throws(ChuckError) {
    guard let clash = clashes().first else { return }
    throw .invalidArgument(
      "the key \(clash.key.name ?? clash.key.label) is bound to two actions, "
        + "\(clash.first.name) and \(clash.second.name)")
  }
}

extension ScreenKeymap {
  /// This keymap with some actions' keys replaced: an action named answers to its new keys
  /// only (in every context where it worked), the others keep theirs.
  /// - Parameter overrides: for an action's name (``ScreenAction/name``), its new keys.
  /// - Returns: the keymap.
  /// - Throws: ``ChuckError/invalidArgument(_:)`` for a name that is no action's, an action
  ///   given no key, a mouse event or paste given as a key, or a key then bound to two actions
  ///   in the same context (the message names both).
  public func remapping(_ overrides: [String: [ScreenKey]]) throws(ChuckError) -> ScreenKeymap {
    var actions: [ScreenAction: [ScreenKey]] = [:]
    for (name, keys) in overrides.sorted(by: { $0.key < $1.key }) {
      guard let action = ScreenAction(name: name) else {
        throw .invalidArgument(
          "no action is named \u{201C}\(name)\u{201D}; the actions: "
            + ScreenAction.allCases.map(\.name).joined(separator: ", "))
      }
      guard !keys.isEmpty else { throw .invalidArgument("no key given for \(name)") }
      guard keys.allSatisfy({ $0.name != nil }) else {
        throw .invalidArgument("only keys can be bound, not the mouse or a paste (\(name))")
      }
      var unique: [ScreenKey] = []
      for key in keys where !unique.contains(key) { unique.append(key) }
      actions[action] = unique
    }
    var bindings = self.bindings
    for index in bindings.indices {
      guard let keys = actions[bindings[index].action] else { continue }
      bindings[index].keys = keys
      bindings[index].unlistedKeys = []
    }
    return try ScreenKeymap(bindings)
  }
}
