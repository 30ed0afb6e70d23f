import ChuckCore
import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The interactive screen's loop: reads keys, signals and effect results into events for
/// ``ScreenState``, runs the effects it asks for, and draws ``ScreenRenderer``'s frames. One
/// blocking `poll` on stdin and the self-pipe, with a timeout only for what is due: a held ESC
/// (50 ms), the spinner while a fetch or search runs, and the files' check every 2 seconds.
final class ScreenSession {
  /// How often the list files are checked for changes by another `chuck`.
  static let fileCheckMilliseconds = 2000
  /// How often the spinner turns while a fetch runs.
  static let tickMilliseconds = 80

  /// What a tab shows: a source's list, or the favourites.
  private enum Binding {
    case list(any ScreenList)
    case favorites
  }

  private let context: Context
  private let bindings: [Binding]
  private let terminal: ScreenTerminal
  private let wakeUp: ScreenWakeUp
  private let renderer: ScreenRenderer
  private var state: ScreenState
  private var decoder = KeyDecoder()
  private var fetchTask: Task<Void, Never>?
  private var iconTask: Task<Void, Never>?
  private var searchTask: Task<Void, Never>?
  /// The jokes the last search of each tab found, by id, for `a`.
  private let found = FoundJokes()
  /// The signatures of the files each loaded tab shows.
  private var signatures: [Int: [FileSignature?]] = [:]
  private var exitStatus: Int32?
  private var nextFileCheck = 0
  private var nextTick = 0

  private init(context: Context, source: JokeSource, mouse: Bool) throws(ChuckError) {
    self.context = context
    terminal = ScreenTerminal(mouse: mouse)
    let sources = JokeSource.allCases
    bindings = sources.map { .list(context.screenList($0)) } + [.favorites]
    wakeUp = try ScreenWakeUp()
    renderer = ScreenRenderer(style: context.terminal.stdoutStyle)
    let first = sources.firstIndex(of: source) ?? 0
    state = ScreenState(
      tabs: sources.map(ScreenState.Tab.of) + [.favorites], current: first,
      size: ScreenSize(columns: 80, rows: 24))
    _ = state.handle(.listLoaded(try rows(of: first), tab: first))
  }

  /// Opens the screen on the main thread (which has nothing else to do while it runs) and
  /// returns when it is closed with `q`; every other way out ends the process with its status,
  /// after giving the terminal back.
  /// - Parameters:
  ///   - context: the command's context.
  ///   - source: the tab shown first.
  ///   - mouse: whether the mouse is on.
  /// - Throws: a storage error of the first read of the list, before the screen opens.
  static func run(_ context: Context, source: JokeSource, mouse: Bool) async throws(ChuckError) {
    let result = await withCheckedContinuation { continuation in
      DispatchQueue.main.async {
        do throws(ChuckError) {
          let session = try ScreenSession(context: context, source: source, mouse: mouse)
          continuation.resume(returning: Result<Int32, ChuckError>.success(session.loop()))
        } catch {
          continuation.resume(returning: .failure(error))
        }
      }
    }
    let status = try result.get()
    if status != 0 {
      CurlPreload.wait()
      exit(status)
    }
  }

  private func loop() -> Int32 {
    // Handlers first: from the moment raw mode is on, every signal must come to the loop, which
    // gives the terminal back.
    wakeUp.installHandlers()
    do throws(ChuckError) {
      try terminal.open()
    } catch {
      context.terminal.report(error)
      return error.exitStatus
    }
    send(.resized(terminal.size))
    nextFileCheck = Self.now() + Self.fileCheckMilliseconds
    draw()
    while exitStatus == nil {
      waitForInput()
      draw()
    }
    fetchTask?.cancel()
    iconTask?.cancel()
    searchTask?.cancel()
    terminal.close()
    return exitStatus ?? 0
  }

  // MARK: Waiting

  private var isBusy: Bool { state.isFetching || state.tab.search?.isLoading == true }

