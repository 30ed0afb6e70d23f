/// Values by name, in the order first set, searched in order: the settings' origins
/// (``ChuckConfiguration/origins``) and the config parser's lines of tables and keys.
///
/// A dictionary would be faster for many names, but these hold a few dozen, and a dictionary of
/// strings is made at run time from its mangled name where FoundationEssentials or the standard
/// library names it: a scan of every protocol conformance, at every start of `pick`.
public struct NamedValues<Value: Sendable & Equatable>: Sendable, Equatable {
  private var names: [String] = []
  private var values: [Value] = []

  /// None.
  public init() {}

  /// The value of a name, or `nil`. Setting `nil` changes nothing: nothing here is ever unset.
  public subscript(_ name: String) -> Value? {
    get { index(of: name).map { values[$0] } }
    set {
      guard let value = newValue else { return }
      if let index = index(of: name) {
        values[index] = value
      } else {
        names.append(name)
        values.append(value)
      }
    }
  }

  /// Where a name is: its bytes, as TOML compares keys (Swift's `==` would take `é` and `e` with
  /// a combining accent as one name). Lengths first: most names differ in length, and `==` on
  /// two strings of over 15 bytes costs a hundred instructions however soon they differ (40 keys
  /// and tables made over 1,500 comparisons at every start).
  private func index(of name: String) -> Int? {
    let count = name.utf8.count
    return names.firstIndex { $0.utf8.count == count && $0.utf8.elementsEqual(name.utf8) }
  }
}
