/// Work that ``ScreenState/handle(_:)`` asks the terminal seam to do; its result comes back as a
/// ``ScreenEvent``. Tabs are named by their position in ``ScreenState/tabs``.
public enum ScreenEffect: Equatable, Sendable {
  /// Fetch one random joke of the tab's source and save it as `chuck random` does; answer with
  /// ``ScreenEvent/jokeSaved(id:count:rows:fetch:punchline:)`` or
  /// ``ScreenEvent/fetchFailed(_:fetch:)`` carrying the same number.
  case fetchJoke(fetch: Int, tab: Int = 0)
  /// Cancel the running fetch.
  case cancelFetch
  /// Read the saved joke with this id (of `source`, else of the tab's source); answer with
  /// ``ScreenEvent/jokeLoaded(_:)``.
  case loadJoke(id: String, tab: Int = 0, source: JokeSource? = nil)
  /// Find or download the icon of the joke with this id; answer with
  /// ``ScreenEvent/iconLoaded(id:icon:)``.
  case loadIcon(id: String, image: JokeImage)
  /// Make the saved joke with this id a favourite under this name; answer with
  /// ``ScreenEvent/favoriteAdded(name:rows:)`` or ``ScreenEvent/actionFailed(_:)``.
  case addFavorite(id: String, name: String, tab: Int = 0)
  /// Remove the saved joke with this id; answer with ``ScreenEvent/removed(_:rows:)``.
  case removeJoke(id: String, tab: Int = 0)
  /// Read a tab's rows; answer with ``ScreenEvent/listLoaded(_:tab:)``.
  case loadTab(Int)
  /// Search the tab's source as `chuck search` does; answer with
  /// ``ScreenEvent/searchFinished(number:results:)`` or ``ScreenEvent/searchFailed(_:number:)``.
  case search(query: String, number: Int, tab: Int)
  /// Stop the running search.
  case cancelSearch
  /// Save the joke with this id that the tab's last search found, as `chuck save` does; answer
  /// with the tab's ``ScreenEvent/listLoaded(_:tab:)`` and ``ScreenEvent/done(_:)``, or
  /// ``ScreenEvent/actionFailed(_:)``.
  case saveFound(id: String, tab: Int)
  /// Remove the favourite with this name (not its joke); answer with the favourites' and the
  /// lists' ``ScreenEvent/listLoaded(_:tab:)`` and ``ScreenEvent/done(_:)``.
  case removeFavorite(name: String)
  /// Rename a favourite; answer as ``removeFavorite(name:)`` does.
  case renameFavorite(from: String, to: String)
  /// Put this text on the clipboard (OSC 52).
  case copy(String)
  /// Open this link (`$BROWSER`, else `xdg-open`); answer with ``ScreenEvent/done(_:)`` or
  /// ``ScreenEvent/actionFailed(_:)``.
  case open(String)
  /// Open the link of the saved joke with this id (of `source`, else of the tab's source).
  case openJoke(id: String, tab: Int, source: JokeSource?)
  /// Give the terminal back and stop the process (Ctrl-Z); draw everything again when continued.
  case suspend
  /// Draw the whole screen again.
  case redraw
  /// Give the terminal back and exit with this status.
  case quit(status: Int32)
}
