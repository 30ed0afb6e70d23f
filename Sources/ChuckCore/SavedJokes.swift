import Foundation

/// The saved list as the file holds it, checked joke by joke, with what listing and lookup need:
/// each joke's id, text and `created_at`, found in place without decoding the rest.
///
/// A joke is decoded whole (``joke(at:)``) only when it is shown; `--json` copies items' bytes as
/// they are in the file, which holds them as the API sent them.
public struct SavedJokes: Sendable {
  private let raw: RawItems
  private let entries: [Entry]

  private struct Entry: Sendable {
    var created: Int64
    var id: Range<Int>
    var value: Range<Int>
    var categories: Range<Int>
    var item: Range<Int>
  }

  /// Checks every item of a raw list: the seven fields of a joke, of the right types, with
  /// timestamps in the API's form and an id of safe characters.
  /// - Parameters:
  ///   - raw: the list file's raw items.
  ///   - path: the file, named in errors.
  /// - Throws: ``ChuckError/storageCorrupt(path:reason:)`` naming the first bad item.
  public init(_ raw: RawItems, path: String) throws(ChuckError) {
    self.raw = raw
    let result = raw.bytes.withUnsafeBufferPointer { buffer in
      Self.index(buffer, raw.items)
    }
    switch result {
    case .success(let entries): self.entries = entries
    case .failure(let problem):
      throw .storageCorrupt(path: path, reason: "item \(problem.item + 1): \(problem.reason)")
    }
  }

  private struct Problem: Error {
    var item: Int
    var reason: String
  }

  private static func index(_ bytes: UnsafeBufferPointer<UInt8>, _ items: [Range<Int>]) -> Result<
    [Entry], Problem
  > {
    var entries: [Entry] = []
    entries.reserveCapacity(items.count)
    for (number, range) in items.enumerated() {
      var scanner = JSONScanner(bytes, from: range.lowerBound)
      var created: Int64?
      var id: Range<Int>?
      var value: Range<Int>?
      var categories: Range<Int>?
      var seen = 0
      do throws(JSONScanner.Failure) {
        guard scanner.peek() == UInt8(ascii: "{") else {
          return .failure(Problem(item: number, reason: "not an object"))
        }
        var bad: String?
        try scanner.object { (key, scanner) throws(JSONScanner.Failure) in
          func string() throws(JSONScanner.Failure) -> Range<Int>? {
            guard scanner.peek() == UInt8(ascii: "\"") else {
              _ = try scanner.value()
              return nil
            }
            return try scanner.string()
          }
          func timestamp() throws(JSONScanner.Failure) -> Int64? {
            guard let range = try string() else { return nil }
            let inner = UnsafeBufferPointer(
              rebasing: bytes[(range.lowerBound + 1)..<(range.upperBound - 1)])
            return PostgresTimestamp(utf8: inner)?.microseconds
          }
          let field: String
          if scanner.string(at: key, is: "created_at") {
            field = "created_at"
            created = try timestamp()
            if created == nil { bad = bad ?? "'created_at' is not a timestamp" }
          } else if scanner.string(at: key, is: "updated_at") {
            field = "updated_at"
            if try timestamp() == nil { bad = bad ?? "'updated_at' is not a timestamp" }
          } else if scanner.string(at: key, is: "id") {
            field = "id"
            id = try string()
            if let range = id,
              !ChuckJoke.isAcceptableID(
                bytes: UnsafeBufferPointer(
                  rebasing: bytes[(range.lowerBound + 1)..<(range.upperBound - 1)]))
            {
              bad = bad ?? "'id' is not a joke id"
            } else if id == nil {
              bad = bad ?? "'id' is not a string"
            }
          } else if scanner.string(at: key, is: "value") {
            field = "value"
            value = try string()
            if value == nil { bad = bad ?? "'value' is not a string" }
          } else if scanner.string(at: key, is: "icon_url") {
            field = "icon_url"
            if try string() == nil { bad = bad ?? "'icon_url' is not a string" }
          } else if scanner.string(at: key, is: "url") {
            field = "url"
            if try string() == nil { bad = bad ?? "'url' is not a string" }
          } else if scanner.string(at: key, is: "categories") {
            field = "categories"
            guard scanner.peek() == UInt8(ascii: "[") else {
              _ = try scanner.value()
              bad = bad ?? "'categories' is not an array"
              return
            }
            let start = scanner.position
            try scanner.array { (scanner) throws(JSONScanner.Failure) in
              if scanner.peek() == UInt8(ascii: "\"") {
                _ = try scanner.string()
              } else {
                _ = try scanner.value()
                bad = bad ?? "a category is not a string"
              }
            }
            categories = start..<scanner.position
          } else {
            _ = try scanner.value()
            return
          }
          seen |= Self.fieldBits[field] ?? 0
        }
        if let bad { return .failure(Problem(item: number, reason: bad)) }
      } catch {
        return .failure(Problem(item: number, reason: error.reason))
      }
      guard seen == 0b111_1111, let created, let id, let value, let categories else {
        return .failure(Problem(item: number, reason: "a joke field is missing"))
      }
      entries.append(
        Entry(created: created, id: id, value: value, categories: categories, item: range))
    }
    return .success(entries)
  }

