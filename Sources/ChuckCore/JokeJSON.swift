import Foundation

/// The machine-readable output of `--json`: joke objects with the API's fields and values exactly
/// as received; JSON escapes control characters itself.
public enum JokeJSON {
  /// One joke object on one line, followed by a newline.
  /// - Parameter joke: the joke.
  /// - Returns: the JSON text.
  public static func object(_ joke: ChuckJoke) -> String {
    encode(joke) + "\n"
  }

  /// A JSON array of joke objects, one object per line, followed by a newline.
  /// - Parameter jokes: the jokes, in the order to print.
  /// - Returns: the JSON text.
  public static func array(_ jokes: [ChuckJoke]) -> String {
    guard !jokes.isEmpty else { return "[]\n" }
    var output = "[\n"
    output.reserveCapacity(jokes.count * 400)
    for (index, joke) in jokes.enumerated() {
      output += encode(joke)
      output += index == jokes.count - 1 ? "\n]\n" : ",\n"
    }
    return output
  }

  private static func encode(_ joke: ChuckJoke) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // Encoding strings, string arrays and finite numbers cannot fail.
    let data = (try? encoder.encode(joke)) ?? Data("{}".utf8)
    return String(decoding: JSONText.escapingTerminalControls(Array(data)), as: UTF8.self)
  }
}

/// JSON text for lists of strings (category names, ids).
public enum JSONText {
  /// A JSON array of strings.
  /// - Parameters:
  ///   - strings: the strings.
  ///   - lineBreak: whether to end with a newline.
  /// - Returns: the JSON text; control characters are escaped as JSON does.
  public static func array(of strings: [String], lineBreak: Bool = true) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    let data = (try? encoder.encode(strings)) ?? Data("[]".utf8)
    return String(decoding: escapingTerminalControls(Array(data)), as: UTF8.self)
      + (lineBreak ? "\n" : "")
  }

  /// JSON text with DEL, C1 controls and bidirectional controls written as `\uXXXX` escapes.
  ///
  /// JSON escapes only C0 controls; the others are legal raw, but a terminal may act on them when
  /// the JSON is printed. As escapes they mean the same to a JSON reader. They can only occur
  /// inside strings, so replacing their UTF-8 bytes anywhere is safe.
  /// - Parameter json: UTF-8 JSON text.
  /// - Returns: the same JSON with those characters escaped.
  public static func escapingTerminalControls(_ json: [UInt8]) -> [UInt8] {
    // Every such character's UTF-8 form starts with one of these bytes.
    guard json.contains(where: { $0 == 0x7F || $0 == 0xC2 || $0 == 0xD8 || $0 == 0xE2 }) else {
      return json
    }
    var output: [UInt8] = []
    output.reserveCapacity(json.count + 64)
    var scalars = String(decoding: json, as: UTF8.self).unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      if scalar.value >= 0x7F, TerminalSafeText.isUnsafe(scalar) {
        output.append(contentsOf: "\\u".utf8)
        let hex = String(scalar.value, radix: 16, uppercase: false)
        output.append(contentsOf: (String(repeating: "0", count: 4 - hex.count) + hex).utf8)
      } else {
        output.append(contentsOf: String(scalar).utf8)
      }
    }
    return output
  }
}
