import Testing

@testable import ChuckCore

@Suite struct KeyDecoderTests {
  private func keys(_ text: String) -> [ScreenKey] {
    var decoder = KeyDecoder()
    return decoder.feed(Array(text.utf8)) + decoder.flush()
  }

  /// Printable ASCII and UTF-8 characters are characters, the Joke! keys among them.
  @Test func characters() {
    #expect(keys("n+q?") == [.character("n"), .character("+"), .character("q"), .character("?")])
    #expect(keys("é€😀") == [.character("é"), .character("€"), .character("😀")])
  }

  /// Arrows in both the CSI and the SS3 (application cursor) forms, with modifiers too.
  @Test func arrowsInEveryForm() {
    #expect(keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.up, .down, .right, .left])
    #expect(keys("\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD") == [.up, .down, .right, .left])
    #expect(keys("\u{1B}[1;5A\u{1B}[1;2B") == [.up, .down])
  }

  /// Home and End in every form terminals send: `ESC [ H`, `ESC [ 1 ~`, `ESC O H`, `ESC [ 7 ~`,
  /// and `ESC [ F`, `ESC [ 4 ~`, `ESC O F`, `ESC [ 8 ~`.
  @Test func homeAndEndInEveryForm() {
    #expect(keys("\u{1B}[H\u{1B}[1~\u{1B}OH\u{1B}[7~") == [.home, .home, .home, .home])
    #expect(keys("\u{1B}[F\u{1B}[4~\u{1B}OF\u{1B}[8~") == [.end, .end, .end, .end])
  }

  /// Page Up and Page Down.
  @Test func paging() {
    #expect(keys("\u{1B}[5~\u{1B}[6~") == [.pageUp, .pageDown])
  }

  /// Enter as CR or LF, Backspace as DEL or Ctrl-H, Ctrl-C, Ctrl-Z, Ctrl-L and Ctrl-G (BEL, Esc's
  /// second key) as bytes.
  @Test func controlKeys() {
    #expect(keys("\r\n") == [.enter, .enter])
    #expect(keys("\u{7F}\u{08}") == [.backspace, .backspace])
    #expect(keys("\u{03}\u{1A}\u{0C}\u{07}") == [.interrupt, .suspend, .redraw, .abort])
    #expect(keys("\u{01}\u{02}") == [], "other control bytes are no key")
  }

  /// A lone ESC is held until the wait for more bytes ends, then it is Esc.
  @Test func loneEscapeWaitsForTheTimeout() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B]) == [])
    #expect(decoder.isHoldingEscape)
    #expect(decoder.flush() == [.escape])
    #expect(!decoder.isHoldingEscape)
    #expect(decoder.flush() == [])
  }

  /// A sequence split across reads is completed by the next read, not taken for Esc.
  @Test func splitSequence() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B, UInt8(ascii: "[")]) == [])
    #expect(decoder.isHoldingEscape)
    #expect(decoder.feed([UInt8(ascii: "A")]) == [.up])
    #expect(!decoder.isHoldingEscape)
  }

  /// A UTF-8 character split across reads waits for its last byte, and holds no ESC.
  @Test func splitCharacter() {
    var decoder = KeyDecoder()
    let bytes = Array("€".utf8)
    #expect(decoder.feed(bytes.prefix(2)) == [])
    #expect(!decoder.isHoldingEscape)
    #expect(decoder.feed(bytes.suffix(1)) == [.character("€")])
  }

  /// ESC followed by a key (Esc pressed twice, Alt+key) is Esc and then that key; an unknown
  /// sequence is dropped whole; invalid UTF-8 and C1 controls are no key.
  @Test func oddInput() {
    #expect(keys("\u{1B}\u{1B}") == [.escape, .escape])
    #expect(keys("\u{1B}x") == [.escape, .character("x")])
    #expect(keys("\u{1B}[99~n") == [.character("n")])
    #expect(keys("\u{1B}[200~") == [])
    var decoder = KeyDecoder()
    #expect(decoder.feed([0xFF, 0xC3, 0x28, 0xC2, 0x9B]) == [.character("(")])
  }

  /// An ESC and `[` on their own, after the wait, are Esc and `[`.
  @Test func unfinishedSequenceAfterTheWait() {
    var decoder = KeyDecoder()
    #expect(decoder.feed(Array("\u{1B}[".utf8)) == [])
    #expect(decoder.flush() == [.escape, .character("[")])
  }

  /// A control sequence longer than 32 bytes is dropped to its final byte, the same however the
  /// reads split it: none of its bytes becomes a typed character (found by Fuzz/ keys).
  @Test func overlongSequenceIsDroppedWhateverTheReads() {
    let bytes = Array("\u{1B}[ 00 0000000000000020000000000000 ` x".utf8)
    #expect(keys(String(decoding: bytes, as: UTF8.self)) == [.character(" "), .character("x")])
    var decoder = KeyDecoder()
    var split: [ScreenKey] = []
    for start in stride(from: 0, to: bytes.count, by: 5) {
      split += decoder.feed(bytes[start..<min(bytes.count, start + 5)])
    }
    #expect(split == [.character(" "), .character("x")])
  }
}

extension KeyDecoderTests {
  /// What comes between the bracketed-paste marks is one paste, whatever it holds (keys, Enter,
  /// Ctrl-C, escape sequences), even split across reads inside its end mark.
  @Test func bracketedPasteIsText() {
    var decoder = KeyDecoder()
    let text = "dy\r\u{03}\u{1B}[Aq"
    let bytes = Array(("\u{1B}[200~" + text + "\u{1B}[201~n").utf8)
    var keys: [ScreenKey] = []
    for split in [3, 9, bytes.count - 3] {
      decoder = KeyDecoder()
      keys = decoder.feed(bytes[..<split]) + decoder.feed(bytes[split...])
      #expect(keys == [.paste(text), .character("n")], "split at \(split)")
      #expect(!decoder.isHoldingEscape)
    }
  }

