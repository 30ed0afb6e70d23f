import ChuckCore

#if canImport(Glibc)
  import Glibc
#endif

/// The terminal settings from before the screen opened, for a handler that must restore them.
nonisolated(unsafe) private var settingsBeforeScreen = termios()

/// The terminal while the screen is open: raw mode (termios saved and restored), the alternate
/// screen, the cursor hidden, line wrapping off, bracketed paste on (pasted text comes marked,
/// so that it is never taken for keys); frames written as the lines that changed. While it is
/// open, ``TerminalRestorer`` gives the terminal back on any signal or crash. With the mouse on,
/// the terminal reports clicks and the wheel in SGR form (modes 1000 and 1006); off, it keeps
/// the mouse for selecting text.
final class ScreenTerminal {
  private static let enterSequence: TerminalText =
    "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l\u{1B}[?2004h"
  private static let mouseOn: TerminalText = "\u{1B}[?1000h\u{1B}[?1006h"
  private static let leaveSequence: StaticString =
    "\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?2004l\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l"

  private let mouse: Bool
  /// Whether the cursor stays visible (the accessible mode): screen readers, braille displays and
  /// magnifiers follow it.
  private let showsCursor: Bool
  /// Whether a view that changes draws its focus first and the rest a moment later (the
  /// accessible mode): a screen reader then reads the focus first. Off, every frame is one write,
  /// within a 60 Hz frame of the key.
  private let drawsFocusFirst: Bool
  private static let cursorOn: TerminalText = "\u{1B}[?25h"

  /// Makes the terminal seam.
  /// - Parameters:
  ///   - mouse: whether the terminal reports the mouse.
  ///   - showsCursor: whether the cursor stays visible.
  ///   - drawsFocusFirst: whether a view that changes draws its focus first.
  init(mouse: Bool, showsCursor: Bool = false, drawsFocusFirst: Bool = false) {
    self.mouse = mouse
    self.showsCursor = showsCursor
    self.drawsFocusFirst = drawsFocusFirst
  }

  private static let deleteKittyImages: TerminalText = "\u{1B}_Ga=d,q=2\u{1B}\\"

  private(set) var isOpen = false
  private var lastFrame: [TerminalText] = []
  /// Where the cursor was left (`nil`: not known).
  private var lastCursor: ScreenFrame.Cursor?

  /// Saves the settings, enters raw mode and the alternate screen.
  func open() throws(ChuckError) {
    var settings = termios()
    guard tcgetattr(STDIN_FILENO, &settings) == 0 else {
      throw .invalidArgument("chuck ui needs a terminal: " + String(cString: strerror(errno)))
    }
    settingsBeforeScreen = settings
    reopen()
  }

  /// Raw mode and the alternate screen again (after a suspension), the next frame drawn whole.
  func reopen() {
    var raw = settingsBeforeScreen
    cfmakeraw(&raw)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    TerminalRestorer.arm(settings: settingsBeforeScreen, leave: Self.leaveSequence)
    tcsetattr(STDIN_FILENO, TCSADRAIN, &raw)
    write(
      (mouse ? Self.enterSequence + Self.mouseOn : Self.enterSequence)
        + (showsCursor ? Self.cursorOn : .empty))
    lastFrame = []
    lastCursor = nil
    isOpen = true
  }

  /// Gives the terminal back as it was: main screen, cursor, wrapping and settings.
  func close() {
    guard isOpen else { return }
    if lastFrame.contains(where: ScreenFrameDiff.holdsImage) { write(Self.deleteKittyImages) }
    write(TerminalText(stringLiteral: Self.leaveSequence))
    tcsetattr(STDIN_FILENO, TCSADRAIN, &settingsBeforeScreen)
    TerminalRestorer.disarm()
    isOpen = false
  }

  /// The terminal's size, from the kernel (`TIOCGWINSZ`); 80×24 when it does not say.
  var size: ScreenSize {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0
    else { return ScreenSize(columns: 80, rows: 24) }
    return ScreenSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
  }

  /// Forgets what is on the terminal, so that the next frame is drawn whole.
  func invalidate() {
    lastFrame = []
    lastCursor = nil
  }

