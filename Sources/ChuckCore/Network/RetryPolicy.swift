import FoundationEssentials

/// How often, and how far apart, a request is tried again after a transient failure
/// (a connection failure, a timeout or a 5xx answer).
public struct RetryPolicy: Sendable {
  /// How many times a request is tried again: 3 means at most 4 attempts; 0 means one attempt.
  public var retries: Int
  /// The pause between the end of a failed attempt and the start of the next, in seconds.
  public var delay: Double
  /// Waits between attempts; tests replace it so they do not wait.
  public var sleep: @Sendable (_ seconds: Double) async throws(ChuckError) -> Void

  /// Makes a policy.
  /// - Parameters:
  ///   - retries: how many times to try again.
  ///   - delay: seconds between attempts.
  ///   - sleep: how to wait; the default sleeps for real and fails with
  ///     ``ChuckError/cancelled`` when the task is cancelled.
  public init(
    retries: Int = NetworkDefaults.retries, delay: Double = NetworkDefaults.retryDelay,
    sleep: @escaping @Sendable (_ seconds: Double) async throws(ChuckError) -> Void =
      RetryPolicy.realSleep
  ) {
    self.retries = max(0, retries)
    self.delay = max(0, delay)
    self.sleep = sleep
  }

  /// Sleeps for real.
  /// - Parameter seconds: how long.
  /// - Throws: ``ChuckError/cancelled`` when the task is cancelled meanwhile.
  @Sendable public static func realSleep(_ seconds: Double) async throws(ChuckError) {
    do {
      try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
    } catch {
      throw .cancelled
    }
  }
}
