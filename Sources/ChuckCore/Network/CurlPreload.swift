import CCurl
import Dispatch

/// libcurl loaded ahead of its first use: a command that will ask a service (`random`, the
/// screen) starts loading it — `dlopen` of libcurl and its TLS libraries, `curl_global_init` —
/// on another thread while the command line is parsed and the list is read, instead of after.
/// The first request waits for the same one-time load (`pthread_once` in the shim), so nothing
/// is loaded twice and a failure is reported by that request as before.
public enum CurlPreload {
  /// Starts loading libcurl on a thread of the global queue, and returns at once.
  public static func start() {
    DispatchQueue.global(qos: .userInitiated).async {
      _ = ccurl_load(nil, 0)
    }
  }
}
