import Foundation
import Testing

@testable import ChuckCore

/// `ReportText`, the one-line reports of stderr and the screen's status line. Whatever comes
/// from outside is made safe on one line: each control, escape sequence or bidi control becomes
/// one `TerminalSafeText.placeholder` (U+FFFD), newlines and tabs included.
@Suite struct ReportTextTests {
  private static let mark = String(TerminalSafeText.placeholder)

  /// An error is `error: ` and its message.
  @Test func errorIsPrefixed() {
    #expect(
      ReportText.error(.timedOut(seconds: 1)).string
        == "error: the joke API did not answer within 1 second")
    #expect(
      ReportText.error(.duplicate(id: "7ver3y48qqsfktpelir7ua", preview: "Chuck Norris counted"))
        .string
        == "error: already in your list: 7ver3y48qqsfktpelir7ua \u{201C}Chuck Norris counted"
        + "\u{201D}; nothing saved")
    #expect(ReportText.error(.cancelled).string == "error: cancelled")
  }

  /// A message holding escape sequences, C1 controls, bidi controls, a newline or a tab is shown
  /// on one line, each of them one placeholder, the text around kept.
  @Test func errorIsMadeSafe() {
    let message =
      "bad \u{1B}[31mred\u{1B}[0m \u{9B}2J \u{202E}txt\u{2069}\nnext\ttab\u{85}\u{7}end"
    let line = ReportText.error(.invalidArgument(message)).string
    let m = Self.mark
    #expect(line == "error: bad \(m)red\(m) \(m) \(m)txt\(m)\(m)next\(m)tab\(m)\(m)end")
    #expect(!line.unicodeScalars.contains { TerminalSafeText.isUnsafe($0, keepNewlines: false) })
  }

  /// The parts of a message that come from outside (an id, a server's reason) are made safe too.
  @Test func errorPartsFromOutsideAreMadeSafe() {
    let m = Self.mark
    #expect(
      ReportText.error(.jokeNotFound(id: "x\u{1B}]52;c;AAAA\u{7}y")).string
        == "error: no joke with id 'x\(m)y' in your list or on the API")
    #expect(
      ReportText.error(.badResponse("\u{1B}]8;;http://evil\u{1B}\\click\u{1B}]8;;\u{1B}\\"))
        .string == "error: the joke API sent a bad response: \(m)click\(m)")
  }

  /// Saving says `Saved <id>`, then the list's length: one joke, else jokes.
  @Test func savedCountsJokes() {
    let one = ReportText.saved(id: "7ver3y48qqsfktpelir7ua", count: 1)
    #expect(one.saved.string == "Saved 7ver3y48qqsfktpelir7ua")
    #expect(one.rest.string == "; your list holds 1 joke.")
    #expect(ReportText.saved(id: "55", count: 2).saved.string == "Saved 55")
    #expect(ReportText.saved(id: "55", count: 2).rest.string == "; your list holds 2 jokes.")
    #expect(ReportText.saved(id: "55", count: 0).rest.string == "; your list holds 0 jokes.")
    #expect(
      ReportText.saved(id: "55", count: 100_000).rest.string == "; your list holds 100000 jokes.")
  }

  /// A hostile id is made safe on one line.
  @Test func savedIDIsMadeSafe() {
    let m = Self.mark
    let report = ReportText.saved(id: "7ver\u{1B}[2J\u{1B}[Hx\n\u{202D}y", count: 3)
    #expect(report.saved.string == "Saved 7ver\(m)\(m)x\(m)\(m)y")
    #expect(report.rest.string == "; your list holds 3 jokes.")
  }

  /// Removing says `Removed <id> “<preview>”`, with curly quotes.
  @Test func removedQuotesThePreview() {
    let joke = Removal.Joke(
      id: "7ver3y48qqsfktpelir7ua", preview: "Chuck Norris counted to infini...")
    #expect(
      ReportText.removed(joke).string
        == "Removed 7ver3y48qqsfktpelir7ua \u{201C}Chuck Norris counted to infini...\u{201D}")
    #expect(
      ReportText.removed(Removal.Joke(id: "55", preview: "")).string
        == "Removed 55 \u{201C}\u{201D}")
  }

  /// A hostile id and preview are made safe on one line; the quotes stay.
  @Test func removedIsMadeSafe() {
    let m = Self.mark
    let joke = Removal.Joke(
      id: "ab\u{1B}[Hcd",
      preview: "\u{2067}evil\u{2069} \u{1B}]8;;http://x\u{1B}\\link\u{1B}]8;;\u{1B}\\ \u{85}\r\n")
    let line = ReportText.removed(joke).string
    #expect(line == "Removed ab\(m)cd \u{201C}\(m)evil\(m) \(m)link\(m) \(m)\(m)\(m)\u{201D}")
    #expect(!line.unicodeScalars.contains { TerminalSafeText.isUnsafe($0, keepNewlines: false) })
  }
}
