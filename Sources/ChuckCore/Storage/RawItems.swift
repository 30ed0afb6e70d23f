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
