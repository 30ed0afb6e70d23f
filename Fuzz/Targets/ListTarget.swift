import FoundationEssentials

/// The list reader: `ListEnvelope.scan` (the envelope) and `ChuckNorrisIndex` (the Chuck Norris list's
/// in-place check and fast fields) on any bytes, against their reference, `JSONDecoder` on the
/// same bytes; and the byte splices of a save and a remove, which must read back.
enum ListTarget {
  static func run(_ bytes: [UInt8]) {
    let scanned = ListEnvelope.scan(bytes)
    compareWithDecoder(bytes, scanned)
    guard case .success(let raw) = scanned else { return }
    checkSplices(raw)
    guard let saved = try? ChuckNorrisIndex(raw, path: "list") else { return }
    checkSavedJokes(saved, raw)
  }

  /// The envelope as `JSONDecoder` sees it: the reference of the fast path.
  private struct Envelope: Decodable {
    var version: Int
    var items: [JSONValue]
  }

  private static func compareWithDecoder(
    _ bytes: [UInt8], _ scanned: Result<RawItems, ListEnvelope.Problem>
  ) {
    guard !JSONOddities.mayCrashDecoder(bytes) else { return }
    let decoded = try? JSONDecoder().decode(Envelope.self, from: Data(bytes))
    switch scanned {
    case .success(let raw):
      // What the scanner accepts, the decoder reads the same way, but for the values the
      // scanner lets through by design (lone surrogate escapes, numbers beyond a Double).
      guard let decoded else {
        FuzzCheck.require(
          JSONOddities.mayRefuse(bytes), "the list reader accepts what JSONDecoder refuses")
        return
      }
      FuzzCheck.require(decoded.version == ListEnvelope.version, "another version was accepted")
      FuzzCheck.require(
        decoded.items.count == raw.items.count,
        "the list reader finds \(raw.items.count) items, JSONDecoder \(decoded.items.count)")
      for (range, value) in zip(raw.items, decoded.items) {
        let item = try? JSONDecoder().decode(JSONValue.self, from: Data(raw.bytes[range]))
        FuzzCheck.require(item == value, "an item's bytes are not the item JSONDecoder reads")
      }
    case .failure(.unknownVersion(let version)):
      FuzzCheck.require(
        decoded == nil || decoded?.version == version,
        "the list reader sees version \(version), JSONDecoder \(decoded?.version ?? -1)")
    case .failure(.invalid):
      // JSONDecoder is laxer (trailing commas) and nests deeper; otherwise it refuses too, or
      // reads a version that is not 1 (a negative one, which the list reader calls no version).
      FuzzCheck.require(
        decoded == nil || decoded?.version != ListEnvelope.version
          || JSONOddities.mayBeLaxOnly(bytes),
        "the list reader refuses a list JSONDecoder reads")
    }
  }

  /// A remove and an append splice bytes; the result is a list with exactly the items expected.
  private static func checkSplices(_ raw: RawItems) {
    let item = Array(#"{"fuzz":[1,"\u00e9"]}"#.utf8)
    guard case .success(let appended) = ListEnvelope.scan(ListEnvelope.appending(item, to: raw))
    else { return FuzzCheck.require(false, "the list does not read back after an append") }
    FuzzCheck.require(appended.items.count == raw.items.count + 1, "an append lost items")
    FuzzCheck.require(
      zip(raw.items, appended.items).allSatisfy { raw.bytes[$0] == appended.bytes[$1] },
      "an append changed another item")
    FuzzCheck.require(
      appended.items.last.map { Array(appended.bytes[$0]) } == item, "the appended item differs")
    guard !raw.items.isEmpty else { return }
    // Every other item, starting with the first: the ends and the middle are removed.
    let removed = Set(stride(from: 0, to: raw.items.count, by: 2))
    guard case .success(let kept) = ListEnvelope.scan(ListEnvelope.removing(removed, from: raw))
    else { return FuzzCheck.require(false, "the list does not read back after a remove") }
    let expected = raw.items.indices.filter { !removed.contains($0) }.map {
      raw.bytes[raw.items[$0]]
    }
    FuzzCheck.require(
      kept.items.map { kept.bytes[$0] } == expected, "a remove kept other items than the rest")
  }

  /// The fast fields agree with the joke `JSONDecoder` makes of the same item.
  private static func checkSavedJokes(_ saved: ChuckNorrisIndex, _ raw: RawItems) {
    FuzzCheck.require(saved.count == raw.items.count, "ChuckNorrisIndex lost items")
    var output: [UInt8] = []
    saved.jsonArray(Array(0..<saved.count)) { output += $0 }
    FuzzCheck.require(
      !String(decoding: output, as: UTF8.self).unicodeScalars.contains {
        $0.value >= 0x7F && TerminalSafeText.isUnsafe($0)
      }, "--json output holds a terminal control")
    for position in 0..<saved.count {
      let id = saved.id(at: position)
      FuzzCheck.require(JokeID.isAcceptable(id), "an unacceptable id passed the check: \(id)")
      FuzzCheck.require(
        saved.position(of: id).map { saved.id(at: $0) == id } == true, "an id is not found")
      FuzzCheck.require(
        saved.positions(withPrefix: id).contains(position), "an id is not its own prefix")
      guard let joke = try? saved.joke(at: position) else {
        FuzzCheck.require(
          JSONOddities.mayRefuse(Array(raw.bytes[raw.items[position]])),
          "a checked item does not decode")
        continue
      }
      FuzzCheck.require(joke.id == id, "id: fast '\(id)', decoded '\(joke.id)'")
      FuzzCheck.require(joke.value == saved.text(at: position), "value differs")
      FuzzCheck.require(joke.categories == saved.categories(at: position), "categories differ")
      FuzzCheck.require(joke.created == saved.created(at: position), "created_at differs")
      // The joke read straight from plain bytes is the joke JSONDecoder makes of them.
      let reference = try? JSONDecoder().decode(
        ChuckJoke.self, from: Data(raw.bytes[raw.items[position]]))
      FuzzCheck.require(
        reference == nil || reference == joke, "joke(at:) differs from JSONDecoder's joke")
    }
  }
}

/// Where RFC 8259 and `JSONDecoder` part, by design of the list reader (see `JSONScannerTests`):
/// loose tests on the bytes, so that only a difference they cannot explain is reported.
enum JSONOddities {
  /// Whether the bytes may nest deeper than 512 levels (brackets counted anywhere), which
  /// crashes JSONDecoder itself (swift-foundation): such input is not given to it.
  static func mayCrashDecoder(_ bytes: [UInt8]) -> Bool {
    bytes.count(where: { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "{") }) > 512
  }

