import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

/// A download that serves a fixed answer and records what it was asked for.
private struct ImageDownload {
  let answer: Result<Data, ChuckError>
  let downloads = Locked<[URL]>([])

  var function: @Sendable (URL) async throws(ChuckError) -> Data {
    let (answer, downloads) = (answer, downloads)
    return { (url: URL) async throws(ChuckError) -> Data in
      downloads.withLock { $0.append(url) }
      return try answer.get()
    }
  }
}

@Suite struct IconStoreTests {
  private static let avatar = "https://api.chucknorris.io/img/avatar/chuck-norris.png"
  private let root: URL

  init() throws {
    root = try TemporaryDirectory.make(prefix: "icon-store")
  }

  private func store(api: String, download: ImageDownload = ImageDownload(answer: .success(Data())))
    -> IconStore
  {
    IconStore(
      cacheDirectory: root.appendingPathComponent("cache"), apiBaseURL: URL(string: api)!,
      download: download.function)
  }

  /// A store that downloads from the network, from the fake.
  private func liveStore(_ fake: FakeAPI, timeout: Double = 5) -> IconStore {
    IconStore(
      cacheDirectory: root.appendingPathComponent("cache"), apiBaseURL: fake.baseURL,
      transport: .live, timeout: timeout)
  }

  private func source(_ icon: String, api: String = "https://api.chucknorris.io") -> String? {
    try? store(api: api).source(for: icon).get().absoluteString
  }

  /// Any https icon URL is fetched as it is.
  @Test(arguments: [avatar, "https://cdn.example.com/a.png", "HTTPS://CDN.example.com:8443/x"])
  func httpsAllowed(icon: String) {
    #expect(source(icon) == icon)
  }

