import ChuckCore

extension ScreenSession {
  // MARK: Work in tasks

  /// Joke!: the same fetch and save as `chuck random`, in a task; the result comes back through
  /// the self-pipe.
  func startFetch(_ number: Int, tab: Int) {
    let components = context.components
    let wakeUp = wakeUp
    let list: any SourceBrowser
    do throws(ChuckError) {
      list = try self.list(tab, nil)
    } catch {
      send(.fetchFailed(error, fetch: number))
      return
    }
    fetchTask = Task {
      let event: ScreenEvent
      do throws(ChuckError) {
        let (id, count, punchline, note, news) = try await list.fetchAndSave()
        event = .jokeSaved(
          id: id, count: count, rows: try list.rows(components), fetch: number,
          punchline: punchline)
        if let news, !Task.isCancelled {
          // A feed's latest list: how many items were new, in place of the saved message.
          wakeUp.post(event)
          wakeUp.post(.done("\(sanitizing: news) (\(sanitizing: String(count)) in your list)"))
          return
        }
        if let note, !Task.isCancelled {
          // An English joke in place of one in the configured language: said in the status
          // line, after the saved message.
          wakeUp.post(event)
          let (saved, rest) = ReportText.saved(id: id, count: count)
          wakeUp.post(.done(saved + rest + " Note: \(sanitizing: note)."))
          return
        }
      } catch {
        event = .fetchFailed(error, fetch: number)
      }
      wakeUp.post(event)
    }
  }

  /// `s`: `chuck search` in a task.
  func startSearch(_ query: String, number: Int, tab: Int) {
    searchTask?.cancel()
    let wakeUp = wakeUp
    let found = found
    let list: any SourceBrowser
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
  func saveFound(_ id: String, tab: Int) {
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

  func remove(_ id: String, tab: Int) {
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
  func open(_ link: String) {
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
}
