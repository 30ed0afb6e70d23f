import Testing

@testable import ChuckCore

@Suite struct TextStyleTests {
  /// When enabled, each style wraps text in its SGR code and a reset.
  @Test func enabled() {
    let style = TextStyle(isEnabled: true)
    #expect(style.red("x") == "\u{1B}[31mx\u{1B}[0m")
    #expect(style.bold("x") == "\u{1B}[1mx\u{1B}[0m")
    #expect(style.dim("x") == "\u{1B}[2mx\u{1B}[0m")
    #expect(style.green("x") == "\u{1B}[32mx\u{1B}[0m")
    #expect(style.isEnabled)
  }

  /// When disabled, text comes back unchanged.
  @Test func disabled() {
    let style = TextStyle(isEnabled: false)
    for styled in [style.red("x y"), style.bold("x y"), style.dim("x y"), style.green("x y")] {
      #expect(styled == "x y")
    }
    #expect(style != TextStyle(isEnabled: true))
  }

  /// Undimmed (the accessible mode), dim is plain text and every other style as it was: only
  /// the terminal's 16 colours and attributes, never SGR 2.
  @Test func undimmed() {
    let style = TextStyle(isEnabled: true).undimmed
    #expect(style.dim("x") == "x")
    #expect(style.red("x") == "\u{1B}[31mx\u{1B}[0m")
    #expect(style.bold("x") == "\u{1B}[1mx\u{1B}[0m")
    #expect(!style.dims)
    #expect(TextStyle(isEnabled: true).dims)
  }
}
