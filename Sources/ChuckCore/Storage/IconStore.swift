import FoundationEssentials

/// Downloads joke icons into the cache directory, under the spec's rules: only `https` URLs, or
/// URLs on the configured API's own origin or a declared source's; the retired `assets.chucknorris.host` is never
/// contacted (its avatar is taken from the configured API instead); at most 1 MiB; an image.
public struct IconStore: Sendable {
  /// Where icons are kept (`<cache directory>/icons`).
  public let directory: URL
  /// The configured API, whose origin may serve icons over plain `http`.
  public let apiBaseURL: URL
  /// The declared sources' base URLs, whose origins may serve their images over plain `http`
  /// as the API's does (a service on a private network, or the tests' loopback).
  public var sourceBaseURLs: [URL] = []
  /// Whether an `http` image on another origin is asked for over `https` instead of refused: a
  /// declared source's images (the Articles seed's are `http://dummyimage.com/…`, which serves
  /// https too); never plain http to a host the user did not name.
  public var upgradesHTTP = false
  /// Downloads an image: ``download(_:transport:timeout:workerCreated:)`` unless tests give
  /// another.
  public let download: @Sendable (URL) async throws(ChuckError) -> Data

  /// The host that used to serve icons and no longer belongs to the project.
  public static let retiredHost = "assets.chucknorris.host"
  /// The avatar's path on the API, segment by segment.
  public static let avatarPath = ["img", "avatar", "chuck-norris.png"]

  /// Makes a store.
  /// - Parameters:
  ///   - cacheDirectory: the cache directory; icons go in its `icons` folder.
  ///   - apiBaseURL: the configured API.
  ///   - download: downloads an image.
  public init(
    cacheDirectory: URL, apiBaseURL: URL,
    download: @escaping @Sendable (URL) async throws(ChuckError) -> Data
  ) {
    self.directory = cacheDirectory.appendingPath("icons", isDirectory: true)
    self.apiBaseURL = apiBaseURL
    self.download = download
  }

  /// Makes a store that downloads over the network, one attempt an icon
  /// (``download(_:transport:timeout:workerCreated:)``).
  /// - Parameters:
  ///   - cacheDirectory: the cache directory; icons go in its `icons` folder.
  ///   - apiBaseURL: the configured API.
  ///   - transport: how the one attempt is sent.
  ///   - timeout: seconds the attempt may take as a whole.
  ///   - workerCreated: told about each worker when it is made.
  public init(
    cacheDirectory: URL, apiBaseURL: URL, transport: HTTPTransport,
    timeout: Double = NetworkDefaults.timeout,
    workerCreated: (@Sendable (ChuckWorker) -> Void)? = nil
  ) {
    self.init(cacheDirectory: cacheDirectory, apiBaseURL: apiBaseURL) {
      (url: URL) async throws(ChuckError) -> Data in
      try await Self.download(
        url, transport: transport, timeout: timeout, workerCreated: workerCreated)
    }
  }

  /// Downloads an image with one ``ChuckWorker``, with the per-attempt deadline and one attempt
  /// only (an icon is never worth waiting for), at most 1 MiB.
  /// - Parameters:
  ///   - url: where the image is.
  ///   - transport: how the attempt is sent.
  ///   - timeout: seconds the attempt may take as a whole.
  ///   - workerCreated: told about the worker when it is made.
  /// - Returns: the image's bytes, checked to be PNG, JPEG, GIF or WebP.
  /// - Throws: ``ChuckError/badResponse(_:)`` when it is not an image, or a network error.
  public static func download(
    _ url: URL, transport: HTTPTransport, timeout: Double = NetworkDefaults.timeout,
    workerCreated: (@Sendable (ChuckWorker) -> Void)? = nil
  ) async throws(ChuckError) -> Data {
    let worker = ChuckWorker(
      url: url, userAgent: ChuckVersion.userAgent, transport: transport,
      policy: RetryPolicy(retries: 0),
      limits: TransferLimits(deadline: timeout, maxBytes: NetworkDefaults.maxResponseBytes),
      notFound: .notFound(path: url.path))
    workerCreated?(worker)
    let body = try await worker.fetch().body
    guard ImageKind(of: body) != nil else { throw .badResponse("the icon is not an image") }
    return body
  }

