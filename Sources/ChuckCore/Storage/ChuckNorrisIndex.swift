import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The saved list as the file holds it, checked joke by joke, with what listing and lookup need:
/// each joke's id, text and `created_at`, found in place without decoding the rest.
///
/// A joke is decoded whole (``joke(at:)``) only when it is shown; `--json` copies items' bytes as
/// they are in the file, which holds them as the API sent them.
public struct ChuckNorrisIndex: JokeIndex {
  /// Chuck Norris jokes.
  public typealias Joke = ChuckJoke
  private let raw: RawItems
  private let entries: [Entry]
  /// The few ids written with escapes (`"\u0061bc…"`), decoded; the others are read in place.
  private let escapedIDs: [Int: [UInt8]]
  private let path: String

  private struct Entry: Sendable {
    var created: Int64
    var id: Range<Int>
    var value: Range<Int>
    var categories: Range<Int>
    var item: Range<Int>
  }

  /// Checks every item of a raw list: the seven fields of a joke, of the right types, with
  /// timestamps in the API's form and an id of safe characters. As `JSONDecoder` does, the first
  /// of repeated keys counts.
  /// - Parameters:
  ///   - raw: the list file's raw items.
  ///   - path: the file, named in errors.
  /// - Throws: ``ChuckError/storageCorrupt(path:reason:)`` naming the first bad item.
  public init(_ raw: RawItems, path: String) throws(ChuckError) {
    self.raw = raw
    self.path = path
    let result = raw.bytes.withUnsafeBufferPointer { buffer in
      Self.index(buffer, raw.items)
    }
    switch result {
    case .success(let (entries, escapedIDs)):
      self.entries = entries
      self.escapedIDs = escapedIDs
    case .failure(let problem):
      throw .storageCorrupt(path: path, reason: "item \(problem.item + 1): \(problem.reason)")
    }
  }

  private struct Problem: Error {
    var item: Int
    var reason: String
  }

  /// The seven fields a joke must have, one bit each.
  private static let fields = ChuckJoke.Field.allCases
  private static let allFields = (1 << fields.count) - 1

  /// The field a key names, and its bit (its place in ``ChuckJoke/Field/allCases``); `nil` for
  /// another key. Compared in place with the field's static name.
  private static func field(_ key: Range<Int>, _ scanner: JSONScanner) -> (ChuckJoke.Field, Int)? {
    for index in fields.indices where scanner.string(at: key, is: fields[index].name) {
      return (fields[index], 1 << index)
    }
    return nil
  }

