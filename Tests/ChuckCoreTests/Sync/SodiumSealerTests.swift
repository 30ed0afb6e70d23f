import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

@Suite struct SodiumSealerTests {
  private static let record = Array(#"{"clock":"1717171717171-0","operation":{}}"#.utf8)
  private static let place = Array("0123456789abcdef0123456789abcdef 7".utf8)
  private let sealer = SodiumSealer(key: .generate())

  private static func hex(_ bytes: [UInt8]) -> String {
    bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
  }

  private static func bytes(_ hex: String) -> [UInt8] {
    let digits = Array(hex.utf8)
    return stride(from: 0, to: digits.count, by: 2).map {
      UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)!
    }
  }

  private static func refused(_ reason: String) -> ChuckError { .syncRecordRefused(reason) }
  private static let doesNotOpen = refused(
    "it does not open with this machine's key: it was sealed with another key, or changed since")

  /// The known answer of draft-irtf-cfrg-xchacha-03, A.3.1 (the XChaCha20-Poly1305 AEAD test
  /// vector, as libsodium's own tests check it): the real cipher seals, and opens what it sealed.
  @Test func knownAnswer() throws {
    let sealer = SodiumSealer(key: SyncKey(bytes: 0x80...0x9F))
    let nonce = Array(0x40...0x57 as ClosedRange<UInt8>)
    let plaintext = Array(
      ("Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the "
        + "future, sunscreen would be it.").utf8)
    let data = Self.bytes("50515253c0c1c2c3c4c5c6c7")
    let sealed = try sealer.seal(
      plaintext, additionalData: data, nonce: nonce, with: SodiumSealer.Library.shared.get())
    #expect(
      Self.hex(sealed)
        == "404142434445464748494a4b4c4d4e4f5051525354555657"
        + "bd6d179d3e83d43b9576579493c0e939572a1700252bfaccbed2902c21396cbb"
        + "731c7f1b0b4aa6440bf3a82f4eda7e39ae64c6708c54c216cb96b72e1213b452"
        + "2f8c9ba40db5d945b11b69b982c1bb9e3f3fac2bc369488f76b2383565d3fff9"
        + "21f9664c97637da9768812f615c68b13b52e"
        + "c0875924c1c7987947deafd8780acf49")
    #expect(try sealer.open(sealed, additionalData: data) == plaintext)
  }

  /// What is sealed opens as it was, for any length (nothing, one byte, a large record) and
  /// with or without additional data; a sealed record is 40 bytes longer.
  @Test(arguments: [0, 1, 15, 16, 17, 64, 65_536])
  func roundTrip(length: Int) throws {
    var generator = SeededGenerator(seed: UInt64(length))
    let plaintext = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
    for data in [[], Self.place] {
      let sealed = try sealer.seal(plaintext, additionalData: data)
      #expect(sealed.count == length + 40)
      #expect(try sealer.open(sealed, additionalData: data) == plaintext)
    }
  }

  /// Two seals of one record differ (a new random nonce each time) and both open; the record's
  /// bytes are not in what is sealed.
  @Test func sealsDiffer() throws {
    let first = try sealer.seal(Self.record, additionalData: Self.place)
    let second = try sealer.seal(Self.record, additionalData: Self.place)
    #expect(first != second)
    #expect(first.prefix(24) != second.prefix(24))
    #expect(try sealer.open(first, additionalData: Self.place) == Self.record)
    #expect(try sealer.open(second, additionalData: Self.place) == Self.record)
    #expect(Data(first).range(of: Data(Self.record.prefix(8))) == nil)
  }

  /// A record sealed with another key does not open, in words a user understands.
  @Test func anotherKeyIsRefused() throws {
    let sealed = try SodiumSealer(key: .generate()).seal(Self.record, additionalData: Self.place)
    #expect(throws: Self.doesNotOpen) { try sealer.open(sealed, additionalData: Self.place) }
  }

  /// A change of any one bit, in the nonce, the ciphertext or the tag, is refused.
  @Test func aFlippedBitIsRefused() throws {
    let sealed = try sealer.seal(Self.record, additionalData: Self.place)
    for index in sealed.indices {
      for bit in [0, 7] {
        var changed = sealed
        changed[index] ^= 1 << bit
        #expect(throws: Self.doesNotOpen, "byte \(index), bit \(bit)") {
          try sealer.open(changed, additionalData: Self.place)
        }
      }
    }
  }

  /// A record opened with other additional data (moved to another log or sequence), or none,
  /// is refused.
  @Test func anotherPlaceIsRefused() throws {
    let sealed = try sealer.seal(Self.record, additionalData: Self.place)
    for data in [[], Array("0123456789abcdef0123456789abcdef 8".utf8), Self.place + [0]] {
      #expect(throws: Self.doesNotOpen) { try sealer.open(sealed, additionalData: data) }
    }
    let unbound = try sealer.seal(Self.record, additionalData: [])
    #expect(throws: Self.doesNotOpen) { try sealer.open(unbound, additionalData: Self.place) }
  }

  /// A truncated record is refused: as not opening while it holds a nonce and a tag, as too
  /// short below that (nothing at all included).
  @Test func truncatedIsRefused() throws {
    let sealed = try sealer.seal(Self.record, additionalData: Self.place)
    for count in [sealed.count - 1, 41, 40] {
      #expect(throws: Self.doesNotOpen, "\(count) bytes") {
        try sealer.open(Array(sealed.prefix(count)), additionalData: Self.place)
      }
    }
    for count in [39, 24, 1, 0] {
      #expect(
        throws: Self.refused(
          "it is too short to be sealed: \(count) bytes, where a sealed record has at least 40")
      ) { try sealer.open(Array(sealed.prefix(count)), additionalData: Self.place) }
    }
  }

  /// A library that cannot be loaded, or that lacks a function, is reported as libsodium
  /// missing, with the loader's words or the function's name.
  @Test func aMissingLibraryIsReported() throws {
    let missing = #expect(throws: ChuckError.self) {
      try SodiumSealer.Library.load("libsodium-absent.so.0")
    }
    guard case .libsodiumMissing(let reason) = missing else {
      Issue.record("\(String(describing: missing))")
      return
    }
    #expect(reason.hasPrefix("libsodium-absent.so.0: cannot open shared object file"), "\(reason)")
    #expect(
      missing?.errorDescription
        == "chuck sync needs libsodium (libsodium.so.23): install the libsodium23 package "
        + "(\(reason))")
    #expect(
      throws: ChuckError.libsodiumMissing(
        "libc.so.6 has no sodium_init (libsodium 1.0.12 or later is needed)")
    ) { try SodiumSealer.Library.load("libc.so.6") }
  }
}
