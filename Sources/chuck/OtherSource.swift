import ChuckCore

/// The commands' work for the sources other than api.chucknorris.io: the same glue as the Chuck
/// Norris commands, over `SavedList` and `ServiceAPI` of one joke shape.
protocol SourceCommands: ScreenList {
  func random() async throws(ChuckError)
  func list() throws(ChuckError)
  func pick() throws(ChuckError)
  func show(_ idOrPrefix: String) async throws(ChuckError)
  func save(_ ids: [String]) async throws(ChuckError) -> ChuckError?
  func search(_ query: String) async throws(ChuckError)
}

extension Context {
  /// The commands of `source` (also its screen's list), or `nil` for Chuck Norris jokes (the
  /// commands' own code).
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

  private var jokes: SavedList<Shape> { context.components.list(Shape.self) }
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
      terminal.out(TerminalText(sanitizing: joke.text) + .newline)
      if let punchline = joke.punchline {
        if terminal.canWaitForKey {
          terminal.err("(press any key for the punchline)")
          terminal.waitForKey()
          terminal.err("\r\u{1B}[K")
        }
        terminal.out(TerminalText(sanitizing: punchline) + .newline)
      }
    }
    terminal.saved(id: joke.id, count: count)
  }

  /// The list, oldest first by `saved_at`, each date labelled `saved`.
  func list() throws(ChuckError) {
    let saved = try jokes.saved()
    let order = saved.oldestFirst()
    if context.json {
      saved.jsonArray(order) { terminal.out(escapedJSON: $0) }
      return
    }
    let rows = order.map { saved.row(at: $0) }
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
    terminal.out(TerminalText(sanitizing: joke.text) + .newline)
    if let punchline = joke.punchline {
      terminal.out(TerminalText(sanitizing: punchline) + .newline)
    }
  }

  /// A saved joke by id or prefix, else (for a service that has ids) the service's.
  func show(_ idOrPrefix: String) async throws(ChuckError) {
    let api = api
    let terminal = terminal
    let found = try await jokes.lookUp(idOrPrefix) {
      (id: String) async throws(ChuckError) -> ServiceJoke<Shape> in
      try Self.checkFetchesByID()
      return try await terminal.withSpinner("Looking up \(sanitizing: id)…") {
        () async throws(ChuckError) -> ServiceJoke<Shape> in
        try await api.joke(id: id)
      }
    }
    let joke = found.joke
    if !found.isSaved {
      terminal.note("this joke is not in your list; it was fetched from the service.")
    }
    if context.json {
      terminal.out(JokeJSON.object(joke))
      return
    }
    terminal.out(
      JokeDetailView(width: terminal.width, style: terminal.stdoutStyle)
        .render(title: joke.id, fields: joke.detailFields))
  }

  /// `chuck save --source`: the loop of `chuck save`, for a service that fetches by id.
  func save(_ ids: [String]) async throws(ChuckError) -> ChuckError? {
    try Self.checkFetchesByID()
    for id in ids where !JokeID.isAcceptable(id) {
      throw .invalidArgument("'\(id)' is not a joke id: ids are \(JokeID.anyForm)")
    }
    let api = api
    return await Save.save(
      ids, with: context.components.saver(Shape.self), context: context,
      fetch: { (id: String) async throws(ChuckError) -> ServiceJoke<Shape> in
        try await api.joke(id: id)
      }, id: \.id, lines: { [$0.text] + ($0.punchline.map { [$0] } ?? []) })
  }

  /// `chuck search --source`: the service's matches, in its order (they have no dates), those
  /// already saved marked `(saved)` with the date they were saved.
  func search(_ query: String) async throws(ChuckError) {
    guard Shape.source.canSearch else {
      throw .invalidArgument(
        "\(Shape.source.name) jokes cannot be searched; the sources that can: "
          + JokeSource.allCases.filter(\.canSearch).map(\.name).joined(separator: ", "))
    }
    let api = api
    let found = try await terminal.withSpinner("Searching…") {
      () async throws(ChuckError) -> [ServiceJoke<Shape>] in
      try await api.search(term: query)
    }
    if context.json {
      // As the service sent them: `saved_at` is what `chuck` adds when it saves one.
      terminal.out(
        JokeJSON.array(found.map { $0.object.filter { $0.key != ServiceJoke<Shape>.savedAtField } })
      )
      return
    }
    var savedAt: [String: PostgresTimestamp] = [:]
    let saved = try jokes.saved()
    for position in 0..<saved.count {
      savedAt[saved.id(at: position)] = saved.row(at: position).created
    }
    Search.show(
      found.map {
        JokeListView.Row(
          id: $0.id, created: savedAt[$0.id], value: $0.text, isSaved: savedAt[$0.id] != nil,
          dateLabel: "saved ")
      }, title: "\(Shape.source.title) with", query: query,
      noMatch: "No \(Shape.source.name) joke", terminal: terminal)
  }

  // MARK: The screen's list (`ScreenList`)

  var source: JokeSource { Shape.source }

  func entries() throws(ChuckError) -> [JokeListView.Row] {
    let saved = try jokes.saved()
    return saved.oldestFirst().map { saved.row(at: $0) }
  }

  func fetchAndSave() async throws(ChuckError) -> (id: String, count: Int) {
    let joke = try await api.randomJoke()
    if Task.isCancelled { throw .cancelled }
    return (joke.id, try jokes.add(joke))
  }

  func detail(_ id: String) throws(ChuckError) -> ScreenEvent {
    guard let joke = try jokes.joke(matching: id) else { throw .noSavedMatch(id) }
    return .fieldsLoaded(
      id: joke.id,
      fields: joke.detailFields.map { ScreenState.Field(label: $0.label, value: $0.value) })
  }

  private static func checkFetchesByID() throws(ChuckError) {
    guard Shape.source.canFetchByID else {
      throw .invalidArgument("\(Shape.source.name) jokes have no ids to fetch by")
    }
  }
}
