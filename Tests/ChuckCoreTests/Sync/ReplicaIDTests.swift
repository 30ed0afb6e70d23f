import Foundation
import Testing

@testable import ChuckCore

@Suite struct ReplicaIDTests {
  private static let form = "a replica id is 32 characters of 0-9 and a-f"

  /// A new id is 32 lower-case hex digits from the system's random source, and read back as
  /// itself.
  @Test func randomIDsReadBack() throws {
    let ids = (0..<50).map { _ in ReplicaID.random() }
    #expect(Set(ids).count == 50)
    for id in ids {
      let text = id.description
      #expect(text.utf8.count == 32)
      #expect(text.utf8.allSatisfy { Hex.value($0) != nil }, "\(text)")
      #expect(try ReplicaID(parsing: text) == id)
    }
  }

  /// The digits are the 128 bits, high word first; a seeded generator gives the same id again.
  @Test func digitsAreTheBits() throws {
    let id = ReplicaID(high: 0x0123_4567_89AB_CDEF, low: 0xF)
    #expect(id.description == "0123456789abcdef000000000000000f")
    var first = SplitMix64(seed: 42)
    var second = SplitMix64(seed: 42)
    #expect(ReplicaID(using: &first) == ReplicaID(using: &second))
    #expect(
      try ReplicaID(parsing: "ffffffffffffffffffffffffffffffff")
        == ReplicaID(high: .max, low: .max))
  }

  /// Anything but 32 lower-case hex digits is refused, saying why.
  @Test(arguments: [
    ("", "'' is not a replica id: it has 0 characters, not 32 (\(form))"),
    (
      "0123456789abcdef0123456789abcde",
      "'0123456789abcdef0123456789abcde' is not a replica id: "
        + "it has 31 characters, not 32 (\(form))"
    ),
    (
      "0123456789abcdef0123456789abcdef0",
      "'0123456789abcdef0123456789abcdef0' is not a replica id: "
        + "it has 33 characters, not 32 (\(form))"
    ),
    (
      "0123456789ABCDEF0123456789abcdef",
      "'0123456789ABCDEF0123456789abcdef' is not a replica id: \(form)"
    ),
    (
      "0123456789abcdeg0123456789abcdef",
      "'0123456789abcdeg0123456789abcdef' is not a replica id: \(form)"
    ),
    (
      String(repeating: "é", count: 16),
      "'\(String(repeating: "é", count: 16))' is not a replica id: \(form)"
    ),
  ])
  func badInputIsRefused(text: String, message: String) {
    #expect(throws: ChuckError.invalidArgument(message)) { try ReplicaID(parsing: text) }
  }

  /// A control character in a refused id does not reach the message.
  @Test func controlCharactersAreNotRepeated() {
    do throws(ChuckError) {
      _ = try ReplicaID(parsing: "0123456789abcdef\u{1B}[2J456789abcdef")
      Issue.record("an id with an escape was read")
    } catch {
      let message = error.errorDescription ?? ""
      #expect(message.hasSuffix("is not a replica id: \(Self.form)"))
      #expect(!message.unicodeScalars.contains("\u{1B}"))
    }
  }

  /// A record codes it as its digits in a JSON string; a string that is not an id does not
  /// decode.
  @Test func coding() throws {
    let id = SyncSamples.replicaA
    let json = String(
      decoding: SyncSamples.record(id, 1, SyncSamples.remove("abcd1")).encoded(), as: UTF8.self)
    #expect(json.contains(#""replica":"000000000000000a0000000000000001""#))
    #expect(try SyncRecord.decode(Array(json.utf8)).replica == id)
    #expect(throws: ChuckError.self) {
      try SyncRecord.decode(Array(json.replacingOccurrences(of: "0a0", with: "0A0").utf8))
    }
  }

  /// Ids order as their digits do, which the merge order relies on the same way everywhere.
  @Test func orderIsTheDigitsOrder() {
    var generator = SplitMix64(seed: 7)
    let ids = (0..<40).map { _ in ReplicaID(using: &generator) }
    #expect(ids.sorted().map(\.description) == ids.map(\.description).sorted())
    #expect(ReplicaID(high: 0, low: .max) < ReplicaID(high: 1, low: 0))
  }
}
