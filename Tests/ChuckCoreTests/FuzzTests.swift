import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

/// Hostile input, property-based: seeded random and mutated inputs, thousands per test, bounded
/// in time. Each test prints a `reliability:` line with how many cases it ran.
@Suite struct FuzzTests {
  /// The most seconds one property may run; it stops early, having run fewer cases, if slow.
  static let budget = 20.0

  /// Characters that make text hard: controls of every kind, escape sequence pieces, bidi
  /// controls, combining marks, ZWJ emoji, flags, wide and right-to-left letters, whitespace.
  static let alphabet: [String] = [
    "a", "Z", "0", " ", "  ", "\t", "\n", "\r\n", "\r", "\u{0}", "\u{7}", "\u{8}", "\u{1B}",
    "\u{1B}[", "\u{1B}]", "\u{1B}\\", "[31m", "52;c;", "\u{7F}", "\u{85}", "\u{9B}", "\u{9C}",
    "\u{9D}", "\u{202E}", "\u{2066}", "\u{2069}", "\u{200F}", "\u{61C}", "\u{301}", "e\u{301}",
    "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", "\u{1F1F8}\u{1F1EA}", "\u{1F44D}\u{1F3FD}",
    "漢", "한", "ש", "\u{A0}", "\u{2028}", "\u{FEFF}", "\"", "\\", "&#8734;", "é", "ß",
  ]

  static func randomText(_ generator: inout SeededGenerator, maxPieces: Int = 60) -> String {
    let count = Int.random(in: 0...maxPieces, using: &generator)
    return (0..<count).map { _ in alphabet.randomElement(using: &generator)! }.joined()
  }

