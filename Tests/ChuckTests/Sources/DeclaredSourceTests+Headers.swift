import ChuckTestSupport
import Foundation
import Testing

/// A declared source's headers: sent to it alone, its `${VAR}` filled from the environment,
/// and the value never shown.
extension DeclaredSourceTests {
  /// The secret a header's `${GEEK_TOKEN}` names.
  static let token = "geek-s3cret-7oken-4c1d"

  /// `geek` with `Authorization = "Bearer ${GEEK_TOKEN}"`, and `articles`.
  static func startWithHeader() async throws -> (FakeAPI, ChuckSandbox) {
    let api = try await startFake()
    let config =
      Self.geek(url: api.origin + "/dad") + "\n[sources.geek.headers]\n"
      + "Authorization = \"Bearer ${GEEK_TOKEN}\"\n\n"
      + Self.articles(url: api.origin + "/articles")
    return (api, try ChuckSandbox(api: api, config: config))
  }

  /// The declared source's requests (random, by id) carry its header, filled in, and no device
  /// id; no request to a built-in source (chuck, dad over the same service, official, switter,
  /// jokeapi) nor to another declared source carries it; Switter alone gets its device id.
  @Test func headersGoToTheirSourceAlone() async throws {
    let (api, sandbox) = try await Self.startWithHeader()
    let environment: [String: String?] = ["GEEK_TOKEN": Self.token]
    var asked: [String: [LoggedRequest]] = [:]
    let commands = [
      ("geek", ["random", "--source", "geek"]),
      ("dad", ["random", "--source", "dad"]),
      ("geek", ["show", "--source", "geek", "CJKgr33kMix"]),
      ("chuck", ["random", "--source", "chuck"]),
      ("official", ["random", "--source", "official"]),
      ("switter", ["random", "--source", "switter"]),
      ("jokeapi", ["random", "--source", "jokeapi"]),
      ("articles", ["random", "--source", "articles"]),
      ("dad", ["show", "--source", "dad", "CJKgr33kMix"]),
    ]
    for (source, command) in commands {
      let before = try api.requestCount()
      let result = try await sandbox.chuck(command, environment)
      #expect(result.status == 0, "\(command): \(result.stderr)")
      asked[source, default: []] += try api.requests().dropFirst(before)
    }
    let geek = asked["geek"] ?? []
    #expect(geek.map(\.path) == ["/dad/", "/dad/j/CJKgr33kMix"])
    #expect(geek.allSatisfy { $0.headers["authorization"] == "Bearer \(Self.token)" })
    #expect(geek.allSatisfy { $0.headers["x-device-uuid"] == nil })
    let others = asked.filter { $0.key != "geek" }
    #expect(others.values.allSatisfy { !$0.isEmpty }, "\(others.mapValues { $0.map(\.path) })")
    for (source, requests) in others {
      #expect(requests.allSatisfy { $0.headers["authorization"] == nil }, "\(source)")
      #expect(
        requests.allSatisfy { ($0.headers["x-device-uuid"] != nil) == (source == "switter") },
        "\(source)")
    }
  }

  /// The value filled in is never printed: not by `sources`, `config list` in any form, `config
  /// check`, a failing request's error, nor a header whose filled value cannot be sent; nor is
  /// it written to the data or cache folder.
  @Test func headerValueIsNeverShown() async throws {
    let (api, sandbox) = try await Self.startWithHeader()
    let environment: [String: String?] = ["GEEK_TOKEN": Self.token]
    try await api.addRules(#"{"rules":[{"path":"/dad/","status":503,"times":4}]}"#)
    var outputs: [String] = []
    for command in [
      ["sources"], ["sources", "--json"], ["config", "list"], ["config", "list", "--origin"],
      ["config", "list", "--json"], ["config", "check"], ["random", "--source", "geek"],
      ["random", "--source", "geek", "--json"], ["save", "--source", "geek", "HtcNuHJBQCd"],
      ["list", "--source", "geek", "--json"], ["show", "--source", "geek", "HtcN"],
      ["export", "--source", "all", "--json"],
    ] {
      let result = try await sandbox.chuck(command, environment)
      outputs.append(result.stdout + result.stderr)
      #expect(!result.stdout.contains(Self.token), "\(command)")
      #expect(!result.stderr.contains(Self.token), "\(command)")
    }
    #expect(outputs[0].contains("geek (declared in"))
    #expect(outputs[6] == "error: the joke API is failing (HTTP 503); try again later\n")
    #expect(outputs[8].contains("Saved HtcNuHJBQCd; your list holds "), "\(outputs[8])")
    // The requests were sent with the value: it was read, and kept out of every output (4
    // tries of the failing random, one that saved, one by id).
    let sent = try api.requests().filter { $0.path.hasPrefix("/dad/") }
    #expect(sent.count == 6)
    #expect(sent.allSatisfy { $0.headers["authorization"] == "Bearer \(Self.token)" })
    // A value that cannot be sent (a line break) is refused in words, without it.
    let broken = "\(Self.token)\nInjected: yes"
    let refused = try await sandbox.chuck(["config", "check"], ["GEEK_TOKEN": broken])
    #expect(refused.status == 78)
    #expect(
      refused.stderr.hasSuffix(
        "sources.geek.headers.Authorization: the variable GEEK_TOKEN holds a control character "
          + "(U+000A), which would break the request: a header's value is one line of text (its "
          + "value is not shown)\n"), "\(refused.stderr)")
    #expect(!refused.stderr.contains(Self.token) && !refused.stderr.contains("Injected"))
    let unset = try await sandbox.chuck(["random", "--source", "geek"], ["GEEK_TOKEN": nil])
    #expect(unset.status == 78)
    #expect(
      unset.stderr.hasSuffix(
        "sources.geek.headers.Authorization: the variable GEEK_TOKEN is not set: set it in "
          + "chuck's environment, or remove the header\n"), "\(unset.stderr)")
    for folder in [sandbox.dataDirectory, sandbox.cacheDirectory] {
      let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
      for case let file as URL in files?.allObjects ?? [] {
        let bytes = (try? Data(contentsOf: file)) ?? Data()
        #expect(bytes.firstRange(of: Data(Self.token.utf8)) == nil, "\(file.path)")
      }
    }
    #expect(sent.count == (try api.requests().filter { $0.path.hasPrefix("/dad/") }.count))
  }
}
