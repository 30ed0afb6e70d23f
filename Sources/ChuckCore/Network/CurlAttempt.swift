import CCurl
import Dispatch
import FoundationEssentials
import Synchronization

/// One attempt over libcurl: one easy handle on its own multi handle, driven on a Dispatch thread
/// that waits in `curl_multi_poll` (no CPU while the server thinks). libcurl enforces the
/// whole-attempt deadline (`CURLOPT_TIMEOUT_MS`); the write callback refuses a body over the
/// limit at once (it is handed the body decompressed, so the limit is on what the body inflates
/// to); redirects are not followed; the proxy is the one chosen by ``ProxySettings`` (libcurl
/// reads no proxy variable itself); cancelling the task wakes the poll and ends the attempt.
final class CurlAttempt: @unchecked Sendable {
  private let request: HTTPRequest
  private let limits: TransferLimits
  private let authorities: CertificateAuthorities
  /// The proxy's URL, or `nil` for none.
  private let proxy: String?
  /// Whether the attempt was cancelled, and whether its multi handle is gone (then nothing may
  /// wake it).
  private let state = Mutex((cancelled: false, finished: false))
  private var multi: UnsafeMutableRawPointer?
  // Touched only by libcurl's callbacks, on the thread that runs `perform`.
  private var body: [UInt8] = []
  private var headers: [String: String] = [:]
  private var tooLarge = false

  private init(
    request: HTTPRequest, limits: TransferLimits, authorities: CertificateAuthorities,
    proxy: String?
  ) {
    self.request = request
    self.limits = limits
    self.authorities = authorities
    self.proxy = proxy
  }

