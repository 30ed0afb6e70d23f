import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// Where chuck's own folders are: the config folder and file, and the home folder they default to.
extension ChuckConfiguration {
  /// The config file's path: `CHUCK_CONFIG` (empty: none), else `config` in
  /// ``configDirectory(in:)``.
  /// - Parameter environment: the process's environment variables.
  /// - Returns: the path, or `nil` for none.
  public static func configFile(in environment: [String: String]) -> String? {
    if let named = environment[EnvironmentVariable.config.name] {
      return named.isEmpty ? nil : named
    }
    return configDirectory(in: environment) + "/config"
  }

  /// chuck's folder of configuration: `$XDG_CONFIG_HOME/chuck` (an absolute one), else
  /// `~/.config/chuck`. It holds the config file (unless `CHUCK_CONFIG` names another) and the
  /// sync key (``SyncKey/file(environment:)``).
  /// - Parameter environment: the process's environment variables.
  /// - Returns: the folder's path.
  public static func configDirectory(in environment: [String: String]) -> String {
    if let xdg = EnvironmentVariable.xdgConfigHome.value(in: environment), xdg.hasPrefix("/") {
      return xdg + "/chuck"
    }
    return home(in: environment).appendingPath(".config/chuck").path
  }

  /// The home folder: `HOME`, else the password database's.
  static func home(in environment: [String: String]) -> URL {
    EnvironmentVariable.home.value(in: environment).map {
      URL(fileURLWithPath: $0, isDirectory: true)
    } ?? URL(fileURLWithPath: passwordHome ?? "/", isDirectory: true)
  }

  /// The home directory in the password database, for when `HOME` is unset.
  private static var passwordHome: String? {
    guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return nil }
    return String(cString: directory)
  }
}
