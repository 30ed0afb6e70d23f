import FoundationEssentials

/// The kinds of image an icon may be, recognised by their first bytes.
public enum ImageKind: String, Sendable {
  /// PNG.
  case png
  /// JPEG.
  case jpeg
  /// GIF.
  case gif
  /// WebP.
  case webp

  /// Recognises an image by its signature.
  /// - Parameter data: the file's bytes.
  /// - Returns: the kind, or `nil` when the bytes are not one of these images.
  public init?(of data: Data) {
    let bytes = [UInt8](data.prefix(12))
    if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
      self = .png
    } else if bytes.starts(with: [0xFF, 0xD8, 0xFF]) {
      self = .jpeg
    } else if bytes.starts(with: Array("GIF8".utf8)) {
      self = .gif
    } else if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)),
      Array(bytes[8..<12]) == Array("WEBP".utf8)
    {
      self = .webp
    } else {
      return nil
    }
  }
}
