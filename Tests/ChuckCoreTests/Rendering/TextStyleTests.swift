import Testing

@testable import ChuckCore

@Suite struct TextStyleTests {
  /// When enabled, each style wraps text in its SGR code and a reset.
  @Test func enabled() {
    let style = TextStyle(isEnabled: true)
    #expect(style.red("x") == "\u{1B}[31mx\u{1B}[0m")
    #expect(style.bold("x") == "\u{1B}[1mx\u{1B}[0m")
    #expect(style.green("x") == "\u{1B}[32mx\u{1B}[0m")
    #expect(style.isEnabled)
  }

  /// When disabled, text comes back unchanged.
  @Test func disabled() {
    let style = TextStyle(isEnabled: false)
    for styled in [style.red("x y"), style.bold("x y"), style.green("x y")] {
      #expect(styled == "x y")
    }
    #expect(style != TextStyle(isEnabled: true))
  }

  /// No style is dim (SGR 2) or another colour than the terminal's 16: faint text is text a
  /// low-vision user cannot read (the spec rules it out everywhere).
  @Test func neverDim() {
    let style = TextStyle(isEnabled: true)
    for styled in [style.red("x"), style.bold("x"), style.green("x"), style.reverse("x")] {
      #expect(!styled.string.contains("\u{1B}[2m"))
      #expect(!styled.string.contains("38;"))
    }
  }
}