  private func waitForInput() {
    var descriptors = [
      pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wakeUp.readEnd, events: Int16(POLLIN), revents: 0),
    ]
    let now = Self.now()
    var timeout = max(0, nextFileCheck - now)
    if isBusy { timeout = min(timeout, max(0, nextTick - now)) }
    if decoder.isHoldingEscape { timeout = min(timeout, Int(KeyDecoder.escapeTimeoutMilliseconds)) }
    let ready = poll(&descriptors, 2, Int32(timeout))
    if ready < 0 && errno != EINTR {
      exitStatus = 74
      return
    }
    if descriptors[1].revents & Int16(POLLIN) != 0 { readWakeUps() }
    if descriptors[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
      readKeys()
    } else if ready == 0, decoder.isHoldingEscape {
      for key in decoder.flush() { send(.key(key)) }
    }
    let after = Self.now()
    if isBusy, after >= nextTick {
      nextTick = after + Self.tickMilliseconds
      send(.tick)
    }
    if after >= nextFileCheck {
      nextFileCheck = after + Self.fileCheckMilliseconds
      checkFiles()
    }
  }

  private func readKeys() {
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = read(STDIN_FILENO, &buffer, buffer.count)
    guard count > 0 else {
      // The terminal is gone (or unreadable): as a hang-up.
      if count == 0 || (errno != EINTR && errno != EAGAIN) { exitStatus = 128 + SIGHUP }
      return
    }
    for key in decoder.read(buffer[0..<count]) where exitStatus == nil {
      send(.key(key))
    }
  }

  private func readWakeUps() {
    let (signals, events) = wakeUp.drain()
    for number in signals {
      switch number {
      case SIGWINCH:
        terminal.invalidate()
        send(.resized(terminal.size))
      case SIGTSTP:
        suspend()
      case SIGCONT:
        if !terminal.isOpen { terminal.reopen() }
        terminal.invalidate()
        send(.resized(terminal.size))
      default:
        exitStatus = 128 + number
      }
    }
    events.forEach(send)
  }

  // MARK: Events and effects

  private func send(_ event: ScreenEvent) {
    for effect in state.handle(event) { perform(effect) }
  }

  private func perform(_ effect: ScreenEffect) {
    switch effect {
    case .fetchJoke(let number, let tab):
      nextTick = Self.now() + Self.tickMilliseconds
      startFetch(number, tab: tab)
    case .cancelFetch:
      fetchTask?.cancel()
      fetchTask = nil
    case .loadJoke(let id, let tab, let source):
      attempt { () throws(ChuckError) in
        send(.jokeLoaded(try list(tab, source).detail(id)))
      }
    case .loadIcon(let id, let url):
      iconTask?.cancel()
      let context = context
      let wakeUp = wakeUp
      iconTask = Task {
        let icon = await Chuck.Show.icon(at: url, context: context)
        wakeUp.post(.iconLoaded(id: id, icon: icon))
      }
    case .removeJoke(let id, let tab):
      remove(id, tab: tab)
    case .addFavorite(let id, let name, let tab):
      attempt { () throws(ChuckError) in
        let components = context.components
        let list = try list(tab, nil)
        _ = try components.favorites.add(
          name: name, idOrPrefix: id, in: components.list(of: list.source), at: .now)
        send(.favoriteAdded(name: name, rows: try rows(of: tab)))
        reloadFavorites()
      }
    case .loadTab(let tab):
      attempt { () throws(ChuckError) in try reload(tab) }
    case .search(let query, let number, let tab):
      nextTick = Self.now() + Self.tickMilliseconds
      startSearch(query, number: number, tab: tab)
    case .cancelSearch:
      searchTask?.cancel()
      searchTask = nil
    case .saveFound(let id, let tab):
      saveFound(id, tab: tab)
    case .removeFavorite(let name):
      attempt { () throws(ChuckError) in
        let removed = try context.components.favorites.remove(named: name)
        reloadAllLoaded()
        send(
          .done(
            "Removed the favourite \u{201C}\(sanitizing: removed.name)\u{201D}; its joke stays."))
      }
    case .renameFavorite(let old, let new):
      attempt { () throws(ChuckError) in
        let renamed = try context.components.favorites.rename(named: old, to: new)
        reloadFavorites()
        send(.done("Renamed the favourite to \u{201C}\(sanitizing: renamed.name)\u{201D}."))
      }
    case .copy(let text):
      if !terminal.copy(text) {
        send(.done("Not copied: longer than 64 KiB, more than terminals take through OSC 52."))
      }
    case .open(let link):
      open(link)
    case .openJoke(let id, let tab, let source):
      attempt { () throws(ChuckError) in
        guard let link = try list(tab, source).detail(id).link else {
          send(.done("This joke has no link to open."))
          return
        }
        open(link)
      }
    case .suspend:
      suspend()
    case .redraw:
      terminal.invalidate()
    case .quit(let status):
      exitStatus = status
    }
  }

  /// Runs an action whose failure the status line reports.
  private func attempt(_ action: () throws(ChuckError) -> Void) {
    do throws(ChuckError) {
      try action()
    } catch {
      send(.actionFailed(error))
    }
  }

  // MARK: Tabs and their files

  /// The list of a source, or of the tab's source.
  private func list(_ tab: Int, _ source: JokeSource?) throws(ChuckError) -> any ScreenList {
    if let source { return context.screenList(source) }
    guard bindings.indices.contains(tab), case .list(let list) = bindings[tab] else {
      throw .internalError("tab \(tab) has no list")
    }
    return list
  }

  /// A tab's rows as its files hold them now.
  private func rows(of tab: Int) throws(ChuckError) -> [ScreenRow] {
    signatures[tab] = signature(of: tab)
    let context = context
    return try context.components.together { () throws(ChuckError) -> [ScreenRow] in
      switch bindings[tab] {
      case .list(let list): return try list.rows(context.components)
      case .favorites:
        return try FavoriteRows.rows(context.components) { context.screenList($0) }
      }
    }
  }

  /// The files a tab shows: its list and the favourites (for the marks); the favourites tab
  /// shows every list's jokes.
  private func signature(of tab: Int) -> [FileSignature?] {
    let configuration = context.components.configuration
    let favorites = FileSignature(
      path: configuration.dataDirectory.appendingPathComponent(ChuckComponents.favoritesFileName)
        .path)
    switch bindings[tab] {
    case .list(let list):
      return [FileSignature(path: configuration.listFile(of: list.source).path), favorites]
    case .favorites:
      return [favorites]
        + JokeSource.allCases.map { FileSignature(path: configuration.listFile(of: $0).path) }
    }
  }

  private func reload(_ tab: Int) throws(ChuckError) {
    send(.listLoaded(try rows(of: tab), tab: tab))
  }

  private var favoritesTab: Int { bindings.count - 1 }

  /// The favourites tab again, if it has been shown.
  private func reloadFavorites() {
    guard state.tabs[favoritesTab].isLoaded else { return }
    attempt { () throws(ChuckError) in try reload(favoritesTab) }
  }

  /// Every tab that has been shown again (a favourite's change moves marks in every list).
  private func reloadAllLoaded() {
    for tab in state.tabs.indices where state.tabs[tab].isLoaded {
      attempt { () throws(ChuckError) in try reload(tab) }
    }
  }

  /// Reloads the tabs whose files' inode, size or modification time changed.
  private func checkFiles() {
    for tab in state.tabs.indices where state.tabs[tab].isLoaded {
      guard signature(of: tab) != signatures[tab] else { continue }
      do throws(ChuckError) {
        try reload(tab)
      } catch {
        signatures[tab] = signature(of: tab)
        send(.listFailed(error))
      }
    }
  }

  // MARK: Work in tasks

  /// Joke!: the same fetch and save as `chuck random`, in a task; the result comes back through
  /// the self-pipe.
  private func startFetch(_ number: Int, tab: Int) {
    let components = context.components
    let wakeUp = wakeUp
    let list: any ScreenList
    do throws(ChuckError) {
      list = try self.list(tab, nil)
    } catch {
      send(.fetchFailed(error, fetch: number))
      return
    }
    fetchTask = Task {
      let event: ScreenEvent
      do throws(ChuckError) {
        let (id, count, punchline) = try await list.fetchAndSave()
        event = .jokeSaved(
          id: id, count: count, rows: try list.rows(components), fetch: number,
          punchline: punchline)
      } catch {
        event = .fetchFailed(error, fetch: number)
      }
      wakeUp.post(event)
    }
  }

  /// `s`: `chuck search` in a task.
  private func startSearch(_ query: String, number: Int, tab: Int) {
    searchTask?.cancel()
    let wakeUp = wakeUp
    let found = found
    let list: any ScreenList
    do throws(ChuckError) {
      list = try self.list(tab, nil)
    } catch {
      send(.searchFailed(error, number: number))
      return
    }
    searchTask = Task {
      do throws(ChuckError) {
        let results = try await list.search(query)
        found.jokes.withLock {
          $0[tab] = Dictionary(results.map { ($0.found.row.id, $0.joke) }) { first, _ in first }
        }
        wakeUp.post(.searchFinished(number: number, results: results.map(\.found)))
      } catch {
        wakeUp.post(.searchFailed(error, number: number))
      }
    }
  }

  /// `a`: a joke the search found, saved by `chuck save`'s saver (no second request).
  private func saveFound(_ id: String, tab: Int) {
    guard let joke = found.jokes.withLock({ $0[tab]?[id] }), let list = try? list(tab, nil) else {
      return
    }
    let wakeUp = wakeUp
    let components = context.components
    Task {
      do throws(ChuckError) {
        let count = try await list.save(joke)
        wakeUp.post(.listLoaded(try list.rows(components), tab: tab))
        let (saved, rest) = ReportText.saved(id: id, count: count)
        wakeUp.post(.done(saved + rest))
      } catch {
        wakeUp.post(.actionFailed(error))
      }
    }
  }

  private func remove(_ id: String, tab: Int) {
    attempt { () throws(ChuckError) in
      let list = try list(tab, nil)
      let removal = try context.components.removeJokes([id], from: list.source)
      let rows = try rows(of: tab)
      guard let removed = removal.removed.first else {
        send(.listLoaded(rows, tab: tab))
        throw .noSavedMatch(id)
      }
      send(.removed(removed, rows: rows))
      reloadFavorites()
    }
  }

  /// `o`: the link in a browser, the terminal given back while it runs (a browser may be a
  /// terminal program).
  private func open(_ link: String) {
    terminal.close()
    let result = LinkOpener.open(link, environment: context.terminal.environment)
    terminal.reopen()
    send(.resized(terminal.size))
    switch result {
    case .success(let program):
      send(.done("Opened the link with \(sanitizing: program)."))
    case .failure(let error):
      send(.actionFailed(error))
    }
  }

  /// Ctrl-Z: the terminal given back, the process stopped; on `fg`, raw mode again and the
  /// whole screen drawn.
  private func suspend() {
    terminal.close()
    signal(SIGTSTP, SIG_DFL)
    // The loop may run on a thread of libdispatch's that blocks signals: unblock this one here,
    // so that raising it stops the process now, before the handler is back.
    var stop = sigset_t()
    sigemptyset(&stop)
    sigaddset(&stop, SIGTSTP)
    pthread_sigmask(SIG_UNBLOCK, &stop, nil)
    raise(SIGTSTP)
    wakeUp.installHandlers()
    terminal.reopen()
    send(.resized(terminal.size))
  }

  private func draw() {
    terminal.draw(renderer.render(state, size: state.size))
  }

  private static func now() -> Int {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return time.tv_sec * 1000 + time.tv_nsec / 1_000_000
  }
}

/// The jokes the last search of each tab found, by tab and id; written by the search's task,
/// read by the loop.
private final class FoundJokes: Sendable {
  let jokes = Mutex<[Int: [String: any SavedJoke]]>([:])
}
