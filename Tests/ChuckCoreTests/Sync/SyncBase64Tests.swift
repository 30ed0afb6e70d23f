import Foundation
import Testing

@testable import ChuckCore

@Suite struct SyncBase64Tests {
  /// RFC 4648's test vectors, random bytes as Foundation writes them, and only the canonical
  /// form read.
  @Test func base64() {
    let vectors = [
      ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="),
      ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy"),
    ]
    for (plain, coded) in vectors {
      var output: [UInt8] = []
      Base64.encode(Array(plain.utf8), to: &output)
      #expect(String(decoding: output, as: UTF8.self) == coded)
      #expect(Base64.decode(Array(coded.utf8)) == Array(plain.utf8))
    }
    var generator = SplitMix64(seed: 33)
    for count in 0..<70 {
      let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
      var output: [UInt8] = []
      Base64.encode(bytes, to: &output)
      #expect(String(decoding: output, as: UTF8.self) == Data(bytes).base64EncodedString())
      #expect(output.count == Base64.encodedCount(count))
      #expect(Base64.decode(output) == bytes)
    }
    for bad in [
      "Zg", "Zg=", "Zh==", "Zm9=", "Zg==Zg==", "Z===", "====", "Zm 9v", "Zm9v\n", "Zg=a", "-_8=",
      "Zm9v=", "ZÅ==", "Zm9v====",
    ] {
      #expect(Base64.decode(Array(bad.utf8)) == nil, "\(bad)")
    }
  }
}
