import Foundation

/// Real temporary directories for tests.
public enum TemporaryDirectory {
  /// Creates a new, empty directory under the system's temporary folder.
  /// - Parameter prefix: the start of its name.
  /// - Returns: the directory.
  public static func make(prefix: String = "chuck-test") throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}
