import FoundationEssentials
import Testing

@testable import ChuckCore

/// JSON strings written by hand, byte for byte as `JSONEncoder` (`.withoutEscapingSlashes`)
/// writes them, which is the oracle here.
@Suite struct JSONTextTests {
  /// What `JSONEncoder` writes for a value, terminal controls escaped after as chuck does.
  private func oracle(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    return String(
      decoding: JSONText.escapingTerminalControls(Array(try encoder.encode(value))), as: UTF8.self)
  }

  /// Every C0 control, the characters JSON escapes, slashes, DEL, C1 and bidirectional controls,
  /// line and paragraph separators, accents and emoji.
  static let awkward: [String] = {
    var controls = ""
    for value in 0..<0x20 { controls.unicodeScalars.append(Unicode.Scalar(UInt8(value))) }
    return [
      "", controls, #""quoted" \back\slash / a/b"#, "\u{7F}\u{85}\u{9B}31m", "\u{202E}evil",
      "\u{2028}\u{2029}", "Chuck Norrís ☺ 👍🏽 e\u{301}", "tab\there\r\nnew line",
    ]
  }()

  @Test(arguments: awkward) func stringAsJSONEncoderWritesIt(_ text: String) throws {
    #expect(JSONText.string(text).string == (try oracle(text)))
  }

  @Test func arraysAsJSONEncoderWritesThem() throws {
    #expect(JSONText.array(of: Self.awkward, lineBreak: false).string == (try oracle(Self.awkward)))
    #expect(JSONText.array(of: []).string == "[]\n")
  }

  /// Random strings of scalars from every plane, the oracle deciding.
  @Test func randomStrings() throws {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<500 {
      var text = ""
      for _ in 0..<Int.random(in: 0...12, using: &generator) {
        let range: ClosedRange<UInt32> =
          [0...0x7F, 0x80...0x7FF, 0x800...0xD7FF, 0xE000...0x10FFFF].randomElement(
            using: &generator)!
        text.unicodeScalars.append(Unicode.Scalar(UInt32.random(in: range, using: &generator))!)
      }
      #expect(JSONText.string(text).string == (try oracle(text)), "\(Array(text.unicodeScalars))")
    }
  }
}
