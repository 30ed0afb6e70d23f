import Foundation
import Testing

@testable import ChuckCore

@Suite struct RetryPolicyTests {
  /// The defaults are 3 retries 2 seconds apart.
  @Test func defaults() {
    let policy = RetryPolicy()
    #expect(policy.retries == 3)
    #expect(policy.delay == 2)
  }

  /// Negative retries and delays clamp to 0; others are kept.
  @Test func negativeValuesClamp() {
    let negative = RetryPolicy(retries: -4, delay: -1.5)
    #expect(negative.retries == 0)
    #expect(negative.delay == 0)
    let positive = RetryPolicy(retries: 7, delay: 0.25)
    #expect(positive.retries == 7)
    #expect(positive.delay == 0.25)
  }

  /// The real sleep waits about as long as asked, and not at all for a negative time.
  @Test func realSleepWaits() async throws {
    let start = Date()
    try await RetryPolicy.realSleep(0.1)
    let slept = Date().timeIntervalSince(start)
    #expect(slept >= 0.09)
    try await RetryPolicy.realSleep(-5)
  }

  /// The real sleep ends promptly with `.cancelled` when its task is cancelled.
  @Test func realSleepCancelled() async {
    let start = Date()
    let task = Task { try await RetryPolicy.realSleep(3600) }
    try? await Task.sleep(nanoseconds: 50_000_000)
    task.cancel()
    await #expect(throws: ChuckError.cancelled) { try await task.value }
    #expect(Date().timeIntervalSince(start) < 120)
  }

  /// A custom sleep is the one used.
  @Test func customSleep() async throws {
    let slept = Locked<[Double]>([])
    let policy = RetryPolicy(retries: 1, delay: 3) { seconds in
      slept.withLock { $0.append(seconds) }
    }
    try await policy.sleep(policy.delay)
    #expect(slept.current == [3])
  }
}
