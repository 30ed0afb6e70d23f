/// Judges text the way a terminal would receive it, independently of chuck's own code.
enum TerminalOracle {
  /// The scalars a terminal would act on instead of showing: C0 controls other than newline and
  /// tab (ESC included), DEL, C1 controls, and bidirectional formatting characters.
  static func unsafeScalars(in text: String) -> [Unicode.Scalar] {
    text.unicodeScalars.filter { scalar in
      switch scalar.value {
      case 0x0A, 0x09: return false
      case 0x00...0x1F, 0x7F...0x9F: return true
      case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
      default: return false
      }
    }
  }

  /// The columns a line takes on a modern terminal: 2 for a wide or emoji grapheme, else 1.
  static func width(_ line: String) -> Int {
    line.reduce(0) { total, character in total + width(character) }
  }

  private static func width(_ character: Character) -> Int {
    let scalars = character.unicodeScalars
    if scalars.contains("\u{FE0F}") { return 2 }
    for scalar in scalars {
      if scalar.properties.isEmojiPresentation { return 2 }
      switch scalar.value {
      case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
        0xFFE0...0xFFE6, 0x20000...0x3FFFD:
        return 2
      default: continue
      }
    }
    return 1
  }
}