  /// Plain http is fetched only from the API's own scheme, host and port.
  @Test(arguments: [
    ("http://127.0.0.1:8080/img/a.png", "http://127.0.0.1:8080", true),
    ("http://127.0.0.1:8080/img/a.png", "http://127.0.0.1:8080/prefix/", true),
    ("HTTP://LOCALHOST:8080/a.png", "http://localhost:8080", true),
    ("http://example.com/a.png", "http://example.com:80", true),
    ("http://example.com:80/a.png", "http://example.com", true),
    ("http://127.0.0.1:8081/img/a.png", "http://127.0.0.1:8080", false),
    ("http://127.0.0.1/img/a.png", "http://127.0.0.1:8080", false),
    ("http://evil.example/a.png", "http://127.0.0.1:8080", false),
    ("http://api.chucknorris.io/img/a.png", "https://api.chucknorris.io", false),
    ("http://api.chucknorris.io:443/img/a.png", "https://api.chucknorris.io", false),
    ("ftp://127.0.0.1:8080/a.png", "http://127.0.0.1:8080", false),
  ])
  func httpOnlyFromAPIOrigin(icon: String, api: String, allowed: Bool) {
    let result = store(api: api).source(for: icon)
    if allowed {
      #expect((try? result.get())?.absoluteString == icon)
    } else {
      #expect(
        throws: ChuckError.badResponse(
          "the icon is not fetched: only https icons are downloaded")
      ) { try result.get() }
    }
  }

  /// The retired host is replaced by the configured API's avatar, its path prefix kept.
  @Test(arguments: [
    (
      "https://assets.chucknorris.host/img/avatar/chuck-norris.png", "https://api.chucknorris.io",
      "https://api.chucknorris.io/img/avatar/chuck-norris.png"
    ),
    (
      "http://assets.chucknorris.host/anything.png", "http://127.0.0.1:8080",
      "http://127.0.0.1:8080/img/avatar/chuck-norris.png"
    ),
    (
      "https://ASSETS.ChuckNorris.Host/img/x.png", "http://127.0.0.1:8080/api/v1/",
      "http://127.0.0.1:8080/api/v1/img/avatar/chuck-norris.png"
    ),
    (
      "https://cdn.assets.chucknorris.host/x.png", "https://api.example/base",
      "https://api.example/base/img/avatar/chuck-norris.png"
    ),
  ])
  func retiredHostReplaced(icon: String, api: String, expected: String) {
    #expect(source(icon, api: api) == expected)
  }

  /// A host that merely ends like the retired one is not taken for it.
  @Test func lookalikeHostNotReplaced() {
    #expect(
      source("https://evilassets.chucknorris.host/x.png")
        == "https://evilassets.chucknorris.host/x.png")
  }

  /// A malformed icon URL is refused.
  @Test(arguments: ["", "not a url", "https://", "/img/avatar/chuck-norris.png", "https:///x.png"])
  func malformed(icon: String) {
    #expect(throws: ChuckError.badResponse("the icon URL is malformed")) {
      try store(api: "https://api.chucknorris.io").source(for: icon).get()
    }
  }

  /// Cache files live in `<cache>/icons`, named by a hash of the URL and its file name.
  @Test func cacheFileNames() throws {
    let icons = store(api: "https://api.chucknorris.io")
    let a = icons.cacheFile(for: URL(string: Self.avatar)!)
    let b = icons.cacheFile(for: URL(string: "https://other.example/img/avatar/chuck-norris.png")!)
    #expect(a.deletingLastPathComponent().path == root.appendingPathComponent("cache/icons").path)
    #expect(a.lastPathComponent.hasSuffix("-chuck-norris.png"))
    #expect(a != b)
    #expect(a == icons.cacheFile(for: URL(string: Self.avatar)!))
    let bare = icons.cacheFile(for: URL(string: "https://x.example/")!)
    #expect(bare.lastPathComponent.hasSuffix("-icon"))
    let odd = icons.cacheFile(for: URL(string: "https://x.example/a%20b;c\u{0}.png")!)
    #expect(!odd.lastPathComponent.contains("/") && !odd.lastPathComponent.contains(" "))
  }

  /// A download returns an image's bytes, asking, as every request does, with
  /// `Accept: application/json` and chuck's User-Agent.
  @Test func downloadAccepted() async throws {
    let png = try Samples.icon()
    let script = ScriptedTransport([.success(HTTPResponse(status: 200, body: png))])
    let url = URL(string: "https://cdn.example/i.png")!
    #expect(try await IconStore.download(url, transport: script.transport, timeout: 7) == png)
    let sent = try #require(script.requests.current.first)
    #expect(sent.url == url)
    #expect(sent.value(forHTTPHeaderField: "Accept") == "application/json")
    #expect(sent.value(forHTTPHeaderField: "User-Agent") == ChuckVersion.userAgent)
    #expect(script.limits.current == [TransferLimits(deadline: 7, maxBytes: 1_048_576)])
  }

  /// A download refuses a body that is not an image, whatever its Content-Type says.
  @Test(arguments: ["<html>oops</html>", "", "{\"json\":true}"])
  func downloadRejectsNonImages(body: String) async {
    let answer = HTTPResponse(
      status: 200, headers: ["Content-Type": "image/png"], body: Data(body.utf8))
    let script = ScriptedTransport([.success(answer)])
    await #expect(throws: ChuckError.badResponse("the icon is not an image")) {
      try await IconStore.download(URL(string: "https://x/i.png")!, transport: script.transport)
    }
  }

  /// A download is tried once only: an icon is never worth waiting for.
  @Test func downloadNotRetried() async {
    let script = ScriptedTransport(
      Array(repeating: .success(jsonResponse("", status: 503)), count: 4))
    await #expect(throws: ChuckError.serverError(status: 503)) {
      try await IconStore.download(URL(string: "https://x/i.png")!, transport: script.transport)
    }
    #expect(script.attempts == 1)
  }

  /// The icon is cached (folders 0700, file 0600) and the next call makes no request.
  @Test func downloadsAndCaches() async throws {
    let fake = try await startFake()
    let icons = liveStore(fake)
    let iconURL = fake.baseURL.absoluteString + "/img/avatar/chuck-norris.png"
    let file = try await icons.icon(for: iconURL)
    #expect(try Data(contentsOf: file) == Samples.icon())
    #expect(try permissions(file) == 0o600)
    #expect(try permissions(root.appendingPathComponent("cache")) == 0o700)
    #expect(try permissions(root.appendingPathComponent("cache/icons")) == 0o700)
    let again = try await icons.icon(for: iconURL)
    #expect(again == file)
    let log = try fake.requests()
    #expect(log.map(\.path) == ["/img/avatar/chuck-norris.png"])
    #expect(log.first?.headers["accept"] == "application/json")
    let names = try FileManager.default.contentsOfDirectory(atPath: icons.directory.path)
    #expect(names == [file.lastPathComponent])
    await stop(fake)
  }

  /// The retired host's avatar is fetched from the configured API, never from the retired host.
  @Test func retiredHostFetchedFromAPI() async throws {
    let fake = try await startFake()
    let icons = liveStore(fake)
    let file = try await icons.icon(
      for: "https://assets.chucknorris.host/img/avatar/chuck-norris.png")
    #expect(try Data(contentsOf: file) == Samples.icon())
    #expect(try fake.requests().map(\.path) == ["/img/avatar/chuck-norris.png"])
    await stop(fake)
  }

  /// A body that is not an image is refused and nothing is cached.
  @Test func nonImageRejected() async throws {
    let fake = try await startFake(
      script:
        #"{"rules":[{"path":"/img/avatar/chuck-norris.png","body":"<html>no</html>","content_type":"image/png"}]}"#
    )
    let icons = liveStore(fake)
    await #expect(throws: ChuckError.badResponse("the icon is not an image")) {
      try await icons.icon(for: fake.baseURL.absoluteString + "/img/avatar/chuck-norris.png")
    }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: icons.directory.path)) ?? []
    #expect(names.isEmpty)
    await stop(fake)
  }

  /// A slow icon gives up with `.timedOut` within the bound.
  @Test func waitingAtMostTimesOut() async throws {
    let fake = try await startFake(
      script: #"{"rules":[{"path":"/img/avatar/chuck-norris.png","delay":3600}]}"#)
    let icons = liveStore(fake, timeout: 3600)
    let start = Date()
    let result = await icons.icon(
      for: fake.baseURL.absoluteString + "/img/avatar/chuck-norris.png", waitingAtMost: 0.3)
    let elapsed = Date().timeIntervalSince(start)
    #expect(throws: ChuckError.timedOut(seconds: 0.3)) { try result.get() }
    #expect(elapsed >= 0.25 && elapsed < 120, "took \(elapsed) s")
    await stop(fake)
  }

  /// A quick icon, or a quick failure, comes back before the bound.
  @Test func waitingAtMostReturnsEarly() async throws {
    let png = try Samples.icon()
    let icons = store(
      api: "https://api.chucknorris.io", download: ImageDownload(answer: .success(png)))
    let start = Date()
    let file = try await icons.icon(for: Self.avatar, waitingAtMost: 3600).get()
    #expect(try Data(contentsOf: file) == png)
    let refused = await icons.icon(for: "http://evil.example/x.png", waitingAtMost: 3600)
    #expect(
      throws: ChuckError.badResponse("the icon is not fetched: only https icons are downloaded")
    ) {
      try refused.get()
    }
    #expect(Date().timeIntervalSince(start) < 120)
  }

  /// A cached file that is not an image is downloaded again and replaced.
  @Test func corruptCacheReplaced() async throws {
    let png = try Samples.icon()
    let download = ImageDownload(answer: .success(png))
    let icons = store(api: "https://api.chucknorris.io", download: download)
    let file = icons.cacheFile(for: URL(string: Self.avatar)!)
    try FileManager.default.createDirectory(at: icons.directory, withIntermediateDirectories: true)
    try Data("garbage".utf8).write(to: file)
    #expect(try await icons.icon(for: Self.avatar) == file)
    #expect(try Data(contentsOf: file) == png)
    #expect(download.downloads.current.count == 1)
  }

  /// A network error of the download comes through unchanged and nothing is cached.
  @Test func downloadErrorPassedOn() async {
    let download = ImageDownload(answer: .failure(.connectionFailed("connection refused")))
    let icons = store(api: "https://api.chucknorris.io", download: download)
    await #expect(throws: ChuckError.connectionFailed("connection refused")) {
      try await icons.icon(for: Self.avatar)
    }
    #expect(!FileManager.default.fileExists(atPath: icons.directory.path))
  }

  /// A cache folder under a regular file cannot be created: a cache error naming the folder.
  @Test func cacheFolderBlocked() async throws {
    let blocker = root.appendingPathComponent("blocker")
    try Data("x".utf8).write(to: blocker)
    let icons = IconStore(
      cacheDirectory: blocker.appendingPathComponent("cache"),
      apiBaseURL: URL(string: "https://api.chucknorris.io")!,
      download: ImageDownload(answer: .success(try Samples.icon())).function)
    await #expect(
      throws: ChuckError.cacheWriteFailed(path: blocker.path, reason: "not a directory")
    ) {
      try await icons.icon(for: Self.avatar)
    }
  }

  /// A cache file that cannot be replaced is a cache error, worded as one (never as the saved
  /// list's), and no temporary file is left.
  @Test func cacheFileCannotBeWritten() async throws {
    let icons = store(
      api: "https://api.chucknorris.io",
      download: ImageDownload(answer: .success(try Samples.icon())))
    let file = icons.cacheFile(for: URL(string: Self.avatar)!)
    try FileManager.default.createDirectory(
      at: file.appendingPathComponent("inside"), withIntermediateDirectories: true)
    do throws(ChuckError) {
      _ = try await icons.icon(for: Self.avatar)
      Issue.record("the icon was written over a folder")
    } catch {
      guard case .cacheWriteFailed(let path, _) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(path == file.path)
      let message = error.errorDescription ?? ""
      #expect(message.hasPrefix("cannot write the cache file \(file.path): "), "\(message)")
      #expect(!message.contains("list") && !message.contains("saved"), "\(message)")
    }
    let left = try FileManager.default.contentsOfDirectory(atPath: icons.directory.path)
    #expect(left == [file.lastPathComponent], "\(left)")
  }
}
