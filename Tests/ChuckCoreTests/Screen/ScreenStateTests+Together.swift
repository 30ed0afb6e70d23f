import Testing

@testable import ChuckCore

/// Keys that came together (in one read, as `tmux send-keys`, a macro, a slow link or an
/// unbracketed paste bring them) in the screen's state machine: each acts in order, but none
/// changes what is saved, reaches outside the screen, or answers a prompt with its line break.
@Suite struct ScreenTogetherTests {
  private let size = ScreenSize(columns: 80, rows: 10)

  /// Handles keys as one read brings them: each marked as having come together.
  private func together(_ state: inout ScreenState, _ keys: ScreenKey...) -> [ScreenEffect] {
    state.handle(keys.map { .key($0, together: true) })
  }

  /// `j j j Enter` in one read moves three rows down and opens the fourth joke.
  @Test func movesAndOpenAct() {
    var state = ScreenState(rows: screenRows(5), size: size)
    let effects = together(&state, .character("j"), .character("j"), .character("j"), .enter)
    #expect(effects == [.loadJoke(id: screenID(3), tab: 0, source: nil)])
    #expect(state.mode == .detail(ScreenState.Detail(id: screenID(3))))
    #expect(together(&state, .character("q"), .character("k")).isEmpty)
    #expect(state.mode == .list)
    #expect(state.selection == 2, "back in the list, then up one")
  }

  /// `d y` in one read (a paste holding "dy" in a terminal without bracketed paste) asks, but
  /// its `y` removes nothing: the question stays and says to press `y` on its own, which then
  /// removes; any other key keeps the joke.
  @Test func removalNeedsAYAlone() {
    var state = ScreenState(rows: screenRows(3), size: size)
    #expect(together(&state, .character("d"), .character("y")).isEmpty)
    guard case .prompt(let asked) = state.status else {
      Issue.record("no question: \(state.status)")
      return
    }
    #expect(asked.purpose == .removal(id: screenID(0)))
    #expect(asked.problem?.string.contains("press y on its own to remove") == true)
    #expect(state.press(.character("y")) == [.removeJoke(id: screenID(0), tab: 0)])
    #expect(together(&state, .character("d"), .character("Y"), .character("n")).isEmpty)
    #expect(state.status == .message("Nothing removed."))
    #expect(state.rows.count == 3)
  }

  /// Joke!, copy and open-link keys that came with others do nothing but say so; alone, they
  /// act.
  @Test func actionsThatReachOutAreRefused() {
    var state = ScreenState(rows: screenRows(3), size: size)
    #expect(together(&state, .character("j"), .character("n")).isEmpty)
    #expect(!state.isFetching)
    #expect(
      state.status
        == .message(
          "Not done: n came with other keys at once, as pasted text does; press it on its own "
            + "to fetch a joke."))
    #expect(together(&state, .character("y"), .character("o")).isEmpty)
    #expect(state.status.text.contains("press it on its own to open the link"))
    #expect(state.selection == 1, "the j moved")
    #expect(state.press(.character("n")) == [.fetchJoke(fetch: 1)])
    #expect(ScreenAction.allCases.filter(\.isRefusedTogether) == [.joke, .save, .copy, .openLink])
  }

  /// In a text prompt, keys that came together are typed; their Enter is a line break of pasted
  /// text that answers nothing (the prompt says to press Enter on its own), and what follows it
  /// is typed too, not taken for keys. Enter alone then answers.
  @Test func enterInAPromptNeedsToComeAlone() {
    var rows = screenRows(2)
    rows[0].mark = ScreenRow.notFavorite
    var state = ScreenState(rows: rows, size: size)
    _ = state.press(.character("f"))
    let keys: [ScreenKey] = [.character("B"), .character("i"), .enter, .character("q")]
    #expect(state.handle(keys.map { .key($0, together: true) }).isEmpty)
    guard case .prompt(let prompt) = state.status else {
      Issue.record("no prompt: \(state.status)")
      return
    }
    #expect(prompt.input == "Biq")
    #expect(prompt.problem == nil, "the q after the Enter cleared the message")
    _ = together(&state, .backspace, .enter)
    guard case .prompt(let refused) = state.status else {
      Issue.record("no prompt: \(state.status)")
      return
    }
    #expect(refused.problem?.string.contains("press Enter on its own") == true)
    #expect(state.press(.enter) == [.addFavorite(id: screenID(0), name: "Bi")])
  }

  /// Mouse reports are never marked as together (the decoder leaves them out); a click on
  /// Joke! fetches.
  @Test func clicksAct() {
    var state = ScreenState(rows: screenRows(2), size: size)
    #expect(
      state.handle(.key(.mouse(MouseEvent(.click, column: 79, row: 0))))
        == [.fetchJoke(fetch: 1)])
  }
}

extension ScreenState.Status {
  /// The status line's text, whatever it is.
  fileprivate var text: String {
    switch self {
    case .message(let text), .error(let text): text.string
    case .prompt(let prompt): (prompt.problem ?? prompt.question).string
    case .keys: ""
    }
  }
}
