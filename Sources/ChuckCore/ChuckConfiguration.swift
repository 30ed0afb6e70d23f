import Foundation

/// Everything `chuck` reads from its environment, read once and checked: where the list and the
/// icon cache live, which API to ask, and the network's timeout and retries.
public struct ChuckConfiguration: Sendable, Equatable {
  /// The API's base URL (`CHUCK_API_URL`, default `https://api.chucknorris.io`).
  public var apiBaseURL: URL
  /// Seconds each attempt may take as a whole (`CHUCK_TIMEOUT`, default 10).
  public var timeout: Double
  /// How many times a request is tried again (`CHUCK_RETRIES`, default 3).
  public var retries: Int
  /// Seconds between attempts (`CHUCK_RETRY_DELAY`, default 2).
  public var retryDelay: Double
  /// Where the list lives (`CHUCK_DATA_DIR`, else `$XDG_DATA_HOME/chuck`, else
  /// `~/.local/share/chuck`).
  public var dataDirectory: URL
  /// Where icons are cached (`CHUCK_CACHE_DIR`, else `$XDG_CACHE_HOME/chuck`, else
  /// `~/.cache/chuck`).
  public var cacheDirectory: URL

  /// The default API.
  public static let defaultAPIURL = URL(string: "https://api.chucknorris.io")!

  /// The saved list's file.
  public var listFile: URL { dataDirectory.appendingPathComponent("jokes.json") }

  /// Reads and checks the environment.
  /// - Parameter environment: the process's environment variables.
  /// - Throws: ``ChuckError/invalidEnvironment(variable:value:expected:)`` naming the first
  ///   variable whose value cannot be used.
  public init(environment: [String: String]) throws(ChuckError) {
    func value(_ name: String) -> String? {
      guard let value = environment[name], !value.isEmpty else { return nil }
      return value
    }
    func seconds(_ name: String, default fallback: Double, allowZero: Bool) throws(ChuckError)
      -> Double
    {
      guard let text = value(name) else { return fallback }
      guard let number = Double(text.trimmingCharacters(in: .whitespaces)), number.isFinite,
        allowZero ? number >= 0 : number > 0, number <= 86_400
      else {
        throw .invalidEnvironment(
          variable: name, value: text,
          expected: allowZero ? "seconds, 0 or more" : "seconds, more than 0")
      }
      return number
    }

    if let text = value("CHUCK_API_URL") {
      guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
        scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty,
        url.query == nil, url.fragment == nil
      else {
        throw .invalidEnvironment(
          variable: "CHUCK_API_URL", value: text, expected: "an http or https URL")
      }
      apiBaseURL = url
    } else {
      apiBaseURL = Self.defaultAPIURL
    }
    timeout = try seconds("CHUCK_TIMEOUT", default: 10, allowZero: false)
    retryDelay = try seconds("CHUCK_RETRY_DELAY", default: 2, allowZero: true)
    if let text = value("CHUCK_RETRIES") {
      guard let number = Int(text.trimmingCharacters(in: .whitespaces)), (0...100).contains(number)
      else {
        throw .invalidEnvironment(
          variable: "CHUCK_RETRIES", value: text, expected: "a whole number from 0 to 100")
      }
      retries = number
    } else {
      retries = 3
    }

    let home =
      value("HOME").map { URL(fileURLWithPath: $0, isDirectory: true) }
      ?? URL(fileURLWithPath: NSHomeDirectory(), isDirectory: true)
    func directory(own: String, xdg: String, fallback: String) -> URL {
      if let path = value(own) { return URL(fileURLWithPath: path, isDirectory: true) }
      // The XDG spec: an empty or relative value is invalid and ignored.
      if let path = value(xdg), path.hasPrefix("/") {
        return URL(fileURLWithPath: path, isDirectory: true).appendingPathComponent("chuck")
      }
      return home.appendingPathComponent(fallback, isDirectory: true)
        .appendingPathComponent("chuck")
    }
    dataDirectory = directory(
      own: "CHUCK_DATA_DIR", xdg: "XDG_DATA_HOME", fallback: ".local/share")
    cacheDirectory = directory(own: "CHUCK_CACHE_DIR", xdg: "XDG_CACHE_HOME", fallback: ".cache")
  }
}