  /// Whether JSONDecoder may refuse what the strict scanner accepts: a `\u` escape of a
  /// surrogate (a lone one is refused), or a number too long or too large for a `Double`.
  static func mayRefuse(_ bytes: [UInt8]) -> Bool {
    hasOddEscape(bytes) || hasLongNumber(bytes)
  }

  /// Whether JSONDecoder may accept what the strict scanner refuses: a trailing comma, nesting
  /// deeper than the scanner's limit, ill-formed UTF-8 (JSONDecoder replaces it), a raw control
  /// character (JSONDecoder takes it in a string), a NUL byte (JSONDecoder stops at one, or
  /// takes the text for UTF-16 or UTF-32), an escape that is not RFC 8259's, or of a
  /// surrogate (JSONDecoder is lax there), or a number with a leading zero (`00`).
  static func mayBeLaxOnly(_ bytes: [UInt8]) -> Bool {
    var depth = 0
    var deepest = 0
    var previous: UInt8 = 0
    var trailingComma = false
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += 1
        deepest = max(deepest, depth)
      case UInt8(ascii: "]"), UInt8(ascii: "}"):
        depth -= 1
        if previous == UInt8(ascii: ",") { trailingComma = true }
      default: break
      }
      if ![0x20, 0x0A, 0x0D, 0x09].contains(byte) { previous = byte }
    }
    return trailingComma || deepest > JSONScanner.maximumDepth
      || hasRawControlInString(bytes) || bytes.contains(0) || hasOddEscape(bytes)
      || hasLeadingZero(bytes)
      || !isUTF8(bytes)
  }

  /// Whether the bytes are well-formed UTF-8.
  static func isUTF8(_ bytes: [UInt8]) -> Bool {
    Array(String(decoding: bytes, as: UTF8.self).utf8) == bytes
  }

  /// Whether a byte below 0x20 stands between quotes (strings taken as the quotes pair them).
  private static func hasRawControlInString(_ bytes: [UInt8]) -> Bool {
    var inString = false
    var escaped = false
    for byte in bytes {
      if inString, byte < 0x20 { return true }
      if escaped {
        escaped = false
      } else if byte == UInt8(ascii: "\\") {
        escaped = inString
      } else if byte == UInt8(ascii: "\"") {
        inString.toggle()
      }
    }
    return false
  }

  /// Whether an escape is not one of RFC 8259's (`\}`), or is a `\u` escape of a surrogate or
  /// without its four hex digits.
  private static func hasOddEscape(_ bytes: [UInt8]) -> Bool {
    var index = 0
    while index < bytes.count - 1 {
      defer { index += 1 }
      guard bytes[index] == UInt8(ascii: "\\") else { continue }
      index += 1
      if Array(#""\/bfnrt"#.utf8).contains(bytes[index]) { continue }
      guard bytes[index] == UInt8(ascii: "u") else { return true }
      let digits = bytes[(index + 1)...].prefix(4)
      if digits.count < 4 || !digits.allSatisfy({ JSONScanner.hexValue($0) != nil })
        || digits.first! | 0x20 == UInt8(ascii: "d")
      {
        return true
      }
    }
    return false
  }

  /// Whether a `0` that starts a number is followed by another digit.
  private static func hasLeadingZero(_ bytes: [UInt8]) -> Bool {
    let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
    for index in bytes.indices.dropLast()
    where bytes[index] == UInt8(ascii: "0") && digits.contains(bytes[index + 1])
      && (index == 0
        || !(digits.contains(bytes[index - 1]) || bytes[index - 1] == UInt8(ascii: ".")))
    {
      return true
    }
    return false
  }

  /// A number with an exponent, or with more than 15 digits.
  private static func hasLongNumber(_ bytes: [UInt8]) -> Bool {
    var digits = 0
    for byte in bytes {
      if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
        digits += 1
        if digits > 15 { return true }
      } else if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
      {
        continue
      } else if byte | 0x20 == UInt8(ascii: "e"), digits > 0 {
        return true
      } else {
        digits = 0
      }
    }
    return false
  }
}
