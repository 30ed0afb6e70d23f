extension ScreenState {
  // MARK: Prompts

  /// A key typed into a text prompt: text is added, Backspace takes the last character back,
  /// Enter answers (a bad answer says why and asks again), Esc or Ctrl-G gives up. A filter
  /// applies as it is typed. An Enter that came `together` with other keys is a line break of pasted text:
  /// it answers nothing, and the prompt says to press Enter on its own.
  mutating func type(_ key: ScreenKey, into prompt: inout Prompt, together: Bool)
    -> [ScreenEffect]
  {
    prompt.problem = nil
    switch key {
    case .enter where together:
      prompt.problem =
        "Enter came with other keys at once, as pasted text does: press Enter on its own to "
        + "answer."
    case .character(let character):
      if prompt.input.count < prompt.maximum { prompt.input.append(character) }
    case .paste(let text):
      // Pasted text is text: its line breaks and controls are not keys (Enter, Esc).
      let room = prompt.maximum - prompt.input.count
      prompt.input += text.lazy.filter { character in
        !character.unicodeScalars.contains { TerminalSafeText.isUnsafe($0, keepNewlines: false) }
      }.prefix(max(0, room))
    case .backspace:
      if !prompt.input.isEmpty { prompt.input.removeLast() }
    case .escape, .abort:
      return cancel(prompt)
    case .enter:
      return submit(&prompt)
    default:
      break
    }
    status = .prompt(prompt)
    if prompt.purpose == .filter {
      tab.setFilter(prompt.input)
      keepSelectionInView()
    }
    return []
  }

  private mutating func cancel(_ prompt: Prompt) -> [ScreenEffect] {
    switch prompt.purpose {
    case .favoriteName: status = .message("No favourite added.")
    case .rename: status = .message("Not renamed.")
    case .search: status = .message("No search.")
    case .filter:
      status = .keys
      tab.setFilter("")
      keepSelectionInView()
    case .removal, .favoriteRemoval: status = .keys
    }
    return []
  }

  private mutating func submit(_ prompt: inout Prompt) -> [ScreenEffect] {
    let input = prompt.input
    let problem: String?
    switch prompt.purpose {
    case .favoriteName, .rename: problem = Favorite.nameProblem(input)
    case .search: problem = SearchQuery.problem(input)
    default: problem = nil
    }
    if let problem {
      prompt.problem = "error: \(sanitizing: problem)"
      status = .prompt(prompt)
      return []
    }
    status = .keys
    switch prompt.purpose {
    case .favoriteName(let id): return [.addFavorite(id: id, name: input, tab: current)]
    case .rename(let name):
      guard name != input else {
        status = .message("Not renamed: that is its name.")
        return []
      }
      return [.renameFavorite(from: name, to: input)]
    case .search:
      searchNumber += 1
      spinnerStep = 0
      tab.search = Search(query: input, number: searchNumber)
      return [.search(query: input, number: searchNumber, tab: current)]
    case .filter, .removal, .favoriteRemoval:
      return []
    }
  }

  /// A key that answers a yes-or-no question: `y` removes; any other key keeps. A `y` that came
  /// `together` with other keys (a paste holding `dy` must not remove) answers nothing: the
  /// question stays, saying to press `y` on its own.
  mutating func answer(_ prompt: Prompt, with key: ScreenKey, together: Bool) -> [ScreenEffect] {
    let yes = key == .character("y") || key == .character("Y")
    if yes, together {
      var waiting = prompt
      waiting.problem =
        "\(sanitizing: key.label) came with other keys at once, as pasted text does: "
        + "press y on its own to remove, any other key to keep."
      status = .prompt(waiting)
      return []
    }
    switch prompt.purpose {
    case .removal(let id):
      guard yes else {
        status = .message("Nothing removed.")
        return []
      }
      return [.removeJoke(id: id, tab: current)]
    case .favoriteRemoval(let name):
      guard yes else {
        status = .message("Nothing removed.")
        return []
      }
      return [.removeFavorite(name: name)]
    default:
      return []
    }
  }
}