  /// One bit for each of the seven fields a joke must have.
  private static let fieldBits: [String: Int] = [
    "created_at": 1, "updated_at": 2, "id": 4, "value": 8, "icon_url": 16, "categories": 32,
    "url": 64,
  ]

  /// How many jokes are saved.
  public var count: Int { entries.count }

  /// The positions of the jokes, oldest first by `created_at`; equal timestamps keep the order in
  /// which they were saved.
  /// - Returns: positions in saved order, sorted.
  public func oldestFirst() -> [Int] {
    entries.indices.sorted {
      let (left, right) = (entries[$0].created, entries[$1].created)
      return left != right ? left < right : $0 < $1
    }
  }

  /// The id of the joke at `position`.
  /// - Parameter position: a position in saved order.
  /// - Returns: the id.
  public func id(at position: Int) -> String { string(entries[position].id) }

  /// The text of the joke at `position`, raw.
  /// - Parameter position: a position in saved order.
  /// - Returns: the text.
  public func value(at position: Int) -> String { string(entries[position].value) }

  /// The categories of the joke at `position`.
  /// - Parameter position: a position in saved order.
  /// - Returns: the category names; empty for an uncategorized joke.
  public func categories(at position: Int) -> [String] {
    raw.bytes.withUnsafeBufferPointer { bytes in
      var scanner = JSONScanner(bytes, from: entries[position].categories.lowerBound)
      var names: [String] = []
      // The range was checked to be an array of strings when the list was read.
      try? scanner.array { (scanner) throws(JSONScanner.Failure) in
        names.append(JSONScanner.decodeString(bytes, try scanner.string()))
      }
      return names
    }
  }

  /// The `created_at` of the joke at `position`.
  /// - Parameter position: a position in saved order.
  /// - Returns: the timestamp.
  public func created(at position: Int) -> PostgresTimestamp {
    PostgresTimestamp(microseconds: entries[position].created)
  }

  /// The joke at `position`, decoded whole.
  /// - Parameter position: a position in saved order.
  /// - Returns: the joke.
  /// - Throws: ``ChuckError/internalError(_:)`` if a checked item does not decode (a bug).
  public func joke(at position: Int) throws(ChuckError) -> ChuckJoke {
    do {
      return try JSONDecoder().decode(ChuckJoke.self, from: Data(raw.bytes[entries[position].item]))
    } catch {
      throw .internalError("a saved joke does not decode: \(error)")
    }
  }

  /// The jokes at `positions` as a JSON array, one object per line, each exactly as the file
  /// holds it.
  /// - Parameter positions: positions in saved order, in the order to print.
  /// - Returns: the UTF-8 text, ending with a newline.
  public func jsonArray(_ positions: [Int]) -> [UInt8] {
    guard !positions.isEmpty else { return Array("[]\n".utf8) }
    var output: [UInt8] = []
    output.reserveCapacity(raw.bytes.count + positions.count * 2 + 4)
    output.append(contentsOf: "[\n".utf8)
    for (index, position) in positions.enumerated() {
      output.append(contentsOf: raw.bytes[entries[position].item])
      output.append(contentsOf: (index == positions.count - 1 ? "\n]\n" : ",\n").utf8)
    }
    return output
  }

  /// The position of the joke whose id is `id`.
  /// - Parameter id: a full id.
  /// - Returns: its position, or `nil` when it is not saved.
  public func position(of id: String) -> Int? {
    let wanted = Array(id.utf8)
    return entries.indices.first { raw.bytes[innerRange(entries[$0].id)].elementsEqual(wanted) }
  }

  /// The positions of the jokes whose id starts with `prefix`.
  /// - Parameter prefix: the start of an id.
  /// - Returns: positions in saved order.
  public func positions(withPrefix prefix: String) -> [Int] {
    let wanted = Array(prefix.utf8)
    return entries.indices.filter { raw.bytes[innerRange(entries[$0].id)].starts(with: wanted) }
  }

  private func innerRange(_ range: Range<Int>) -> Range<Int> {
    (range.lowerBound + 1)..<(range.upperBound - 1)
  }

  private func string(_ range: Range<Int>) -> String {
    raw.bytes.withUnsafeBufferPointer { JSONScanner.decodeString($0, range) }
  }
}
