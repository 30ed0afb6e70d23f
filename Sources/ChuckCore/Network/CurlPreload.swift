import CCurl
import Dispatch

/// libcurl loaded ahead of its first use: a command that will ask a service (`random`, the
/// screen) starts loading it — `dlopen` of libcurl and its TLS libraries, `curl_global_init` —
/// on another thread while its configuration and list are read, instead of after. The first
/// request waits for the same one-time load (`pthread_once` in the shim), so nothing is loaded
/// twice and a failure is reported by the request that needed it.
///
/// The process must not exit while the load runs: exiting runs OpenSSL's clean-up (registered
/// with `atexit` during the load) under the loading thread's feet. So the load starts only once
/// the command line is parsed (a usage error or `--help` exits at once), and ``wait()`` is called
/// before the command returns, whatever the outcome.
public enum CurlPreload {
  private static let group = DispatchGroup()

  /// Starts loading libcurl on a thread of the global queue, and returns at once.
  public static func start() {
    group.enter()
    DispatchQueue.global(qos: .userInitiated).async {
      _ = ccurl_load(nil, 0)
      group.leave()
    }
  }

  /// Waits until every load started has ended (at once when none was started).
  public static func wait() {
    group.wait()
  }
}
