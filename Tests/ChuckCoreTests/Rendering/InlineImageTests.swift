import ChuckTestSupport
import Foundation
import Testing

@testable import ChuckCore

@Suite struct InlineImageTests {
  /// The kitty sequences of `data`: each chunk's control keys and payload.
  private func kittyChunks(_ text: TerminalText) throws -> [(control: String, payload: String)] {
    var chunks: [(String, String)] = []
    var rest = Substring(text.string)
    while !rest.isEmpty {
      #expect(rest.hasPrefix("\u{1B}_G"))
      let end = try #require(rest.range(of: "\u{1B}\\"))
      let body = rest[rest.index(rest.startIndex, offsetBy: 3)..<end.lowerBound]
      let parts = body.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
      chunks.append((String(parts[0]), parts.count > 1 ? String(parts[1]) : ""))
      rest = rest[end.upperBound...]
    }
    return chunks
  }

  /// Kitty: ≤ 4096-byte base64 chunks of 4n bytes, `m=1` but last, keys on the first.
  @Test(arguments: [0, 1, 188, 3072, 3073, 10_000, 12_288])
  func kittyChunking(size: Int) throws {
    var generator = SeededGenerator(seed: UInt64(size))
    let data = Data((0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) })
    let chunks = try kittyChunks(InlineImage.kitty(png: data, columns: 8, rows: 4))
    let expectedCount = max(1, (data.base64EncodedString().utf8.count + 4095) / 4096)
    #expect(chunks.count == expectedCount)
    for (index, chunk) in chunks.enumerated() {
      let last = index == chunks.count - 1
      #expect(chunk.payload.utf8.count <= 4096)
      #expect(chunk.payload.utf8.count % 4 == 0)
      let keys = chunk.control.split(separator: ",").map(String.init)
      #expect(keys.last == (last ? "m=0" : "m=1"))
      if index == 0 {
        #expect(keys.prefix(5) == ["a=T", "f=100", "q=2", "c=8", "r=4"])
      } else {
        #expect(keys.count == 1)
        #expect(chunks[index - 1].payload.utf8.count == 4096)
      }
    }
    #expect(Data(base64Encoded: chunks.map(\.payload).joined()) == data)
  }

  /// iTerm2: one OSC 1337 with `inline=1`, `size=` the byte count, the base64 image, then BEL.
  @Test func iTerm2() throws {
    let png = try Samples.icon()
    let text = InlineImage.iTerm2(image: png, columns: 6)
    #expect(text.hasPrefix("\u{1B}]1337;File=inline=1;size=\(png.count);width=6;"))
    #expect(text.hasSuffix("\u{07}"))
    #expect(text.filter { $0 == "\u{07}" }.count == 1)
    let payload = try #require(text.split(separator: ":").last?.dropLast())
    #expect(Data(base64Encoded: String(payload)) == png)
  }
}
