import Foundation

/// The Articles seed's `[sources.articles]` declaration, kept once in `Fixtures/articles.toml`:
/// the worked example of `Documentation/sources.md`, which the tests read from there.
public enum ArticlesDeclaration {
  /// `Fixtures/articles.toml`.
  public static let file = FakeAPI.fixtures.appendingPathComponent("articles.toml")

  /// The declaration as a config file holds it: the file without its comment header (its first
  /// lines, up to the first that is neither a comment nor blank), so `[sources.articles]` is on
  /// line 1. Its `url` is the seed's, `https://run.mocky.io`.
  public static let text: String = {
    guard let contents = try? String(contentsOf: file, encoding: .utf8) else {
      fatalError("cannot read \(file.path)")
    }
    let lines = contents.split(separator: "\n", omittingEmptySubsequences: false)
    let body = lines.drop { $0.hasPrefix("#") || $0.isEmpty }
    return body.joined(separator: "\n")
  }()

  /// The declaration with keys of `[sources.articles]` set: a key the table has keeps its line
  /// with the new value, another is added at the end of the table (before its `fields`).
  /// - Parameter values: each key and its value, a plain string (no `"` nor `\`).
  /// - Returns: the declaration's text.
  public static func text(setting values: [(key: String, value: String)]) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // The table's keys: after its header, up to the first blank line or table header.
    var end = lines.dropFirst().firstIndex { $0.isEmpty || $0.hasPrefix("[") } ?? lines.count
    for (key, value) in values {
      precondition(!value.contains("\"") && !value.contains("\\"), "\(value) is not plain")
      let line = "\(key) = \"\(value)\""
      if let index = lines[1..<end].firstIndex(where: { $0.hasPrefix(key + " = ") }) {
        lines[index] = line
      } else {
        lines.insert(line, at: end)
        end += 1
      }
    }
    return lines.joined(separator: "\n")
  }
}
