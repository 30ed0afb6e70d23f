/// Turns the bytes a terminal in raw mode sends into keys: printable UTF-8 characters, control
/// keys, and every form of escape sequence terminals send for arrows, Home, End and paging
/// (`ESC [ A`, `ESC O A`, `ESC [ 1 ~`, `ESC [ 1 ; 5 A` …).
///
/// A lone ESC is ambiguous: it is the Esc key, or the start of a sequence whose other bytes are
/// on their way. The decoder keeps it (``isHoldingEscape``); the caller waits
/// ``escapeTimeoutMilliseconds`` for more bytes and calls ``flush()`` if none came.
///
/// Pasted text is never keys: what a terminal sends between the bracketed-paste marks
/// (`ESC [ 200 ~` … `ESC [ 201 ~`) is one ``ScreenKey/paste(_:)``.
///
/// Keys that arrive together are never dropped: ``read(_:at:)`` gives every key of a read, in
/// order, and marks those that came with others (several keys in one read, or a read right
/// after such a read). That is how a terminal without bracketed paste delivers a paste, but
/// also how keys come from `tmux send-keys`, a macro, a slow ssh link, a switch-access or
/// on-screen keyboard: the screen runs them, and refuses only what a paste must never do
/// (change what is saved, reach outside the screen, answer a text prompt with its line break).
public struct KeyDecoder: Sendable {
  /// How long a held ESC waits for the rest of a sequence before it counts as Esc.
  public static let escapeTimeoutMilliseconds: Int32 = 50

  /// The longest escape sequence kept; a longer one is dropped as garbage.
  private static let longestSequence = 32

  /// The most bytes of one paste that are kept; the rest is dropped.
  public static let longestPaste = 65_536

  private static let pasteStart = Array("\u{1B}[200~".utf8)
  private static let pasteEnd = Array("\u{1B}[201~".utf8)

  private var pending: [UInt8] = []
  /// The text of a bracketed paste so far, while one is under way.
  private var pasted: [UInt8]?
  /// Inside a control sequence longer than ``longestSequence``: its remaining bytes, final byte
  /// included, are dropped as they come, so that how the reads split it changes nothing.
  private var droppingSequence = false

  /// Makes a decoder holding nothing.
  public init() {}

  /// Whether the decoder holds an ESC (alone or with an unfinished sequence) that becomes Esc
  /// unless more bytes come within ``escapeTimeoutMilliseconds``.
  public var isHoldingEscape: Bool { pasted == nil && pending.first == 0x1B }

  /// How long after a read of keys that came together the next read still counts as coming
  /// with them: the rest of a paste that the terminal wrote in pieces, which follows at once. A
  /// key typed after the screen answered (a person's, even over a slow link; a script's that
  /// waits for the screen) comes later.
  public static let togetherMilliseconds = 10

  /// When the last read of keys that came together was made (``read(_:at:)``'s clock).
  private var lastTogether: Int?

  /// Decodes what one read from the terminal brought: every key it completes, in order (as
  /// ``feed(_:)``), as events for the screen. Keys came together when the read completes two or
  /// more of them, mouse reports aside, or when it comes less than ``togetherMilliseconds``
  /// after a read that did: a person's key presses come one read at a time, a paste in a
  /// terminal without bracketed paste comes at once. Each such key is marked (a mouse report
  /// never is), for ``ScreenState`` to refuse what a paste must not do.
  /// - Parameters:
  ///   - bytes: the bytes of one read.
  ///   - now: a clock in milliseconds that never goes back.
  /// - Returns: one ``ScreenEvent/key(_:together:)`` per key.
  public mutating func read(_ bytes: some Collection<UInt8>, at now: Int) -> [ScreenEvent] {
    let keys = feed(bytes)
    let count = keys.count { !$0.isMouse }
    let isSoon = lastTogether.map { now - $0 < Self.togetherMilliseconds } ?? false
    let together = count >= 2 || (count == 1 && isSoon)
    if together { lastTogether = now }
    return keys.map { .key($0, together: together && !$0.isMouse) }
  }

  /// Decodes bytes as they arrive; an unfinished character or sequence is kept for the next call.
  /// - Parameter bytes: bytes read from the terminal.
  /// - Returns: the keys they complete, in order.
  public mutating func feed(_ bytes: some Sequence<UInt8>) -> [ScreenKey] {
    pending.append(contentsOf: bytes)
    var keys: [ScreenKey] = []
    while !pending.isEmpty {
      if pasted != nil {
        guard let text = takePaste() else { break }
        keys.append(.paste(text))
        continue
      }
      if droppingSequence {
        let byte = pending[0]
        droppingSequence = (0x20...0x3F).contains(byte)
        if (0x20...0x7E).contains(byte) {
          pending.removeFirst()
          continue
        }
      }
      if pending.starts(with: Self.pasteStart) {
        pending.removeFirst(Self.pasteStart.count)
        pasted = []
        continue
      }
      guard let (key, length) = decodeFirst() else { break }
      pending.removeFirst(length)
      if let key { keys.append(key) }
    }
    return keys
  }

