/// `KeyDecoder`, which reads the terminal's bytes while the screen runs, on any bytes: the keys do
/// not depend on how the bytes are split between reads, no key is a character the terminal must
/// not see, and every key (a bracketed paste too), sent in its canonical form, decodes to itself.
enum KeysTarget {
  static func run(_ bytes: [UInt8]) {
    guard let split = bytes.first else { return }
    let input = Array(bytes.dropFirst())
    var whole = KeyDecoder()
    let wholeKeys = whole.feed(input)
    // The same bytes in reads of 1 to 8 bytes, the lengths taken from the first byte's bits.
    var pieces = KeyDecoder()
    var pieceKeys: [ScreenKey] = []
    var start = 0
    var bit = 0
    while start < input.count {
      let length = 1 + Int((split >> (bit % 8)) & 0x7)
      bit += 3
      pieceKeys += pieces.feed(input[start..<min(input.count, start + length)])
      start += length
    }
    FuzzCheck.require(
      pieceKeys == wholeKeys, "split reads give \(pieceKeys), one read gives \(wholeKeys)")
    FuzzCheck.require(
      whole.isHoldingEscape == pieces.isHoldingEscape, "split reads hold another escape")
    let flushed = whole.flush()
    FuzzCheck.require(flushed == pieces.flush(), "split reads flush other keys")
    FuzzCheck.require(!whole.isHoldingEscape, "a flush left an escape held")
    for key in wholeKeys + flushed {
      if case .character(let character) = key {
        FuzzCheck.require(
          !character.unicodeScalars.contains { TerminalSafeText.isUnsafe($0, keepNewlines: false) },
          "the key \(key) is a control character")
      }
      var decoder = KeyDecoder()
      let again = decoder.feed(canonicalBytes(key)) + decoder.flush()
      FuzzCheck.require(again == [key], "\(key) sent as \(canonicalBytes(key)) decodes to \(again)")
    }
  }

  /// The SGR report's button number of a mouse action.
  private static func mouseButton(_ action: MouseEvent.Action) -> Int {
    switch action {
    case .click: 0
    case .wheelUp: 64
    case .wheelDown: 65
    }
  }

  /// What a terminal sends for `key`.
  private static func canonicalBytes(_ key: ScreenKey) -> [UInt8] {
    switch key {
    case .character(let character): Array(String(character).utf8)
    case .up: Array("\u{1B}[A".utf8)
    case .down: Array("\u{1B}[B".utf8)
    case .right: Array("\u{1B}[C".utf8)
    case .left: Array("\u{1B}[D".utf8)
    case .home: Array("\u{1B}[H".utf8)
    case .end: Array("\u{1B}[F".utf8)
    case .pageUp: Array("\u{1B}[5~".utf8)
    case .pageDown: Array("\u{1B}[6~".utf8)
    case .enter: [0x0D]
    case .backspace: [0x7F]
    case .escape: [0x1B]
    case .abort: [0x07]
    case .interrupt: [0x03]
    case .suspend: [0x1A]
    case .redraw: [0x0C]
    case .tab: [0x09]
    case .backTab: Array("\u{1B}[Z".utf8)
    case .mouse(let event):
      Array(
        "\u{1B}[<\(mouseButton(event.action));\(event.column + 1);\(event.row + 1)M".utf8)
    case .paste(let text): Array(("\u{1B}[200~" + text + "\u{1B}[201~").utf8)
    }
  }
}
