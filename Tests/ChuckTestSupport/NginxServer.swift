import Foundation

/// nginx as a TLS front for one test: one HTTPS site per certificate, each on its own port of
/// 127.0.0.1, with HTTP/2 and gzip (`gzip_types application/json`, any size), passing every
/// request to an upstream (the fake API) over plain HTTP.
///
/// It runs in the foreground as one process (`daemon off; master_process off;`, so no worker
/// switches to another user), and everything it writes (pid, logs, temporary files) is in its own
/// ``TemporaryDirectory``: nothing in `/var/log`, `/var/lib/nginx` or `/run`.
public final class NginxServer: @unchecked Sendable {
  /// One request in the access log.
  public struct Access: Decodable, Sendable {
    /// The port of the site it came to.
    public var port: String
    /// `HTTP/2.0`, `HTTP/1.1`…
    public var protocolVersion: String
    /// The request's `Accept-Encoding`, empty when it sent none.
    public var acceptEncoding: String
    /// The status answered.
    public var status: String
    /// Bytes sent to the client, headers included.
    public var bytesSent: String
    /// The compression ratio of the body, empty when it was not compressed.
    public var gzipRatio: String
    /// The request's path and query.
    public var uri: String

    private enum CodingKeys: String, CodingKey {
      case port
      case protocolVersion = "protocol"
      case acceptEncoding = "accept_encoding"
      case status
      case bytesSent = "bytes_sent"
      case gzipRatio = "gzip_ratio"
      case uri
    }
  }

  /// The sites' ports, in the order of the certificates given.
  public let ports: [Int]
  private let directory: URL
  private let server: LoopbackServer

  /// Starts nginx.
  /// - Parameters:
  ///   - certificates: one site per certificate.
  ///   - upstream: where requests are passed, for example the fake API's base URL.
  public init(certificates: [TestCertificates.Pair], upstream: URL) throws {
    let nginx = try ExternalTool.require("nginx", package: "nginx")
    let directory = try TemporaryDirectory.make(prefix: "nginx")
    self.directory = directory
    (server, ports) = try Self.start(nginx, in: directory) { ports in
      Self.configuration(
        directory: directory, sites: Array(zip(ports, certificates)), upstream: upstream)
    } ports: {
      try certificates.map { _ in try LoopbackPort.free() }
    }
  }

  /// Starts nginx with a configuration for some free ports; again with other ports (3 tries in
  /// all) when it fails, as another process may take a free port before nginx binds it.
  private static func start(
    _ nginx: ExternalTool, in directory: URL, configuration: ([Int]) -> String,
    ports choose: () throws -> [Int]
  ) throws -> (LoopbackServer, [Int]) {
    let file = directory.appendingPathComponent("nginx.conf")
    let errorLog = directory.appendingPathComponent("error.log")
    var attempt = 0
    while true {
      let ports = try choose()
      try Data(configuration(ports).utf8).write(to: file)
      do {
        let server = try LoopbackServer(
          nginx, arguments: ["-p", directory.path, "-e", errorLog.path, "-c", file.path],
          port: ports.last ?? 0, output: directory.appendingPathComponent("output.log"),
          log: errorLog)
        for port in ports.dropLast() where !LoopbackPort.isListening(port) {
          server.stop()
          throw ExternalToolError.didNotStart("nginx", log: "port \(port) is not listening")
        }
        return (server, ports)
      } catch {
        attempt += 1
        if attempt == 3 { throw error }
      }
    }
  }

  /// Stops nginx and waits for it (letting it go only signals it). Blocks this thread.
  public func stop() { server.stop() }

  /// The requests nginx answered, oldest first (it writes each when the answer is sent).
  public func accesses() throws -> [Access] {
    guard let data = try? Data(contentsOf: directory.appendingPathComponent("access.log")) else {
      return []
    }
    return try data.split(separator: UInt8(ascii: "\n")).map {
      try JSONDecoder().decode(Access.self, from: Data($0))
    }
  }

  /// How many client connections nginx has accepted: its debug log (Debian builds nginx
  /// `--with-debug`) has one `*N accept: 127.0.0.1:PORT` line for each, however it ended (a TLS
  /// handshake the client gave up, an HTTP/2 connection closed before its first request…).
  public func connections() -> Int {
    errorLog.split(separator: "\n").filter { $0.contains(" accept: 127.0.0.1:") }.count
  }

  /// The error log, for failure messages.
  public var errorLog: String {
    let data = (try? Data(contentsOf: directory.appendingPathComponent("error.log"))) ?? Data()
    return String(decoding: data, as: UTF8.self)
  }

  private static func configuration(
    directory: URL, sites: [(Int, TestCertificates.Pair)], upstream: URL
  ) -> String {
    let path = directory.path
    let servers = sites.map { port, pair in
      """
        server {
          listen 127.0.0.1:\(port) ssl http2;
          ssl_certificate "\(pair.certificate.path)";
          ssl_certificate_key "\(pair.key.path)";
          location / {
            proxy_pass \(upstream.absoluteString);
          }
        }
      """
    }
    return """
      daemon off;
      master_process off;
      worker_processes 1;
      pid "\(path)/nginx.pid";
      error_log "\(path)/error.log" debug;
      events { worker_connections 64; }
      http {
        client_body_temp_path "\(path)/client_body";
        proxy_temp_path "\(path)/proxy";
        fastcgi_temp_path "\(path)/fastcgi";
        uwsgi_temp_path "\(path)/uwsgi";
        scgi_temp_path "\(path)/scgi";
        log_format chuck escape=json '{"port":"$server_port","protocol":"$server_protocol",'
          '"accept_encoding":"$http_accept_encoding","status":"$status",'
          '"bytes_sent":"$bytes_sent","gzip_ratio":"$gzip_ratio","uri":"$request_uri"}';
        access_log "\(path)/access.log" chuck;
        gzip on;
        gzip_types application/json;
        gzip_min_length 0;
      \(servers.joined(separator: "\n"))
      }

      """
  }
}
