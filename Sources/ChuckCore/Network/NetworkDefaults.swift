/// The network settings `chuck` uses when the environment does not say otherwise.
public enum NetworkDefaults {
  /// Seconds each attempt may take as a whole (`CHUCK_TIMEOUT`).
  public static let timeout = 10.0
  /// How many times a request is tried again (`CHUCK_RETRIES`): at most 4 attempts.
  public static let retries = 3
  /// Seconds between attempts (`CHUCK_RETRY_DELAY`).
  public static let retryDelay = 2.0
  /// The most bytes accepted in any answer, a joke's or an icon's: 1 MiB.
  public static let maxResponseBytes = 1 << 20
}
