import FoundationEssentials

/// The machine-readable output of `--json`: joke objects with the API's fields and values exactly
/// as received; JSON escapes control characters itself.
public enum JokeJSON {
  /// One joke object on one line, followed by a newline.
  /// - Parameter joke: the joke.
  /// - Returns: the JSON text.
  public static func object(_ joke: some Encodable) -> TerminalText {
    TerminalText(verbatim: encode(joke, with: makeEncoder()) + "\n")
  }

  /// A JSON array of joke objects, one object per line, followed by a newline.
  /// - Parameter jokes: the jokes, in the order to print.
  /// - Returns: the JSON text.
  public static func array<T: Encodable>(_ jokes: [T]) -> TerminalText {
    guard !jokes.isEmpty else { return "[]\n" }
    let encoder = makeEncoder()
    var output = "[\n"
    output.reserveCapacity(jokes.count * 400)
    for (index, joke) in jokes.enumerated() {
      output += encode(joke, with: encoder)
      output += index == jokes.count - 1 ? "\n]\n" : ",\n"
    }
    return TerminalText(verbatim: output)
  }

  private static func makeEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  private static func encode(_ joke: some Encodable, with encoder: JSONEncoder) -> String {
    // Encoding strings, string arrays and finite numbers cannot fail.
    let data = (try? encoder.encode(joke)) ?? Data("{}".utf8)
    return String(decoding: JSONText.escapingTerminalControls(Array(data)), as: UTF8.self)
  }
}
