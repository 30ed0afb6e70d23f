/// The checks of a declaration's paths and headers.
extension SourceDeclaration {
  /// The placeholders a path may hold, each with the key whose path holds it.
  static let placeholders = [("{id}", "by-id"), ("{query}", "search")]

  /// Why a path cannot be a request's, or `nil` when it can: it starts with `/`, holds what a
  /// URL's path and query may hold as they are (letters, digits, `-._~!$&'()*+,;=:@/?` and
  /// `%XX`), and its placeholder, if its key has one, once.
  /// - Parameters:
  ///   - path: the path as the file writes it, such as `/jokes/{id}`.
  ///   - key: its key: `random`, `list`, `by-id` or `search`.
  ///   - placeholder: the placeholder it holds once (`{id}`, `{query}`), or `nil` for none.
  /// - Returns: what is wrong, quoting the path.
  static func problem(withPath path: String, key: String, placeholder: String?) -> String? {
    // Made only for a message: debugDescription costs 13 K instructions, at every start.
    var quoted: String { path.debugDescription }
    guard path.hasPrefix("/") else {
      return "\(quoted) does not start with /: a path is added to url, such as "
        + (examples[key] ?? "/").debugDescription
    }
    guard !path.utf8.contains(UInt8(ascii: "#")) else {
      return "\(quoted) has a fragment (#…), which a request never sends: remove it"
    }
    let braces =
      "by-id has {id} and search {query}, and a path has no other braces (write %7B and %7D)"
    // Bytes, not scalars: this runs for every declared path at every start (pick's too). A byte
    // past ASCII is never allowed; the message then names its whole scalar.
    let bytes = Array(path.utf8)
    var rest: [UInt8] = []
    rest.reserveCapacity(bytes.count)
    var found: [String] = []
    var index = 0
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "{"),
        let close = bytes[index...].firstIndex(of: UInt8(ascii: "}"))
      {
        found.append(String(decoding: bytes[index...close], as: UTF8.self))
        index = close + 1
        continue
      }
      rest.append(bytes[index])
      index += 1
    }
    for name in found where name != placeholder {
      guard let owner = placeholders.first(where: { $0.0 == name })?.1 else {
        return "\(quoted) has \(name), which is not a placeholder: \(braces)"
      }
      return "\(quoted) has \(name), which \(key) does not fill in: only \(owner) does"
    }
    guard !rest.contains(UInt8(ascii: "{")), !rest.contains(UInt8(ascii: "}")) else {
      return "\(quoted) has a brace that is not part of a placeholder: \(braces)"
    }
    if let placeholder {
      let count = found.count
      guard count > 0 else {
        return "\(quoted) has no \(placeholder): \(key) says where it goes, such as "
          + (examples[key] ?? placeholder).debugDescription
      }
      guard count == 1 else { return "\(quoted) has \(placeholder) \(count) times: write it once" }
    }
    let allowed = "-._~!$&'()*+,;=:@/?"
    var position = 0
    while position < rest.count {
      let byte = rest[position]
      position += 1
      if byte == UInt8(ascii: "%") {
        let digits = rest[min(position, rest.count)..<min(position + 2, rest.count)]
        guard digits.count == 2, digits.allSatisfy(ASCIIByte.isHexDigit) else {
          return "\(quoted) has a % without two hex digits after it: write a % itself as %25"
        }
        position += 2
        continue
      }
      if ASCIIByte.isLetterOrDigit(byte) || allowed.utf8.contains(byte) {
        continue
      }
      // The scalar this byte starts (or is part of), for the message.
      let scalar =
        byte < 0x80
        ? Unicode.Scalar(byte)
        : path.unicodeScalars.first { !$0.isASCII } ?? Unicode.Scalar(byte)
      let escaped = Array(String(scalar).utf8).map {
        "%" + (($0 < 16) ? "0" : "") + String($0, radix: 16, uppercase: true)
      }.joined()
      return "\(quoted) holds \(String(scalar).debugDescription), which a URL cannot hold as "
        + "it is: write it as \(escaped) (a path is letters, digits and \(allowed), with %XX "
        + "for any other byte)"
    }
    return nil
  }

  /// The symbols a header's name may hold besides letters and digits: RFC 7230's `tchar`.
  public static let headerNameSymbols = "!#$%&'*+-.^_`|~"

  /// The headers no declaration sets, as chuck and libcurl set them for the connection and the
  /// transfer itself: a second value would confuse the server or the reading of the answer.
  public static let refusedHeaders = [
    "Accept-Encoding", "Connection", "Content-Length", "Expect", "Host", "Keep-Alive",
    "Proxy-Connection", "TE", "Trailer", "Transfer-Encoding", "Upgrade",
  ]

  /// Why a header's name cannot be sent, or `nil` when it can.
  /// - Parameter name: the name, as the file writes it.
  static func problem(withHeaderName name: String) -> String? {
    let isToken =
      !name.isEmpty
      && name.utf8.allSatisfy {
        ASCIIByte.isLetterOrDigit($0) || headerNameSymbols.utf8.contains($0)
      }
    guard isToken else {
      return "\(name.debugDescription) is not a header name: a name is letters, digits and "
        + headerNameSymbols.map(String.init).joined(separator: " ")
    }
    // ASCII's lower case: `lowercased()` maps every scalar through Unicode's tables, at every
    // start of `pick`.
    let lowered = ASCIIByte.lowercased(name)
    guard let refused = refusedHeaders.first(where: { ASCIIByte.lowercased($0) == lowered })
    else {
      return nil
    }
    return "\(refused) is set by chuck and libcurl for the connection itself: a source cannot "
      + "set it, nor " + refusedHeaders.filter { $0 != refused }.joined(separator: ", ")
  }

  /// A header's value with each `${NAME}` replaced by the variable's value, and what is wrong:
  /// a `${` without `}`, a name that is not a variable's, a variable that is not set, a control
  /// character but tab in the text or in a variable's value. A problem never quotes a value.
  /// - Parameters:
  ///   - template: the value as the file writes it.
  ///   - environment: the process's variables.
  /// - Returns: the value (with what could not be filled in left out), and the problems.
  static func filled(_ template: String, environment: [String: String]) -> (
    value: String, problems: [String]
  ) {
    // Bytes, not scalars: `$`, `{` and `}` are ASCII, and this runs at every start (pick's too),
    // where the generic appends of scalar views are made at run time from their mangled names.
    var value: [UInt8] = []
    var problems: [String] = []
    let oneLine = "which would break the request: a header's value is one line of text"
    func isControl(_ scalar: Unicode.Scalar) -> Bool {
      (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F
    }
    if let control = template.unicodeScalars.first(where: isControl) {
      problems.append("the value holds a control character (\(codePoint(control))), \(oneLine)")
    }
    let bytes = Array(template.utf8)
    let (dollar, open, close) = (UInt8(ascii: "$"), UInt8(ascii: "{"), UInt8(ascii: "}"))
    var index = 0
    while index < bytes.count {
      guard bytes[index] == dollar, index + 1 < bytes.count, bytes[index + 1] == open else {
        value.append(bytes[index])
        index += 1
        continue
      }
      guard let end = bytes[index...].firstIndex(of: close) else {
        problems.append(
          "\(template.debugDescription) has ${ without a } after it: write a variable as "
            + "${NAME}, such as ${API_TOKEN}")
        break
      }
      let nameBytes = Array(bytes[index + 2..<end])
      let name = String(decoding: nameBytes, as: UTF8.self)
      index = end + 1
      guard let first = nameBytes.first, !ASCIIByte.isDigit(first),
        nameBytes.allSatisfy({ ASCIIByte.isLetterOrDigit($0) || $0 == UInt8(ascii: "_") })
      else {
        problems.append(
          "${\(name)} is not a variable: a variable's name is letters, digits and _, not "
            + "starting with a digit, such as ${API_TOKEN}")
        continue
      }
      guard let text = environment[name] else {
        problems.append(
          "the variable \(name) is not set: set it in chuck's environment, or remove the header")
        continue
      }
      if let control = text.unicodeScalars.first(where: isControl) {
        problems.append(
          "the variable \(name) holds a control character (\(codePoint(control))), \(oneLine) "
            + "(its value is not shown)")
        continue
      }
      value.append(contentsOf: Array(text.utf8))
    }
    return (String(decoding: value, as: UTF8.self), problems)
  }
}
