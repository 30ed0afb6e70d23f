/// Where and when `chuck sync` runs: the settings `sync-dir` (`CHUCK_SYNC_DIR`) and `sync`
/// (`CHUCK_SYNC`).
public struct SyncSettings: Sendable, Equatable {
  /// The sync folder, an absolute path: one another engine replicates (Syncthing, Nextcloud,
  /// NFS), or a git clone. `nil` when none is set: sync is off.
  public var folder: String?
  /// Whether a command that changes the lists syncs after the change (`sync = "auto"`).
  public var automatic = false

  /// No folder, manual.
  public init() {}

  /// A folder as the setting gives it: an absolute path, or one under the home folder written
  /// `~/…`; trailing slashes are dropped.
  /// - Parameters:
  ///   - text: the setting's value.
  ///   - environment: the process's variables (`HOME`).
  /// - Returns: the absolute path, or `nil` for a relative one (or `~/` without a home).
  public static func folder(_ text: String, environment: [String: String]) -> String? {
    var path = text
    if path == "~" || path.hasPrefix("~/") {
      guard let home = EnvironmentVariable.home.value(in: environment), home.hasPrefix("/") else {
        return nil
      }
      path = home + path.dropFirst()
    }
    guard path.hasPrefix("/"), !path.contains("\0") else { return nil }
    while path.count > 1, path.hasSuffix("/") { path.removeLast() }
    return path
  }
}
