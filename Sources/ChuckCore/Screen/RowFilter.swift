/// The screen's filter (`/`): which rows contain a text, case-insensitively, and where, for the
/// highlight.
///
/// Case is folded by lowercasing (Unicode's rules, not only ASCII's). Rows keep their text folded
/// (``ScreenRow``), so a key typed into the filter compares bytes: ten thousand rows take about a
/// millisecond.
public struct RowFilter: Sendable {
  /// The text looked for, folded.
  public let needle: String
  private let bytes: [UInt8]

  /// Makes a filter.
  /// - Parameter text: the text looked for.
  public init(_ text: String) {
    needle = Self.fold(text)
    bytes = Array(needle.utf8)
  }

  /// A text with its case folded.
  /// - Parameter text: any text.
  /// - Returns: the text lowercased.
  public static func fold(_ text: String) -> String { text.lowercased() }

  /// The rows whose text contains the filter's, in order.
  /// - Parameter rows: rows.
  /// - Returns: the matching rows.
  public func matching(_ rows: [ScreenRow]) -> [ScreenRow] {
    guard !bytes.isEmpty else { return rows }
    return rows.filter { matches($0.folded) }
  }

  /// Whether a folded text contains the filter's text.
  func matches(_ folded: String) -> Bool {
    var folded = folded
    return folded.withUTF8 { haystack in Self.find(bytes, in: haystack) }
  }

  private static func find(_ needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = needle.first, haystack.count >= needle.count else { return false }
    var start = 0
    let last = haystack.count - needle.count
    while start <= last {
      if haystack[start] == first {
        var offset = 1
        while offset < needle.count, haystack[start + offset] == needle[offset] { offset += 1 }
        if offset == needle.count { return true }
      }
      start += 1
    }
    return false
  }

  /// A joke's preview (as ``JokePreview`` makes it) with the filter's first match underlined;
  /// when the match lies past the preview's end, the preview starts shortly before it, after
  /// `...`.
  /// - Parameters:
  ///   - text: the joke's raw text.
  ///   - length: how many characters a preview keeps.
  /// - Returns: the preview, at most `length + 6` characters.
  public func preview(_ text: String, length: Int = JokePreview.length) -> TerminalText {
    let characters = Array(TerminalSafeText.render(JokePreview.collapsingWhitespace(text)))
    guard !bytes.isEmpty, let match = firstMatch(in: characters) else {
      return JokePreview.make(text, length: length)
    }
    var start = 0
    var end = min(characters.count, length)
    if match.upperBound > end {
      // A few characters before the match (fewer for a long match), then as much as fits.
      let room = length - 3
      let before = min(8, max(0, room - match.count))
      start = max(0, match.lowerBound - before)
      end = min(characters.count, start + room)
    }
    var output = start > 0 ? "..." : ""
    for position in start..<end {
      if position == match.lowerBound { output += Self.highlightOn }
      output.append(characters[position])
      if position + 1 == match.upperBound { output += Self.highlightOff }
    }
    if match.lowerBound < end, match.upperBound > end { output += Self.highlightOff }
    if end < characters.count { output += "..." }
    return TerminalText(verbatim: output)
  }

  /// Underline on and off (never colour alone; inside a reverse-video row, only the underline
  /// ends).
  static let highlightOn = "\u{1B}[4m"
  static let highlightOff = "\u{1B}[24m"

  /// The positions of the first characters whose folded text is the needle.
  private func firstMatch(in characters: [Character]) -> Range<Int>? {
    let folded = characters.map { Self.fold(String($0)) }
    for start in folded.indices {
      var rest = Substring(needle)
      var end = start
      while end < folded.count, !rest.isEmpty, rest.hasPrefix(folded[end]) {
        rest = rest.dropFirst(folded[end].count)
        end += 1
      }
      if rest.isEmpty, end > start { return start..<end }
    }
    return nil
  }
}
