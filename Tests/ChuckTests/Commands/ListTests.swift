import ChuckTestSupport
import Foundation
import Testing

@Suite struct ListTests {
  /// The line just above the one holding `id`: that joke's preview.
  static func preview(of id: String, in output: String) -> String? {
    let lines = output.lines
    guard let index = lines.firstIndex(where: { $0.contains(id) }), index > 0 else { return nil }
    return lines[index - 1]
  }

  /// `list` prints the title, then per joke its preview and a line with its date and id.
  @Test func titleAndEntries() async throws {
    let sandbox = try ChuckSandbox()
    let jokes = [
      MadeUpJoke(1, "Chuck Norris can unit-test an entire app with one assert."),
      MadeUpJoke(2, "Chuck Norris is.", createdAt: "2021-03-04 05:06:07"),
    ]
    try sandbox.writeList(jokes.map(\.object))
    let result = try await sandbox.chuck(["list"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    let lines = result.stdout.lines
    #expect(
      lines == [
        "  Chuck Norris Jokes",
        "",
        "  Chuck Norris can unit-test an ...",
        "  2020-01-05  \(jokes[0].id)",
        "",
        "  Chuck Norris is.",
        "  2021-03-04  \(jokes[1].id)",
      ])
  }

  /// Jokes are listed oldest first by `created_at`, whatever order they were saved in.
  @Test func oldestFirst() async throws {
    // Made-up jokes served in this order, so saved newest, oldest, middle.
    let pool = [
      MadeUpJoke(1, "Newest joke of the three.", createdAt: "2023-06-21 12:03:51.94"),
      MadeUpJoke(2, "Oldest joke of the three.", createdAt: "2016-05-01 10:51:41"),
      MadeUpJoke(3, "Middle joke of the three.", createdAt: "2020-01-05 13:42:24.40636"),
    ]
    let (_, sandbox) = try await startSandbox(pool: pool)
    for _ in pool { #expect(try await sandbox.chuck(["random"]).status == 0) }
    let result = try await sandbox.chuck(["list"])
    #expect(result.status == 0)
    let order = [pool[1], pool[2], pool[0]].map { result.stdout.range(of: $0.id)?.lowerBound }
    #expect(order.allSatisfy { $0 != nil })
    #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted())
  }

  /// Jokes with the same `created_at` keep the order in which they were saved.
  @Test func equalTimestampsKeepSavedOrder() async throws {
    // Made-up jokes; the saved order is neither the ids' order nor its reverse, and the later and
    // earlier jokes make the sort do real work.
    let same = "2020-01-05 13:42:18.823766"
    let pool = [
      MadeUpJoke(id: "mmmmmmmmmmmmmmmmmmmmmm", value: "Saved first, same time.", createdAt: same),
      MadeUpJoke(
        id: "zzzzzzzzzzzzzzzzzzzzzz", value: "Later than all.", createdAt: "2021-01-01 00:00:00"),
      MadeUpJoke(id: "ZZZZZZZZZZZZZZZZZZZZZZ", value: "Saved second, same time.", createdAt: same),
      MadeUpJoke(
        id: "0000000000000000000000", value: "Earlier than all.", createdAt: "2019-01-01 00:00:00"),
      MadeUpJoke(id: "aaaaaaaaaaaaaaaaaaaaaa", value: "Saved third, same time.", createdAt: same),
    ]
    let (_, sandbox) = try await startSandbox(pool: pool)
    for _ in pool { #expect(try await sandbox.chuck(["random"]).status == 0) }
    let expected = [pool[3], pool[0], pool[2], pool[4], pool[1]].map(\.id)

    let text = try await sandbox.chuck(["list"])
    let shown = expected.compactMap { text.stdout.range(of: $0)?.lowerBound }
    #expect(shown.count == expected.count)
    #expect(shown == shown.sorted())

    let json = try await sandbox.chuck(["list", "--json"])
    #expect(try JSON.parse(json.stdout).elements.map { $0["id"]?.string } == expected)
  }

  struct PreviewCase: Sendable, CustomTestStringConvertible {
    var name: String
    var value: String
    var expected: String
    var testDescription: String { name }
  }

  /// 29 characters: the 30th character of each preview case is the one under test.
  static let lead = "Chuck Norris and his family: "

  static let previewCases: [PreviewCase] = {
    var cases = [
      PreviewCase(
        name: "long ASCII", value: "Chuck Norris can divide by zero and get a remainder.",
        expected: "Chuck Norris can divide by zer..."),
      PreviewCase(
        name: "31 characters", value: "Chuck Norris has counted to 10.",
        expected: "Chuck Norris has counted to 10..."),
      PreviewCase(
        name: "exactly 30 characters", value: "Chuck Norris has counted to 0.",
        expected: "Chuck Norris has counted to 0."),
      PreviewCase(name: "short", value: "Chuck Norris is.", expected: "Chuck Norris is."),
      PreviewCase(
        name: "whitespace runs", value: "  Chuck\t\tNorris \n\n doesn't   sleep.\r\n ",
        expected: "Chuck Norris doesn't sleep."),
      PreviewCase(
        name: "whitespace runs before the cut",
        value: "Chuck    Norris\n\ncan\t\tdivide   by zero forever",
        expected: "Chuck Norris can divide by zer..."),
      PreviewCase(
        name: "30 characters ending in a combining mark",
        value: lead + "e\u{301}", expected: lead + "e\u{301}"),
      PreviewCase(
        name: "all CJK", value: String(repeating: "寿司", count: 20),
        expected: String(repeating: "寿司", count: 15) + "..."),
    ]
    // Made-up texts whose 30th character is a multi-scalar or non-ASCII character.
    let thirtieth = [
      ("ZWJ family", "👨‍👩‍👧‍👦"), ("ZWJ rainbow flag", "🏳️‍🌈"), ("country flag", "🇨🇭"),
      ("skin tone", "👍🏽"), ("ZWJ black cat", "🐈‍⬛"), ("combining acute", "e\u{301}"),
      ("several combining marks", "a\u{301}\u{323}\u{30A}"), ("precomposed accent", "é"),
      ("CJK", "寿"), ("Hangul", "척"),
    ]
    for (name, character) in thirtieth {
      cases.append(
        PreviewCase(
          name: name, value: lead + character + " and then a lot more text",
          expected: lead + character + "..."))
    }
    return cases
  }()

  /// Previews are collapsed and cut after 30 Characters (never inside one) with `...`.
  @Test(arguments: previewCases)
  func preview(_ row: PreviewCase) async throws {
    #expect(Self.lead.count == 29)
    let sandbox = try ChuckSandbox()
    let joke = MadeUpJoke(1, row.value)
    try sandbox.writeList([joke.object])
    let result = try await sandbox.chuck(["list"])
    #expect(result.status == 0)
    let line = try #require(Self.preview(of: joke.id, in: result.stdout))
    #expect(line.scalars == ("  " + row.expected).scalars, "\(line.debugDescription)")
  }

  struct DateCase: Sendable, CustomTestStringConvertible {
    var createdAt: String
    var environment: [String: String]
    var testDescription: String { "\(createdAt) \(environment)" }
  }

  /// The date is `created_at`'s UTC day as `yyyy-MM-dd`, whatever the user's time zone or locale.
  @Test(arguments: [
    DateCase(createdAt: "2020-01-05 23:30:00", environment: ["TZ": "America/Los_Angeles"]),
    DateCase(createdAt: "2020-01-05 00:30:00", environment: ["TZ": "America/Los_Angeles"]),
    DateCase(createdAt: "2020-01-05 23:30:00", environment: ["TZ": "Asia/Tokyo"]),
    DateCase(createdAt: "2020-01-05 00:30:00", environment: ["TZ": "Asia/Tokyo"]),
    DateCase(
      createdAt: "2020-01-05 23:59:59",
      environment: ["TZ": "Pacific/Kiritimati", "LC_ALL": "en_US.UTF-8", "LANG": "en_US.UTF-8"]),
    DateCase(createdAt: "2020-01-05 23:59:59.9996", environment: ["TZ": "UTC"]),
    DateCase(
      createdAt: "2020-01-05 00:00:00", environment: ["TZ": "America/New_York", "LANG": "de_DE"]),
  ])
  func dateIsTheUTCDay(_ row: DateCase) async throws {
    let sandbox = try ChuckSandbox()
    let joke = MadeUpJoke(1, "Chuck Norris knows what day it is.", createdAt: row.createdAt)
    try sandbox.writeList([joke.object])
    let result = try await sandbox.chuck(["list"], row.environment)
    #expect(result.status == 0)
    #expect(result.stdout.lines.contains("  2020-01-05  \(joke.id)"))
  }

  /// At 40 and 80 columns lines keep a 2-column left margin, and entries are apart.
  @Test(arguments: ["40", "80"])
  func margins(columns: String) async throws {
    let sandbox = try ChuckSandbox()
    try sandbox.writeList(FixtureJokes.all())
    let result = try await sandbox.chuck(["list"], ["COLUMNS": columns])
    #expect(result.status == 0)
    let lines = result.stdout.lines
    #expect(lines.count > 100)
    for line in lines where !line.isEmpty {
      #expect(line.hasPrefix("  ") && !line.hasPrefix("   "), "\(line.debugDescription)")
      #expect(TerminalOracle.width(line) < Int(columns)!, "\(line.debugDescription)")
    }
    for (index, line) in lines.enumerated() where line.contains(/^  \d{4}-\d\d-\d\d\s\s/) {
      #expect(index + 1 == lines.count || lines[index + 1].isEmpty)
    }
  }

  /// No line is wider than `COLUMNS`, however narrow, with emoji, CJK and long texts in the list,
  /// but for a word wider than a line (an id at 10 or 20 columns), which stands whole alone.
  @Test(arguments: [10, 20, 40, 80])
  func linesFitTheColumns(columns: Int) async throws {
    let sandbox = try ChuckSandbox()
    try sandbox.writeList(FixtureJokes.all())
    let result = try await sandbox.chuck(["list"], ["COLUMNS": String(columns)])
    #expect(result.status == 0)
    #expect(result.stdout.contains("Chuck Norris Jokes") || columns < 18)
    for line in result.stdout.lines {
      #expect(
        TerminalOracle.width(line) <= columns
          || !line.trimmingCharacters(in: .whitespaces).contains(" "),
        "\(line.debugDescription)")
    }
  }

  /// On a terminal without `COLUMNS`, lines fit the terminal's own width.
  @Test func linesFitTheTerminalWidth() async throws {
    let sandbox = try ChuckSandbox()
    try sandbox.writeList(FixtureJokes.all())
    let result = try await sandbox.chuck(
      ["list", "--color", "never"], ["COLUMNS": nil], stdout: .terminal, stderr: .pipe, columns: 30)
    #expect(result.status == 0)
    #expect(result.stdout.contains("Chuck Norris Jokes"))
    for line in result.stdout.lines {
      #expect(TerminalOracle.width(line) <= 30, "\(line.debugDescription)")
    }
  }

  /// An empty list, missing or with no items, prints a friendly line naming `chuck random`.
  @Test(arguments: [nil, #"{"version":1,"items":[]}"#])
  func emptyList(file: String?) async throws {
    let sandbox = try ChuckSandbox()
    if let file { try sandbox.writeListText(file) }
    let result = try await sandbox.chuck(["list"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(result.stdout.contains("Chuck Norris Jokes"))
    #expect(result.stdout.contains("chuck random"))
    #expect(sandbox.listBytes == file.map { Data($0.utf8) })
  }

  /// `list --json` prints the saved joke objects, oldest first, values exactly as received.
  @Test func jsonIsOldestFirstWithValuesAsReceived() async throws {
    // Made-up jokes with values a re-encoder could change: fractions, entities, quotes, marks.
    let pool = [
      MadeUpJoke(
        1, "Chuck Norris said \"&#8734; &amp; beyond\" / twice.", categories: ["dev", "movie"],
        createdAt: "2020-01-05 13:42:24.40636", updatedAt: "2021-02-03 04:05:06.7"),
      MadeUpJoke(
        2, "Chuck Norris writes cafe\u{301} and re\u{301}sume\u{301}.",
        createdAt: "2016-05-01 10:51:41"),
      MadeUpJoke(3, "Chuck Norris 👨‍💻 🇨🇭 \\n is not a newline.", createdAt: "2020-01-05 13:42:24.4"),
    ]
    let (api, sandbox) = try await startSandbox(pool: pool)
    for _ in pool { #expect(try await sandbox.chuck(["random"]).status == 0) }
    let result = try await sandbox.chuck(["list", "--json"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    let printed = try JSON.parse(result.stdout).elements.map { $0.only(MadeUpJoke.keys) }
    #expect(printed == [pool[1], pool[2], pool[0]].map { $0.served(by: api) })
  }

  /// `list --json` of an empty list is an empty array.
  @Test func jsonOfEmptyList() async throws {
    let sandbox = try ChuckSandbox()
    let result = try await sandbox.chuck(["list", "--json"])
    #expect(result.status == 0)
    #expect(try JSON.parse(result.stdout) == .array([]))
  }

  /// A list written with escaped keys (valid JSON that any tool may write) is read like any
  /// other: listed, shown and added to, its other bytes kept.
  @Test func escapedKeysAreRead() async throws {
    let (_, sandbox) = try await startSandbox(pool: [MadeUpJoke(2, "Chuck Norris adds more.")])
    let id = "escapedKey000000000000"
    let text =
      #"{"vers\u0069on":1,"it\u0065ms":[{"categories":[],"#
      + #""created_at":"2020-01-05 13:42:19.104863","#
      + #""icon_url":"https://api.chucknorris.io/img/avatar/chuck-norris.png","#
      + #""\u0069d":"\#(id)","updated_at":"2020-01-05 13:42:19.104863","#
      + #""url":"https://api.chucknorris.io/jokes/\#(id)","v\u0061lue":"Chuck Norris escapes keys."}]}"#
    try sandbox.writeListText(text)
    let listed = try await sandbox.chuck(["list"])
    #expect(listed.status == 0, "\(listed.stderr)")
    #expect(listed.stdout.contains("Chuck Norris escapes keys.") && listed.stdout.contains(id))
    let shown = try await sandbox.chuck(["show", id])
    #expect(shown.status == 0, "\(shown.stderr)")
    #expect(shown.stdout.contains("Chuck Norris escapes keys."))
    let added = try await sandbox.chuck(["random"])
    #expect(added.status == 0, "\(added.stderr)")
    let bytes = try #require(sandbox.listBytes)
    #expect(String(decoding: bytes, as: UTF8.self).hasPrefix(String(text.dropLast(2))))
  }

  /// A failed write of the output (a full disk behind `> file`) is an error, exit 74: a backup
  /// made with `chuck list --json > file` never looks successful when it is not.
  @Test(arguments: [["list"], ["list", "--json"]])
  func outputWriteFailureIsAnError(arguments: [String]) async throws {
    let sandbox = try ChuckSandbox()
    try sandbox.writeList([MadeUpJoke(1, "Chuck Norris fills disks.").object])
    let result = try await sandbox.shell(
      #""$CHUCK" "# + arguments.joined(separator: " ") + " > /dev/full")
    #expect(result.status == 74)
    #expect(result.stderr.hasPrefix("error: cannot write the output: "), "\(result.stderr)")
    #expect(result.stderr.lines.count == 1)
  }

  /// `list --source all`: every saved list as one, oldest first by the date each shows, each
  /// joke naming its source; `--json` an object of each source's array as the files hold it.
  @Test func everySource() async throws {
    let (_, sandbox) = try await startSandbox()
    let old = MadeUpJoke(7, "An old Chuck Norris joke.", createdAt: "2016-01-01 00:00:00")
    try sandbox.writeList([old.object])
    #expect(try await sandbox.chuck(["add", "My newest joke."]).status == 0)
    #expect(try await sandbox.chuck(["save", "--source", "dad", "R7UfaahVfFd"]).status == 0)
    let all = try await sandbox.chuck(["list", "--source", "all"], ["COLUMNS": "100"])
    #expect(all.status == 0)
    let lines = all.stdout.lines
    #expect(lines.first == "  All Jokes")
    #expect(lines[2] == "  An old Chuck Norris joke.")
    #expect(lines[3] == "  2016-01-01  chuck \(old.id)")
    #expect(lines.contains { $0.hasPrefix("  saved 20") && $0.contains("  mine ") })
    #expect(lines.contains { $0.hasSuffix("  dad R7UfaahVfFd") })
    let text = try await sandbox.chuck(["list", "--source", "all", "--json"]).stdout
    let json = try JSON.parse(text)
    let order = ["chuck", "dad", "official", "switter", "jokeapi", "mine"]
    #expect(Set(json.keys) == Set(order))
    let places = order.compactMap { text.range(of: "\"\($0)\":")?.lowerBound }
    #expect(places.count == 6 && places == places.sorted(), "in chuck sources order")
    #expect(json["chuck"]?.elements.first?["id"]?.string == old.id)
    #expect(json["mine"]?.elements.count == 1)
    let format = try await sandbox.chuck(["list", "--source", "all", "--format", "{source}"])
    #expect(format.stdout.lines.first == "chuck")
    #expect(Set(format.stdout.lines) == ["chuck", "dad", "mine"])
  }
}
