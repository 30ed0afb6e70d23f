/// The list file's documented format, `{"version": 1, "items": [ … ]}`, read and changed at the
/// level of bytes: finding the items without decoding them, and splicing an item in or out
/// while every other byte stays as it was.
///
/// Its reference is `JSONDecoder` on the same bytes (see `Documentation/fast-paths.md`):
/// `NetworkCacheTests` compare the two.
enum ListEnvelope {
  /// The only format version this build reads and writes.
  static let version = 1
  private static let versionKey = Array("version".utf8)
  private static let itemsKey = Array("items".utf8)

  /// Why bytes are not a list file this build can use.
  enum Problem: Error, Equatable {
    /// Not the documented format; the reason says where.
    case invalid(String)
    /// Another version of the format.
    case unknownVersion(Int)
  }

  /// Checks the whole file against `{"version": 1, "items": [ … ]}` (strict JSON, any key order,
  /// unknown keys allowed) and finds the items.
  /// - Parameter bytes: the file's bytes.
  /// - Returns: the raw items, or what is wrong.
  static func scan(_ bytes: [UInt8]) -> Result<RawItems, Problem> {
    bytes.withUnsafeBufferPointer { buffer in
      scan(buffer).map { items, arrayStart, insertion in
        RawItems(bytes: bytes, items: items, arrayStart: arrayStart, insertion: insertion)
      }
    }
  }

  private static func scan(_ buffer: UnsafeBufferPointer<UInt8>) -> Result<
    ([Range<Int>], Int, Int), Problem
  > {
    var scanner = JSONScanner(buffer)
    var version: Int?
    var versionIsInteger = true
    var items: [Range<Int>]?
    var insertion = 0
    var arrayStart = 0
    var itemsIsArray = true
    var seenVersion = false
    var seenItems = false
    do throws(JSONScanner.Failure) {
      guard scanner.peek() == UInt8(ascii: "{") else {
        return .failure(.invalid("not a JSON object"))
      }
      try scanner.object { (key, scanner) throws(JSONScanner.Failure) in
        // As JSONDecoder reads the file, the first of repeated keys counts.
        if !seenVersion, scanner.string(at: key, is: Self.versionKey) {
          seenVersion = true
          version = try scanner.integer()
          versionIsInteger = version != nil
        } else if !seenItems, scanner.string(at: key, is: Self.itemsKey) {
          seenItems = true
          // Another version's items may have any shape: judge them after the version.
          guard scanner.peek() == UInt8(ascii: "[") else {
            _ = try scanner.value()
            itemsIsArray = false
            return
          }
          var found: [Range<Int>] = []
          scanner.skipWhitespace()
          arrayStart = scanner.position + 1
          try scanner.array { (scanner) throws(JSONScanner.Failure) in
            found.append(try scanner.value())
          }
          insertion = scanner.position - 1
          items = found
        } else {
          _ = try scanner.value()
        }
      }
      scanner.skipWhitespace()
      guard scanner.isAtEnd else { return .failure(.invalid("data after the list")) }
    } catch {
      return .failure(.invalid("\(error.reason) at byte \(error.offset)"))
    }
    guard versionIsInteger, let version else {
      return .failure(.invalid("no whole-number 'version'"))
    }
    guard version == Self.version else { return .failure(.unknownVersion(version)) }
    guard itemsIsArray, let items else { return .failure(.invalid("no 'items' array")) }
    return .success((items, arrayStart, insertion))
  }

  /// A whole file holding one item.
  /// - Parameter item: the item's JSON.
  /// - Returns: the file's bytes.
  static func file(holding item: [UInt8]) -> [UInt8] {
    Array(#"{"items":["#.utf8) + item + Array(#"],"version":1}"#.utf8)
  }

  /// The file with `item` added at the end of its items; the other bytes are kept as they are.
  /// - Parameters:
  ///   - item: the new item's JSON.
  ///   - raw: the current file.
  /// - Returns: the new file's bytes.
  static func appending(_ item: [UInt8], to raw: RawItems) -> [UInt8] {
    guard let insertion = raw.insertion else { return file(holding: item) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(raw.bytes.count + item.count + 1)
    bytes.append(contentsOf: raw.bytes[..<insertion])
    if !raw.items.isEmpty { bytes.append(UInt8(ascii: ",")) }
    bytes.append(contentsOf: item)
    bytes.append(contentsOf: raw.bytes[insertion...])
    return bytes
  }

  /// The file without the items at `positions`; the other items are kept byte for byte.
  /// - Parameters:
  ///   - positions: positions in saved order.
  ///   - raw: the current file, which exists.
  /// - Returns: the new file's bytes.
  static func removing(_ positions: Set<Int>, from raw: RawItems) -> [UInt8] {
    guard let arrayStart = raw.arrayStart, let insertion = raw.insertion else { return raw.bytes }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(raw.bytes.count)
    bytes.append(contentsOf: raw.bytes[..<arrayStart])
    var first = true
    for (position, range) in raw.items.enumerated() where !positions.contains(position) {
      if !first { bytes.append(UInt8(ascii: ",")) }
      first = false
      bytes.append(contentsOf: raw.bytes[range])
    }
    bytes.append(contentsOf: raw.bytes[insertion...])
    return bytes
  }
}
