import Foundation
import Testing

@testable import ChuckCore

@Suite struct JokeJSONTests {
  /// One joke is one line of JSON ending in a newline, which parses back to the same joke.
  @Test func objectRoundTrip() throws {
    for joke in try Samples.realJokes() + Samples.madeUpJokes() {
      let text = JokeJSON.object(joke)
      #expect(text.hasSuffix("}\n"))
      #expect(text.dropLast().contains("\n") == false)
      #expect(try JSONDecoder().decode(ChuckJoke.self, from: Data(text.utf8)) == joke)
    }
  }

  /// The object has the seven keys, values as received, slashes and non-ASCII unescaped.
  @Test func objectFields() throws {
    let joke = try #require(try Samples.madeUpJokes().first { $0.id == "-aE7mojiZWJflags0x9Kq2" })
    let text = JokeJSON.object(joke)
    let object = try #require(
      JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(object.count == 7)
    #expect(object["value"] as? String == joke.value)
    #expect(object["created_at"] as? String == "2022-11-12 13:14:15.123456")
    #expect(object["categories"] as? [String] == ["dev", "movie"])
    #expect(text.contains("\"url\":\"https://api.chucknorris.io/jokes/-aE7mojiZWJflags0x9Kq2\""))
    #expect(text.contains("👨‍👩‍👧‍👦"))
  }

  /// An array holds the jokes in the order given, one object per line, and parses back to them.
  @Test func arrayRoundTrip() throws {
    let jokes = try Samples.madeUpJokes() + Samples.realJokes()
    let text = JokeJSON.array(jokes)
    #expect(text.hasPrefix("[\n") && text.hasSuffix("\n]\n"))
    #expect(text.split(separator: "\n").count == jokes.count + 2)
    #expect(try JSONDecoder().decode([ChuckJoke].self, from: Data(text.utf8)) == jokes)
  }

  /// A one-joke array is still a valid array.
  @Test func arrayOfOne() throws {
    let joke = try makeJoke()
    let text = JokeJSON.array([joke])
    #expect(text == "[\n" + JokeJSON.object(joke) + "]\n")
    #expect(try JSONDecoder().decode([ChuckJoke].self, from: Data(text.utf8)) == [joke])
  }

  /// An empty list is `[]`.
  @Test func emptyArray() {
    #expect(JokeJSON.array([ChuckJoke]()) == "[]\n")
  }

  /// Control characters are escaped as JSON escapes them, and the text survives exactly.
  @Test func controlCharactersEscaped() throws {
    let value = "a\u{1B}[31mb\u{0}c\u{1F}d\ne\tf\r\"g\\h\u{7F}\u{9B}\u{202E}"
    let joke = try makeJoke(value: value)
    let text = JokeJSON.object(joke)
    #expect(text.contains(#"a\u001b[31mb\u0000c\u001fd\ne\tf\r\"g\\h"#))
    #expect(!text.dropLast().unicodeScalars.contains { $0.value < 0x20 })
    let decoded = try JSONDecoder().decode(ChuckJoke.self, from: Data(text.utf8))
    #expect(Array(decoded.value.unicodeScalars) == Array(value.unicodeScalars))
  }

  /// Extra fields survive into the JSON output.
  @Test func extraFields() throws {
    let joke = try makeJoke(
      extraFields: ["saved_at": .string("2024-01-01 00:00:00"), "n": .number(2)])
    let object = try #require(
      JSONSerialization.jsonObject(with: Data(JokeJSON.object(joke).utf8)) as? [String: Any])
    #expect(object["saved_at"] as? String == "2024-01-01 00:00:00")
    #expect(object["n"] as? Int == 2)
  }
}
