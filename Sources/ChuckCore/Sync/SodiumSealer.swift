import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// The real ``SyncSealer``: libsodium's XChaCha20-Poly1305 (IETF) under the ``SyncKey``. A
/// sealed record is a random 24-byte nonce followed by the ciphertext and its 16-byte tag; a nonce
/// that long can be drawn at random for every record of every machine without fear of a repeat.
///
/// libsodium (`libsodium.so.23`) is loaded with `dlopen` on the first seal or open, never before:
/// a `chuck` that does not sync never loads it, and a machine without it runs every other
/// command. Unlike libcurl (`CCurl`), it is found from Swift with `dlsym`, as the function types
/// of ``Library``: its calls are not variadic, so no C shim is needed, and no header
/// (libsodium-dev) either, which makes this the smaller and simpler of the two ways.
public struct SodiumSealer: SyncSealer {
  /// How many bytes of nonce start a sealed record.
  public static let nonceLength = 24
  /// How many bytes of tag end a sealed record.
  public static let tagLength = 16

  /// The key.
  private let key: SyncKey

  /// Makes a sealer; libsodium is not loaded yet.
  /// - Parameter key: the sync's key.
  public init(key: SyncKey) {
    self.key = key
  }

  /// Seals a record under a new random nonce (libsodium's `randombytes_buf`).
  /// - Parameters:
  ///   - plaintext: the record's bytes.
  ///   - additionalData: bytes the sealed record is bound to, not stored in it.
  /// - Returns: the nonce, the ciphertext and the tag.
  /// - Throws: ``ChuckError/libsodiumMissing(_:)``, or ``ChuckError/internalError(_:)`` should
  ///   libsodium refuse.
  public func seal(_ plaintext: [UInt8], additionalData: [UInt8]) throws(ChuckError) -> [UInt8] {
    let sodium = try Library.shared.get()
    var nonce = [UInt8](repeating: 0, count: Self.nonceLength)
    nonce.withUnsafeMutableBytes { sodium.random($0.baseAddress, $0.count) }
    return try seal(plaintext, additionalData: additionalData, nonce: nonce, with: sodium)
  }

  /// Seals a record under a given nonce: ``seal(_:additionalData:)``, and the known answers of
  /// tests.
  /// - Parameters:
  ///   - plaintext: the record's bytes.
  ///   - additionalData: bytes the sealed record is bound to.
  ///   - nonce: ``nonceLength`` bytes, never used twice with one key.
  ///   - sodium: libsodium, loaded.
  /// - Returns: the nonce, the ciphertext and the tag.
  /// - Throws: ``ChuckError/internalError(_:)`` should libsodium refuse.
  func seal(
    _ plaintext: [UInt8], additionalData: [UInt8], nonce: [UInt8], with sodium: Library
  ) throws(ChuckError) -> [UInt8] {
    precondition(nonce.count == Self.nonceLength, "a nonce has \(Self.nonceLength) bytes")
    let length = Self.nonceLength + plaintext.count + Self.tagLength
    var sealed = [UInt8](repeating: 0, count: length)
    var written: UInt64 = 0
    let status = sealed.withUnsafeMutableBufferPointer { output in
      let start = output.baseAddress!
      start.update(from: nonce, count: Self.nonceLength)
      return key.withUnsafeBytes { key in
        plaintext.withUnsafeBufferPointer { plaintext in
          additionalData.withUnsafeBufferPointer { data in
            sodium.encrypt(
              start + Self.nonceLength, &written, plaintext.baseAddress, UInt64(plaintext.count),
              data.baseAddress, UInt64(data.count), nil, start, key)
          }
        }
      }
    }
    guard status == 0, written == UInt64(length - Self.nonceLength) else {
      throw .internalError("libsodium did not seal a record (\(status))")
    }
    return sealed
  }

