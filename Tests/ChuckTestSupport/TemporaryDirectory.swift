import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Real temporary directories for tests, all inside one folder of this test process that is
/// removed when the process ends, however it ends (by the ``HelperWatchdog``, once every helper
/// that may write there is gone): a test run leaves nothing behind in the temporary folder.
public enum TemporaryDirectory {
  /// This process's folder (`chuck-tests-PID`), made on first use.
  public static let root: URL = {
    let url = URL(fileURLWithPath: HelperWatchdog.rootPath, isDirectory: true)
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    HelperWatchdog.ensureStarted()
    if !HelperWatchdog.isRunning {
      atexit { try? FileManager.default.removeItem(at: TemporaryDirectory.root) }
    }
    return url
  }()

  /// Creates a new, empty directory inside ``root``.
  /// - Parameter prefix: the start of its name.
  /// - Returns: the directory.
  public static func make(prefix: String = "chuck-test") throws -> URL {
    let url = root.appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
