import ChuckTestSupport
import Foundation
import Testing

extension TransportTests {
  /// Which libcurl `chuck` loads.
  enum Libcurl: String, Sendable, CaseIterable, CustomTestStringConvertible {
    /// The system's.
    case system
    /// The system's behind ``OlderLibcurl``, refusing `CURLOPT_QUICK_EXIT` as libcurl before
    /// 7.87 does: it then joins its resolver thread on a timeout or a cancel.
    case withoutQuickExit

    var testDescription: String { rawValue }

    func environment(_ sandbox: ChuckSandbox) throws -> [String: String?] {
      switch self {
      case .system: return [:]
      case .withoutQuickExit:
        return try OlderLibcurl.shared.get().environment(refusing: "CURLOPT_QUICK_EXIT", sandbox)
      }
    }
  }

  /// `CHUCK_TIMEOUT` bounds an attempt including the name lookup: where the name server never
  /// answers (glibc would wait 10 s), `random` ends after about 1 s with exit 69, naming the
  /// host whose lookup took too long; an older libcurl (no `CURLOPT_QUICK_EXIT`) too.
  @Test(arguments: Libcurl.allCases)
  func deadlineHoldsThroughSilentResolver(libcurl: Libcurl) async throws {
    let sandbox = try ChuckSandbox()
    var environment = try libcurl.environment(sandbox)
    environment["CHUCK_API_URL"] = "http://api.invalid.test:9"
    environment["CHUCK_TIMEOUT"] = "1"
    environment["CHUCK_RETRIES"] = "0"
    let run = try await SilentResolver.run(sandbox, ["random"], environment)
    NetworkTests.expectFailure(run.result, 69, sandbox)
    #expect(
      run.result.stderr
        == "error: could not reach the joke API: looking up the host api.invalid.test took "
        + "longer than 1 second\n")
    #expect(run.queries > 0, "the name server was never asked")
    #expect(run.seconds >= 0.9 && run.seconds < 3, "chuck took \(run.seconds) s")
    if libcurl == .withoutQuickExit {
      #expect(try OlderLibcurl.shared.get().refusals(in: sandbox) == ["CURLOPT_QUICK_EXIT"])
    }
  }

  /// The icon wait (2 s) bounds `show` whatever the resolver does: a saved joke whose icon is on
  /// a host the name server never answers for is shown in about 2 s, its icon not downloaded.
  @Test(arguments: Libcurl.allCases)
  func iconWaitHoldsThroughSilentResolver(libcurl: Libcurl) async throws {
    let sandbox = try ChuckSandbox()
    let joke = MadeUpJoke(
      1, "Chuck Norris waits for no resolver.", iconURL: "https://icons.invalid.test/chuck.png")
    try sandbox.writeList([joke.object])
    let run = try await SilentResolver.run(
      sandbox, ["show", joke.id], try libcurl.environment(sandbox))
    #expect(run.result.status == 0, "\(run.result.stderr)")
    #expect(ShowOutput(run.result.stdout)["value"] == joke.value)
    #expect(ShowOutput(run.result.stdout)["icon"]?.hasPrefix("not downloaded") == true)
    #expect(run.queries > 0, "the name server was never asked")
    #expect(run.seconds >= 1.9 && run.seconds < 4, "chuck took \(run.seconds) s")
  }

  /// A libcurl that refuses `CURLOPT_PROTOCOLS_STR` (older than 7.85, which would then follow
  /// any protocol) fails closed: exit 69, an error naming the option and the version needed, and
  /// no request sent.
  @Test func refusedProtocolLimitFailsClosed() async throws {
    let (api, sandbox) = try await startSandbox()
    let older = try OlderLibcurl.shared.get()
    let result = try await sandbox.chuck(
      ["random"], older.environment(refusing: "CURLOPT_PROTOCOLS_STR", sandbox))
    NetworkTests.expectFailure(result, 69, sandbox)
    #expect(result.stderr.contains("refused CURLOPT_PROTOCOLS_STR"), "\(result.stderr)")
    #expect(result.stderr.contains("libcurl 7.85 or later is needed"), "\(result.stderr)")
    #expect(result.stderr.contains("nothing was sent"), "\(result.stderr)")
    #expect(try older.refusals(in: sandbox) == ["CURLOPT_PROTOCOLS_STR"])
    #expect(try api.requests().isEmpty)
  }
}