  /// Opens a sealed record.
  /// - Parameters:
  ///   - sealed: the nonce, the ciphertext and the tag.
  ///   - additionalData: the bytes it was sealed with.
  /// - Returns: the record's bytes.
  /// - Throws: ``ChuckError/syncRecordRefused(_:)`` for a record too short to be sealed, or one
  ///   that does not open: sealed with another key, changed since, or sealed for another place
  ///   (other additional data). ``ChuckError/libsodiumMissing(_:)``.
  public func open(_ sealed: [UInt8], additionalData: [UInt8]) throws(ChuckError) -> [UInt8] {
    let overhead = Self.nonceLength + Self.tagLength
    guard sealed.count >= overhead else {
      throw .syncRecordRefused(
        "it is too short to be sealed: \(sealed.count) bytes, where a sealed record has at "
          + "least \(overhead)")
    }
    let sodium = try Library.shared.get()
    var plaintext = [UInt8](repeating: 0, count: sealed.count - overhead)
    var written: UInt64 = 0
    let status = plaintext.withUnsafeMutableBufferPointer { output in
      sealed.withUnsafeBufferPointer { input in
        let start = input.baseAddress!
        return key.withUnsafeBytes { key in
          additionalData.withUnsafeBufferPointer { data in
            sodium.decrypt(
              output.baseAddress, &written, nil, start + Self.nonceLength,
              UInt64(input.count - Self.nonceLength), data.baseAddress, UInt64(data.count),
              start, key)
          }
        }
      }
    }
    guard status == 0 else {
      throw .syncRecordRefused(
        "it does not open with this machine's key: it was sealed with another key, or changed "
          + "since")
    }
    guard written == UInt64(plaintext.count) else {
      throw .internalError("libsodium opened \(written) bytes of \(plaintext.count)")
    }
    return plaintext
  }

  /// The libsodium functions that the sealer calls, found in the library with `dlsym`.
  struct Library: Sendable {
    /// `crypto_aead_xchacha20poly1305_ietf_encrypt(c, clen_p, m, mlen, ad, adlen, nsec, npub,
    /// k)`.
    typealias Encrypt =
      @convention(c) (
        UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt64>?, UnsafePointer<UInt8>?, UInt64,
        UnsafePointer<UInt8>?, UInt64, UnsafePointer<UInt8>?, UnsafePointer<UInt8>?,
        UnsafePointer<UInt8>?
      ) -> Int32
    /// `crypto_aead_xchacha20poly1305_ietf_decrypt(m, mlen_p, nsec, c, clen, ad, adlen, npub,
    /// k)`: 0, or -1 when the tag does not verify.
    typealias Decrypt =
      @convention(c) (
        UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt64>?, UnsafeMutablePointer<UInt8>?,
        UnsafePointer<UInt8>?, UInt64, UnsafePointer<UInt8>?, UInt64, UnsafePointer<UInt8>?,
        UnsafePointer<UInt8>?
      ) -> Int32
    /// `randombytes_buf(buf, size)`.
    typealias Random = @convention(c) (UnsafeMutableRawPointer?, Int) -> Void
    /// `sodium_init()`: 0, 1 when already done, -1 on failure.
    typealias Initialize = @convention(c) () -> Int32

    /// Seals.
    let encrypt: Encrypt
    /// Opens.
    let decrypt: Decrypt
    /// Fills a buffer with random bytes.
    let random: Random

    /// The library, loaded and initialised once per process, on first use (a `static let` is
    /// initialised once, whatever the threads), or why it could not be.
    static let shared = Result { () throws(ChuckError) -> Library in
      try load("libsodium.so.23")
    }

    /// Loads a library as the dynamic linker finds it (`LD_LIBRARY_PATH`, then the system's
    /// folders), finds the functions and runs `sodium_init`. It is never unloaded.
    /// - Parameter name: the library's file name.
    /// - Returns: its functions.
    /// - Throws: ``ChuckError/libsodiumMissing(_:)`` with `dlerror`'s words, or naming the
    ///   function that the library lacks.
    static func load(_ name: String) throws(ChuckError) -> Library {
      guard let library = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
        throw .libsodiumMissing(dlerror().map { String(cString: $0) } ?? "\(name) not found")
      }
      func find<Function>(_ symbol: String, as _: Function.Type) throws(ChuckError) -> Function {
        guard let address = dlsym(library, symbol) else {
          throw .libsodiumMissing("\(name) has no \(symbol) (libsodium 1.0.12 or later is needed)")
        }
        return unsafeBitCast(address, to: Function.self)
      }
      let initialize = try find("sodium_init", as: Initialize.self)
      let functions = Library(
        encrypt: try find("crypto_aead_xchacha20poly1305_ietf_encrypt", as: Encrypt.self),
        decrypt: try find("crypto_aead_xchacha20poly1305_ietf_decrypt", as: Decrypt.self),
        random: try find("randombytes_buf", as: Random.self))
      guard initialize() >= 0 else { throw .libsodiumMissing("sodium_init failed") }
      return functions
    }
  }
}
