import Foundation
import Testing

@testable import ChuckCore

@Suite struct ImageKindTests {
  /// PNG, JPEG, GIF and WebP are recognised by their signatures.
  @Test(
    arguments: [
      ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0], ImageKind.png),
      ([0xFF, 0xD8, 0xFF, 0xE0], .jpeg),
      (Array("GIF89a".utf8), .gif), (Array("GIF87a".utf8), .gif),
      (Array("RIFF".utf8) + [1, 2, 3, 4] + Array("WEBPVP8 ".utf8), .webp),
    ] as [([UInt8], ImageKind)])
  func recognised(bytes: [UInt8], kind: ImageKind) {
    #expect(ImageKind(of: Data(bytes)) == kind)
  }

  /// The fake's icon is a PNG.
  @Test func fixtureIsPNG() throws {
    #expect(ImageKind(of: try Samples.icon()) == .png)
  }

  /// Anything else, cut-off signatures included, is not an image.
  @Test(
    arguments: [
      [], Array("<html>".utf8), [0x89, 0x50, 0x4E, 0x47], [0xFF, 0xD8], Array("GIF".utf8),
      Array("RIFF".utf8) + [1, 2, 3, 4] + Array("WAVE".utf8), Array("RIFF1234WEB".utf8),
      Array("{\"a\":1}".utf8),
    ] as [[UInt8]])
  func notImages(bytes: [UInt8]) {
    #expect(ImageKind(of: Data(bytes)) == nil)
  }
}