  /// Sends `request` once.
  /// - Parameters:
  ///   - request: the request.
  ///   - limits: its deadline and size limit.
  ///   - authorities: the CA certificates to trust.
  ///   - proxy: the proxy's URL, or `nil` to connect directly.
  /// - Throws: ``ChuckError/libcurlMissing(_:)`` when libcurl cannot be loaded, or what the
  ///   attempt failed with.
  static func send(
    _ request: HTTPRequest, limits: TransferLimits, authorities: CertificateAuthorities,
    proxy: String?
  ) async throws(ChuckError) -> HTTPResponse {
    var words = [CChar](repeating: 0, count: 512)
    guard ccurl_load(&words, words.count) == 0 else {
      throw .libcurlMissing(Self.text(words))
    }
    let attempt = CurlAttempt(
      request: request, limits: limits, authorities: authorities, proxy: proxy)
    let result = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(returning: attempt.perform()) }
      }
    } onCancel: {
      attempt.cancel()
    }
    return try result.get()
  }

  private func cancel() {
    state.withLock { state in
      state.cancelled = true
      if !state.finished, let multi { ccurl_multi_wakeup(multi) }
    }
  }

  private func perform() -> Result<HTTPResponse, ChuckError> {
    guard let easy = ccurl_easy_init(), let multi = ccurl_multi_init() else {
      return .failure(.internalError("libcurl could not make a handle"))
    }
    state.withLock { _ in self.multi = multi }
    var headerList: UnsafeMutablePointer<curl_slist>?
    var errorBuffer = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
    defer {
      state.withLock { state in
        state.finished = true
        ccurl_multi_remove_handle(multi, easy)
        ccurl_multi_cleanup(multi)
      }
      ccurl_easy_cleanup(easy)
      ccurl_slist_free_all(headerList)
    }
    for (name, value) in request.headerFields {
      headerList = ccurl_slist_append(headerList, "\(name): \(value)")
    }
    let code: CURLcode = errorBuffer.withUnsafeMutableBufferPointer { errors in
      configure(easy, headers: headerList, errors: errors.baseAddress!)
      ccurl_multi_add_handle(multi, easy)
      return run(multi)
    }
    if tooLarge || code == CURLE_FILESIZE_EXCEEDED {
      return .failure(.responseTooLarge(limit: limits.maxBytes))
    }
    guard code == CURLE_OK else {
      if code == CURLE_ABORTED_BY_CALLBACK, state.withLock({ $0.cancelled }) {
        return .failure(.cancelled)
      }
      // The status of the proxy's answer to CONNECT, when it refused the tunnel.
      var connectStatus = 0
      ccurl_getinfo_long(easy, CURLINFO_HTTP_CONNECTCODE, &connectStatus)
      return .failure(
        CurlError.translate(
          code, words: Self.text(errorBuffer), url: request.url, deadline: limits.deadline,
          proxy: proxy.map { CurlError.Proxy(url: $0, connectStatus: connectStatus) }))
    }
    var status = 0
    ccurl_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
    return .success(HTTPResponse(status: status, headers: headers, body: Data(body)))
  }

  /// Drives the transfer until it is done or cancelled.
  private func run(_ multi: UnsafeMutableRawPointer) -> CURLcode {
    var running: Int32 = 1
    while true {
      if state.withLock({ $0.cancelled }) { return CURLE_ABORTED_BY_CALLBACK }
      ccurl_multi_perform(multi, &running)
      var result = CURLE_OK
      if ccurl_multi_done(multi, &result) != 0 { return result }
      ccurl_multi_poll(multi, 1000)
    }
  }

  private func configure(
    _ easy: UnsafeMutableRawPointer, headers: UnsafeMutablePointer<curl_slist>?,
    errors: UnsafeMutablePointer<CChar>
  ) {
    let this = Unmanaged.passUnretained(self).toOpaque()
    ccurl_setopt_string(easy, CURLOPT_URL, request.url.absoluteString)
    ccurl_setopt_long(easy, CURLOPT_HTTPGET, 1)
    ccurl_setopt_pointer(easy, CURLOPT_HTTPHEADER, headers)
    ccurl_setopt_pointer(easy, CURLOPT_ERRORBUFFER, errors)
    ccurl_setopt_long(easy, CURLOPT_NOSIGNAL, 1)
    ccurl_setopt_long(easy, CURLOPT_FOLLOWLOCATION, 0)
    ccurl_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "http,https")
    // Every encoding this libcurl decodes; HTTP/2 where the server offers it over TLS.
    ccurl_setopt_string(easy, CURLOPT_ACCEPT_ENCODING, "")
    ccurl_setopt_long(easy, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS))
    let milliseconds = max(1, Int((limits.deadline * 1000).rounded(.up)))
    ccurl_setopt_long(easy, CURLOPT_TIMEOUT_MS, milliseconds)
    ccurl_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, milliseconds)
    ccurl_setopt_off(easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(limits.maxBytes))
    // Certificates are always verified; CA files as the curl tool reads them.
    ccurl_setopt_long(easy, CURLOPT_SSL_VERIFYPEER, 1)
    ccurl_setopt_long(easy, CURLOPT_SSL_VERIFYHOST, 2)
    // The proxy chuck chose, or "" for none: libcurl then reads no proxy variable itself, and an
    // empty no-proxy list keeps it from second-guessing the choice.
    ccurl_setopt_string(easy, CURLOPT_PROXY, proxy ?? "")
    ccurl_setopt_string(easy, CURLOPT_NOPROXY, "")
    if let bundle = authorities.bundle { ccurl_setopt_string(easy, CURLOPT_CAINFO, bundle) }
    if let directory = authorities.directory {
      ccurl_setopt_string(easy, CURLOPT_CAPATH, directory)
    }
    ccurl_setopt_write_function(easy, CURLOPT_WRITEFUNCTION) { data, size, count, context in
      let attempt = Unmanaged<CurlAttempt>.fromOpaque(context!).takeUnretainedValue()
      return attempt.received(UnsafeRawBufferPointer(start: data, count: size * count))
    }
    ccurl_setopt_pointer(easy, CURLOPT_WRITEDATA, this)
    ccurl_setopt_write_function(easy, CURLOPT_HEADERFUNCTION) { data, size, count, context in
      let attempt = Unmanaged<CurlAttempt>.fromOpaque(context!).takeUnretainedValue()
      attempt.header(UnsafeRawBufferPointer(start: data, count: size * count))
      return size * count
    }
    ccurl_setopt_pointer(easy, CURLOPT_HEADERDATA, this)
  }

  /// The text of a NUL-terminated C buffer.
  private static func text(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Keeps body bytes; past the limit, refuses them, which ends the transfer at once.
  private func received(_ bytes: UnsafeRawBufferPointer) -> Int {
    guard body.count + bytes.count <= limits.maxBytes else {
      tooLarge = true
      return 0
    }
    body.append(contentsOf: bytes)
    return bytes.count
  }

  /// Keeps a header line; a status line starts a new response (after `100 Continue`).
  private func header(_ bytes: UnsafeRawBufferPointer) {
    let line = String(decoding: bytes, as: UTF8.self)
    if line.hasPrefix("HTTP/") {
      headers = [:]
      return
    }
    guard let colon = line.firstIndex(of: ":") else { return }
    let name = line[..<colon].lowercased()
    let value = line[line.index(after: colon)...].trimmingWhitespace
    headers[name] = value
  }
}
