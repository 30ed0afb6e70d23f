import FoundationEssentials

/// Switter's `x-device-uuid`: a random UUID made on the first Switter request and kept in the data
/// folder as `device-id` (0600), so that Switter sees one device. Only Switter's requests send it.
public struct DeviceID: Sendable {
  /// The file that keeps it.
  public let file: FileStore

  /// Makes a store for the id in `dataDirectory`; nothing is read or created yet.
  /// - Parameter dataDirectory: the data folder.
  public init(dataDirectory: URL) {
    file = FileStore(
      fileURL: dataDirectory.appendingPath("device-id"), maximumSize: Self.largestFile)
  }

  /// The id: read from the file, or made and written there (atomically, under the lock, so two
  /// first runs at once agree on one).
  /// - Returns: a lower-case UUID.
  /// - Throws: a storage error; ``ChuckError/storageCorrupt(path:reason:)`` when the file holds
  ///   something else than a UUID (it is never overwritten).
  public func value() throws(ChuckError) -> String {
    if let id = try read() { return id }
    return try file.exclusively { () throws(ChuckError) -> String in
      if let id = try read() { return id }
      let id = UUID().uuidString.lowercased()
      try file.replace(with: Array((id + "\n").utf8))
      return id
    }
  }

  /// The largest `device-id` file read: a UUID and a line break need 37 bytes.
  static let largestFile = 4096

  private func read() throws(ChuckError) -> String? {
    guard let bytes = try file.read() else { return nil }
    let text = String(decoding: bytes, as: UTF8.self).trimmingWhitespace
    guard UUID(uuidString: String(text)) != nil else {
      throw .storageCorrupt(path: file.path, reason: "not a UUID")
    }
    return String(text).lowercased()
  }
}
