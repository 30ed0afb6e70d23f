import Foundation

/// tinyproxy, an HTTP proxy that tunnels HTTPS with `CONNECT`, for one test: in the foreground on
/// a free port of 127.0.0.1, its configuration, log and pid file in its own
/// ``TemporaryDirectory``. Without a `User` line it keeps the user it was started as.
public final class TinyproxyServer: @unchecked Sendable {
  /// The port it listens on.
  public let port: Int
  private let directory: URL
  private let server: LoopbackServer

  /// Its process id.
  public var pid: pid_t { server.pid }

  /// Starts tinyproxy.
  /// - Parameters:
  ///   - connectPorts: the only ports it opens a `CONNECT` tunnel to; others get 403.
  ///   - credentials: the user name and password it requires (`BasicAuth`), if any.
  public init(connectPorts: [Int], credentials: (user: String, password: String)? = nil) throws {
    let tinyproxy = try ExternalTool.require("tinyproxy", package: "tinyproxy")
    directory = try TemporaryDirectory.make(prefix: "tinyproxy")
    let log = directory.appendingPathComponent("tinyproxy.log")
    let file = directory.appendingPathComponent("tinyproxy.conf")
    var attempt = 0
    while true {
      let port = try LoopbackPort.free()
      var lines = [
        "Port \(port)", "Listen 127.0.0.1", "Allow 127.0.0.1", "Timeout 30", "MaxClients 16",
        "LogLevel Connect", #"LogFile "\#(log.path)""#,
        #"PidFile "\#(directory.appendingPathComponent("tinyproxy.pid").path)""#,
      ]
      lines += connectPorts.map { "ConnectPort \($0)" }
      if let credentials { lines.append("BasicAuth \(credentials.user) \(credentials.password)") }
      try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
      do {
        server = try LoopbackServer(
          tinyproxy, arguments: ["-d", "-c", file.path], port: port,
          output: directory.appendingPathComponent("output.log"), log: log)
        self.port = port
        return
      } catch {
        attempt += 1
        if attempt == 3 { throw error }
      }
    }
  }

  /// Stops tinyproxy and waits for it (letting it go only signals it). Blocks this thread.
  public func stop() { server.stop() }

  /// The proxy's URL, with credentials if given: `http://user:password@127.0.0.1:PORT`.
  /// - Parameter credentials: the user name and password to put in it.
  /// - Returns: the URL, for `https_proxy`.
  public func url(credentials: (user: String, password: String)? = nil) -> String {
    let userinfo = credentials.map { "\($0.user):\($0.password)@" } ?? ""
    return "http://\(userinfo)127.0.0.1:\(port)"
  }

  /// The `CONNECT` requests it received, oldest first, for example `CONNECT 127.0.0.1:8443`.
  public func connectRequests() -> [String] {
    log.split(separator: "\n").compactMap { line in
      guard let range = line.range(of: "): CONNECT ") else { return nil }
      let request = line[line.index(range.upperBound, offsetBy: -"CONNECT ".count)...]
      return request.split(separator: " ").prefix(2).joined(separator: " ")
    }
  }

  /// Its log, for failure messages.
  public var log: String {
    let data = (try? Data(contentsOf: directory.appendingPathComponent("tinyproxy.log"))) ?? Data()
    return String(decoding: data, as: UTF8.self)
  }
}