  private static func index(_ bytes: UnsafeBufferPointer<UInt8>, _ items: [Range<Int>]) -> Result<
    ([Entry], [Int: [UInt8]]), Problem
  > {
    var entries: [Entry] = []
    entries.reserveCapacity(items.count)
    var escapedIDs: [Int: [UInt8]] = [:]
    for (number, range) in items.enumerated() {
      var scanner = JSONScanner(bytes, from: range.lowerBound, checked: true)
      var created: Int64 = 0
      var id = 0..<0
      var value = 0..<0
      var categories = 0..<0
      var seen = 0
      var bad: String?
      do throws(JSONScanner.Failure) {
        guard scanner.peek() == UInt8(ascii: "{") else {
          return .failure(Problem(item: number, reason: "not an object"))
        }
        try scanner.object { (key, scanner) throws(JSONScanner.Failure) in
          guard let (field, bit) = field(key, scanner), seen & bit == 0
          else {
            _ = try scanner.value()
            return
          }
          seen |= bit
          let name = field.rawValue
          if field == .categories {
            guard scanner.peek() == UInt8(ascii: "[") else {
              _ = try scanner.value()
              bad = bad ?? "'categories' is not an array"
              return
            }
            let start = scanner.position
            try scanner.array { (scanner) throws(JSONScanner.Failure) in
              guard scanner.peek() == UInt8(ascii: "\"") else {
                _ = try scanner.value()
                bad = bad ?? "a category is not a string"
                return
              }
              _ = try scanner.string()
            }
            categories = start..<scanner.position
            return
          }
          let isTimestamp = field == .createdAt || field == .updatedAt
          guard scanner.peek() == UInt8(ascii: "\"") else {
            _ = try scanner.value()
            bad = bad ?? "'\(name)' is not a " + (isTimestamp ? "timestamp" : "string")
            return
          }
          let string = try scanner.string()
          switch field {
          case .createdAt, .updatedAt:
            guard let stamp = withText(bytes, string, { PostgresTimestamp(utf8: $0) }) else {
              bad = bad ?? "'\(name)' is not a timestamp"
              return
            }
            if field == .createdAt { created = stamp.microseconds }
          case .id:
            id = string
            if !withText(bytes, string, { JokeID.isAcceptable(bytes: $0) }) {
              bad = bad ?? "'id' is not a joke id"
            } else if bytes[string].contains(UInt8(ascii: "\\")) {
              escapedIDs[number] = Array(JSONScanner.decodeString(bytes, string).utf8)
            }
          case .value:
            value = string
          default:
            break
          }
        }
      } catch {
        return .failure(Problem(item: number, reason: error.reason))
      }
      if let bad { return .failure(Problem(item: number, reason: bad)) }
      guard seen == allFields else {
        let missing = fields.enumerated().filter { seen & 1 << $0.offset == 0 }
          .map(\.element.rawValue)
        return .failure(
          Problem(item: number, reason: "missing " + missing.joined(separator: ", ")))
      }
      entries.append(
        Entry(created: created, id: id, value: value, categories: categories, item: range))
    }
    return .success((entries, escapedIDs))
  }

  /// Runs `body` on a string's text: its bytes in place, or decoded when it has escapes.
  private static func withText<R>(
    _ bytes: UnsafeBufferPointer<UInt8>, _ string: Range<Int>,
    _ body: (UnsafeBufferPointer<UInt8>) -> R
  ) -> R {
    let inner = (string.lowerBound + 1)..<(string.upperBound - 1)
    guard bytes[inner].contains(UInt8(ascii: "\\")) else {
      return body(UnsafeBufferPointer(rebasing: bytes[inner]))
    }
    return Array(JSONScanner.decodeString(bytes, string).utf8).withUnsafeBufferPointer(body)
  }

  /// How many jokes are saved.
  public var count: Int { entries.count }

  /// The positions of the jokes, oldest first (``JokeOrder``).
  /// - Returns: positions in saved order, sorted.
  public func oldestFirst() -> [Int] {
    JokeOrder.oldestFirst(count: entries.count) { entries[$0].created }
  }

  /// The id of the joke at `position`.
  /// - Parameter position: a position in saved order.
  /// - Returns: the id.
  public func id(at position: Int) -> String { string(entries[position].id) }

  /// Each id's bytes as the file holds them (or decoded, for the few written with escapes).
  public func addIDs(to fingerprint: inout PickRotation.Fingerprint, source: String) {
    for position in entries.indices { fingerprint.add(source: source, id: idBytes(position)) }
  }

  /// The id's UTF-8 bytes, as a slice of the file or decoded.
  private func idBytes(_ position: Int) -> ArraySlice<UInt8> {
    if !escapedIDs.isEmpty, let decoded = escapedIDs[position] { return decoded[...] }
    return raw.bytes[innerRange(entries[position].id)]
  }

  /// The text of the joke at `position`, raw.
  /// - Parameter position: a position in saved order.
  /// - Returns: the text.
  public func text(at position: Int) -> String { string(entries[position].value) }

  /// The entry of the joke at `position`: its text and `created_at`.
  /// - Parameter position: a position in saved order.
  /// - Returns: the entry.
  public func row(at position: Int) -> JokeListView.Row {
    JokeListView.Row(
      id: id(at: position), date: created(at: position), value: text(at: position))
  }

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
  /// - Throws: ``ChuckError/storageCorrupt(path:reason:)`` for what the check lets through but
  ///   `JSONDecoder` refuses (a lone surrogate escape, a number too large for a `Double`).
  public func joke(at position: Int) throws(ChuckError) -> ChuckJoke {
    if let joke = plainJoke(at: position) { return joke }
    do {
      return try JSONDecoder().decode(ChuckJoke.self, from: Data(raw.bytes[entries[position].item]))
    } catch {
      throw .storageCorrupt(path: path, reason: "item \(position + 1) does not decode")
    }
  }