  /// Writes the lines of `frame` that differ from the last frame (every line after
  /// ``invalidate()`` or a change of height); see `ScreenFrameDiff`. A line is written over the
  /// old one and the rest of the row erased after it, never erased first: a line whose text
  /// stays (the selection moving) changes only its attributes at every instant, and a screen
  /// reader, which reads text that changed, reads nothing but the line the cursor reaches.
  /// In the accessible mode, when a view changes, the focused element's lines are drawn first,
  /// the other changed rows blanked, and the rest drawn ``focusPauseMicroseconds`` later: a
  /// screen reader reads the focus first. When the focus's text is on screen already (on another
  /// row), the changed rows are blanked a moment before that (see `ScreenFrameDiff.blanksFirst`).
  /// Rows that moved together are scrolled by the terminal, in both modes. Then the cursor is
  /// moved onto the focused element (the frame's cursor), even when no line changed (a key that
  /// only moves the selection).
  func draw(_ frame: ScreenFrame) {
    let diff = ScreenFrameDiff(from: lastFrame, to: frame)
    let columns = size.columns
    var output = TerminalText.empty
    if diff.deletesImages { output += Self.deleteKittyImages }
    if diff.isWhole { output += "\u{1B}[0m\u{1B}[2J" }
    func line(_ row: Int) -> TerminalText {
      let text = frame.lines[row]
      // A full line leaves the cursor on its last column (wrapping is off): erasing from there
      // would erase that column.
      let end: TerminalText =
        ScreenText.visibleWidth(text) < columns ? "\u{1B}[0m\u{1B}[K" : "\u{1B}[0m"
      return "\u{1B}[\(row + 1);1H\u{1B}[0m" + text + end
    }
    func blank(_ row: Int) -> TerminalText { "\u{1B}[\(row + 1);1H\u{1B}[0m\u{1B}[2K" }
    var rest = diff.rows
    if let scroll = diff.scroll {
      // A scrolling region: the terminal moves the lines, and only the new ones are drawn.
      let (top, bottom) = (scroll.rows.lowerBound + 1, scroll.rows.upperBound + 1)
      output += "\u{1B}[0m\u{1B}[\(top);\(bottom)r"
      // A line feed on the region's last row scrolls it up, a reverse index (ESC M) on its
      // first row down (raw mode: no carriage return is added).
      output += scroll.by > 0 ? "\u{1B}[\(bottom);1H" : "\u{1B}[\(top);1H"
      for _ in 0..<abs(scroll.by) { output += scroll.by > 0 ? "\n" : "\u{1B}M" }
      output += "\u{1B}[r"
    }
    if drawsFocusFirst, diff.blanksFirst {
      for row in diff.rows { output += blank(row) }
      write(output)
      usleep(Self.focusPauseMicroseconds)
      output = .empty
    }
    if drawsFocusFirst, diff.drawsFocusFirst {
      for row in diff.rows where !diff.focusRows.contains(row) && !diff.isWhole {
        output += blank(row)
      }
      for row in diff.focusRows { output += line(row) }
      output += frame.cursorSequence
      write(output)
      usleep(Self.focusPauseMicroseconds)
      output = .empty
      rest.removeAll { diff.focusRows.contains($0) }
    }
    for row in rest { output += line(row) }
    lastFrame = frame.lines
    guard !output.isEmpty || frame.cursor != lastCursor || (drawsFocusFirst && diff.drawsFocusFirst)
    else { return }
    lastCursor = frame.cursor
    if !frame.lines.isEmpty { output += frame.cursorSequence }
    write(output)
  }

  /// How long the focused element stands alone when a view changes, before the rest is drawn:
  /// long enough for a screen reader to take it as a change of its own (Fenrir reads the
  /// terminal as output comes, every few milliseconds), short enough not to be seen as a flash.
  static let focusPauseMicroseconds: useconds_t = 40_000

  /// `y`: the text on the clipboard through the terminal (OSC 52); too long a text is not sent.
  /// - Returns: whether it was sent.
  @discardableResult
  func copy(_ text: String) -> Bool {
    guard let sequence = ScreenClipboard.sequence(for: text) else { return false }
    write(sequence)
    return true
  }

  private func write(_ text: TerminalText) {
    var text = text.string
    _ = text.withUTF8 {
      FileDescriptorOutput.writeAll(UnsafeRawBufferPointer($0), to: STDOUT_FILENO)
    }
  }
}
