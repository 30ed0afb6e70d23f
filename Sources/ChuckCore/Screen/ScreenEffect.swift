/// Work that ``ScreenState/handle(_:)`` asks the terminal seam to do; its result comes back as a
/// ``ScreenEvent``.
public enum ScreenEffect: Equatable, Sendable {
  /// Fetch one random joke and save it as `chuck random` does; answer with
  /// ``ScreenEvent/jokeSaved(id:count:rows:fetch:)`` or ``ScreenEvent/fetchFailed(_:fetch:)``
  /// carrying the same number.
  case fetchJoke(fetch: Int)
  /// Cancel the running fetch.
  case cancelFetch
  /// Read the saved joke with this id; answer with ``ScreenEvent/jokeLoaded(_:)``.
  case loadJoke(id: String)
  /// Find or download the icon of the joke with this id; answer with
  /// ``ScreenEvent/iconLoaded(id:icon:)``.
  case loadIcon(id: String, url: String)
  /// Make the saved joke with this id a favourite under this name; answer with
  /// ``ScreenEvent/favoriteAdded(name:rows:)`` or ``ScreenEvent/actionFailed(_:)``.
  case addFavorite(id: String, name: String)
  /// Remove the saved joke with this id; answer with ``ScreenEvent/removed(_:rows:)``.
  case removeJoke(id: String)
  /// Give the terminal back and stop the process (Ctrl-Z); draw everything again when continued.
  case suspend
  /// Draw the whole screen again.
  case redraw
  /// Give the terminal back and exit with this status.
  case quit(status: Int32)
}
