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
  enum TabContent {
    case list(any SourceBrowser)
    case favorites
  }

  let context: Context
  let tabContents: [TabContent]
  let terminal: ScreenTerminal
  let wakeUp: ScreenWakeUp
  private let renderer: ScreenRenderer
  private(set) var state: ScreenState
  private var decoder = KeyDecoder()
  var fetchTask: Task<Void, Never>?
  private var iconTask: Task<Void, Never>?
  var searchTask: Task<Void, Never>?
  /// The jokes the last search of each tab found, by id, for `a`.
  let found = FoundJokes()
  /// The signatures of the files each loaded tab shows.
  var signatures: [Int: [FileSignature?]] = [:]
  private var exitStatus: Int32?
  private var nextFileCheck = 0
  private var nextTick = 0

  private init(context: Context, source: JokeSource, mouse: Bool) throws(ChuckError) {
    self.context = context
    terminal = ScreenTerminal(
      mouse: mouse, showsCursor: context.terminal.accessible,
      drawsFocusFirst: context.terminal.accessible)
    let sources = JokeSource.allCases
    var tabContents: [TabContent] = []
    for source in sources { tabContents.append(.list(try context.components.browser(source))) }
    self.tabContents = tabContents + [.favorites]
    wakeUp = try ScreenWakeUp()
    renderer = ScreenRenderer(
      style: context.terminal.stdoutStyle,
      dateFormat: context.components.configuration.dateFormat)
    let first = sources.firstIndex(of: source) ?? 0
    state = ScreenState(
      tabs: sources.map(ScreenState.Tab.of) + [.favorites], current: first,
      size: ScreenSize(columns: 80, rows: 24), keymap: context.components.configuration.keymap)
    state.isAccessible = context.terminal.accessible
    state.showsIDs = context.components.configuration.screenIDs
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

  /// Whether the spinner turns: a fetch or a search runs, and the mode is not the accessible one,
  /// which says progress once and wakes for nothing else.
  private var isBusy: Bool {
    !state.isAccessible && (state.isFetching || state.tab.search?.isLoading == true)
  }

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
    // Every key of the read, in order, each with the effects of the one before done.
    for event in decoder.read(buffer[0..<count], at: Self.now()) where exitStatus == nil {
      send(event)
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

  func send(_ event: ScreenEvent) {
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
    case .loadIcon(let id, let image):
      iconTask?.cancel()
      let context = context
      let wakeUp = wakeUp
      iconTask = Task {
        let icon = await context.components.icon(
          image, inline: context.terminal.imageProtocol, accessible: context.terminal.accessible)
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
  func attempt(_ action: () throws(ChuckError) -> Void) {
    do throws(ChuckError) {
      try action()
    } catch {
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
    terminal.draw(renderer.frame(state, size: state.size))
  }

  static func now() -> Int {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return time.tv_sec * 1000 + time.tv_nsec / 1_000_000
  }
}

/// The jokes the last search of each tab found, by tab and id; written by the search's task,
/// read by the loop.
final class FoundJokes: Sendable {
  let jokes = Mutex<[Int: [String: any SavedJoke]]>([:])
}
