import FoundationEssentials

/// Escape sequences that show an image inline in terminals that support it.
public enum InlineImage {
  /// The kitty graphics protocol: PNG data (`f=100`), base64 in chunks of at most 4096 bytes,
  /// `m=1` on every chunk but the last, `q=2` so the terminal sends no reply.
  /// - Parameters:
  ///   - png: a PNG image.
  ///   - columns: the cells wide to show it.
  ///   - rows: the cells high.
  /// - Returns: the escape sequence.
  public static func kitty(png: Data, columns: Int, rows: Int) -> TerminalText {
    let encoded = Array(png.base64EncodedString().utf8)
    var output = ""
    var offset = 0
    repeat {
      let end = min(offset + 4096, encoded.count)
      let chunk = String(decoding: encoded[offset..<end], as: UTF8.self)
      let more = end < encoded.count ? 1 : 0
      let control = offset == 0 ? "a=T,f=100,q=2,c=\(columns),r=\(rows),m=\(more)" : "m=\(more)"
      output += "\u{1B}_G\(control);\(chunk)\u{1B}\\"
      offset = end
    } while offset < encoded.count
    return TerminalText(verbatim: output)
  }

  /// The iTerm2 inline-image sequence (also understood by WezTerm).
  /// - Parameters:
  ///   - image: the image file's bytes.
  ///   - columns: the cells wide to show it.
  /// - Returns: the escape sequence.
  public static func iTerm2(image: Data, columns: Int) -> TerminalText {
    TerminalText(
      verbatim: "\u{1B}]1337;File=inline=1;size=\(image.count);width=\(columns);"
        + "preserveAspectRatio=1:" + image.base64EncodedString() + "\u{07}")
  }
}
