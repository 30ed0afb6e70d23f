/// Which saved jokes `chuck pick` may choose, as fortune's options choose fortunes: of a
/// category, of none of the excluded ones, short or long, matching a regular expression.
public struct PickFilter: Sendable {
  /// fortune's threshold between short and long (`-n`), in characters.
  public static let defaultLength = 160

  /// A joke's length as the filter wants it.
  public enum Length: Sendable, Equatable {
    /// Any length.
    case any
    /// At most this many characters (`-s`).
    case short(Int)
    /// More than this many characters (`-l`).
    case long(Int)
  }

  /// Only jokes of this category.
  public let category: String?
  /// No joke of these categories or flags (compared case-insensitively).
  public let excluded: [String]
  /// The length wanted.
  public let length: Length
  /// Only jokes whose text (a two-part joke's setup and punchline on two lines) it matches.
  public let match: POSIXRegex?
  private let foldedExcluded: Set<String>

  /// Makes a filter.
  /// - Parameters:
  ///   - category: only jokes of this category.
  ///   - excluded: no joke of these categories.
  ///   - length: the length wanted.
  ///   - match: the expression the text must match.
  public init(
    category: String? = nil, excluded: [String] = [], length: Length = .any,
    match: POSIXRegex? = nil
  ) {
    self.category = category
    self.excluded = excluded
    self.length = length
    self.match = match
    foldedExcluded = Set(excluded.map { $0.lowercased() })
  }

  /// A joke's length as `-s`, `-l` and `-n` count it: the characters (graphemes) of its preview's
  /// text before the cut — whitespace collapsed, made safe for a terminal — a two-part joke's
  /// setup and punchline together, one space between.
  /// - Parameters:
  ///   - text: the text or setup.
  ///   - punchline: the punchline.
  /// - Returns: the length.
  public static func length(of text: String, punchline: String?) -> Int {
    let whole = punchline.map { text + " " + $0 } ?? text
    return TerminalSafeText.render(JokePreview.collapsingWhitespace(whole)).count
  }

  /// Whether the joke at `position` of a saved list passes.
  /// - Parameters:
  ///   - position: a position in `saved`.
  ///   - saved: the saved list.
  /// - Returns: whether it may be chosen.
  public func admits(_ position: Int, in saved: some JokeIndex) -> Bool {
    if let category, !saved.categories(at: position).contains(category) { return false }
    if !excluded.isEmpty,
      saved.exclusionNames(at: position).contains(where: {
        foldedExcluded.contains($0.lowercased())
      })
    {
      return false
    }
    guard length != .any || match != nil else { return true }
    let text = saved.text(at: position)
    let punchline = saved.punchline(at: position)
    switch length {
    case .any: break
    case .short(let limit):
      guard Self.length(of: text, punchline: punchline) <= limit else { return false }
    case .long(let limit):
      guard Self.length(of: text, punchline: punchline) > limit else { return false }
    }
    if let match, !match.matches(ScreenState.Shown.text(text, punchline)) { return false }
    return true
  }
}
