import Synchronization

/// The sources the config file declares (``SourceDeclaration``), as kinds: each one is a
/// ``JokeShape`` like the built-in services', so that its list, `list`, `show`, `pick`,
/// favourites, export and import, its tab on the screen and completion are the built-in
/// sources' code, run on data.
///
/// A kind is a type, and a declaration is data read at start-up: the bridge is a fixed set of
/// slot types (``DeclaredSource0`` … ``DeclaredSource7``), each reading its declaration from
/// this registry by its slot. `chuck` installs the config file's declarations once, before
/// anything else reads a source (``ChuckConfiguration/load(environment:)``); a process that
/// installs none (every test of the library) sees the built-in sources alone.
public enum DeclaredSources {
  /// The most sources a config file may declare: one slot type each.
  public static let limit = 8

  /// The slot types, in slot order.
  static let slots: [any DeclaredShape.Type] = [
    DeclaredSource0.self, DeclaredSource1.self, DeclaredSource2.self, DeclaredSource3.self,
    DeclaredSource4.self, DeclaredSource5.self, DeclaredSource6.self, DeclaredSource7.self,
  ]

  private static let installed = Mutex<[SourceDeclaration]>([])

  /// The declarations in effect, in slot order.
  public static var declarations: [SourceDeclaration] { installed.withLock { $0 } }

  /// The sources the declarations in effect make, in slot order.
  public static var sources: [JokeSource] {
    let count = installed.withLock { $0.count }
    return slots.prefix(count).map { JokeSource($0) }
  }

  /// Makes each declaration a source, the first in slot 0, in place of those installed before.
  /// - Parameter declarations: at most ``limit`` declarations (more are left out: the config
  ///   file's check refuses them first).
  public static func install(_ declarations: [SourceDeclaration]) {
    let kept = Array(declarations.prefix(limit))
    installed.withLock { current in
      if current != kept { current = kept }
    }
  }

  /// The declaration of a slot.
  /// - Parameter slot: the slot, below the number installed.
  static func declaration(_ slot: Int) -> SourceDeclaration {
    installed.withLock { $0[slot] }
  }
}

/// The first declared source.
public enum DeclaredSource0: DeclaredShape {
  /// 0.
  public static var slot: Int { 0 }
}
/// The second declared source.
public enum DeclaredSource1: DeclaredShape {
  /// 1.
  public static var slot: Int { 1 }
}
/// The third declared source.
public enum DeclaredSource2: DeclaredShape {
  /// 2.
  public static var slot: Int { 2 }
}
/// The fourth declared source.
public enum DeclaredSource3: DeclaredShape {
  /// 3.
  public static var slot: Int { 3 }
}
/// The fifth declared source.
public enum DeclaredSource4: DeclaredShape {
  /// 4.
  public static var slot: Int { 4 }
}
/// The sixth declared source.
public enum DeclaredSource5: DeclaredShape {
  /// 5.
  public static var slot: Int { 5 }
}
/// The seventh declared source.
public enum DeclaredSource6: DeclaredShape {
  /// 6.
  public static var slot: Int { 6 }
}
/// The eighth declared source.
public enum DeclaredSource7: DeclaredShape {
  /// 7.
  public static var slot: Int { 7 }
}
