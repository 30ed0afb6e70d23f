import ChuckCore

/// How every command prints what an action gave it: a joke as JSON (`--json`), through a format
/// (`--format`, `--oneline`, `--max-width`) or as the command's own text, decided here once.
extension Context {
  /// Prints `joke` as JSON or through `format` (its `{date}` as `dates` write it), whichever was
  /// asked for.
  /// - Returns: `false` when neither was: the command prints its own form then.
  func printedForMachines(
    _ joke: some SavedJoke, _ source: JokeSource, _ format: JokeFormat?, _ dates: ShownDates
  ) -> Bool {
    if json {
      terminal.out(JokeJSON.object(joke))
    } else if let format {
      terminal.out(format.render(joke, source: source, dates: dates.date))
    } else {
      return false
    }
    return true
  }

  /// Prints a joke: JSON, the format, else its text (a two-part joke's punchline after a key
  /// when `waitForPunchline` and on a terminal).
  func printJoke(
    _ joke: some SavedJoke, _ source: JokeSource, _ format: JokeFormat?, _ dates: ShownDates,
    waitForPunchline: Bool
  ) {
    guard !printedForMachines(joke, source, format, dates) else { return }
    terminal.printJoke(joke, waitForPunchline: waitForPunchline)
  }

  /// `chuck pick`'s joke: with `-c`, its source first, as `fortune -c` names the file.
  func printPicked(_ picked: JokePicker.Picked?, _ request: PickRequest) {
    guard let picked else { return }
    if request.showSource, !json { terminal.out("(\(sanitizing: picked.source.name))\n%\n") }
    let dates = ShownDates(
      flag: request.dateFormat, source: picked.source, configuration: components.configuration)
    printJoke(picked.joke, picked.source, request.format, dates, waitForPunchline: false)
  }

  /// `chuck list`: each joke through the format; JSON (one source's array as its file holds it,
  /// or an object of each source's array); else the list view, `--source all` naming each
  /// joke's source.
  func printList(_ listing: SavedListing, _ request: ListRequest) throws(ChuckError) {
    // One source's list shows its own date format (a declared source's date-format).
    let dates = ShownDates(
      flag: request.dateFormat,
      source: listing.lists.count == 1 && request.scope != .all ? listing.lists[0].source : nil,
      configuration: components.configuration)
    if let format = request.format {
      for index in listing.order.indices {
        let (joke, source) = try listing.joke(index)
        terminal.out(format.render(joke, source: source, dates: dates.date))
      }
      return
    }
    let all = request.scope == .all
    if json {
      guard all else {
        listing.lists[0].saved.jsonArray(listing.lists[0].order) { terminal.out(escapedJSON: $0) }
        return
      }
      terminal.out("{")
      for (index, list) in listing.lists.enumerated() {
        terminal.out(index == 0 ? "\n" : ",\n")
        terminal.out(JSONText.string(list.source.name) + ":")
        list.saved.jsonArray(list.order) { terminal.out(escapedJSON: $0) }
      }
      terminal.out("\n}\n")
      return
    }
    let source = listing.lists[0].source
    let defaultSource = components.configuration.source
    JokeListView(
      width: terminal.width, style: terminal.stdoutStyle,
      title: all ? "All Jokes" : source.title,
      emptyMessage: all
        ? "Your lists are empty. Fetch your first joke with: chuck random"
        : source.emptyListMessage(defaultSource: defaultSource),
      dates: dates.date
    ).render(rows: listing.rows(namingSource: all)) {
      terminal.out($0)
    }
  }
}
