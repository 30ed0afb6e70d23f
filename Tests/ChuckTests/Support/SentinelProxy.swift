import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A proxy that serves nothing and remembers every request line it was sent. Named in
/// `https_proxy`/`http_proxy` (which the HTTP stack honours), it shows which hosts `chuck` tried
/// to reach: with no network, a connection that goes nowhere would otherwise leave no trace.
final class SentinelProxy: @unchecked Sendable {
  /// The proxy's URL, for `https_proxy`.
  let url: String
  private let socketFD: Int32
  private let log = RequestLines()

  init() throws {
    socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socketFD >= 0 else { throw HarnessError.unexpected("socket") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let fd = socketFD
    let listening = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, length) == 0 && listen(fd, 16) == 0 && getsockname(fd, $0, &length) == 0
      }
    }
    guard listening else {
      close(fd)
      throw HarnessError.unexpected("cannot listen")
    }
    url = "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))"
    let log = self.log
    Thread { Self.serve(fd, log: log) }.start()
  }

  deinit {
    shutdown(socketFD, Int32(SHUT_RDWR))
    close(socketFD)
  }

  /// The first line of every request received so far, e.g. `CONNECT example.invalid:443 HTTP/1.1`.
  var requests: [String] { log.lines }

  /// The environment that sends every request but those to the fake (127.0.0.1) to this proxy.
  var environment: [String: String?] {
    [
      "https_proxy": url, "HTTPS_PROXY": url, "http_proxy": url, "all_proxy": url,
      "no_proxy": "127.0.0.1", "NO_PROXY": "127.0.0.1",
    ]
  }

  private static func serve(_ fd: Int32, log: RequestLines) {
    while true {
      let client = accept(fd, nil, nil)
      if client < 0 {
        if errno == EINTR { continue }
        return
      }
      var timeout = timeval(tv_sec: 2, tv_usec: 0)
      setsockopt(
        client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
      var buffer = [UInt8](repeating: 0, count: 2048)
      let count = read(client, &buffer, buffer.count)
      let text = count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self) : "(nothing)"
      let line = text.split(separator: "\r\n").first.map(String.init) ?? text
      log.append(line)
      close(client)
    }
  }
}

/// The request lines a ``SentinelProxy`` received, shared with its accepting thread.
private final class RequestLines: @unchecked Sendable {
  private let lock = NSLock()
  private var seen: [String] = []

  var lines: [String] { lock.withLock { seen } }

  func append(_ line: String) { lock.withLock { seen.append(line) } }
}
