import ChuckCore

/// The commands' work for the sources other than api.chucknorris.io: the same glue as the Chuck
/// Norris commands, over `ServiceJokes` and `ServiceAPI` of one joke shape.
protocol SourceCommands: Sendable {
  func random() async throws(ChuckError)
  func list() throws(ChuckError)
  func pick() throws(ChuckError)
  func show(_ idOrPrefix: String) async throws(ChuckError)
  func remove(_ idsOrPrefixes: [String]) throws(ChuckError) -> JokeCollection.Removal
}

extension Context {
  /// The commands of `source`, or `nil` for Chuck Norris jokes (the commands' own code).
  func commands(for source: JokeSource) -> (any SourceCommands)? {
    switch source {
    case .chuck: nil
    case .dad: OtherSource<DadShape>(context: self)
    case .official: OtherSource<OfficialShape>(context: self)
    case .switter: OtherSource<SwitterShape>(context: self)
    }
  }
}

struct OtherSource<Shape: JokeShape>: SourceCommands {
  let context: Context

  private var jokes: ServiceJokes<Shape> { context.components.serviceJokes(Shape.self) }
  private var api: ServiceAPI<Shape> { context.components.serviceAPI(Shape.self) }
  private var terminal: Terminal { context.terminal }

  /// Fetches a joke and saves it; a two-part joke's punchline waits for a key on a terminal.
  func random() async throws(ChuckError) {
    let api = api
    let joke = try await terminal.withSpinner("Fetching a joke…") {
      () async throws(ChuckError) -> ServiceJoke<Shape> in
      try await api.randomJoke()
    }
    let count = try jokes.add(joke)
    if context.json {
      terminal.out(JokeJSON.object(joke))
    } else {
      terminal.out(TerminalSafeText.render(joke.text) + "\n")
      if let punchline = joke.punchline {
        if terminal.canWaitForKey {
          terminal.err("(press any key for the punchline)")
          terminal.waitForKey()
          terminal.err("\r\u{1B}[K")
        }
        terminal.out(TerminalSafeText.render(punchline) + "\n")
      }
    }
    terminal.saved(id: joke.id, count: count)
  }

  /// The list, oldest first by `saved_at`, each date labelled `saved`.
  func list() throws(ChuckError) {
    let saved = try jokes.oldestFirst()
    if context.json {
      terminal.out(JokeJSON.array(saved))
      return
    }
    let rows = saved.map {
      JokeListView.Row(id: $0.id, created: $0.savedAt, value: $0.text, dateLabel: "saved ")
    }
    JokeListView(
      width: terminal.width, style: terminal.stdoutStyle, title: Shape.source.title,
      emptyMessage: "Your list is empty. Fetch your first joke with: chuck random --source "
        + Shape.source.name
    ).render(rows: rows) { terminal.out($0) }
  }

  /// One saved joke at random; a two-part joke's setup and punchline on two lines.
  func pick() throws(ChuckError) {
    var generator = SystemRandomNumberGenerator()
    guard let joke = try jokes.pick(using: &generator) else { return }
    if context.json {
      terminal.out(JokeJSON.object(joke))
      return
    }
    terminal.out(TerminalSafeText.render(joke.text) + "\n")
    if let punchline = joke.punchline { terminal.out(TerminalSafeText.render(punchline) + "\n") }
  }

  /// A saved joke by id or prefix, else (for a service that has ids) the service's.
  func show(_ idOrPrefix: String) async throws(ChuckError) {
    let saved = try jokes.find(idOrPrefix)
    let joke = if let saved { saved } else { try await fetch(idOrPrefix) }
    if context.json {
      terminal.out(JokeJSON.object(joke))
      return
    }
    terminal.out(
      JokeDetailView(width: terminal.width, style: terminal.stdoutStyle)
        .render(title: joke.id, fields: joke.detailFields))
  }

  /// A joke that is not saved, from the service (for a service that has ids), with a note.
  private func fetch(_ id: String) async throws(ChuckError) -> ServiceJoke<Shape> {
    guard Shape.source.canFetchByID else { throw .noSavedMatch(id) }
    let api = api
    let joke = try await terminal.withSpinner("Looking up \(id)…") {
      () async throws(ChuckError) -> ServiceJoke<Shape> in
      try await api.joke(id: id)
    }
    terminal.note("this joke is not in your list; it was fetched from the service.")
    return joke
  }

  func remove(_ idsOrPrefixes: [String]) throws(ChuckError) -> JokeCollection.Removal {
    try jokes.remove(idsOrPrefixes)
  }
}
