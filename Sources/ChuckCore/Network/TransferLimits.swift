/// The limits one attempt is held to.
public struct TransferLimits: Sendable, Equatable {
  /// The whole attempt must finish within this many seconds (not an idle timer).
  public var deadline: Double
  /// The body may not be larger than this many bytes.
  public var maxBytes: Int

  /// Makes limits.
  /// - Parameters:
  ///   - deadline: seconds for the attempt as a whole.
  ///   - maxBytes: the largest body accepted.
  public init(deadline: Double, maxBytes: Int) {
    self.deadline = deadline
    self.maxBytes = maxBytes
  }
}
