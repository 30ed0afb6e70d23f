import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

@Suite struct SHA256Tests {
  private func hex(_ bytes: [UInt8]) -> String {
    bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
  }

  /// The test vectors of FIPS 180-4's examples (NIST CSRC), one block, two blocks and a million.
  @Test func knownVectors() {
    #expect(
      hex(SHA256.digest(Array("abc".utf8)))
        == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    #expect(
      hex(SHA256.digest([UInt8]()))
        == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(
      hex(SHA256.digest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)))
        == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    #expect(
      hex(SHA256.digest([UInt8](repeating: 0x61, count: 1_000_000)))
        == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  /// Every length around the padding's edges (55, 56, 63, 64, 119, 120 bytes…) agrees with
  /// Python's hashlib.
  @Test func agreesWithHashlibAtEveryPaddingEdge() throws {
    var generator = SeededGenerator(seed: 7)
    let messages = (0...130).map { length in
      (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }
    let script = """
      import hashlib, sys
      for line in sys.stdin:
          print(hashlib.sha256(bytes.fromhex(line.strip())).hexdigest())
      """
    let input = messages.map(hex).joined(separator: "\n") + "\n"
    let output = try runPython(script, input: input)
    #expect(
      output.split(separator: "\n").map(String.init) == messages.map { hex(SHA256.digest($0)) })
  }
}

@Suite struct TextIDTests {
  /// 22 characters of the id alphabet, the same for canonically equal texts, different for
  /// different texts.
  @Test func stableAndCanonical() {
    let composed = TextID.make("Caf\u{E9} jokes")
    #expect(composed.count == TextID.length)
    #expect(JokeID.isWellFormed(composed))
    #expect(TextID.make("Cafe\u{301} jokes") == composed)
    #expect(TextID.make("Cafe jokes") != composed)
    #expect(TextID.make("") == "47DEQpj8HBSa-_TImW-5JC")
  }

  /// The same ids as Python's own base64url SHA-256 of the NFC form, for real and made-up texts.
  @Test func agreesWithPython() throws {
    let texts = [
      "What do you call a fish with no eyes? A fsh.", "Sm\u{F6}rg\u{E5}sbord \u{1F600} \u{65E5}",
      "A\u{30A}ngstr\u{F6}m", "tab\tand\nnewline", "\u{1B}]0;title\u{7}",
      String(repeating: "x", count: 500),
    ]
    let script = """
      import base64, hashlib, json, sys, unicodedata
      for text in json.load(sys.stdin):
          digest = hashlib.sha256(unicodedata.normalize("NFC", text).encode()).digest()
          print(base64.urlsafe_b64encode(digest).decode()[:22])
      """
    let input = String(decoding: try JSONEncoder().encode(texts), as: UTF8.self)
    let output = try runPython(script, input: input)
    #expect(output.split(separator: "\n").map(String.init) == texts.map(TextID.make))
  }
}

/// Runs a Python 3 script with `input` on stdin and returns its stdout (killed after 60 s).
private func runPython(_ script: String, input: String) throws -> String {
  let file = try TemporaryDirectory.make(prefix: "python").appendingPathComponent("input")
  try Data(input.utf8).write(to: file)
  let result = try ChuckSandbox.run(
    executable: URL(fileURLWithPath: "/usr/bin/env"), arguments: ["python3", "-c", script],
    environment: ["PATH": Spawn.testPath, "LANG": "C.UTF-8"], timeout: 60, input: file)
  #expect(result.status == 0, "\(result.stderr)")
  return result.stdout
}
