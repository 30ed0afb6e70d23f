import FoundationEssentials

/// A list file's bytes, checked to be the documented format, with the byte range of each item.
public struct RawItems: Sendable {
  /// The file's bytes.
  public let bytes: [UInt8]
  /// Each item's byte range in ``bytes``, in saved order.
  public let items: [Range<Int>]
  /// Where the items array's content starts (just after `[`); `nil` when there is no file.
  let arrayStart: Int?
  /// Where a new item goes (the items array's closing bracket); `nil` when there is no file.
  let insertion: Int?

  /// No file: no bytes and no items.
  static let none = RawItems(bytes: [], items: [], arrayStart: nil, insertion: nil)
}

extension RawItems {
  /// Decodes every item, for a list small enough to decode whole.
  /// - Parameters:
  ///   - type: the item type.
  ///   - path: the file, for the error.
  /// - Returns: the items in saved order; none when there is no file.
  /// - Throws: ``ChuckError/storageCorrupt(path:reason:)`` for an item that is not a `T`.
  public func decode<T: Decodable>(_ type: T.Type, path: String) throws(ChuckError) -> [T] {
    guard insertion != nil else { return [] }
    do {
      return try items.map { range in try JSONDecoder().decode(T.self, from: Data(bytes[range])) }
    } catch {
      throw .storageCorrupt(path: path, reason: DecodingProblem.describe(error))
    }
  }
}

extension RawItems {
  /// The items at `positions` as a JSON array, one object per line, each exactly as the file
  /// holds it (terminal controls escaped), handed to `write` in pieces of about 64 KiB as it is
  /// made: `--json` of every source's list.
  /// - Parameters:
  ///   - positions: positions in saved order, in the order to print.
  ///   - write: receives the UTF-8 text, piece by piece, in order.
  public func jsonArray(_ positions: [Int], to write: ([UInt8]) -> Void) {
    guard !positions.isEmpty else { return write(Array("[]\n".utf8)) }
    let pieceSize = 1 << 16
    var output: [UInt8] = []
    output.reserveCapacity(pieceSize + 4096)
    output.append(contentsOf: "[\n".utf8)
    for (index, position) in positions.enumerated() {
      JSONText.appendEscapingTerminalControls(bytes[items[position]], to: &output)
      output.append(contentsOf: (index == positions.count - 1 ? "\n]\n" : ",\n").utf8)
      if output.count >= pieceSize {
        write(output)
        output.removeAll(keepingCapacity: true)
      }
    }
    write(output)
  }
}
