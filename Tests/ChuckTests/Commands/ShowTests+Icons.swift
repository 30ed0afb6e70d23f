import ChuckCore
import ChuckTestSupport
import Foundation
import Testing

extension ShowTests {
  /// A long value is wrapped to `COLUMNS` (80 when unknown) and shown whole; only a word wider
  /// than a line (the link at 20 or 40 columns) is wider, standing whole on its own line.
  @Test(arguments: ["20", "40", "80", nil])
  func longValueIsWrapped(columns: String?) async throws {
    let sandbox = try ChuckSandbox()
    let value = try #require(
      FixtureJokes.all().compactMap(\.["value"]?.string).max { $0.count < $1.count })
    #expect(value.count > 400)
    let joke = MadeUpJoke(1, value)
    try sandbox.writeList([joke.object])
    let result = try await sandbox.chuck(["show", joke.id], ["COLUMNS": columns])
    #expect(result.status == 0)
    let width = Int(columns ?? "80")!
    let widths = result.stdout.lines.filter {
      $0.trimmingCharacters(in: .whitespaces).contains(" ")
    }
    .map(TerminalOracle.width)
    #expect(widths.allSatisfy { $0 <= width }, "\(result.stdout)")
    #expect(widths.max()! > width - 12)
    let words = result.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    let valueWords = value.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(words.contains(valueWords) || width < 30)
    if width >= 30 { #expect(ShowOutput(result.stdout)["value"] == valueWords) }
  }

  /// The icon is cached in the cache directory and, off a terminal, its file is named.
  @Test func iconIsCachedAndNamed() async throws {
    let (api, sandbox) = try await startSandbox()
    let joke = Self.joke(1, on: api)
    try sandbox.writeList([joke.object])
    // Wide enough that the cached file's long path is not wrapped.
    let result = try await sandbox.chuck(["show", joke.id], ["COLUMNS": "300"])
    #expect(result.status == 0)
    let icon = try #require(ShowOutput(result.stdout)["icon"])
    #expect(icon.hasPrefix(sandbox.cacheDirectory.path + "/"), "\(icon)")
    let fixture = try Data(contentsOf: FakeAPI.fixtures.appendingPathComponent("chuck-norris.png"))
    #expect(FileManager.default.contents(atPath: icon) == fixture)
    #expect(try api.requests().map(\.path) == [Self.iconPath])

    let again = try await sandbox.chuck(["show", joke.id], ["COLUMNS": "300"])
    #expect(again.status == 0)
    #expect(ShowOutput(again.stdout)["icon"] == icon)
    #expect(try api.requests().map(\.path) == [Self.iconPath])
  }

  /// The retired `assets.chucknorris.host` is never contacted; the API's avatar is used.
  @Test func retiredIconHostIsNeverContacted() async throws {
    let (api, sandbox) = try await startSandbox()
    let proxy = try SentinelProxy()
    let retired = MadeUpJoke(
      1, "Chuck Norris moved house.",
      iconURL: "https://assets.chucknorris.host/img/avatar/chuck-norris.png")
    let elsewhere = MadeUpJoke(
      2, "Chuck Norris is elsewhere.", iconURL: "https://example.invalid/i.png")
    try sandbox.writeList([retired.object, elsewhere.object])

    // Wide enough that the icon's path is never wrapped, wherever the temporary folder is.
    let wide = proxy.environment.merging(
      ["COLUMNS": String(sandbox.root.path.count + 200)] as [String: String?]
    ) { $1 }
    let result = try await sandbox.chuck(["show", retired.id], wide)
    #expect(result.status == 0)
    #expect(try api.requests().map(\.path) == [Self.iconPath])
    #expect(ShowOutput(result.stdout)["icon"]?.hasPrefix(sandbox.cacheDirectory.path) == true)
    #expect(!proxy.requests.contains { $0.contains("chucknorris.host") }, "\(proxy.requests)")

    // The sentinel does see an https icon on another host: the check above can fail.
    #expect(try await sandbox.chuck(["show", elsewhere.id], proxy.environment).status == 0)
    #expect(proxy.requests.contains { $0.contains("example.invalid") }, "\(proxy.requests)")
  }

