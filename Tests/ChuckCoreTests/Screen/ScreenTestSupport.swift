@testable import ChuckCore

/// Rows for screen tests: jokes `a`, `b`, … with ids of 22 characters and one day between them.
func screenRows(_ count: Int, startDay: Int = 1) -> [ScreenRow] {
  (0..<count).map { index in
    // 2020-01-01 10:00:00 UTC, and one day more for each row.
    let seconds = Int64(1_577_872_800 + (startDay - 1 + index) * 86_400)
    return ScreenRow(
      JokeListView.Row(
        id: screenID(index), date: PostgresTimestamp(microseconds: seconds * 1_000_000),
        value: "Joke number \(index) is about Chuck Norris and his roundhouse kick."))
  }
}

/// The id of row `index` of ``screenRows(_:startDay:)``.
func screenID(_ index: Int) -> String {
  let digits = String(index)
  return "screenJoke" + String(repeating: "0", count: 12 - digits.count) + digits
}

extension ScreenState {
  /// Handles events in order, returning every effect.
  mutating func handle(_ events: [ScreenEvent]) -> [ScreenEffect] {
    events.flatMap { handle($0) }
  }

  /// Presses keys in order, returning every effect.
  mutating func press(_ keys: ScreenKey...) -> [ScreenEffect] {
    handle(keys.map { .key($0) })
  }
}

extension ScreenState {
  /// A state with the standard keys, for the tests that are not about keys.
  init(tabs: [Tab], current: Int = 0, size: ScreenSize) {
    self.init(tabs: tabs, current: current, size: size, keymap: .standard)
  }

  /// A state of one tab with the standard keys, for the tests that are not about keys.
  init(rows: [ScreenRow] = [], size: ScreenSize) {
    self.init(rows: rows, size: size, keymap: .standard)
  }
}