  /// The joke at `position` read straight from its bytes, when that gives what `JSONDecoder`
  /// gives: an item of the seven fields and no other key, without a single escape (so that every
  /// string is its bytes, which the index checked to be UTF-8). `chuck pick` and `show` then pay
  /// neither for a decoder nor for the generic metadata it instantiates, a fifth of a `pick`.
  /// `nil` for any other item, which the decoder reads.
  private func plainJoke(at position: Int) -> ChuckJoke? {
    let item = entries[position].item
    return raw.bytes.withUnsafeBufferPointer { bytes -> ChuckJoke? in
      guard let base = bytes.baseAddress,
        memchr(base + item.lowerBound, Int32(UInt8(ascii: "\\")), item.count) == nil
      else { return nil }
      func text(_ range: Range<Int>) -> String {
        String(
          decoding: UnsafeBufferPointer(
            rebasing: bytes[(range.lowerBound + 1)..<(range.upperBound - 1)]), as: UTF8.self)
      }
      var scanner = JSONScanner(bytes, from: item.lowerBound, checked: true)
      var seen = 0
      var other = false
      var (id, value, createdAt, updatedAt, iconURL, url) = ("", "", "", "", "", "")
      var categories: [String] = []
      do throws(JSONScanner.Failure) {
        try scanner.object { (key, scanner) throws(JSONScanner.Failure) in
          guard let (field, bit) = Self.field(key, scanner), seen & bit == 0 else {
            // Another key, or a repeated one (the first counts, as for the decoder).
            other = other || Self.field(key, scanner) == nil
            _ = try scanner.value()
            return
          }
          seen |= bit
          guard field != .categories else {
            try scanner.array { (scanner) throws(JSONScanner.Failure) in
              categories.append(text(try scanner.string()))
            }
            return
          }
          let string = text(try scanner.string())
          switch field {
          case .id: id = string
          case .value: value = string
          case .createdAt: createdAt = string
          case .updatedAt: updatedAt = string
          case .iconURL: iconURL = string
          default: url = string
          }
        }
      } catch {
        return nil
      }
      guard !other, seen == Self.allFields else { return nil }
      return try? ChuckJoke(
        id: id, value: value, categories: categories, createdAt: createdAt, updatedAt: updatedAt,
        iconURL: iconURL, url: url)
    }
  }

  /// The jokes at `positions` as a JSON array, each exactly as the file holds it.
  /// - Parameters:
  ///   - positions: positions in saved order, in the order to print.
  ///   - write: receives the UTF-8 text, piece by piece, in order.
  public func jsonArray(_ positions: [Int], to write: ([UInt8]) -> Void) {
    raw.jsonArray(positions, to: write)
  }

  /// The position of the joke whose id is `id`.
  /// - Parameter id: a full id.
  /// - Returns: its position, or `nil` when it is not saved.
  public func position(of id: String) -> Int? {
    let wanted = Array(id.utf8)
    return entries.indices.first { idBytes($0).elementsEqual(wanted) }
  }

  /// The positions of the jokes whose id starts with `prefix`.
  /// - Parameter prefix: the start of an id.
  /// - Returns: positions in saved order.
  public func positions(withPrefix prefix: String) -> [Int] {
    let wanted = Array(prefix.utf8)
    return entries.indices.filter { idBytes($0).starts(with: wanted) }
  }

  private func innerRange(_ range: Range<Int>) -> Range<Int> {
    (range.lowerBound + 1)..<(range.upperBound - 1)
  }

  private func string(_ range: Range<Int>) -> String {
    raw.bytes.withUnsafeBufferPointer { JSONScanner.decodeString($0, range) }
  }
}