  /// The retired host however it is spelled (upper case, the trailing dot of a fully qualified
  /// name, percent-encoded letters or dots, a subdomain) is never contacted: the API's avatar is
  /// fetched instead. A spelling libcurl would read as that host but chuck cannot compare (user
  /// info, a percent-encoded fullwidth letter that IDN maps to ASCII) is not fetched at all.
  @Test(arguments: [
    ("https://assets.chucknorris.host./img/avatar/chuck-norris.png", true),
    ("https://ASSETS.ChuckNorris.HOST./x.png", true),
    ("https://%61ssets.chucknorris.host/x.png", true),
    ("https://assets%2Echucknorris%2ehost/x.png", true),
    ("http://cdn.assets.chucknorris.host.:80/x.png", true),
    ("https://user@assets.chucknorris.host./x.png", false),
    ("https://%EF%BD%81ssets.chucknorris.host/x.png", false),
  ])
  func retiredIconHostSpellings(icon: String, replaced: Bool) async throws {
    let (api, sandbox) = try await startSandbox()
    let proxy = try SentinelProxy()
    let joke = MadeUpJoke(1, "Chuck Norris moved house twice.", iconURL: icon)
    try sandbox.writeList([joke.object])
    let wide = proxy.environment.merging(
      ["COLUMNS": String(sandbox.root.path.count + 200)] as [String: String?]
    ) { $1 }
    let result = try await sandbox.chuck(["show", joke.id], wide)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(ShowOutput(result.stdout)["value"] == joke.value)
    #expect(proxy.requests.isEmpty, "\(proxy.requests)")
    #expect(try api.requests().map(\.path) == (replaced ? [Self.iconPath] : []))
    #expect(
      ShowOutput(result.stdout)["icon"]?.hasPrefix(sandbox.cacheDirectory.path) == replaced,
      "\(result.stdout)")
  }

  /// Plain-http icons whose host only looks like the API's are not fetched: the trailing dot of
  /// `127.0.0.1.` makes it a name to look up, user info puts the API's address before another
  /// host, and percent-encoding spells another host.
  @Test func httpIconOddSpellingsAreNotFetched() async throws {
    let (api, sandbox) = try await startSandbox()
    let proxy = try SentinelProxy()
    let port = api.baseURL.port!
    let icons = [
      "http://127.0.0.1.:\(port)\(Self.iconPath)",
      "http://127.0.0.1:\(port)@elsewhere.invalid:\(port)\(Self.iconPath)",
      "http://127.0.0.1%2Eelsewhere.invalid:\(port)\(Self.iconPath)",
      "HTTP://elsewhere.invalid:\(port)\(Self.iconPath)",
    ]
    let jokes = icons.enumerated().map { index, icon in
      MadeUpJoke(index + 1, "Chuck Norris spells hosts his way, \(index).", iconURL: icon)
    }
    try sandbox.writeList(jokes.map(\.object))
    for joke in jokes {
      let result = try await sandbox.chuck(["show", joke.id], proxy.environment)
      #expect(result.status == 0)
      #expect(ShowOutput(result.stdout)["value"] == joke.value)
      #expect(ShowOutput(result.stdout)["icon"]?.hasPrefix(sandbox.cacheDirectory.path) == false)
    }
    #expect(try api.requests().isEmpty)
    #expect(proxy.requests.isEmpty, "\(proxy.requests)")
  }

  /// A plain-http icon on a host other than the configured API is not fetched, and `show` works.
  @Test func httpIconElsewhereIsNotFetched() async throws {
    let (api, sandbox) = try await startSandbox()
    let other = try await startFake()
    let port = api.baseURL.port!
    let jokes = [
      MadeUpJoke(
        1, "Chuck Norris says localhost.", iconURL: "http://localhost:\(port)\(Self.iconPath)"),
      MadeUpJoke(
        2, "Chuck Norris says other port.", iconURL: other.baseURL.absoluteString + Self.iconPath),
    ]
    try sandbox.writeList(jokes.map(\.object))
    for joke in jokes {
      let result = try await sandbox.chuck(["show", joke.id])
      #expect(result.status == 0)
      #expect(ShowOutput(result.stdout)["value"] == joke.value)
      #expect(ShowOutput(result.stdout)["icon"]?.hasPrefix(sandbox.cacheDirectory.path) == false)
    }
    #expect(try api.requests().isEmpty)
    #expect(try other.requests().isEmpty)
  }

  /// A slow icon holds the text back for a short, bounded time only, and does not fail `show`.
  @Test func slowIconDoesNotBlock() async throws {
    let (api, sandbox) = try await startSandbox(rules: [
      #"{"path_prefix":"/img/","delay":3600,"times":-1}"#
    ])
    let joke = Self.joke(1, on: api)
    try sandbox.writeList([joke.object])
    let result = try await sandbox.chuck(["show", joke.id])
    #expect(result.status == 0)
    // At most the 2 s icon wait plus start-up; the icon itself would take an hour.
    #expect(result.seconds < 120, "took \(result.seconds) s")
    #expect(ShowOutput(result.stdout).labels.count == 6)
    #expect(ShowOutput(result.stdout)["value"] == joke.value)
    #expect(try api.requests().map(\.path) == [Self.iconPath])
  }

  /// Bytes bigger than 1 MiB (1.5 MiB of PNG-looking data).
  static let oversizedPNG: String = {
    var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    bytes += [UInt8](repeating: 0, count: 3 << 19)
    return Data(bytes).base64EncodedString()
  }()

  /// An icon that is not an image, too big, missing or cut off fails nothing, keeps nothing.
  @Test(arguments: [
    #"{"path_prefix":"/img/","body":"<html><body>not an image</body></html>","content_type":"text/html"}"#,
    #"{"path_prefix":"/img/","body_base64":"\#(oversizedPNG)","content_type":"image/png"}"#,
    #"{"path_prefix":"/img/","body_base64":"\#(oversizedPNG)","content_type":"image/png","trickle":{"interval":0,"chunk":65536}}"#,
    #"{"path_prefix":"/img/","status":404,"body":"{}"}"#,
    #"{"path_prefix":"/img/","drop":"mid_body"}"#,
  ])
  func badIconDoesNotFailShow(rule: String) async throws {
    let (api, sandbox) = try await startSandbox(rules: [rule])
    let joke = Self.joke(1, on: api)
    try sandbox.writeList([joke.object])
    let result = try await sandbox.chuck(["show", joke.id])
    #expect(result.status == 0)
    #expect(ShowOutput(result.stdout).labels.count == 6)
    #expect(ShowOutput(result.stdout)["value"] == joke.value)
    #expect(ShowOutput(result.stdout)["icon"]?.hasPrefix(sandbox.cacheDirectory.path) == false)
    #expect(try api.requests().map(\.path) == [Self.iconPath])
    let cached =
      FileManager.default.enumerator(atPath: sandbox.cacheDirectory.path)?
      .allObjects.compactMap { $0 as? String }
      .filter { path in
        var isDirectory: ObjCBool = false
        let full = sandbox.cacheDirectory.appendingPathComponent(path).path
        return FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory)
          && !isDirectory.boolValue
      } ?? []
    #expect(cached.isEmpty, "\(cached)")
  }

  /// `show --json` prints the saved joke object, seven fields exactly as saved.
  @Test func json() async throws {
    let sandbox = try ChuckSandbox()
    let joke = MadeUpJoke(
      1, "Chuck Norris said \"&#8734;\" and cafe\u{301}.", categories: ["dev"],
      createdAt: "2020-01-05 13:42:24.40636")
    try sandbox.writeList([joke.object])
    let result = try await sandbox.chuck(["show", String(joke.id.prefix(6)), "--json"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(try JSON.parse(result.stdout).only(MadeUpJoke.keys) == joke.object)
  }

  /// A terminal announcing kitty or iTerm2 inline images gets the icon as an image.
  @Test(arguments: [
    (["TERM": "xterm-kitty"], "\u{1B}_Ga=T,f=100"),
    (["TERM_PROGRAM": "iTerm.app"], "\u{1B}]1337;File="),
  ])
  func inlineImage(environment: [String: String], sequence: String) async throws {
    let (api, sandbox) = try await startSandbox()
    let joke = Self.joke(1, on: api)
    try sandbox.writeList([joke.object])
    let result = try await sandbox.chuck(
      ["show", joke.id], environment, stdout: .terminal, stderr: .pipe)
    #expect(result.status == 0)
    #expect(result.stdout.contains(sequence))
    #expect(result.stdout.contains(joke.value))
  }

  /// On a terminal without an inline image protocol the icon line names the cached file.
  @Test func iconOnPlainTerminalNamesTheFile() async throws {
    let (api, sandbox) = try await startSandbox()
    let joke = Self.joke(1, on: api)
    try sandbox.writeList([joke.object])
    let result = try await sandbox.chuck(
      ["show", joke.id], ["TERM": "xterm-256color", "COLUMNS": "300"], stdout: .terminal,
      stderr: .pipe)
    #expect(result.status == 0)
    let icon = try #require(ShowOutput(result.stdout.withoutSGR)["icon"])
    #expect(icon.hasPrefix(sandbox.cacheDirectory.path + "/"), "\(icon)")
    #expect(FileManager.default.fileExists(atPath: icon))
    #expect(!result.stdout.contains("\u{1B}_G") && !result.stdout.contains("\u{1B}]1337"))
  }
}
