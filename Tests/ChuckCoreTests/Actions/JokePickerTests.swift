import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

/// `chuck pick`'s rules, as values in and a joke out: the filters, `--source all`, the
/// rotation's state file, `--daily` with a fixed date, the reasons it gives.
@Suite struct JokePickerTests {
  let folder: URL
  let components: ChuckComponents

  init() throws {
    folder = try TemporaryDirectory.make(prefix: "joke-picker")
    components = try Self.components(folder, excluded: nil)
    let chuck = components.list(ChuckNorris.self)
    for (number, (text, categories)) in [
      ("Chuck Norris compiles with his eyes closed.", ["dev"]),
      ("Chuck Norris eats the menu twice, and then the restaurant.", ["food"]),
      ("Chuck Norris counts to infinity.", [String]()),
    ].enumerated() {
      _ = try chuck.add(
        try makeJoke(
          id: "pickerJoke\(number)AAAAAAAAAAA", value: text, categories: categories,
          createdAt: "2020-01-0\(number + 1) 10:00:00"))
    }
    _ = try components.list(ICanHazDadJoke.self).add(
      try DadJoke(
        received: ["id": .string("dadJoke01"), "joke": .string("I'm reading a book on glue.")],
        savedAt: PostgresTimestamp("2019-12-31 00:00:00")!))
  }

  static func components(_ folder: URL, excluded: String?) throws -> ChuckComponents {
    var environment = [
      "CHUCK_DATA_DIR": folder.path, "CHUCK_CACHE_DIR": folder.path,
      "CHUCK_STATE_DIR": folder.appendingPathComponent("state").path,
    ]
    environment["CHUCK_EXCLUDE"] = excluded
    return ChuckComponents(configuration: try ChuckConfiguration(environment: environment))
  }

  func request(_ arguments: (inout CommandLineOptions) -> Void) throws -> PickRequest {
    var typed = CommandLineOptions()
    arguments(&typed)
    return try typed.pickRequest()
  }

  func picks(_ request: PickRequest, _ times: Int = 60, today: String = "2026-11-27") throws
    -> Set<String>
  {
    var generator = SeededGenerator(seed: 11)
    let picker = JokePicker(components: components, today: today)
    return Set(
      try (0..<times).compactMap { _ in try picker.pick(request, using: &generator) }.map(\.joke.id)
    )
  }

  @Test func filtersChooseOnlyWhatFits() throws {
    #expect(try picks(request { $0.category = "dev" }) == ["pickerJoke0AAAAAAAAAAA"])
    #expect(
      try picks(request { $0.exclude = ["food", "dev"] }) == ["pickerJoke2AAAAAAAAAAA"])
    #expect(
      try picks(request { ($0.short, $0.length) = (true, 35) }) == [
        "pickerJoke2AAAAAAAAAAA"
      ])
    #expect(
      try picks(request { ($0.match, $0.ignoreCase) = ("EYES", true) }) == [
        "pickerJoke0AAAAAAAAAAA"
      ])
    #expect(try picks(request { _ in }).count == 3)
  }

  /// `--source all` picks over every list, each joke equally likely, and names its source.
  @Test func everyList() throws {
    let picker = JokePicker(components: components, today: "2026-11-27")
    var generator = SeededGenerator(seed: 5)
    let all = try request { $0.source = "all" }
    var sources: Set<JokeSource> = []
    for _ in 0..<80 { sources.insert(try #require(try picker.pick(all, using: &generator)).source) }
    #expect(sources == [.chuck, .dad])
    // A category only some sources have: the others' jokes do not fit.
    let dev = try request { ($0.source, $0.category) = ("all", "dev") }
    #expect(try picks(dev) == ["pickerJoke0AAAAAAAAAAA"])
    // One source without categories is refused a category, in words.
    #expect(throws: ChuckError.invalidArgument(JokeSource.dad.noCategoriesMessage)) {
      _ = try picker.pick(try request { ($0.source, $0.category) = ("dad", "dev") })
    }
  }

  /// The rotation shows every joke once before any comes again, its state in the state folder,
  /// one file per source and one for all.
  @Test func rotationShowsEachOnceARound() throws {
    let rotation = try request { _ in }
    let picker = JokePicker(components: components)
    var generator = SeededGenerator(seed: 2)
    var round: [String] = []
    for _ in 0..<3 {
      round.append(try #require(try picker.pick(rotation, using: &generator)).joke.id)
    }
    #expect(Set(round).count == 3)
    let state = folder.appendingPathComponent("state/pick-chuck.state")
    #expect(FileManager.default.fileExists(atPath: state.path))
    _ = try picker.pick(try request { $0.source = "all" })
    #expect(
      FileManager.default.fileExists(
        atPath: folder.appendingPathComponent("state/pick-all.state").path))
  }

  /// `--daily`: the same joke all day, whatever the generator; another day may choose another,
  /// and nothing is written.
  @Test func dailyIsTheDays() throws {
    let daily = try request { $0.daily = true }
    let days = (1...28).map { "2026-02-\($0 < 10 ? "0" : "")\($0)" }
    var chosen: Set<String> = []
    for day in days {
      let seen = try picks(daily, 5, today: day)
      #expect(seen.count == 1, "\(day)")
      chosen.formUnion(seen)
    }
    #expect(chosen.count > 1)
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("state").path))
  }

  /// Saved jokes none of which fits: the reason names the options; empty lists: nothing.
  @Test func reasons() throws {
    let picker = JokePicker(components: components)
    #expect(
      throws: ChuckError.nothingToPick(
        "no saved joke fits: --category dev, not dev, at most 10 characters (in your chuck list)")
    ) {
      _ = try picker.pick(
        try request { ($0.category, $0.exclude, $0.short, $0.length) = ("dev", ["dev"], true, 10) })
    }
    #expect(try picker.pick(try request { $0.source = "mine" }) == nil)
    #expect(throws: ChuckError.self) {
      _ = try picker.pick(try request { $0.match = "(" })
    }
  }

  /// `CHUCK_EXCLUDE` leaves its categories out unless `--exclude ''` lifts them.
  @Test func configuredExclusions() throws {
    let excluding = JokePicker(
      components: try Self.components(folder, excluded: "dev,food"), today: "2026-11-27")
    var generator = SeededGenerator(seed: 1)
    let plain = try request { $0.noRotate = true }
    for _ in 0..<20 {
      #expect(try excluding.pick(plain, using: &generator)?.joke.id == "pickerJoke2AAAAAAAAAAA")
    }
    let lifted = try request { ($0.noRotate, $0.exclude) = (true, [""]) }
    var seen: Set<String> = []
    for _ in 0..<60 {
      seen.insert(try #require(try excluding.pick(lifted, using: &generator)).joke.id)
    }
    #expect(seen.count == 3)
  }

  @Test func todayIsALocalDate() {
    let today = JokePicker.today()
    #expect(today.count == 10 && today.split(separator: "-").count == 3)
  }
}
