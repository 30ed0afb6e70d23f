import ChuckCore
import Dispatch

#if canImport(Glibc)
  import Glibc
#endif

/// The interactive screen's loop: reads keys, signals and effect results into events for
/// ``ScreenState``, runs the effects it asks for, and draws ``ScreenRenderer``'s frames. One
/// blocking `poll` on stdin and the self-pipe, with a timeout only for what is due: a held ESC
/// (50 ms), the spinner while a fetch runs, and the list file's check every 2 seconds.
final class ScreenSession {
  /// How often the list file is checked for changes by another `chuck`.
  static let fileCheckMilliseconds = 2000
  /// How often the spinner turns while a fetch runs.
  static let tickMilliseconds = 80

  private let context: Context
  private let list: any ScreenList
  private let terminal = ScreenTerminal()
  private let wakeUp: ScreenWakeUp
  private let renderer: ScreenRenderer
  private var state: ScreenState
  private var decoder = KeyDecoder()
  private var fetchTask: Task<Void, Never>?
  private var iconTask: Task<Void, Never>?
  private var listSignature: [FileSignature?]
  private var exitStatus: Int32?
  private var nextFileCheck = 0
  private var nextTick = 0

  private init(context: Context, source: JokeSource) throws(ChuckError) {
    self.context = context
    list = context.screenList(source)
    wakeUp = try ScreenWakeUp()
    renderer = ScreenRenderer(style: context.terminal.stdoutStyle, title: source.title)
    listSignature = Self.signature(context, source)
    state = ScreenState(
      rows: try list.rows(context.components), size: ScreenSize(columns: 80, rows: 24))
  }

  /// The list file's and the favourites' signatures: a change to either is shown.
  private static func signature(_ context: Context, _ source: JokeSource) -> [FileSignature?] {
    let configuration = context.components.configuration
    return [
      FileSignature(path: configuration.listFile(of: source).path),
      FileSignature(
        path: configuration.dataDirectory.appendingPathComponent(
          ChuckComponents.favoritesFileName
        ).path),
    ]
  }

  /// Opens the screen on the main thread (which has nothing else to do while it runs) and
  /// returns when it is closed with `q`; every other way out ends the process with its status,
  /// after giving the terminal back.
  /// - Throws: a storage error of the first read of the list, before the screen opens.
  static func run(_ context: Context, source: JokeSource) async throws(ChuckError) {
    let result = await withCheckedContinuation { continuation in
      DispatchQueue.main.async {
        do throws(ChuckError) {
          let session = try ScreenSession(context: context, source: source)
          continuation.resume(returning: Result<Int32, ChuckError>.success(session.loop()))
        } catch {
          continuation.resume(returning: .failure(error))
        }
      }
    }
    let status = try result.get()
    if status != 0 { exit(status) }
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
    terminal.close()
    return exitStatus ?? 0
  }

  // MARK: Waiting

  private func waitForInput() {
    var descriptors = [
      pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wakeUp.readEnd, events: Int16(POLLIN), revents: 0),
    ]
    let now = Self.now()
    var timeout = max(0, nextFileCheck - now)
    if state.isFetching { timeout = min(timeout, max(0, nextTick - now)) }
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
    if state.isFetching, after >= nextTick {
      nextTick = after + Self.tickMilliseconds
      send(.tick)
    }
    if after >= nextFileCheck {
      nextFileCheck = after + Self.fileCheckMilliseconds
      checkListFile()
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
    case .fetchJoke(let number):
      nextTick = Self.now() + Self.tickMilliseconds
      startFetch(number)
    case .cancelFetch:
      fetchTask?.cancel()
      fetchTask = nil
    case .loadJoke(let id):
      loadJoke(id)
    case .loadIcon(let id, let url):
      iconTask?.cancel()
      let context = context
      let wakeUp = wakeUp
      iconTask = Task {
        let icon = await Chuck.Show.icon(at: url, context: context)
        wakeUp.post(.iconLoaded(id: id, icon: icon))
      }
    case .removeJoke(let id):
      remove(id)
    case .addFavorite(let id, let name):
      addFavorite(id, name: name)
    case .suspend:
      suspend()
    case .redraw:
      terminal.invalidate()
    case .quit(let status):
      exitStatus = status
    }
  }

  /// Joke!: the same fetch and save as `chuck random`, in a task; the result comes back through
  /// the self-pipe.
  private func startFetch(_ number: Int) {
    let components = context.components
    let list = list
    let wakeUp = wakeUp
    fetchTask = Task {
      let event: ScreenEvent
      do throws(ChuckError) {
        let (id, count) = try await list.fetchAndSave()
        event = .jokeSaved(
          id: id, count: count, rows: try list.rows(components), fetch: number)
      } catch {
        event = .fetchFailed(error, fetch: number)
      }
      wakeUp.post(event)
    }
  }

  private func loadJoke(_ id: String) {
    do throws(ChuckError) {
      send(.jokeLoaded(try list.detail(id)))
    } catch {
      send(.actionFailed(error))
    }
  }

  /// `f`: `chuck favorite add` of the selected joke.
  private func addFavorite(_ id: String, name: String) {
    let components = context.components
    do throws(ChuckError) {
      _ = try components.favorites.add(
        name: name, idOrPrefix: id, in: components.list(of: list.source), at: .now)
      send(.favoriteAdded(name: name, rows: try list.rows(components)))
    } catch {
      send(.actionFailed(error))
    }
  }

  private func remove(_ id: String) {
    do throws(ChuckError) {
      let removal = try context.components.removeJokes([id], from: list.source)
      let rows = try list.rows(context.components)
      guard let removed = removal.removed.first else {
        send(.listLoaded(rows))
        throw .noSavedMatch(id)
      }
      send(.removed(removed, rows: rows))
    } catch {
      send(.actionFailed(error))
    }
  }

  /// Reloads the list when the file's inode, size or modification time changed.
  private func checkListFile() {
    let signature = Self.signature(context, list.source)
    guard signature != listSignature else { return }
    listSignature = signature
    do throws(ChuckError) {
      send(.listLoaded(try list.rows(context.components)))
    } catch {
      send(.listFailed(error))
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