  /// The URL to download for an icon URL, or why there is none.
  /// - Parameter iconURL: the joke's `icon_url`.
  /// - Returns: the URL to fetch, or a message saying why it is not fetched.
  public func source(for iconURL: String) -> Result<URL, ChuckError> {
    // The host as libcurl would look it up: the retired host is known however it is spelled
    // (case, percent-encoding, a trailing dot), and a host spelled in any other way is refused.
    guard let url = URL(string: iconURL), let scheme = url.scheme?.lowercased(),
      let host = HostName(url)
    else { return .failure(.badResponse("the icon URL is malformed")) }
    if host.isWithin(Self.retiredHost) {
      return .success(BaseURL(apiBaseURL).appending(Self.avatarPath))
    }
    if scheme == "https" || ([apiBaseURL] + sourceBaseURLs).contains(where: { isOn($0, url) }) {
      return .success(url)
    }
    if upgradesHTTP, scheme == "http",
      var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    {
      components.scheme = "https"
      if components.port == 80 { components.port = nil }
      if let secure = components.url { return .success(secure) }
    }
    return .failure(.badResponse("the icon is not fetched: only https icons are downloaded"))
  }

  /// Whether `url` is on a base URL's own scheme, host and port. The hosts must be the same
  /// name: `127.0.0.1.` is a name to look up, not the address `127.0.0.1`, so a trailing dot
  /// counts here.
  private func isOn(_ base: URL, _ url: URL) -> Bool {
    guard let host = HostName(url), let baseHost = HostName(base) else { return false }
    return url.scheme?.lowercased() == base.scheme?.lowercased() && host == baseHost
      && Self.port(of: url) == Self.port(of: base)
  }

  private static func port(of url: URL) -> Int? {
    url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
  }

  /// Where a downloaded icon is kept.
  /// - Parameter url: the URL it is downloaded from.
  /// - Returns: a file in ``directory`` named after a hash of the URL.
  public func cacheFile(for url: URL) -> URL {
    let hash = FNV1a(url.absoluteString.utf8).value
    let name = url.lastPathComponent.filter { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" }
    return directory.appendingPath(
      String(hash, radix: 16) + "-" + (name.isEmpty ? "icon" : String(name.suffix(40))))
  }

  /// The cached icon file, downloading it first when it is not cached yet.
  /// - Parameter iconURL: the joke's `icon_url`.
  /// - Returns: the cached file.
  /// - Throws: why there is no icon: a URL that may not be fetched, a network error, a body that
  ///   is not an image, or a cache that cannot be written.
  public func icon(for iconURL: String) async throws(ChuckError) -> URL {
    let url = try source(for: iconURL).get()
    let file = cacheFile(for: url)
    if (try? Self.image(in: file)) != nil { return file }
    let data = try await download(url)
    let store = Self.store(file)
    try store.makeDirectory(directory)
    try store.replace(with: data)
    return file
  }

  /// The image a cached icon file holds, read as every file `chuck` reads (without blocking; a
  /// regular file of at most 1 MiB).
  /// - Parameter file: the cached file.
  /// - Returns: its bytes.
  /// - Throws: ``ChuckError/storageUnreadable(path:reason:)`` for a file that is missing, not a
  ///   regular file, too large, or not an image.
  public static func image(in file: URL) throws(ChuckError) -> [UInt8] {
    guard let bytes = try store(file).read() else {
      throw .storageUnreadable(path: file.path, reason: "no such file")
    }
    guard ImageKind(of: Data(bytes)) != nil else {
      throw .storageUnreadable(path: file.path, reason: "not an image")
    }
    return bytes
  }

  private static func store(_ file: URL) -> FileStore {
    FileStore(fileURL: file, contents: .cache, maximumSize: FileStore.largestCache)
  }

  /// ``icon(for:)``, but giving up after `seconds`: the caller never waits longer than that.
  /// - Parameters:
  ///   - iconURL: the joke's `icon_url`.
  ///   - seconds: the most time to wait.
  /// - Returns: the cached file, or the error (``ChuckError/timedOut(seconds:)`` when too slow).
  public func icon(for iconURL: String, waitingAtMost seconds: Double) async -> Result<
    URL, ChuckError
  > {
    await withTaskGroup(of: Result<URL, ChuckError>?.self) { group in
      group.addTask {
        do throws(ChuckError) {
          return .success(try await icon(for: iconURL))
        } catch {
          return .failure(error)
        }
      }
      group.addTask {
        try? await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
        return Task.isCancelled ? nil : .failure(.timedOut(seconds: seconds))
      }
      defer { group.cancelAll() }
      while let next = await group.next() {
        if let result = next { return result }
      }
      return .failure(.cancelled)
    }
  }
}
