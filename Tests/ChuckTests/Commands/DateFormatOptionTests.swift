import ChuckTestSupport
import Foundation
import Testing

/// `--date-format FORMAT` on `list`, `show` and `pick` (`{date}`), and the `date-format` setting
/// (`CHUCK_DATE_FORMAT`): the flag, else the setting, else the dates `chuck` always wrote. JSON
/// keeps its dates as they are.
@Suite struct DateFormatOptionTests {
  /// The Articles seed's date, `Wed, Jul 8, '20`.
  static let articles = "%a, %b %-d, '%y"
  static let seed = MadeUpJoke(
    1, "Chuck Norris dates the calendar.", categories: ["dev"],
    createdAt: "2020-07-08 16:10:49.123456", updatedAt: "2021-02-03 04:05:06.7")
  static let other = MadeUpJoke(2, "Chuck Norris is.", createdAt: "2021-03-04 05:06:07")

  /// A sandbox whose list holds the seed's joke and another, their icons on the fake.
  func sandbox() async throws -> ChuckSandbox {
    let (api, sandbox) = try await startSandbox()
    try sandbox.writeList([Self.seed.served(by: api), Self.other.served(by: api)])
    return sandbox
  }

  /// `list --date-format` writes each joke's date in the format; the fast path and the parser
  /// agree; without it the list is as it always was.
  @Test func listInTheArticlesFormat() async throws {
    let sandbox = try await sandbox()
    let result = try await sandbox.chuck(["list", "--date-format", Self.articles])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(
      result.stdout.lines == [
        "  Chuck Norris Jokes",
        "",
        "  Chuck Norris dates the calenda...",
        "  Wed, Jul 8, '20  \(Self.seed.id)",
        "",
        "  Chuck Norris is.",
        "  Thu, Mar 4, '21  \(Self.other.id)",
      ])
    let parsed = try await sandbox.chuck(["list", "--date-format=" + Self.articles, "--"])
    #expect(parsed.stdout == result.stdout)
    let plain = try await sandbox.chuck(["list"])
    #expect(plain.stdout.lines[3] == "  2020-07-08  \(Self.seed.id)")
    #expect(plain.stdout.lines[6] == "  2021-03-04  \(Self.other.id)")
  }

  /// `CHUCK_DATE_FORMAT` sets the format; `--date-format` beats it.
  @Test func variableAndFlag() async throws {
    let sandbox = try await sandbox()
    let environment = ["CHUCK_DATE_FORMAT": Self.articles]
    let variable = try await sandbox.chuck(["list"], environment)
    #expect(variable.status == 0)
    #expect(variable.stdout.lines[3] == "  Wed, Jul 8, '20  \(Self.seed.id)")
    let flag = try await sandbox.chuck(["list", "--date-format", "%d.%m.%Y"], environment)
    #expect(flag.stdout.lines[3] == "  08.07.2020  \(Self.seed.id)")
    // Each the fast path's and the parser's (after a trailing `--`).
    for end in [[], ["--"]] {
      let pick = ["pick", "-m", "calendar", "--format", "{date}"]
      let picked = try await sandbox.chuck(pick + end, environment)
      #expect(picked.stdout == "Wed, Jul 8, '20\n", "\(end)")
      let beaten = try await sandbox.chuck(pick + ["--date-format", "%Y"] + end, environment)
      #expect(beaten.stdout == "2020\n", "\(end)")
    }
    let show = try await sandbox.chuck(["show", Self.seed.id], environment)
    #expect(ShowOutput(show.stdout)["created_at"] == "Wed, Jul 8, '20")
  }

  /// The setting reaches every place a person sees a date, by the one rule (`ShownDates`):
  /// `random`'s `{date}`, `search`'s rows and `favorite list`'s as well as `list`, `show` and
  /// `pick` (search and the favourites once kept the Swedish date whatever the setting).
  @Test func theSettingReachesEveryDate() async throws {
    let sandbox = try await sandbox()
    let environment = ["CHUCK_DATE_FORMAT": "%d.%m.%Y"]
    let dotted = /\d\d\.\d\d\.\d{4}/
    let random = try await sandbox.chuck(["random", "--format", "{date}"], environment)
    #expect(random.status == 0, "\(random.stderr)")
    #expect(random.stdout.trimmingCharacters(in: .newlines).wholeMatch(of: dotted) != nil)
    let search = try await sandbox.chuck(
      ["search", "Chuck"], ["COLUMNS": "100"].merging(environment) { $1 })
    #expect(search.status == 0, "\(search.stderr)")
    // Each result's date line: the date, then its 22-character id.
    let dates = search.stdout.lines.compactMap {
      $0.wholeMatch(of: /\ \ (\S+)\ \ [A-Za-z0-9_-]{22}.*/).map { String($0.1) }
    }
    #expect(!dates.isEmpty && dates.allSatisfy { $0.wholeMatch(of: dotted) != nil }, "\(dates)")
    #expect(try await sandbox.chuck(["favorite", "add", Self.seed.id, "cal"]).status == 0)
    let favorites = try await sandbox.chuck(["favorite", "list"], environment)
    #expect(favorites.status == 0, "\(favorites.stderr)")
    #expect(favorites.stdout.lines.contains { $0.contains("added ") && $0.contains(dotted) })
    let plain = try await sandbox.chuck(["favorite", "list"])
    #expect(plain.stdout.lines.contains { $0.contains(/added \d{4}-\d\d-\d\d/) })
  }

