import ChuckTestSupport
import Foundation
import Testing

extension TransportTests {
  /// Over TLS, chuck speaks HTTP/2 and asks for gzip (nginx's log: the protocol, the
  /// `Accept-Encoding` it sent, and the body's compression ratio), and decodes the compressed
  /// answer: `--json` prints the joke exactly as the API sent it.
  @Test func http2AndGzip() async throws {
    let stack = try await Self.start()
    let result = try await stack.sandbox.chuck(["random", "--json"], stack.trusting())
    #expect(result.status == 0, "\(result.stderr)")
    #expect(try JSON.parse(result.stdout) == Self.joke.served(by: stack.api))
    #expect(try stack.sandbox.savedIDs() == [Self.joke.id])
    let access = try #require(try await stack.accesses(count: 1).first)
    #expect(access.protocolVersion == "HTTP/2.0")
    let encodings = access.acceptEncoding.split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    #expect(encodings.contains("gzip"), "Accept-Encoding: \(access.acceptEncoding)")
    #expect((Double(access.gzipRatio) ?? 0) > 1, "gzip ratio '\(access.gzipRatio)'")
  }

  /// The 1 MiB cap counts the body as decompressed, not as sent: a gzip answer of a few KiB that
  /// inflates to exactly 1 MiB is accepted, one byte more is refused (exit 76) and nothing is
  /// saved.
  @Test(arguments: [(0, Int32(0)), (1, 76)])
  func sizeCapAfterDecompression(extra: Int, status: Int32) async throws {
    let stack = try await Self.start()
    var joke = Self.joke
    joke.value = ""
    let fixed = joke.served(by: stack.api).text.utf8.count
    // ASCII letters need no JSON escaping: the body is exactly this long.
    joke.value = String(repeating: "a", count: (1 << 20) - fixed + extra)
    try await stack.api.setPool([joke.json])
    let result = try await stack.sandbox.chuck(["random", "--json"], stack.trusting())
    #expect(result.status == status, "\(result.stderr)")
    if status == 0 {
      #expect(try JSON.parse(result.stdout)["value"]?.string?.utf8.count == joke.value.utf8.count)
      #expect(try stack.sandbox.savedIDs() == [joke.id])
    } else {
      NetworkTests.expectFailure(result, status, stack.sandbox)
      #expect(result.stderr.contains("more than 1024 KiB"), "\(result.stderr)")
    }
    // What crossed the wire was compressed: far less than the 1 MiB it inflates to.
    let access = try #require(try await stack.accesses(count: 1).first)
    #expect((Int(access.bytesSent) ?? .max) < 64 << 10, "sent \(access.bytesSent) bytes")
    #expect(try stack.api.requests().count == 1)
  }

  /// Waiting for a slow answer over TLS and HTTP/2 costs no CPU either: `chuck random` against
  /// an API that answers after 2 s (a generous bound; the figure itself is in the benchmark).
  @Test func waitingOverTLSUsesNoCPU() async throws {
    let stack = try await Self.start(rules: [#"{"path":"/jokes/random","delay":2}"#])
    let result = try await stack.sandbox.shell(
      #"python3 -c 'import resource, subprocess, sys, time; start = time.monotonic(); "#
        + #"status = subprocess.run([sys.argv[1], "random"], capture_output=True).returncode; "#
        + #"r = resource.getrusage(resource.RUSAGE_CHILDREN); "#
        + #"print(status, time.monotonic() - start, r.ru_utime + r.ru_stime)' "$CHUCK""#,
      stack.trusting())
    let fields = result.stdout.split(separator: " ").map {
      $0.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    #expect(fields.first == "0", "\(result.stdout) \(result.stderr)")
    let waited = try #require(fields.count == 3 ? Double(fields[1]) : nil)
    let cpu = try #require(fields.count == 3 ? Double(fields[2]) : nil)
    #expect(waited >= 2, "the answer came after \(waited) s: no wait was measured")
    #expect(cpu < 0.5, "chuck used \(cpu) s of CPU while waiting 2 s over TLS")
    #expect(try stack.sandbox.savedIDs() == [Self.joke.id])
  }
}
