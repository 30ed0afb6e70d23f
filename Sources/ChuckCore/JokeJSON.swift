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
    return String(decoding: data, as: UTF8.self)
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
    return String(decoding: data, as: UTF8.self) + (lineBreak ? "\n" : "")
  }
}