  /// Moves what `pending` holds of a bracketed paste into `pasted` (at most ``longestPaste``
  /// bytes); returns the whole text once the end mark has come.
  private mutating func takePaste() -> String? {
    let end = Self.pasteEnd
    var found: Int?
    if pending.count >= end.count {
      for index in 0...(pending.count - end.count)
      where pending[index] == 0x1B && pending[index..<index + end.count].elementsEqual(end) {
        found = index
        break
      }
    }
    // Without the end mark, keep back what could be its first bytes.
    let taken = found ?? max(0, pending.count - (end.count - 1))
    let room = Self.longestPaste - (pasted?.count ?? 0)
    pasted?.append(contentsOf: pending[..<taken].prefix(max(0, room)))
    pending.removeFirst(found.map { $0 + end.count } ?? taken)
    guard found != nil, let text = pasted else { return nil }
    pasted = nil
    return String(decoding: text, as: UTF8.self)
  }

  /// Ends a wait for more bytes: a held ESC is the Esc key, and what followed it is decoded on
  /// its own.
  /// - Returns: the keys.
  public mutating func flush() -> [ScreenKey] {
    guard isHoldingEscape else { return [] }
    let rest = pending.dropFirst()
    pending = []
    return [.escape] + feed(rest)
  }

  /// The first key of `pending` and how many bytes it takes (`nil` key: bytes that mean no key),
  /// or `nil` when more bytes are needed.
  private mutating func decodeFirst() -> (ScreenKey?, Int)? {
    let first = pending[0]
    switch first {
    case 0x1B: return decodeEscape()
    case 0x0D, 0x0A: return (.enter, 1)
    case 0x7F, 0x08: return (.backspace, 1)
    case 0x03: return (.interrupt, 1)
    case 0x1A: return (.suspend, 1)
    case 0x0C: return (.redraw, 1)
    case 0x07: return (.abort, 1)
    case 0x09: return (.tab, 1)
    case 0x20...0x7E: return (.character(Character(Unicode.Scalar(first))), 1)
    case 0x00...0x1F: return (nil, 1)
    default: return decodeUTF8()
    }
  }

  /// A multi-byte UTF-8 character; an invalid byte is skipped.
  private func decodeUTF8() -> (ScreenKey?, Int)? {
    let first = pending[0]
    let length: Int
    switch first {
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default: return (nil, 1)
    }
    for index in 1..<min(length, pending.count) where pending[index] & 0xC0 != 0x80 {
      return (nil, 1)
    }
    guard pending.count >= length else { return nil }
    var decoder = UTF8()
    var iterator = pending[0..<length].makeIterator()
    guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return (nil, length) }
    let unsafe = TerminalSafeText.isUnsafe(scalar, keepNewlines: false)
    return (unsafe ? nil : .character(Character(scalar)), length)
  }

  /// An escape sequence starting at `pending[0]` (an ESC).
  private mutating func decodeEscape() -> (ScreenKey?, Int)? {
    guard pending.count >= 2 else { return nil }
    switch pending[1] {
    case UInt8(ascii: "["): return decodeControlSequence()
    case UInt8(ascii: "O"):
      guard pending.count >= 3 else { return nil }
      return (Self.finalKey(pending[2], parameter: nil), 3)
    default:
      // ESC then another key (Esc pressed twice, or Alt with a key): Esc, and the rest on its own.
      return (.escape, 1)
    }
  }

  /// `ESC [`, parameter bytes, intermediate bytes, one final byte.
  private mutating func decodeControlSequence() -> (ScreenKey?, Int)? {
    var index = 2
    while index < pending.count {
      let byte = pending[index]
      switch byte {
      case 0x20...0x3F:
        index += 1
        if index > Self.longestSequence {
          droppingSequence = true
          return (nil, index)
        }
      case 0x40...0x7E:
        if pending[2] == UInt8(ascii: "<") {
          return (Self.mouse(pending[3..<index], final: byte), index + 1)
        }
        let parameters = pending[2..<index].split(separator: UInt8(ascii: ";"))
        let first = parameters.first.flatMap { Int(String(decoding: $0, as: UTF8.self)) }
        return (Self.finalKey(byte, parameter: first), index + 1)
      default:
        // Not a sequence after all: drop the ESC [ and read on.
        return (nil, index)
      }
    }
    return nil
  }

  /// An SGR mouse report (`ESC [ <` button `;` column `;` row, then `M` or `m`).
  private static func mouse(_ parameters: ArraySlice<UInt8>, final: UInt8) -> ScreenKey? {
    let numbers = parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
      .map { Int(String(decoding: $0, as: UTF8.self)) }
    guard numbers.count == 3, let button = numbers[0], let column = numbers[1],
      let row = numbers[2], final == UInt8(ascii: "M") || final == UInt8(ascii: "m"),
      let event = MouseEvent.sgr(
        button: button, column: column, row: row, isPress: final == UInt8(ascii: "M"))
    else { return nil }
    return .mouse(event)
  }

  /// The key of a sequence's final byte (and, for `~`, its first parameter).
  private static func finalKey(_ final: UInt8, parameter: Int?) -> ScreenKey? {
    switch final {
    case UInt8(ascii: "A"): return .up
    case UInt8(ascii: "B"): return .down
    case UInt8(ascii: "C"): return .right
    case UInt8(ascii: "D"): return .left
    case UInt8(ascii: "H"): return .home
    case UInt8(ascii: "F"): return .end
    case UInt8(ascii: "M"): return .enter
    case UInt8(ascii: "Z"): return .backTab
    case UInt8(ascii: "~"):
      switch parameter {
      case 1, 7: return .home
      case 4, 8: return .end
      case 5: return .pageUp
      case 6: return .pageDown
      default: return nil
      }
    default: return nil
    }
  }
}
