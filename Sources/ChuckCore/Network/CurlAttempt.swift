import CCurl
import Dispatch
import FoundationEssentials
import Synchronization

/// One attempt over libcurl: one easy handle on its own multi handle, driven on a thread of its
/// own that waits in `curl_multi_poll` (no CPU while the server thinks). libcurl enforces the
/// whole-attempt deadline (`CURLOPT_TIMEOUT_MS`); the write callback refuses a body over the
/// limit at once (it is handed the body decompressed, so the limit is on what the body inflates
/// to); redirects are not followed; the proxy is the one chosen by ``ProxySettings`` (libcurl
/// reads no proxy variable itself); cancelling the task wakes the poll and ends the attempt.
///
/// The deadline holds through name resolution. libcurl resolves on a thread of its own, and on a
/// timeout or a cancel it joins that thread, which waits as long as the resolver does (10 s for
/// glibc with a name server that never answers), unless told not to (`CURLOPT_QUICK_EXIT`,
/// libcurl 7.87). So the caller is answered when the attempt ends, when the task is cancelled, or
/// shortly after the deadline, whichever comes first; an attempt left behind finishes on its own
/// thread, keeping what libcurl still uses (handles, error buffer, this object) until then.
///
/// Every option that a request's safety or its limits rely on is checked: one that libcurl refuses
/// (`CURLOPT_PROTOCOLS_STR` before 7.85) fails the attempt before anything is sent.
final class CurlAttempt: @unchecked Sendable {
  private let request: HTTPRequest
  private let limits: TransferLimits
  private let authorities: CertificateAuthorities
  /// The proxy's URL, or `nil` for none.
  private let proxy: String?
  /// What more than one thread touches.
  private struct State {
    /// Whether the attempt was cancelled.
    var cancelled = false
    /// Whether the multi handle is gone (then nothing may wake it).
    var finished = false
    /// Whether libcurl opened a socket: the name it looked up (the proxy's, through one) resolved.
    var resolved = false
    /// The caller, until it is answered.
    var caller: CheckedContinuation<Result<HTTPResponse, ChuckError>, Never>?
  }
  private let state = Mutex(State())
  private var multi: UnsafeMutableRawPointer?
  // Touched only by libcurl's callbacks, on the thread that runs `perform`.
  private var body: [UInt8] = []
  private var headers: [String: String] = [:]
  private var tooLarge = false

