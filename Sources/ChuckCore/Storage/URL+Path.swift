import FoundationEssentials

extension URL {
  /// A file or folder inside this folder: `name` is one or more path components, relative.
  ///
  /// The same URL as `appendingPathComponent(_:isDirectory:)`, made from the path as text:
  /// FoundationEssentials' first `appending` builds a set from its mangled name, a scan of every
  /// protocol conformance in the binary (about 0.28 M instructions), and `pick` needs a few of
  /// these paths at every start.
  /// - Parameters:
  ///   - name: the relative path, such as `jokes.json` or `.local/share`.
  ///   - isDirectory: whether it names a folder.
  /// - Returns: the file URL of the path inside this one.
  public func appendingPath(_ name: String, isDirectory: Bool = false) -> URL {
    let base = path
    return URL(
      fileURLWithPath: base.hasSuffix("/") ? base + name : base + "/" + name,
      isDirectory: isDirectory)
  }
}
