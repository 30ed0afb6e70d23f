import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

/// Every rule between the options of `pick`, `list` and `random`, in the one place both the
/// parser and the start-up fast path ask.
@Suite struct CommandLineOptionsTests {
  func typed(_ set: (inout CommandLineOptions) -> Void) -> CommandLineOptions {
    var typed = CommandLineOptions()
    set(&typed)
    return typed
  }

  @Test func pickRulesRefuseInWords() {
    let refused: [(CommandLineOptions, String)] = [
      (typed { ($0.short, $0.long) = (true, true) }, "-s and -l cannot go together."),
      (typed { ($0.short, $0.length) = (true, -1) }, "--length must be 0 or more."),
      (typed { $0.length = 5 }, "--length goes with -s or -l."),
      (typed { $0.ignoreCase = true }, "-i goes with --match."),
      (
        typed { ($0.daily, $0.noRotate) = (true, true) },
        "--daily and --no-rotate cannot go together."
      ),
      (typed { $0.source = "nope" }, "'nope' is no source: \(JokeSource.names) or all"),
      (
        typed { ($0.json, $0.oneLine) = (true, true) },
        "--json and --format, --oneline or --max-width do not go together."
      ),
    ]
    for (options, message) in refused {
      #expect(throws: ChuckError.invalidArgument(message)) { _ = try options.pickRequest() }
    }
  }

  @Test func pickRequestReadsEveryOption() throws {
    let request = try typed {
      ($0.long, $0.length, $0.match, $0.ignoreCase) = (true, 40, "a|b", true)
      ($0.category, $0.exclude, $0.showSource, $0.daily) = ("dev", ["x", ""], true, true)
      ($0.source, $0.format) = ("all", "{id}")
    }.pickRequest()
    #expect(request.length == .long(40))
    #expect(request.match == "a|b" && request.ignoreCase && request.showSource)
    #expect(request.category == "dev")
    #expect(request.exclusions.named == ["x"] && !request.exclusions.keepsConfigured)
    #expect(request.order == .daily && request.scope == .all)
    #expect(request.format == (try JokeFormat("{id}")))
    #expect(request.stateName([.chuck, .dad]) == "pick-all.state")
    #expect(try typed { $0.short = true }.pickRequest().length == .short(PickFilter.defaultLength))
    #expect(try typed { $0.noRotate = true }.pickRequest().order == .random)
    #expect(try typed { $0.source = "dad" }.pickRequest().stateName([.dad]) == "pick-dad.state")
  }

  /// `--date-format` is read into a `DateFormat` by the rules, for `pick` and `list`; a bad one
  /// is refused in `DateFormat`'s words, naming the option.
  @Test func dateFormat() throws {
    #expect(try typed { _ in }.chosenDateFormat() == nil)
    #expect(try typed { _ in }.pickRequest().dateFormat == nil)
    let format = try DateFormat("%a, %b %-d, '%y")
    #expect(try typed { $0.dateFormat = "%a, %b %-d, '%y" }.pickRequest().dateFormat == format)
    #expect(
      try typed { ($0.dateFormat, $0.format) = ("%d/%m/%Y", "{date}") }.listRequest()
        == ListRequest(
          scope: .configured, format: try JokeFormat("{date}"),
          dateFormat: try DateFormat("%d/%m/%Y")))
    let fields = DateFormat.fieldList
    let refused: [(String, String)] = [
      ("%Q", "--date-format: '%Q' is not a date field: the fields are \(fields)"),
      ("", "--date-format: the date format is empty: the fields are \(fields)"),
    ]
    for (pattern, message) in refused {
      let options = typed { $0.dateFormat = pattern }
      #expect(throws: ChuckError.invalidArgument(message)) { _ = try options.pickRequest() }
      #expect(throws: ChuckError.invalidArgument(message)) { _ = try options.listRequest() }
    }
  }

  @Test func listAndRandom() throws {
    #expect(try typed { $0.source = "all" }.listRequest() == ListRequest(scope: .all, format: nil))
    #expect(throws: ChuckError.self) { _ = try typed { $0.source = "all" }.randomRequest() }
    let random = try typed { ($0.source, $0.category, $0.exclude) = ("jokeapi", "Pun", ["nsfw"]) }
      .randomRequest()
    #expect(random.source == .jokeapi && random.category == "Pun")
    #expect(random.exclusions == Exclusions(["nsfw"]))
    #expect(try typed { _ in }.randomRequest().source == nil)
  }

  /// `--exclude ''` lifts `CHUCK_EXCLUDE`; other names add to it.
  @Test func exclusions() throws {
    let configuration = try ChuckConfiguration(environment: ["CHUCK_EXCLUDE": "explicit"])
    #expect(Exclusions(["dev"]).configured(configuration) == ["explicit"])
    #expect(Exclusions(["dev", ""]).configured(configuration).isEmpty)
    #expect(Exclusions(["dev", ""]).named == ["dev"])
  }
}
