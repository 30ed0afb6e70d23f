import FoundationEssentials

/// What seals the records of a sync log before they reach the sync folder, and opens them after:
/// an authenticated cipher under the key only the user's machines hold. ``SodiumSealer`` is the
/// real one (XChaCha20-Poly1305); tests may use another.
public protocol SyncSealer: Sendable {
  /// Seals a record: encrypts and authenticates it, with data that is authenticated but not
  /// secret (where the record belongs).
  /// - Parameters:
  ///   - plaintext: the record's bytes.
  ///   - additionalData: bytes the sealed record is bound to (its replica and sequence), not
  ///     stored in it.
  /// - Returns: the sealed bytes (nonce and ciphertext).
  /// - Throws: ``ChuckError/libsodiumMissing(_:)`` or ``ChuckError/internalError(_:)``.
  func seal(_ plaintext: [UInt8], additionalData: [UInt8]) throws(ChuckError) -> [UInt8]

  /// Opens a sealed record.
  /// - Parameters:
  ///   - sealed: what ``seal(_:additionalData:)`` returned.
  ///   - additionalData: the same bytes it was sealed with.
  /// - Returns: the record's bytes.
  /// - Throws: ``ChuckError/syncRecordRefused(_:)`` when it does not open (another key, a
  ///   changed byte, another place), ``ChuckError/libsodiumMissing(_:)``.
  func open(_ sealed: [UInt8], additionalData: [UInt8]) throws(ChuckError) -> [UInt8]
}
