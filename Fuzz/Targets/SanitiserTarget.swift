import FoundationEssentials

/// The sanitiser (`TerminalSafeText`) and the `--json` output's escaping (`JSONText`) on any
/// text: what they give holds nothing a terminal acts on, safe text passes unchanged, and the
/// escaped JSON means the same to a JSON reader.
enum SanitiserTarget {
  static func run(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    for keepNewlines in [true, false] {
      let safe = TerminalSafeText.render(text, keepNewlines: keepNewlines)
      let unsafe = safe.unicodeScalars.filter {
        TerminalSafeText.isUnsafe($0, keepNewlines: keepNewlines)
      }
      FuzzCheck.require(
        unsafe.isEmpty, "unsafe scalars \(unsafe.map(\.value)) in \(safe.debugDescription)")
      let inputUnsafe = text.unicodeScalars.filter {
        TerminalSafeText.isUnsafe($0, keepNewlines: keepNewlines)
      }
      if inputUnsafe.isEmpty {
        FuzzCheck.require(
          safe.unicodeScalars.elementsEqual(text.unicodeScalars), "safe text was changed")
      }
      let placeholders = safe.unicodeScalars.filter { $0 == "\u{FFFD}" }.count
      let inputPlaceholders = text.unicodeScalars.filter { $0 == "\u{FFFD}" }.count
      FuzzCheck.require(
        placeholders <= inputPlaceholders + inputUnsafe.count,
        "more placeholders than unsafe characters")
      FuzzCheck.require(
        TerminalSafeText.render(safe, keepNewlines: keepNewlines).unicodeScalars.elementsEqual(
          safe.unicodeScalars), "sanitising twice changes the text")
    }
    checkJSONEscaping(bytes)
  }

  private static func checkJSONEscaping(_ bytes: [UInt8]) {
    let escaped = JSONText.escapingTerminalControls(bytes)
    let text = String(decoding: escaped, as: UTF8.self)
    FuzzCheck.require(
      !text.unicodeScalars.contains { $0.value >= 0x7F && TerminalSafeText.isUnsafe($0) },
      "escaped JSON holds a terminal control")
    // Its input is UTF-8 JSON that chuck made; JSONDecoder would take NULs for UTF-16 or UTF-32.
    guard JSONOddities.isUTF8(bytes), !bytes.contains(0), !JSONOddities.mayCrashDecoder(bytes),
      let before = try? JSONDecoder().decode(JSONValue.self, from: Data(bytes))
    else { return }
    let after = try? JSONDecoder().decode(JSONValue.self, from: Data(escaped))
    FuzzCheck.require(after == before, "escaping changed what the JSON means")
  }
}
