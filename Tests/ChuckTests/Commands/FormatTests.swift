import ChuckTestSupport
import Foundation
import Testing

/// `--format TEMPLATE|waybar`, `--oneline`, `--max-width N` on `pick`, `random`, `show` and
/// `list`: output for status bars, motd scripts and notifications.
@Suite struct FormatTests {
  static let joke = MadeUpJoke(
    1, "Chuck Norris\n\tcounts to infinity, \u{1B}]0;owned\u{07}twice.", categories: ["dev"],
    createdAt: "2020-01-05 13:42:19.104863")
  static let other = MadeUpJoke(
    2, "Chuck Norris divides by zero.", createdAt: "2021-03-04 05:06:07")

  /// The same template on every command; text made safe; `list` one per joke, oldest first.
  @Test func everyCommand() async throws {
    let (api, sandbox) = try await startSandbox(pool: [Self.other])
    try sandbox.writeList([Self.joke.served(by: api)])
    let template = ["--format", "{id}|{source}|{categories}|{date}|{oneline}"]
    let bad = try await sandbox.chuck(["pick"] + template)
    #expect(bad.status == 64)
    #expect(bad.stderr.contains("no field is named {oneline}; the fields: {value}, {setup}"))
    let fields = ["--format", "{id}|{source}|{categories}|{date}|{value}", "--oneline"]
    let expected =
      "\(Self.joke.id)|chuck|dev|2020-01-05|Chuck Norris counts to infinity, \u{FFFD}twice.\n"
    #expect(try await sandbox.chuck(["pick"] + fields).stdout == expected)
    #expect(try await sandbox.chuck(["show", Self.joke.id] + fields).stdout == expected)
    let random = try await sandbox.chuck(["random", "--format", "{{{id}}} {url}"])
    #expect(random.status == 0)
    #expect(
      random.stdout == "{\(Self.other.id)} https://api.chucknorris.io/jokes/\(Self.other.id)\n")
    #expect(random.stderr.hasPrefix("Saved \(Self.other.id);"), "the note stays on stderr")
    let list = try await sandbox.chuck(["list", "--format", "{date} {id}"])
    #expect(list.stdout == "2020-01-05 \(Self.joke.id)\n2021-03-04 \(Self.other.id)\n")
    let cut = try await sandbox.chuck(["pick", "-m", "infinity", "--oneline", "--max-width", "20"])
    #expect(cut.stdout == "Chuck Norris counts…\n")
    let both = try await sandbox.chuck(["list", "--json", "--oneline"])
    #expect(both.status == 64)
  }

  /// `--format waybar`: one line of JSON, text cut to the width, tooltip whole, class the source
  /// and the categories; a two-part joke's text is both parts.
  @Test func waybar() async throws {
    let (_, sandbox) = try await startSandbox()
    #expect(try await sandbox.chuck(["save", "--source", "official", "1"]).status == 0)
    let result = try await sandbox.chuck(
      ["pick", "--source", "official", "--format", "waybar", "--max-width", "30"])
    #expect(result.status == 0)
    let object = try JSON.parse(result.stdout)
    #expect(object["text"]?.string == "What did the fish say when it…")
    #expect(object["tooltip"]?.string == "What did the fish say when it hit the wall?\nDam.")
    #expect(object["class"] == .array([.string("official")]))
    #expect(result.stdout.filter { $0 == "\n" }.count == 1)
    // A joke with categories: the class names the source, then each category.
    try sandbox.writeList([
      MadeUpJoke(7, "Chuck Norris compiles with his eyes closed.", categories: ["dev", "food"])
        .object
    ])
    let categorized = try await sandbox.chuck(["pick", "--format", "waybar"])
    #expect(categorized.status == 0, "\(categorized.stderr)")
    #expect(
      try JSON.parse(categorized.stdout)["class"]
        == .array([.string("chuck"), .string("dev"), .string("food")]))
  }
}
