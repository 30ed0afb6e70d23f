import ChuckCore

extension ScreenSession {
  // MARK: Tabs and their files

  /// The list of a source, or of the tab's source.
  func list(_ tab: Int, _ source: JokeSource?) throws(ChuckError) -> any SourceBrowser {
    if let source { return try context.components.browser(source) }
    guard tabContents.indices.contains(tab), case .list(let list) = tabContents[tab] else {
      throw .internalError("tab \(tab) has no list")
    }
    return list
  }

  /// A tab's rows as its files hold them now.
  func rows(of tab: Int) throws(ChuckError) -> [ScreenRow] {
    signatures[tab] = signature(of: tab)
    let context = context
    return try context.components.together { () throws(ChuckError) -> [ScreenRow] in
      switch tabContents[tab] {
      case .list(let list): return try list.rows(context.components)
      case .favorites:
        return try FavoriteRows.rows(context.components)
      }
    }
  }

  /// The files a tab shows: its list and the favourites (for the marks); the favourites tab
  /// shows every list's jokes.
  private func signature(of tab: Int) -> [FileSignature?] {
    let configuration = context.components.configuration
    let favorites = FileSignature(
      path: configuration.dataDirectory.appendingPath(ChuckComponents.favoritesFileName)
        .path)
    switch tabContents[tab] {
    case .list(let list):
      return [FileSignature(path: configuration.listFile(of: list.source).path), favorites]
    case .favorites:
      return [favorites]
        + JokeSource.allCases.map { FileSignature(path: configuration.listFile(of: $0).path) }
    }
  }

  func reload(_ tab: Int) throws(ChuckError) {
    send(.listLoaded(try rows(of: tab), tab: tab))
  }

  private var favoritesTab: Int { tabContents.count - 1 }

  /// The favourites tab again, if it has been shown.
  func reloadFavorites() {
    guard state.tabs[favoritesTab].isLoaded else { return }
    attempt { () throws(ChuckError) in try reload(favoritesTab) }
  }

  /// Every tab that has been shown again (a favourite's change moves marks in every list).
  func reloadAllLoaded() {
    for tab in state.tabs.indices where state.tabs[tab].isLoaded {
      attempt { () throws(ChuckError) in try reload(tab) }
    }
  }

  /// Reloads the tabs whose files' inode, size or modification time changed.
  func checkFiles() {
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
}
