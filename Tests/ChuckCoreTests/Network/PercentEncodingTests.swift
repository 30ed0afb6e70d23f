import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

/// The percent-encoding of URL parts, made without Foundation, checked against Foundation's.
@Suite struct PercentEncodingTests {
  private static let samples = [
    "", "dev", "a b", "a+b", "a&b=c", "50%", "#hash?", "é", "👍🏽", "x/y", "~._-", "!$'()*,;:@",
    "\u{0}\u{7F}\u{1B}[31m", "Chuck Norris's \"test\"",
  ]

  /// Path segments are encoded as `urlPathAllowed` without `/` encodes them.
  @Test(arguments: samples)
  func pathSegmentMatchesFoundation(text: String) {
    let reference = text.addingPercentEncoding(
      withAllowedCharacters: CharacterSet.urlPathAllowed.subtracting(
        CharacterSet(charactersIn: "/")))
    #expect(PercentEncoding.encode(text, allowing: PercentEncoding.pathSegment) == reference)
  }

  /// Query values are encoded as `urlQueryAllowed` without `+&=#?` encodes them.
  @Test(arguments: samples)
  func queryValueMatchesFoundation(text: String) {
    var allowed = CharacterSet.urlQueryAllowed
    allowed.remove(charactersIn: "+&=#?")
    let reference = text.addingPercentEncoding(withAllowedCharacters: allowed)
    #expect(PercentEncoding.encode(text, allowing: PercentEncoding.queryValue) == reference)
  }

  /// Seeded random text of every byte class agrees with Foundation too.
  @Test func randomTextMatchesFoundation() {
    var generator = SeededGenerator(seed: 8)
    let alphabet = Array("aZ9-._~!$&'()*+,;=:@/?#[]% \"<>\\^`{|}é€👍\u{1}")
    var allowed = CharacterSet.urlQueryAllowed
    allowed.remove(charactersIn: "+&=#?")
    for _ in 0..<2_000 {
      let text = String(
        (0..<Int.random(in: 0...12, using: &generator)).map { _ in
          alphabet.randomElement(using: &generator)!
        })
      #expect(
        PercentEncoding.encode(text, allowing: PercentEncoding.queryValue)
          == text.addingPercentEncoding(withAllowedCharacters: allowed), "\(text)")
    }
  }

  /// Trimming white space agrees with Foundation's `trimmingCharacters(in:)`.
  @Test(arguments: ["", " ", " a ", "\t application/json \r\n", "a b", "\u{A0}x\u{2003}", "x"])
  func trimmingMatchesFoundation(text: String) {
    #expect(text.trimmingWhitespace == text.trimmingCharacters(in: .whitespacesAndNewlines))
  }
}