  /// How long past the deadline the caller waits for libcurl's own timeout before it is answered
  /// without it.
  static let grace = 0.25

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
  /// - Throws: ``ChuckError/libcurlMissing(_:)`` when libcurl cannot be loaded or refuses an
  ///   option the request relies on, or what the attempt failed with.
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
      await withCheckedContinuation { caller in attempt.start(answering: caller) }
    } onCancel: {
      attempt.cancel()
    }
    return try result.get()
  }

  /// Starts the transfer on a thread of its own (a queue of its own is never one of the few
  /// threads of the shared pool, which a resolver join would hold), and the deadline's watch.
  private func start(answering caller: CheckedContinuation<Result<HTTPResponse, ChuckError>, Never>)
  {
    let cancelled = state.withLock { state in
      if !state.cancelled { state.caller = caller }
      return state.cancelled
    }
    guard !cancelled else {
      caller.resume(returning: .failure(.cancelled))
      return
    }
    DispatchQueue(label: "chuck.curl-attempt").async { self.answer(self.perform()) }
    let watch = DispatchTime.now() + limits.deadline + Self.grace
    DispatchQueue.global().asyncAfter(deadline: watch) { [weak self] in
      guard let self else { return }
      answer(.failure(timedOut()))
    }
  }

  /// Answers the caller, once: the first answer wins, later ones are dropped.
  private func answer(_ result: Result<HTTPResponse, ChuckError>) {
    state.withLock { $0.caller.take() }?.resume(returning: result)
  }

  private func cancel() {
    state.withLock { state in
      state.cancelled = true
      if !state.finished, let multi { ccurl_multi_wakeup(multi) }
    }
    answer(.failure(.cancelled))
  }

  /// The error for an attempt past its deadline, naming the lookup when that is what took long.
  private func timedOut() -> ChuckError {
    CurlError.timedOut(
      url: request.url, deadline: limits.deadline, proxy: proxy,
      resolved: state.withLock { $0.resolved })
  }

  private func perform() -> Result<HTTPResponse, ChuckError> {
    guard let easy = ccurl_easy_init() else {
      return .failure(.internalError("libcurl could not make a handle"))
    }
    guard let multi = ccurl_multi_init() else {
      ccurl_easy_cleanup(easy)
      return .failure(.internalError("libcurl could not make a handle"))
    }
    state.withLock { _ in self.multi = multi }
    var headerList: UnsafeMutablePointer<curl_slist>?
    // libcurl keeps the error buffer's address and may write to it until curl_easy_cleanup: it
    // is allocated with the handle and freed after it.
    let errorSize = Int(CURL_ERROR_SIZE) + 1
    let errors = UnsafeMutablePointer<CChar>.allocate(capacity: errorSize)
    errors.initialize(repeating: 0, count: errorSize)
    defer {
      // Marked finished first, so that no cancel wakes a multi handle that is going; the lock is
      // not held meanwhile: a resolver join in there must not hold up a cancel or the watch.
      state.withLock { $0.finished = true }
      ccurl_multi_remove_handle(multi, easy)
      ccurl_multi_cleanup(multi)
      ccurl_easy_cleanup(easy)
      ccurl_slist_free_all(headerList)
      errors.deallocate()
    }
    for (name, value) in request.headerFields {
      headerList = ccurl_slist_append(headerList, "\(name): \(value)")
    }
    if let refused = configure(easy, headers: headerList, errors: errors) {
      return .failure(refused)
    }
    ccurl_multi_add_handle(multi, easy)
    let code = run(multi)
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
          code, words: String(cString: errors), url: request.url, deadline: limits.deadline,
          proxy: proxy.map { CurlError.Proxy(url: $0, connectStatus: connectStatus) },
          resolved: state.withLock { $0.resolved }))
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

  /// Sets the handle's options.
  /// - Returns: `nil`, or the error for an option the request relies on that libcurl refused.
  private func configure(
    _ easy: UnsafeMutableRawPointer, headers: UnsafeMutablePointer<curl_slist>?,
    errors: UnsafeMutablePointer<CChar>
  ) -> ChuckError? {
    let this = Unmanaged.passUnretained(self).toOpaque()
    let milliseconds = max(1, Int((limits.deadline * 1000).rounded(.up)))
    // Each option the request's safety, limits or reading rely on, with libcurl's answer.
    var required: [(CURLoption, CURLcode)] = [
      (CURLOPT_URL, ccurl_setopt_string(easy, CURLOPT_URL, request.url.absoluteString)),
      (CURLOPT_HTTPGET, ccurl_setopt_long(easy, CURLOPT_HTTPGET, 1)),
      (CURLOPT_HTTPHEADER, ccurl_setopt_pointer(easy, CURLOPT_HTTPHEADER, headers)),
      (CURLOPT_ERRORBUFFER, ccurl_setopt_pointer(easy, CURLOPT_ERRORBUFFER, errors)),
      (CURLOPT_NOSIGNAL, ccurl_setopt_long(easy, CURLOPT_NOSIGNAL, 1)),
      (CURLOPT_FOLLOWLOCATION, ccurl_setopt_long(easy, CURLOPT_FOLLOWLOCATION, 0)),
      (CURLOPT_PROTOCOLS_STR, ccurl_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "http,https")),
      (CURLOPT_TIMEOUT_MS, ccurl_setopt_long(easy, CURLOPT_TIMEOUT_MS, milliseconds)),
      (CURLOPT_CONNECTTIMEOUT_MS, ccurl_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, milliseconds)),
      (
        CURLOPT_MAXFILESIZE_LARGE,
        ccurl_setopt_off(easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(limits.maxBytes))
      ),
      // Certificates are always verified; CA files as the curl tool reads them.
      (CURLOPT_SSL_VERIFYPEER, ccurl_setopt_long(easy, CURLOPT_SSL_VERIFYPEER, 1)),
      (CURLOPT_SSL_VERIFYHOST, ccurl_setopt_long(easy, CURLOPT_SSL_VERIFYHOST, 2)),
      // The proxy chuck chose, or "" for none: libcurl then reads no proxy variable itself, and
      // an empty no-proxy list keeps it from second-guessing the choice.
      (CURLOPT_PROXY, ccurl_setopt_string(easy, CURLOPT_PROXY, proxy ?? "")),
      (CURLOPT_NOPROXY, ccurl_setopt_string(easy, CURLOPT_NOPROXY, "")),
    ]
    if let bundle = authorities.bundle {
      required.append((CURLOPT_CAINFO, ccurl_setopt_string(easy, CURLOPT_CAINFO, bundle)))
    }
    if let directory = authorities.directory {
      required.append((CURLOPT_CAPATH, ccurl_setopt_string(easy, CURLOPT_CAPATH, directory)))
    }
    required += [
      (
        CURLOPT_WRITEFUNCTION,
        ccurl_setopt_write_function(easy, CURLOPT_WRITEFUNCTION) { data, size, count, context in
          let attempt = Unmanaged<CurlAttempt>.fromOpaque(context!).takeUnretainedValue()
          return attempt.received(UnsafeRawBufferPointer(start: data, count: size * count))
        }
      ),
      (CURLOPT_WRITEDATA, ccurl_setopt_pointer(easy, CURLOPT_WRITEDATA, this)),
      (
        CURLOPT_HEADERFUNCTION,
        ccurl_setopt_write_function(easy, CURLOPT_HEADERFUNCTION) { data, size, count, context in
          let attempt = Unmanaged<CurlAttempt>.fromOpaque(context!).takeUnretainedValue()
          attempt.header(UnsafeRawBufferPointer(start: data, count: size * count))
          return size * count
        }
      ),
      (CURLOPT_HEADERDATA, ccurl_setopt_pointer(easy, CURLOPT_HEADERDATA, this)),
      // Called for each socket libcurl opens, which it does once the name is resolved.
      (
        CURLOPT_SOCKOPTFUNCTION,
        ccurl_setopt_sockopt_function(easy, CURLOPT_SOCKOPTFUNCTION) { context, _, _ in
          let attempt = Unmanaged<CurlAttempt>.fromOpaque(context!).takeUnretainedValue()
          attempt.state.withLock { $0.resolved = true }
          return Int32(CURL_SOCKOPT_OK)
        }
      ),
      (CURLOPT_SOCKOPTDATA, ccurl_setopt_pointer(easy, CURLOPT_SOCKOPTDATA, this)),
    ]
    if let (option, code) = required.first(where: { $0.1 != CURLE_OK }) {
      return CurlError.refused(option, code)
    }
    // Optional. Every encoding this libcurl decodes; HTTP/2 where the server offers it over TLS
    // (refused by a libcurl without HTTP/2, which then speaks HTTP/1.1).
    ccurl_setopt_string(easy, CURLOPT_ACCEPT_ENCODING, "")
    ccurl_setopt_long(easy, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_2TLS))
    // No resolver join on a timeout or a cancel; a libcurl older than 7.87 refuses it, and the
    // deadline is then held by answering the caller without waiting for the attempt (see above).
    ccurl_setopt_quick_exit(easy)
    return nil
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
