import FoundationEssentials

/// `JSONScanner`, the strict validator under the list reader, on any bytes: it accepts what
/// `JSONDecoder` accepts (but for the known, deliberate differences), its strings decode to what
/// `JSONDecoder` makes of them, and a key matches a word exactly when it decodes to that word.
enum JSONTarget {
  static func run(_ bytes: [UInt8]) {
    let accepted = bytes.withUnsafeBufferPointer { buffer in
      var scanner = JSONScanner(buffer)
      guard (try? scanner.value()) != nil else { return false }
      scanner.skipWhitespace()
      return scanner.isAtEnd
    }
    checkStrings(bytes)
    guard !JSONOddities.mayCrashDecoder(bytes) else { return }
    let decoded = try? JSONDecoder().decode(JSONValue.self, from: Data(bytes))
    if accepted {
      FuzzCheck.require(
        decoded != nil || JSONOddities.mayRefuse(bytes),
        "the scanner accepts what JSONDecoder refuses")
    } else {
      FuzzCheck.require(
        decoded == nil || JSONOddities.mayBeLaxOnly(bytes),
        "the scanner refuses what JSONDecoder reads")
    }
  }

  /// Every string the scanner finds at the top of the input, or as a member's key or value.
  private static func checkStrings(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { buffer in
      var scanner = JSONScanner(buffer)
      var strings: [Range<Int>] = []
      if scanner.peek() == UInt8(ascii: "\"") {
        if let range = try? scanner.string() { strings.append(range) }
      } else if scanner.peek() == UInt8(ascii: "{") {
        try? scanner.object { (key, scanner) throws(JSONScanner.Failure) in
          strings.append(key)
          let value = try scanner.value()
          if buffer[value.lowerBound] == UInt8(ascii: "\"") { strings.append(value) }
        }
      }
      for range in strings {
        let fast = JSONScanner.decodeString(buffer, range)
        if let reference = try? JSONDecoder().decode(String.self, from: Data(buffer[range])) {
          FuzzCheck.require(
            Array(fast.utf8) == Array(reference.utf8),
            "decodeString gives \(fast.debugDescription), JSONDecoder \(reference.debugDescription)"
          )
        }
        for word in ["id", "items", "version", fast] {
          FuzzCheck.require(
            scanner.string(at: range, is: Array(word.utf8))
              == (Array(fast.utf8) == Array(word.utf8)),
            "string(at:is:) is wrong for \(fast.debugDescription) and \(word.debugDescription)")
        }
      }
    }
  }
}