/// Runs `chuck` where the name server never answers, with nothing leaving the machine: in network
/// and mount namespaces of its own (`unshare -n -m`), loopback up, `/etc/resolv.conf`
/// bind-mounted to say `nameserver 127.0.0.1`, and a Python listener on 127.0.0.1:53 that counts
/// each query and answers none. The listener dies with `chuck` (`PR_SET_PDEATHSIG`).
enum SilentResolver {
  /// What a run did, and what the name server saw.
  struct Run {
    var result: ChuckResult
    /// The seconds `chuck` itself took (the namespace's set-up not counted).
    var seconds: Double
    /// How many queries the name server was sent.
    var queries: Int
  }

  /// The listener: binds, says `ready`, then reads queries for ever, one line each in a file.
  static let listener = """
    import ctypes, os, socket, sys
    ctypes.CDLL(None).prctl(1, 9)  # PR_SET_PDEATHSIG: SIGKILL when chuck ends
    if os.getppid() != int(sys.argv[1]):
        sys.exit(1)
    server = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    server.bind(("127.0.0.1", 53))
    print("ready", flush=True)
    with open(sys.argv[2], "a") as log:
        while True:
            server.recvfrom(4096)
            log.write("query\\n")
            log.flush()
    """

  /// The namespace's set-up; then `chuck`, timed, whose status it exits with.
  static let script = """
    set -e
    folder=$1 ip=$2 python=$3 listener=$4
    shift 4
    "$ip" link set lo up
    printf 'nameserver 127.0.0.1\\n' > "$folder/resolv.conf"
    mount --bind "$folder/resolv.conf" /etc/resolv.conf
    exec 3< <(exec "$python" -c "$listener" $$ "$folder/queries" 2>/dev/null)
    read -r ready <&3
    start=$(date +%s%N)
    status=0
    "$@" || status=$?
    echo $(( $(date +%s%N) - start )) > "$folder/nanoseconds"
    exit $status
    """

  /// Runs `chuck` with `arguments` in such a namespace.
  /// - Parameters:
  ///   - sandbox: the sandbox whose environment and folders it uses.
  ///   - arguments: the command line after `chuck`.
  ///   - environment: changes to the sandbox's environment.
  /// - Returns: what it did.
  static func run(
    _ sandbox: ChuckSandbox, _ arguments: [String], _ environment: [String: String?]
  ) async throws -> Run {
    let unshare = try ExternalTool.require("unshare", package: "util-linux")
    let ip = try ExternalTool.require("ip", package: "iproute2")
    let python = try Toolchain.program("python3")
    let folder = sandbox.root.appendingPathComponent("resolver", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var merged: [String: String?] = sandbox.baseEnvironment
    for (name, value) in environment { merged[name] = value }
    let frozen = merged
    let result = try await throttled {
      try ChuckSandbox.run(
        executable: unshare.url,
        arguments: [
          "-n", "-m", "--", "/bin/bash", "-c", script, "bash", folder.path, ip.url.path,
          python.path, listener, ChuckSandbox.binary.path,
        ] + arguments,
        environment: frozen, timeout: 60)
    }
    let nanoseconds =
      (try? String(contentsOf: folder.appendingPathComponent("nanoseconds"), encoding: .utf8))
      .flatMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    guard let nanoseconds else {
      throw HarnessError.unexpected("the namespace did not run chuck: \(result.stderr)")
    }
    let queries =
      (try? String(contentsOf: folder.appendingPathComponent("queries"), encoding: .utf8))?
      .lines.count ?? 0
    return Run(result: result, seconds: nanoseconds / 1e9, queries: queries)
  }
}
