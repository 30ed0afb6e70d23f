extension StringProtocol {
  /// The text without white space (line breaks included) at either end.
  var trimmingWhitespace: String {
    guard let first = firstIndex(where: { !$0.isWhitespace }) else { return "" }
    let last = lastIndex(where: { !$0.isWhitespace })!
    return String(self[first...last])
  }
}