  /// A huge paste keeps at most `longestPaste` bytes, and the keys after it still work.
  @Test func hugePasteIsCapped() {
    var decoder = KeyDecoder()
    let body = String(repeating: "x", count: KeyDecoder.longestPaste + 1000)
    let keys = decoder.feed(Array(("\u{1B}[200~" + body + "\u{1B}[201~q").utf8))
    #expect(keys.count == 2)
    if case .paste(let text) = keys.first { #expect(text.utf8.count == KeyDecoder.longestPaste) }
    #expect(keys.last == .character("q"))
  }

  /// Keys that arrive in one read are every one of them, in order (`tmux send-keys j j j
  /// Enter`, a macro, a slow link): none is dropped, none turned into a paste. Each is marked as
  /// having come together with the others; a read of one key is not.
  @Test func keysThatArriveTogetherAreAllKept() {
    var decoder = KeyDecoder()
    let together: [ScreenKey] = [.character("j"), .character("j"), .character("j"), .enter]
    #expect(decoder.read(Array("jjj\r".utf8), at: 0) == together.map { .key($0, together: true) })
    #expect(decoder.read(Array("d".utf8), at: 1000) == [.key(.character("d"))])
    #expect(decoder.read(Array("\r".utf8), at: 2000) == [.key(.enter)])
    #expect(
      decoder.read(Array("d\ry\r".utf8), at: 3000)
        == [.character("d"), .enter, .character("y"), .enter].map { .key($0, together: true) })
    #expect(
      decoder.read(Array("j\u{1B}[B".utf8), at: 4000)
        == [.key(.character("j"), together: true), .key(.down, together: true)])
    #expect(decoder.read(Array("\u{1B}[B".utf8), at: 5000) == [.key(.down)])
  }

  /// A read right after keys that came together (within `togetherMilliseconds`) is part of
  /// them: the rest of a paste that the terminal wrote in pieces. Later, one key is one key.
  @Test func theRestOfAPasteComesTogetherToo() {
    var decoder = KeyDecoder()
    _ = decoder.read(Array("ti".utf8), at: 10_000)
    #expect(decoder.read(Array("d".utf8), at: 10_004) == [.key(.character("d"), together: true)])
    #expect(decoder.read(Array("y".utf8), at: 10_012) == [.key(.character("y"), together: true)])
    let later = 10_012 + KeyDecoder.togetherMilliseconds
    #expect(decoder.read(Array("y".utf8), at: later) == [.key(.character("y"))])
    #expect(decoder.read(Array("\u{1B}[".utf8), at: later + 1).isEmpty, "no key yet")
    #expect(decoder.read(Array("A".utf8), at: later + 2) == [.key(.up)])
  }

  /// Mouse reports never make keys come together, nor are they marked: a wheel's reports
  /// arrive in bursts, and no paste or keyboard sends them.
  @Test func mouseReportsAreNeverTogether() {
    var decoder = KeyDecoder()
    let wheel = "\u{1B}[<65;1;1M"
    let down = ScreenKey.mouse(MouseEvent(.wheelDown, column: 0, row: 0))
    #expect(
      decoder.read(Array((wheel + wheel + "n").utf8), at: 0) == [
        .key(down), .key(down), .key(.character("n")),
      ])
    #expect(
      decoder.read(Array(("\u{1B}[<0;1;1Mnn").utf8), at: 1000) == [
        .key(.mouse(MouseEvent(.click, column: 0, row: 0))),
        .key(.character("n"), together: true), .key(.character("n"), together: true),
      ])
  }

  /// A bracketed paste is one paste; a key that comes with it in the same read came together.
  @Test func bracketedPasteInARead() {
    var decoder = KeyDecoder()
    #expect(
      decoder.read(Array("\u{1B}[200~dy\u{1B}[201~".utf8), at: 0) == [.key(.paste("dy"))])
    #expect(
      decoder.read(Array("\u{1B}[200~dy\u{1B}[201~y".utf8), at: 1000) == [
        .key(.paste("dy"), together: true), .key(.character("y"), together: true),
      ])
  }

  /// Tab and Shift-Tab switch tabs.
  @Test func tabKeys() {
    #expect(keys("\t\u{1B}[Z") == [.tab, .backTab])
  }

  /// SGR mouse reports: a left press, the wheel; a release, a drag, the other buttons and a
  /// modified click are nothing; a report split across reads is one event.
  @Test func sgrMouse() {
    #expect(keys("\u{1B}[<0;5;4M") == [.mouse(MouseEvent(.click, column: 4, row: 3))])
    #expect(
      keys("\u{1B}[<64;1;1M\u{1B}[<65;80;24M")
        == [
          .mouse(MouseEvent(.wheelUp, column: 0, row: 0)),
          .mouse(MouseEvent(.wheelDown, column: 79, row: 23)),
        ])
    #expect(keys("\u{1B}[<0;5;4m\u{1B}[<32;5;4M\u{1B}[<2;5;4M\u{1B}[<16;5;4M") == [])
    #expect(keys("\u{1B}[<0;5M\u{1B}[<0;0;4M\u{1B}[<;1;1M\u{1B}[<0;5;4mq") == [.character("q")])
    var decoder = KeyDecoder()
    #expect(decoder.feed(Array("\u{1B}[<0;1".utf8)).isEmpty)
    #expect(decoder.feed(Array("2;7M".utf8)) == [.mouse(MouseEvent(.click, column: 11, row: 6))])
  }
}
