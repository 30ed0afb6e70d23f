import Foundation

/// A program from the system that a test needs (`openssl`, `nginx`, `tinyproxy`, `unshare`).
///
/// A missing one fails the test, naming the Debian package to install (`.ci/run` installs them):
/// these tests are never skipped.
public struct ExternalTool: Sendable {
  /// The program's absolute path.
  public let url: URL

  /// The folders searched, system ones included (nginx is in `/usr/sbin`).
  private static let folders = ["/usr/sbin", "/usr/bin", "/sbin", "/bin", "/usr/local/bin"]

  /// Finds a program.
  /// - Parameters:
  ///   - name: the program's file name.
  ///   - package: the Debian package that has it.
  /// - Returns: the program.
  /// - Throws: ``ExternalToolError/missing(_:package:)`` when it is not installed.
  public static func require(_ name: String, package: String) throws -> ExternalTool {
    for folder in folders {
      let url = URL(fileURLWithPath: folder).appendingPathComponent(name)
      if FileManager.default.isExecutableFile(atPath: url.path) { return ExternalTool(url: url) }
    }
    throw ExternalToolError.missing(name, package: package)
  }

  /// Runs the program to its end, with a minimal environment.
  /// - Parameters:
  ///   - arguments: its arguments.
  ///   - directory: its working directory.
  ///   - timeout: seconds after which it is killed.
  /// - Returns: what it printed.
  /// - Throws: ``ExternalToolError/failed(_:status:output:)`` when it does not exit 0.
  @discardableResult
  public func run(_ arguments: [String], in directory: URL? = nil, timeout: Double = 60) throws
    -> ChuckResult
  {
    let result = try ChuckSandbox.run(
      executable: url, arguments: arguments,
      environment: ["PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "LANG": "C.UTF-8"],
      timeout: timeout, directory: directory)
    guard result.status == 0 else {
      throw ExternalToolError.failed(
        ([url.lastPathComponent] + arguments).joined(separator: " "), status: result.status,
        output: result.stderr + result.stdout)
    }
    return result
  }
}

/// Why a program a test needs could not be used.
public enum ExternalToolError: Error, CustomStringConvertible {
  /// Not installed: its name and the package that has it.
  case missing(String, package: String)
  /// It ran and failed: the command line, its status and its output.
  case failed(String, status: Int32, output: String)
  /// A server did not start listening: its name and what it logged.
  case didNotStart(String, log: String)

  /// What went wrong, and what to install.
  public var description: String {
    switch self {
    case .missing(let name, let package):
      return "\(name) is needed by this test: apt-get install \(package) (.ci/run does)"
    case .failed(let command, let status, let output):
      return "\(command) exited \(status): \(output)"
    case .didNotStart(let name, let log):
      return "\(name) did not start listening: \(log)"
    }
  }
}
