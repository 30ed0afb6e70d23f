import FoundationEssentials

/// JSON text for lists of strings (category names, ids).
public enum JSONText {
  /// A JSON array of strings.
  /// - Parameters:
  ///   - strings: the strings.
  ///   - lineBreak: whether to end with a newline.
  /// - Returns: the JSON text; control characters are escaped as JSON does.
  public static func array(of strings: [String], lineBreak: Bool = true) -> TerminalText {
    var json: [UInt8] = [UInt8(ascii: "[")]
    for (index, string) in strings.enumerated() {
      if index > 0 { json.append(UInt8(ascii: ",")) }
      appendQuoted(string, to: &json)
    }
    json.append(UInt8(ascii: "]"))
    return TerminalText(
      verbatim: String(decoding: escapingTerminalControls(json), as: UTF8.self)
        + (lineBreak ? "\n" : ""))
  }

  /// A JSON string (a source's name as an object key).
  /// - Parameter string: the string.
  /// - Returns: the JSON text, terminal controls escaped.
  public static func string(_ string: String) -> TerminalText {
    var json: [UInt8] = []
    appendQuoted(string, to: &json)
    return TerminalText(
      verbatim: String(decoding: escapingTerminalControls(json), as: UTF8.self))
  }

  /// Appends a string as a JSON string, byte for byte as `JSONEncoder` writes it with
  /// `.withoutEscapingSlashes`: `"` and `\` escaped, C0 controls as `\b \t \n \f \r` or
  /// `\u00xx`, everything else as it is (terminal controls are escaped after, on the whole text).
  ///
  /// Written out rather than through `JSONEncoder`, whose first use makes its containers' generic
  /// metadata from mangled names (a scan of every protocol conformance): a third of
  /// `pick --format waybar`.
  /// - Parameters:
  ///   - string: the string.
  ///   - output: where to append it, quotes included.
  public static func appendQuoted(_ string: String, to output: inout [UInt8]) {
    let backslash = UInt8(ascii: "\\")
    output.reserveCapacity(output.count + string.utf8.count + 2)
    output.append(UInt8(ascii: "\""))
    for byte in string.utf8 {
      switch byte {
      case UInt8(ascii: "\""), backslash:
        output.append(backslash)
        output.append(byte)
      case 0x08, 0x09, 0x0A, 0x0C, 0x0D:
        output.append(backslash)
        output.append(shortEscapes[Int(byte) - 0x08])
      case 0..<0x20:
        output.append(backslash)
        output.append(UInt8(ascii: "u"))
        output.append(UInt8(ascii: "0"))
        output.append(UInt8(ascii: "0"))
        output.append(hexDigits[Int(byte >> 4)])
        output.append(hexDigits[Int(byte & 0xF)])
      default: output.append(byte)
      }
    }
    output.append(UInt8(ascii: "\""))
  }

  /// The letters of `\b \t \n` (unused for 0x0B) `\f \r`, from 0x08.
  private static let shortEscapes: [UInt8] = Array("btn?fr".utf8)
  private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

  /// JSON text with DEL, C1 controls and bidirectional controls written as `\uXXXX` escapes.
  ///
  /// JSON escapes only C0 controls; the others are legal raw, but a terminal may act on them when
  /// the JSON is printed. As escapes they mean the same to a JSON reader. They can only occur
  /// inside strings, so replacing their UTF-8 bytes anywhere is safe.
  /// - Parameter json: UTF-8 JSON text.
  /// - Returns: the same JSON with those characters escaped.
  public static func escapingTerminalControls(_ json: [UInt8]) -> [UInt8] {
    guard mayHoldTerminalControls(json) else { return json }
    var output: [UInt8] = []
    output.reserveCapacity(json.count + 64)
    appendEscapingTerminalControls(json, to: &output)
    return output
  }

  /// Appends JSON text to `output` with DEL, C1 and bidirectional controls escaped, copying it as
  /// it is when it holds none (the usual case: no decoding, no allocation).
  /// - Parameters:
  ///   - json: UTF-8 JSON text.
  ///   - output: where to append it.
  public static func appendEscapingTerminalControls(
    _ json: some Collection<UInt8>, to output: inout [UInt8]
  ) {
    guard mayHoldTerminalControls(json) else {
      output.append(contentsOf: json)
      return
    }
    for scalar in String(decoding: json, as: UTF8.self).unicodeScalars {
      if scalar.value >= 0x7F, TerminalSafeText.isUnsafe(scalar) {
        let hex = String(scalar.value, radix: 16)
        output.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
      } else {
        UTF8.encode(scalar) { output.append($0) }
      }
    }
  }

  /// Whether any byte could start the UTF-8 form of DEL (7F), a C1 control (C2 80–9F) or a bidi
  /// control (D8 9C, E2 80 8E–8F, E2 80 AA–AE, E2 81 A6–A9).
  private static func mayHoldTerminalControls(_ json: some Collection<UInt8>) -> Bool {
    json.contains { $0 == 0x7F || $0 == 0xC2 || $0 == 0xD8 || $0 == 0xE2 }
  }
}