  /// `pick --format '{date}' --date-format '%d/%m/%Y'`, fast and parsed alike.
  @Test func pickDate() async throws {
    let sandbox = try await sandbox()
    let arguments = ["pick", "-m", "calendar", "--format", "{date}", "--date-format", "%d/%m/%Y"]
    let fast = try await sandbox.chuck(arguments)
    #expect(fast.status == 0)
    #expect(fast.stdout == "08/07/2020\n")
    let parsed = try await sandbox.chuck(arguments + ["--"])
    #expect(parsed.stdout == fast.stdout && parsed.status == 0)
    let plain = try await sandbox.chuck(["pick", "-m", "calendar", "--format", "{date}"])
    #expect(plain.stdout == "2020-07-08\n")
  }

  /// `show --date-format` writes `created_at` and `updated_at` in the format and appends
  /// nothing (a format that wants `UTC` says so); without it they are as they always were.
  @Test func showDates() async throws {
    let (api, sandbox) = try await startSandbox()
    let joke = MadeUpJoke(
      3, "Chuck Norris shows his dates.", createdAt: "2020-07-08 16:10:49.123456",
      updatedAt: "2021-02-03 04:05:06.7",
      iconURL: api.baseURL.absoluteString + ShowTests.iconPath)
    try sandbox.writeList([joke.object])
    let columns = ["COLUMNS": "80"]
    let users = try await sandbox.chuck(
      ["show", joke.id, "--date-format", Self.articles], columns)
    #expect(users.status == 0)
    let output = ShowOutput(users.stdout)
    #expect(output["created_at"] == "Wed, Jul 8, '20")
    #expect(output["updated_at"] == "Wed, Feb 3, '21")
    #expect(!users.stdout.contains("UTC"))
    let utc = try await sandbox.chuck(
      ["show", joke.id, "--date-format", "%-d %B %Y %H:%M UTC"], columns)
    #expect(ShowOutput(utc.stdout)["created_at"] == "8 July 2020 16:10 UTC")
    let plain = ShowOutput(try await sandbox.chuck(["show", joke.id], columns).stdout)
    #expect(plain["created_at"] == "2020-07-08 16:10:49 UTC")
    #expect(plain["updated_at"] == "2021-02-03 04:05:06 UTC")
    #expect(plain.labels == output.labels)
    let template = try await sandbox.chuck(
      ["show", joke.id, "--format", "{date}", "--date-format", "%e %b"])
    #expect(template.stdout == " 8 Jul\n")
  }

  /// A bad format is a usage error (64) that says what is wrong and what is allowed, on every
  /// command, fast path or not; nothing is printed on stdout.
  @Test func badFormatIsAUsageError() async throws {
    let sandbox = try await sandbox()
    let fields = "%a %A %b %B %d %-d %e %m %-m %y %Y %H %-H %M %S %j %%"
    let cases: [([String], String)] = [
      (["list", "--date-format", "%Q"], "'%Q' is not a date field"),
      (["list", "--date-format", "%Q", "--"], "'%Q' is not a date field"),
      (
        ["pick", "--date-format", "%Y-%"],
        "the date format ends with a lone '%' (write %% for a percent sign)"
      ),
      (["pick", "--json", "--date-format", ""], "the date format is empty"),
      (["show", Self.seed.id, "--date-format", "%-Y"], "'%-Y' is not a date field"),
    ]
    for (arguments, problem) in cases {
      let result = try await sandbox.chuck(arguments)
      #expect(result.status == 64, "\(arguments)")
      #expect(result.stdout == "", "\(arguments)")
      #expect(
        result.stderr.contains("--date-format: " + problem + ": the fields are " + fields),
        "\(arguments): \(result.stderr)")
    }
  }

  /// JSON keeps the dates as they are: `--date-format` and the variable change nothing.
  @Test func jsonUnchanged() async throws {
    let sandbox = try await sandbox()
    let environment = ["CHUCK_DATE_FORMAT": Self.articles]
    let commands = [
      ["list", "--json"], ["list", "--json", "--source", "all"],
      ["pick", "-m", "calendar", "--json"],
      ["show", Self.seed.id, "--json"],
    ]
    for arguments in commands {
      let plain = try await sandbox.chuck(arguments)
      #expect(plain.status == 0, "\(arguments)")
      #expect(plain.stdout.contains("2020-07-08 16:10:49.123456"), "\(arguments)")
      let flagged = try await sandbox.chuck(arguments + ["--date-format", "%d/%m/%Y"])
      #expect(flagged.stdout == plain.stdout, "\(arguments)")
      let variable = try await sandbox.chuck(arguments, environment)
      #expect(variable.stdout == plain.stdout, "\(arguments)")
    }
  }
}
