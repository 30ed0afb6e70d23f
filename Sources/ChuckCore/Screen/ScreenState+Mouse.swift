extension ScreenState {
  // MARK: Mouse

  /// How many rows the wheel moves.
  static let wheelStep = 3

  /// A click selects a row, a click on the selected row opens it (so a double click does too);
  /// the wheel scrolls; the tabs and Joke! are clicked as their keys are pressed.
  mutating func click(_ event: MouseEvent) -> [ScreenEffect] {
    switch event.action {
    case .wheelUp, .wheelDown:
      let step = event.action == .wheelUp ? -Self.wheelStep : Self.wheelStep
      switch mode {
      case .detail(var detail): scroll(&detail, to: detail.scroll + step)
      case .list: moveSelection(to: selection + step)
      case .punchline: break
      }
      return []
    case .click:
      break
    }
    if event.row == 0 {
      guard event.column >= size.columns - shownJokeButton.width else { return [] }
      if case .punchline = mode { tab.mode = .list }
      return fetch()
    }
    if showsTabs, event.row == 1 {
      guard let target = tab(atColumn: event.column) else { return [] }
      return show(tab: target)
    }
    if case .punchline(var punchline) = mode {
      if punchline.isRevealed {
        tab.mode = .list
      } else {
        punchline.isRevealed = true
        tab.mode = .punchline(punchline)
      }
      return []
    }
    guard case .list = mode, tab.search?.isLoading != true else { return [] }
    guard let position = entry(atBodyLine: event.row - bodyTop) else { return [] }
    guard position == selection else {
      moveSelection(to: position)
      return []
    }
    return perform(.open)
  }
}