  /// Rendered text never holds C0 (but newline and tab), DEL, C1 or bidi controls, whatever the
  /// input; and on one line, not newline or tab either.
  @Test func renderingIsAlwaysSafe() {
    var generator = SeededGenerator(seed: 0xF022)
    let started = Date()
    var cases = 0
    while cases < 20_000, Date().timeIntervalSince(started) < Self.budget {
      let text = Self.randomText(&generator)
      let multiLine = TerminalSafeText.render(text)
      let oneLine = TerminalSafeText.render(text, keepNewlines: false)
      #expect(!multiLine.unicodeScalars.contains { TerminalSafeText.isUnsafe($0) }, "\(text)")
      #expect(
        !oneLine.unicodeScalars.contains { TerminalSafeText.isUnsafe($0, keepNewlines: false) })
      cases += 1
    }
    print("reliability: fuzz, terminal-safe rendering, \(cases) cases, none unsafe")
    #expect(cases >= 1_000)
  }

  /// A preview is safe, on one line, at most 30 characters plus `...`, and its characters are the
  /// first characters of the collapsed, safe text: no grapheme is split or changed.
  @Test func previewsNeverSplitGraphemes() {
    var generator = SeededGenerator(seed: 0x9E71)
    let started = Date()
    var cases = 0
    while cases < 20_000, Date().timeIntervalSince(started) < Self.budget {
      let text = Self.randomText(&generator)
      let preview = JokePreview.make(text).string
      let full = TerminalSafeText.render(JokePreview.collapsingWhitespace(text))
      let kept = preview.hasSuffix("...") && full.count > 30 ? String(preview.dropLast(3)) : preview
      #expect(kept.count <= 30)
      #expect(Array(full.prefix(kept.count)) == Array(kept), "\(text.debugDescription)")
      #expect(
        !preview.unicodeScalars.contains { TerminalSafeText.isUnsafe($0, keepNewlines: false) })
      cases += 1
    }
    print("reliability: fuzz, previews, \(cases) cases, none split a grapheme")
    #expect(cases >= 1_000)
  }

  /// The date parser never crashes, and what it accepts is exactly `yyyy-MM-dd HH:mm:ss` with
  /// 0 to 6 fraction digits naming a real instant (checked by formatting it back).
  @Test func timestampParserAcceptsOnlyRealTimestamps() {
    var generator = SeededGenerator(seed: 0xDA7E)
    let valid = "2020-01-05 13:42:19.104863"
    let pieces = ["0", "1", "2", "9", "-", ":", " ", "T", ".", "Z", "a", "\u{661}", "٣", "00", ""]
    let started = Date()
    var cases = 0
    var accepted = 0
    while cases < 50_000, Date().timeIntervalSince(started) < Self.budget {
      var characters = Array(valid)
      for _ in 0..<Int.random(in: 0...4, using: &generator) {
        let index = Int.random(in: 0..<characters.count, using: &generator)
        let piece = Array(pieces.randomElement(using: &generator)!)
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: characters.replaceSubrange(index...index, with: piece)
        case 1: characters.insert(contentsOf: piece, at: index)
        default: characters.removeSubrange(index..<characters.count)
        }
        if characters.isEmpty { characters = ["0"] }
      }
      let text = String(characters)
      if let stamp = PostgresTimestamp(text) {
        accepted += 1
        #expect(Self.isTimestampForm(text), "\(text)")
        // The same instant, formatted back to whole seconds, is the text's first 19 characters.
        let micros = stamp.microseconds
        var time = time_t(micros >= 0 ? micros / 1_000_000 : (micros - 999_999) / 1_000_000)
        var parts = tm()
        gmtime_r(&time, &parts)
        let back = String(
          format: "%04d-%02d-%02d %02d:%02d:%02d", parts.tm_year + 1900, parts.tm_mon + 1,
          parts.tm_mday, parts.tm_hour, parts.tm_min, parts.tm_sec)
        #expect(back == String(text.prefix(19)).replacingOccurrences(of: "T", with: " "))
      }
      cases += 1
    }
    print("reliability: fuzz, timestamp parser, \(cases) cases, \(accepted) accepted, all real")
    #expect(cases >= 1_000)
  }

  static func isTimestampForm(_ text: String) -> Bool {
    text.range(
      of: #"^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?$"#, options: .regularExpression)
      != nil && text.allSatisfy(\.isASCII)
  }

  /// Mutated joke answers never crash the decoder: each gives a joke or `ChuckError.badResponse`,
  /// never anything else, and an accepted joke keeps the strings it was sent.
  @Test func jokeDecoderOnlyFailsWithChuckError() async throws {
    var generator = SeededGenerator(seed: 0x10CE)
    let samples = try Samples.realJokes() + Samples.madeUpJokes()
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys  // the same bytes every run, so the same mutations
    let started = Date()
    var cases = 0
    var decoded = 0
    while cases < 3_000, Date().timeIntervalSince(started) < Self.budget {
      var bytes = Array(try encoder.encode(samples.randomElement(using: &generator)!))
      for _ in 0..<Int.random(in: 0...3, using: &generator) where !bytes.isEmpty {
        let index = Int.random(in: 0..<bytes.count, using: &generator)
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: bytes[index] = UInt8.random(in: 0...255, using: &generator)
        case 1: bytes.removeSubrange(index..<bytes.count)
        case 2: bytes.insert(contentsOf: Array(#"":[{"#.utf8), at: index)
        default: bytes.remove(at: index)
        }
      }
      let script = ScriptedTransport([
        .success(jsonResponse(String(decoding: bytes, as: UTF8.self)))
      ])
      let worker = ChuckWorker(
        url: URL(string: "https://api.chucknorris.io/jokes/random")!, userAgent: "chuck/test",
        transport: script.transport, policy: RetryPolicy(retries: 0),
        limits: TransferLimits(deadline: 1, maxBytes: 1 << 20), notFound: .notFound(path: "/"))
      do throws(ChuckError) {
        let joke = try await worker.decode(ChuckJoke.self)
        decoded += 1
        #expect(PostgresTimestamp(joke.createdAt) != nil)
        #expect(JokeID.isAcceptable(joke.id))
      } catch {
        guard case .badResponse = error else {
          Issue.record("unexpected \(error)")
          continue
        }
      }
      cases += 1
    }
    print(
      "reliability: fuzz, joke decoder, \(cases) mutated answers, \(decoded) decoded, "
        + "the rest refused as bad responses")
    #expect(cases >= 500)
  }
}
