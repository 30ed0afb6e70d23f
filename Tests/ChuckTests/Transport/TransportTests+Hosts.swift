import ChuckTestSupport
import Foundation
import Testing

extension TransportTests {
  /// A host that does not resolve: exit 69 and an error naming the host. `chuck` runs in a
  /// network namespace of its own (`unshare -n`: only a loopback that is down), so no DNS query
  /// can leave the machine.
  @Test func unresolvableHost() async throws {
    let unshare = try ExternalTool.require("unshare", package: "util-linux")
    let sandbox = try ChuckSandbox()
    var environment: [String: String?] = sandbox.baseEnvironment
    environment["CHUCK_API_URL"] = "https://no-such-host.invalid"
    let frozen = environment
    let result = try await throttled {
      try ChuckSandbox.run(
        executable: unshare.url, arguments: ["-n", "--", ChuckSandbox.binary.path, "random"],
        environment: frozen, timeout: 60)
    }
    NetworkTests.expectFailure(result, 69, sandbox)
    #expect(
      result.stderr
        == "error: could not reach the joke API: the host no-such-host.invalid was not found\n")
  }

  /// A refused connection names the host and the port, over https as over http.
  @Test(arguments: ["https", "http"])
  func refusedConnection(scheme: String) async throws {
    let sandbox = try ChuckSandbox()
    let port = try closedPort()
    let result = try await sandbox.chuck(
      ["random"], ["CHUCK_API_URL": "\(scheme)://127.0.0.1:\(port)"])
    NetworkTests.expectFailure(result, 69, sandbox)
    #expect(
      result.stderr
        == "error: could not reach the joke API: connection refused by 127.0.0.1 port \(port)\n")
  }
}
